import type { FastifyInstance, FastifyRequest } from 'fastify';
import { yuanText } from '../../lib/money.ts';
import type { z } from 'zod';
import type { Db, Queryable } from '@cc/db/client';
import type { closeAccountBody, CloseChannel, ClosureBlockerAnswer, ManageAnswer } from '@cc/contracts/account';
import { translate, type Locale } from '@cc/contracts/messages';
import { orderStatus, reSignStatus } from '@cc/contracts/orders';
import { closureBlockers, type ClosureBlocker, type ClosureFacts } from '@cc/domain/account-closure';
import { fullName, maskContact } from '@cc/domain/account';
import { AppError, fail } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { revokeSessions } from '../../plugins/auth.ts';
import { accountById, formatTime, type AccountRow } from '../session/accounts.ts';
import { checkCode, consumeCode, sendCode, smsAddress, type CodePurpose } from '../session/codes.ts';
import { release, reserve } from '../session/rate-limit.ts';
import { recordActivity } from './activity-log.ts';


/** What is still to settle before closing, counted from the account's own rows (in the caller's transaction when closing). */
export async function closureFactsOf(q: Queryable, accountId: number): Promise<ClosureFacts> {
  const [r] = await q.query<{ balance: string | number; unpaid: number; in_progress: number; pending_payments: number; active_certs: number }>(
    `SELECT a.balance,
            (SELECT count(*)::int FROM orders o WHERE o.account_id = a.id AND o.order_status = $2) AS unpaid,
            (SELECT count(*)::int FROM orders o WHERE o.account_id = a.id
                AND (o.order_status = ANY($3::int[]) OR (o.re_sign_status = $4 AND o.order_status = $5))) AS in_progress,
            (SELECT count(*)::int FROM payments p WHERE p.account_id = a.id AND p.status = 'pending' AND p.expires_at > now()) AS pending_payments,
            (SELECT count(*)::int FROM orders o WHERE o.account_id = a.id AND o.order_status = $5 AND o.not_after > now()) AS active_certs
       FROM accounts a WHERE a.id = $1`,
    [accountId, orderStatus.awaitingPayment, [orderStatus.awaitingValidation, orderStatus.resubmit, orderStatus.resubmitAlt, orderStatus.issuing], reSignStatus.reSign, orderStatus.issued],
  );
  if (!r) throw fail('ACCOUNT_NOT_FOUND');
  return {
    balanceCents: Number(r.balance),
    unpaidOrders: r.unpaid,
    ordersInProgress: r.in_progress,
    pendingPayments: r.pending_payments,
    activeCertificates: r.active_certs,
  };
}

const blockerParams = (b: ClosureBlocker): Record<string, string | number> => (b.kind === 'balance' ? { amount: yuanText(b.value) } : { count: b.value });
const blockerMessage = (locale: Locale, b: ClosureBlocker) => translate(locale, `close.blocker.${b.kind}`, blockerParams(b));

const blockersAnswer = (locale: Locale, blockers: ClosureBlocker[]): ClosureBlockerAnswer[] =>
  blockers.map((b) => ({ ...b, message: blockerMessage(locale, b) }));

const channelsOf = (a: AccountRow): CloseChannel[] => [...(a.email ? (['email'] as const) : []), ...(a.telephone ? (['tel'] as const) : [])];

/** GET /v1/account/manage: number, owner, verification, holders, and whether (and why not) it can be closed now. */
export async function manageOf(q: Queryable, accountId: number, locale: Locale): Promise<ManageAnswer> {
  const a = await accountById(q, accountId);
  const [p] = await q.query<{ lastname: string; firstname: string }>(`SELECT lastname, firstname FROM account_profiles WHERE account_id = $1`, [accountId]);
  const [created] = await q.query<{ created_at: Date }>(`SELECT created_at FROM accounts WHERE id = $1`, [accountId]);
  const verifiedName = a.auth_p_progress === 'approved' ? a.auth_name : '';
  const owner = {
    accountNo: a.account_no,
    role: 'owner' as const,
    name: verifiedName || (p ? fullName(p.firstname, p.lastname) : ''),
    email: a.email ?? '',
    telephone: a.telephone ? `+${a.tel_prefix} ${a.telephone}` : '',
    access: 'full' as const,
  };
  const blockers = closureBlockers(await closureFactsOf(q, accountId));
  return {
    accountNo: a.account_no,
    createdAt: formatTime(created?.created_at),
    owner,
    verification: {
      personal: a.auth_p_progress as ManageAnswer['verification']['personal'],
      enterprise: a.auth_e_progress as ManageAnswer['verification']['enterprise'],
      personalName: verifiedName,
      companyName: a.company_name,
    },
    holders: [owner],
    closure: { canClose: blockers.length === 0, blockers: blockersAnswer(locale, blockers), channels: channelsOf(a) },
  };
}

