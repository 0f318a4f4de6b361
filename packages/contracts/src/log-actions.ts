import { ledgerKinds } from './payments.ts';

/**
 * Every action the account log (account_log: the activity log of /account/log and the team's audit log) records,
 * with the parameters its writers store, each given by an example value (several examples where the wording
 * depends on a value). The writers' types come from here (Activity in services/account/activity-log.ts, AuditEvent
 * in services/team/audit.ts), and test/message-templates.test.ts renders every example in both languages through
 * the log's one renderer: a template and the calls that fill it cannot drift apart unseen (an EAB key was logged
 * as "创建 EAB 密钥 {{name}}（{{kid}}）"). Parameters built in SQL (apiKey.use, team.member.accept, team.order.create,
 * team.payment.balance) are listed as the SQL builds them.
 */
export const loggedActions = {
  logout: [{}],
  'account.profile': [{}],
  'account.close': [{}],
  'account.inform': [{ informType: 'payment' }, { informType: 'discovery' }],
  'security.twoStep': [{ authType: 'tel', status: 'Y' }, { authType: 'google', status: 'N' }],
  'security.inviteCode': [{}],
  'security.password': [{}],
  'security.tel': [{}],
  'security.email': [{}],
  'security.sessionRevoke': [{}],
  'security.sessionsRevokeOthers': [{}],
  'security.recoveryCodes': [{}],
  'security.wechatBind': [{}],
  'security.wechatUnbind': [{}],
  'security.developer': [{}],
  'security.apiKey.create': [{ name: 'deploy', prefix: 'ck_live_ab12', scope: 'orders' }],
  'security.apiKey.update': [{ name: 'deploy', prefix: 'ck_live_ab12', scope: 'read' }],
  'security.apiKey.rotate': [{ name: 'deploy', prefix: 'ck_live_cd34' }],
  'security.apiKey.revoke': [{ name: 'deploy', prefix: 'ck_live_cd34' }],
  'security.eab.create': [{ name: 'certbot on web1', kid: 'kid_5Jx2' }],
  'security.eab.revoke': [{ name: 'certbot on web1', kid: 'kid_5Jx2' }],
  'apiKey.use': [{ name: 'deploy', prefix: 'ck_live_ab12', call: 'POST /v1/orders/pay' }],
  'team.member.invite': [{ name: '李四', login: 'li.si@example.com', role: 'technical' }],
  'team.member.accept': [{ name: '李四' }],
  'team.member.update': [{ name: '李四', what: 'role,dept' }, { name: '李四', what: 'suspended' }],
  'team.member.remove': [{ name: '李四' }],
  'team.member.signOut': [{ name: '李四', count: 2 }],
  'team.member.password': [{ name: '李四' }],
  'team.member.twoStepOn': [{ name: '李四' }],
  'team.member.twoStepOff': [{ name: '李四' }],
  'team.owner.transfer': [{ name: '李四' }],
  'team.dept.create': [{ name: '运维部' }],
  'team.dept.update': [{ name: '运维部' }],
  'team.role.payLimit': [{ role: 'finance', limit: 10_000 }, { role: 'technical', limit: null }],
  'team.order.create': [{ orderNo: 'SSL20260101000001' }],
  'team.payment.balance': [{ orderNo: 'SSL20260101000001', amount: 19_900, aim: 'makeOrder' }],
  'team.payment.batch': [{ count: 3, orderNo: 'SSL20260101000001,SSL20260101000002,SSL20260101000003' }],
  'team.payment.start': [{ amount: 19_900, payWay: 'alipay', orderNo: 'SSL20260101000001' }],
  'team.payment.deposit': [{ amount: 50_000, payWay: 'wxpay', orderNo: '' }],
  'team.payment.package': [{ productNo: 'T-DV', quantity: 10, amount: 150_000 }],
  'team.payment.domain': [{ orderNo: 'DM20260101000001', domain: 'example.com', amount: 5_500 }],
  'team.dns.zoneAdd': [{ zone: 'example.com' }],
  'team.dns.zoneDelete': [{ zone: 'example.com' }],
  'team.dns.change': [{ zone: 'example.com', serial: 2026010102, changes: 2, how: 'edit' }],
} as const satisfies Record<string, readonly Record<string, string | number | null>[]>;

export type LoggedAction = keyof typeof loggedActions;
/** The parameters an action's writers store, by name. */
export type LoggedParams<A extends LoggedAction> = { [P in keyof (typeof loggedActions)[A][number]]: string | number | null };

/**
 * What the log reads from other tables (services/account/activity-log.ts): sign-ins from sessions, a balance change
 * from ledger_entries (payment.<its kind>), an outside payment from payments; order events (order.<kind>) are the
 * order's timeline (order-events.ts).
 */
export const ledgerLogExample = { amount: -19_900, ref: 'SSL20260101000001', payWay: 'alipay' } as const;
export const derivedLogActions: readonly string[] = ['signin', 'payment.external', ...ledgerKinds.map((k) => `payment.${k}`)];
