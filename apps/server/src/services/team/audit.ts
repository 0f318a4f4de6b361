import type { FastifyRequest } from 'fastify';
import type { Queryable } from '@cc/db/client';
import type { z } from 'zod';
import type { AuditEntry, auditLogQuery } from '@cc/contracts/team';
import { translate, type Locale } from '@cc/contracts/messages';
import { formatTime } from '../session/accounts.ts';
import { titleOf, type LoggedParamsField } from '../account/activity-log.ts';
import type { LoggedAction } from '@cc/contracts/log-actions';
import type { LogKind } from '@cc/contracts/account';

/**
 * What a change records in the audit log (account_log): always written with `q`, the change's own transaction. The
 * action is one of loggedActions (contracts log-actions.ts), with the params it names (messages log.<action>).
 */
export type AuditEvent = {
  [A in LoggedAction]: { kind: LogKind; action: A; objectType: string; objectId: string | number } & LoggedParamsField<A>;
}[LoggedAction];

/** Who makes a change and from where, as the audit log records it; services that take no request take this. */
export interface AuditBy {
  /** The member; null: the owner. */
  memberId: number | null;
  ip: string;
  userAgent: string;
}

export const auditByOf = (request: FastifyRequest): AuditBy => ({
  memberId: request.account.member?.id ?? null,
  ip: request.ip,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
});

/** Writes who (the member, or the owner), from where, what, on which object. The table refuses UPDATE and DELETE. */
export async function auditAs(q: Queryable, accountId: number, by: AuditBy, e: AuditEvent): Promise<void> {
  await q.query(
    `INSERT INTO account_log (account_id, member_id, kind, action, params, ip, user_agent, object_type, object_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [accountId, by.memberId, e.kind, e.action, JSON.stringify(e.params ?? {}), by.ip, by.userAgent.slice(0, 500), e.objectType, String(e.objectId)],
  );
}

export const audit = (q: Queryable, request: FastifyRequest, e: AuditEvent): Promise<void> => auditAs(q, request.account.id, auditByOf(request), e);

/**
 * The audit rows of a change made in one statement, as a WITH part named `name`: one row per row of `rows` (a SQL
 * select giving columns params (jsonb) and object_id (text)). `account`, `member`, `ip`, `ua` are SQL expressions
 * (parameters of the statement; another column of `rows` is `x.column` in them), so the entry commits or rolls back
 * with the statement itself.
 */
export const auditRowsSql = (name: string, o: { account: string; member: string; ip: string; ua: string; kind: LogKind; action: LoggedAction; objectType: string; rows: string }) =>
  `${name} AS (INSERT INTO account_log (account_id, member_id, kind, action, params, ip, user_agent, object_type, object_id)
     SELECT ${o.account}, ${o.member}, '${o.kind}', '${o.action}', x.params, ${o.ip}, ${o.ua}, '${o.objectType}', x.object_id FROM (${o.rows}) x RETURNING 1)`;

type Query = z.infer<typeof auditLogQuery>;
type Filter = Omit<Query, 'limit' | 'offset'>;

/** China Standard Time day bounds, as the account log reads them. */
const dayStart = (n: string) => `((${n})::date::timestamp AT TIME ZONE INTERVAL '+08:00')`;

function where(accountId: number, f: Filter): { sql: string; params: unknown[] } {
  const params: unknown[] = [accountId];
  const conds = ['l.account_id = $1'];
  const add = (cond: (n: string) => string, v: unknown) => {
    params.push(v);
    conds.push(cond(`$${params.length}`));
  };
  if (f.memberID !== undefined) {
    if (f.memberID === 0) conds.push('l.member_id IS NULL');
    else add((n) => `l.member_id = ${n}::int`, f.memberID);
  }
  if (f.objectType) add((n) => `l.object_type = ${n}`, f.objectType);
  if (f.objectID) add((n) => `l.object_id = ${n}`, f.objectID);
  if (f.startDate) add((n) => `l.at >= ${dayStart(n)}`, f.startDate);
  if (f.endDate) add((n) => `l.at < ${dayStart(n)} + interval '1 day'`, f.endDate);
  return { sql: `WHERE ${conds.join(' AND ')}`, params };
}

type Row = { id: number | string; at: Date | string; member_id: number | null; member_name: string | null; kind: LogKind; action: string; params: Record<string, unknown> | string; ip: string; object_type: string; object_id: string };

const select = `SELECT l.id, l.at, l.member_id, m.name AS member_name, l.kind, l.action, l.params, l.ip, l.object_type, l.object_id
    FROM account_log l LEFT JOIN members m ON m.id = l.member_id`;

const entryOf = (locale: Locale, r: Row): AuditEntry => ({
  id: Number(r.id),
  at: formatTime(r.at),
  who: r.member_id === null ? translate(locale, 'team.owner') : (r.member_name ?? ''),
  memberID: r.member_id,
  action: r.action,
  text: titleOf(locale, { kind: r.kind, action: r.action, params: r.params as Record<string, unknown> }),
  objectType: r.object_type,
  objectID: r.object_id,
  ip: r.ip,
});

export async function listAudit(q: Queryable, accountId: number, f: Query, locale: Locale) {
  const w = where(accountId, f);
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM account_log l ${w.sql}`, w.params);
  const rows = await q.query<Row>(`${select} ${w.sql} ORDER BY l.at DESC, l.id DESC LIMIT ${f.limit} OFFSET ${(f.offset - 1) * f.limit}`, w.params);
  return { data: rows.map((r) => entryOf(locale, r)), total: c?.n ?? 0 };
}

/** A cell that a spreadsheet will not run as a formula, quoted when it must be. */
function cell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const auditExportLimit = 10_000;

/** The CSV export, same filters, newest first, with a BOM so that spreadsheets read UTF-8. */
export async function exportAudit(q: Queryable, accountId: number, f: Filter, locale: Locale): Promise<string> {
  const w = where(accountId, f);
  const rows = await q.query<Row>(`${select} ${w.sql} ORDER BY l.at DESC, l.id DESC LIMIT ${auditExportLimit}`, w.params);
  const lines = rows.map((r) => {
    const e = entryOf(locale, r);
    return [e.at, e.who, e.text, e.objectType, e.objectID, e.ip].map(cell).join(',');
  });
  return `\uFEFF${translate(locale, 'team.audit.csvHeader')}\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
}
