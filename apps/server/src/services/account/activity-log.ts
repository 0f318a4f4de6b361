import type { Queryable } from '@cc/db/client';
import { yuanText } from '../../lib/money.ts';
import type { LogEntry, LogFilter, LogKind } from '@cc/contracts/account';
import type { LoggedAction, LoggedParams } from '@cc/contracts/log-actions';
import { translate, type Locale } from '@cc/contracts/messages';
import { formatTime } from '../session/accounts.ts';
import { deviceOf } from './device.ts';
import { orderEventText } from '../orders/event-text.ts';

/** The params field of an action: required with the names its examples give (contracts log-actions.ts), absent when none. */
export type LoggedParamsField<A extends LoggedAction> = [keyof LoggedParams<A>] extends [never] ? { params?: Record<string, never> } : { params: LoggedParams<A> };

/** One thing the account did that no other table records (see account_log in the migration): an action of loggedActions. */
export type Activity = { [A in LoggedAction]: { kind: LogKind; action: A } & LoggedParamsField<A> }[LoggedAction];

/** Who did it (a member; null: the owner) and on which object, for the audit log (services/team/audit.ts). */
export interface ActivityBy {
  memberId: number | null;
  objectType?: string;
  objectId?: string;
}

export async function recordActivity(q: Queryable, accountId: number, a: Activity, ip: string, userAgent: string, by?: ActivityBy): Promise<void> {
  await q.query(
    `INSERT INTO account_log (account_id, kind, action, params, ip, user_agent, member_id, object_type, object_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [accountId, a.kind, a.action, JSON.stringify(a.params ?? {}), ip, userAgent.slice(0, 500), by?.memberId ?? null, by?.objectType ?? '', by?.objectId ?? ''],
  );
}

/**
 * The log is read from where each thing is recorded: sign-ins from sessions, orders from order_events, balance
 * changes from ledger_entries, payments by an outside way from payments, the rest from account_log.
 */
const union = `
  SELECT 's' || (extract(epoch FROM created_at) * 1000000)::bigint AS id, 'signin' AS kind, 'signin' AS action, '{}'::jsonb AS params,
         ip, user_agent, created_at AS at
    FROM sessions WHERE account_id = $1
  UNION ALL
  SELECT 'l' || id, kind, action, params, ip, user_agent, at FROM account_log WHERE account_id = $1 AND action NOT LIKE 'team.payment.%'
  UNION ALL
  SELECT 'o' || e.id, 'order', 'order.' || e.kind, jsonb_build_object('orderNo', o.order_no, 'detail', e.detail), '', '', e.at
    FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.account_id = $1
  UNION ALL
  SELECT 'p' || id, 'payment', 'payment.' || kind, jsonb_build_object('amount', amount, 'ref', ref, 'payWay', pay_way), '', '', created_at
    FROM ledger_entries WHERE account_id = $1
  UNION ALL
  SELECT 'x' || id, 'payment', 'payment.external', jsonb_build_object('amount', amount, 'ref', array_to_string(order_nos, ','), 'payWay', pay_way), '', '', completed_at
    FROM payments WHERE account_id = $1 AND status = 'succeeded' AND purpose <> 'top_up' AND completed_at IS NOT NULL`;

type Row = { id: string; kind: LogKind; action: string; params: Record<string, unknown> | string; ip: string; user_agent: string; at: Date | string };

/**
 * The day's start in China Standard Time, the product's home market (every time shown is in it), worked out by the
 * database: 0001-01-01 there is 1 BC in UTC, which a JavaScript Date does not hand to the driver. An interval
 * offset is east-positive (a '+08' string would be POSIX, i.e. west).
 */
const dayStartSql = (n: string) => `((${n})::date::timestamp AT TIME ZONE INTERVAL '+08:00')`;

function where(f: LogFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conds: string[] = [];
  const add = (cond: (n: string) => string, v: unknown) => {
    params.push(v);
    conds.push(cond(`$${params.length + 1}`));
  };
  if (f.kind) add((n) => `kind = ${n}`, f.kind);
  if (f.keyword) add((n) => `(ip ILIKE ${n} OR user_agent ILIKE ${n} OR params::text ILIKE ${n})`, `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.startDate) add((n) => `at >= ${dayStartSql(n)}`, f.startDate);
  if (f.endDate) add((n) => `at < ${dayStartSql(`${n}::date + 1`)}`, f.endDate);
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

const methodWord: Record<string, string> = { tel: 'w.phone', email: 'w.email', google: 'w.google' };

/** What happened, in the caller's language. */
export function titleOf(locale: Locale, r: Pick<Row, 'kind' | 'action' | 'params'>): string {
  const p = (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, string | number>;
  if (r.action === 'signin') return translate(locale, 'log.signin');
  if (r.action === 'logout') return translate(locale, 'log.logout');
  if (r.action === 'security.twoStep') {
    return translate(locale, p.status === 'Y' ? 'log.security.twoStep.on' : 'log.security.twoStep.off', { method: translate(locale, methodWord[String(p.authType)] ?? String(p.authType)) });
  }
  if (r.action === 'security.inviteCode') return translate(locale, 'log.security.inviteCode');
  // Developer access (services/account/api-keys.ts) and API key use, at most once a minute per key (plugins/auth.ts).
  if (r.action === 'security.developer' || r.action.startsWith('security.apiKey.') || r.action === 'apiKey.use') {
    return translate(locale, `log.${r.action}`, { ...p, scope: translate(locale, `apiKey.scope.${String(p.scope ?? '')}`) });
  }
  if (r.action.startsWith('security.')) return translate(locale, `log.${r.action}`, p);
  if (r.action === 'account.profile') return translate(locale, 'log.account.profile');
  if (r.action === 'account.close') return translate(locale, 'log.account.close');
  if (r.action === 'account.inform') return translate(locale, 'log.account.inform', { what: translate(locale, `inform.type.${String(p.informType)}`) });
  // Team changes (services/team): role codes and the changed fields are translated here, in the reader's language.
  if (r.action.startsWith('team.')) {
    const what = String(p.what ?? '').split(',').filter(Boolean).map((w) => translate(locale, `team.what.${w}`)).join(locale === 'zh' ? '、' : ', ');
    const limit = p.limit === null || p.limit === undefined || p.limit === '' ? translate(locale, 'team.noLimit') : yuanText(p.limit);
    const amount = p.amount === undefined || p.amount === null ? '' : yuanText(Math.abs(Number(p.amount)));
    return translate(locale, `log.${r.action}`, { ...p, role: translate(locale, `role.${String(p.role ?? '')}`), what, limit, amount } as Record<string, string>);
  }
  if (r.kind === 'order') {
    // The event's own detail apart from the order's number: a renewal's detail names the other order (orderNo).
    const event = orderEventText(locale, r.action.slice('order.'.length), (p.detail ?? {}) as unknown as Record<string, unknown>);
    return translate(locale, 'log.order', { orderNo: String(p.orderNo ?? ''), event });
  }
  if (r.kind === 'payment') return translate(locale, `log.${r.action}`, { ...p, amount: yuanText(Math.abs(Number(p.amount))) });
  return r.action;
}

const entryOf = (locale: Locale, r: Row): LogEntry => ({
  id: r.id,
  kind: r.kind,
  action: r.action,
  title: titleOf(locale, r),
  ip: r.ip,
  device: deviceOf(r.user_agent),
  createdAt: formatTime(r.at),
});

export async function listLog(q: Queryable, accountId: number, f: LogFilter & { limit: number; offset: number }, locale: Locale): Promise<{ data: LogEntry[]; total: number }> {
  const w = where(f);
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${union}) l ${w.sql}`, [accountId, ...w.params]);
  const rows = await q.query<Row>(`SELECT * FROM (${union}) l ${w.sql} ORDER BY at DESC, id DESC LIMIT ${f.limit} OFFSET ${(f.offset - 1) * f.limit}`, [
    accountId,
    ...w.params,
  ]);
  return { data: rows.map((r) => entryOf(locale, r)), total: c?.n ?? 0 };
}

/** A cell that a spreadsheet will not run as a formula, quoted when it must be. */
function cell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV export: every matching entry (newest first, up to `limit`), with a BOM so spreadsheets read it as UTF-8. */
export async function exportLog(q: Queryable, accountId: number, f: LogFilter, locale: Locale, limit: number): Promise<string> {
  const w = where(f);
  const rows = await q.query<Row>(`SELECT * FROM (${union}) l ${w.sql} ORDER BY at DESC, id DESC LIMIT ${limit}`, [accountId, ...w.params]);
  const lines = rows.map((r) => {
    const e = entryOf(locale, r);
    return [e.createdAt, translate(locale, `log.kind.${e.kind}`), e.title, e.ip, e.device].map(cell).join(',');
  });
  return `\uFEFF${translate(locale, 'log.csv.header')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
}