/** The refusal that names every reason: the message joins them, and `errors` carries each under its kind. */
function blockedError(locale: Locale, blockers: ClosureBlocker[]): AppError {
  const fields = Object.fromEntries(
    blockers.map((b) => [b.kind, { key: `close.blocker.${b.kind}` as const, params: blockerParams(b) }]),
  );
  return new AppError('ACCOUNT_CLOSE_BLOCKED', { reasons: blockers.map((b) => blockerMessage(locale, b)).join('; ') }, fields);
}

/**
 * The owner's re-authentication before a step that cannot be undone (closing, handing over ownership): its password,
 * wrong ones counted like failed sign-ins (5 in 15 minutes, so the form is no password oracle), then the code sent to
 * `target`. Answers the code's id, to be consumed in the step's own transaction.
 */
export async function ownerReauth(db: Db, a: AccountRow, body: { password: string; code: string }, o: { rateKey: string; purpose: CodePurpose; target: string }): Promise<number> {
  const reserved = await reserve(db, [{ key: o.rateKey, max: 5, windowSeconds: 15 * 60 }]);
  if (!(await verifyPassword(a.password_hash, body.password))) throw new AppError('BAD_CREDENTIALS', undefined, { password: 'close.wrongPassword' }, { key: 'close.wrongPassword' });
  await release(db, reserved);
  return checkCode(db, { purpose: o.purpose, target: o.target }, body.code);
}

const closeTarget = (accountId: number, channel: CloseChannel) => `acct:${accountId}:close:${channel}`;

/** GET /v1/account/close/code: a code to the bound address or phone, only while nothing blocks closing. */
export async function sendCloseCode(app: FastifyInstance, request: FastifyRequest, channel: CloseChannel) {
  const a = await accountById(app.db, request.account.id);
  const blockers = closureBlockers(await closureFactsOf(app.db, a.id));
  if (blockers.length) throw blockedError(request.locale, blockers);
  if (channel === 'tel' ? !a.telephone : !a.email) throw new AppError('INVALID_INPUT', undefined, { channel: 'close.noChannel' }, { key: 'close.noChannel' });
  const address = channel === 'tel' ? smsAddress(a.tel_prefix, a.telephone!) : a.email!;
  await sendCode(app, { purpose: 'close', target: closeTarget(a.id, channel), channel: channel === 'tel' ? 'sms' : 'mail', address }, request.ip, request.locale);
  return { to: maskContact(channel === 'tel' ? a.telephone! : a.email!), resendAfter: 60 };
}

/**
 * POST /v1/account/close: password and code, then in one transaction (the account row locked, so no payment or order
 * slips in between the check and the close) the reasons are counted again, the account is marked closed, every
 * session ends and the log records it. Orders, certificates and the ledger stay for the records.
 */
export async function closeAccount(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof closeAccountBody>) {
  const a = await accountById(app.db, request.account.id);
  const codeId = await ownerReauth(app.db, a, body, { rateKey: `close:acct:${a.id}`, purpose: 'close', target: closeTarget(a.id, body.channel) });
  const closedAt = await app.db.tx(async (q) => {
    const [locked] = await q.query<{ closed_at: Date | null }>(`SELECT closed_at FROM accounts WHERE id = $1 FOR UPDATE`, [a.id]);
    if (!locked || locked.closed_at) throw fail('ACCOUNT_CLOSED');
    const blockers = closureBlockers(await closureFactsOf(q, a.id));
    if (blockers.length) throw blockedError(request.locale, blockers);
    await consumeCode(q, codeId);
    const [row] = await q.query<{ closed_at: Date }>(`UPDATE accounts SET closed_at = now() WHERE id = $1 RETURNING closed_at`, [a.id]);
    await revokeSessions(q, a.id);
    await q.query(`UPDATE login_challenges SET used_at = now() WHERE account_id = $1 AND used_at IS NULL`, [a.id]);
    await recordActivity(q, a.id, { kind: 'account', action: 'account.close' }, request.ip, request.headers['user-agent'] ?? '');
    return row!.closed_at;
  });
  return { closed: true as const, closedAt: formatTime(closedAt) };
}
