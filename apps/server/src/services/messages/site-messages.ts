import type { Db, Queryable } from '@cc/db/client';
import { accountIdOf, deptFilterSql, type Who } from '../team/scope.ts';
import { yuanText } from '../../lib/money.ts';
import { translate, type Locale } from '@cc/contracts/messages';
import {
  isSiteMsgKind,
  siteMsgKinds,
  siteMsgLink,
  type SiteMsg,
  type SiteMsgCategory,
  type SiteMsgListAnswer,
  type SiteMsgParams,
  siteMsgListQuery,
} from '@cc/contracts/site-messages';
import type { z } from 'zod';
import { fail } from '../../lib/app-error.ts';
import { deliveryFailedWords } from './delivery-failed.ts';

export type SiteMsgRow = { id: string | number; kind: string; params: SiteMsgParams; created_at: Date; read_at: Date | null };
type Row = SiteMsgRow;

/** The pay ways' names by code, in both languages (the pay_ways table). */
export type PayWays = Map<string, { zh: string; en: string }>;

/** A message's values as its words need them: amounts in yuan, pay-way and change names in the reader's language. */
function wordsOf(locale: Locale, kind: string, p: SiteMsgParams, ways: PayWays): SiteMsgParams {
  switch (kind) {
    case 'payment': {
      const way = ways.get(String(p.payWay));
      const what = p.orderNos ? translate(locale, 'inform.payment.orders', { orderNos: String(p.orderNos) }) : translate(locale, 'inform.payment.topUp');
      return { ...p, amount: yuanText(p.amount), payWay: way ? way[locale] : String(p.payWay ?? ''), what };
    }
    case 'balanceLow':
      return { ...p, balance: yuanText(p.balance), threshold: yuanText(p.threshold) };
    case 'invoiceIssued':
      return { ...p, amount: yuanText(p.amount) };
    case 'securityChange':
      return { ...p, what: translate(locale, `siteMsg.change.${String(p.change)}`) };
    case 'deliveryFailed':
      return deliveryFailedWords(locale, p);
    case 'newSignIn':
      // A client that sends no User-Agent has no device to name: "-", as the mail says it.
      return { ...p, device: String(p.device || '-') };
    default:
      return p;
  }
}

/** A stored message as its reader sees it, in the reader's language; null for a kind no longer made. */
export function renderSiteMsg(locale: Locale, r: Row, ways: PayWays): SiteMsg | null {
  // A kind a later release removed stays in the table; it is not shown rather than shown as keys.
  if (!isSiteMsgKind(r.kind)) return null;
  const p = wordsOf(locale, r.kind, r.params ?? {}, ways);
  return {
    id: Number(r.id),
    kind: r.kind,
    category: siteMsgKinds[r.kind],
    title: translate(locale, `siteMsg.kind.${r.kind}.title`, p),
    content: translate(locale, `siteMsg.kind.${r.kind}.body`, p),
    link: siteMsgLink(r.kind, r.params ?? {}),
    read: r.read_at !== null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function payWaysFor(q: Queryable, rows: Row[]): Promise<PayWays> {
  const ways: PayWays = new Map();
  if (!rows.some((r) => r.kind === 'payment')) return ways;
  for (const w of await q.query<{ pay_way: string; name: string; show_name: string }>(`SELECT pay_way, name, show_name FROM pay_ways`)) {
    ways.set(w.pay_way, { zh: w.name, en: w.show_name });
  }
  return ways;
}

/** The kinds of a group: the message centre filters by group or by kind. */
const kindsOf = (category: SiteMsgCategory) => Object.entries(siteMsgKinds).filter(([, c]) => c === category).map(([k]) => k);

/**
 * The messages `who` reads, as SQL after `account_id = $1` (its parameters pushed onto `params`): all of them for a
 * caller who sees every department; for a member scoped to departments, those about an order or domain of its
 * departments (or its own), never those about the account as a whole.
 */
function inboxSql(who: Who, params: unknown[]): string {
  if (typeof who === 'number' || who.depts === null) return '';
  return ` AND site_messages.about_object${deptFilterSql(who, 'site_messages', params)}`;
}

/** The unread count of the account `account` (an SQL expression) as a scalar; `mine` narrows it (inboxSql); with `cap`, counting stops there. */
export const unreadCountSql = (account: string, mine = '', cap?: number) =>
  cap
    ? `(SELECT count(*)::int FROM (SELECT 1 FROM site_messages WHERE account_id = ${account} AND read_at IS NULL${mine} LIMIT ${cap}) x)`
    : `(SELECT count(*)::int FROM site_messages WHERE account_id = ${account} AND read_at IS NULL${mine})`;

/** Unread messages; with `cap`, counting stops there (the bell shows 99+, so it need not count a backlog on every page). */
export async function unreadCount(q: Queryable, who: Who, cap?: number): Promise<number> {
  const params: unknown[] = [accountIdOf(who)];
  const [r] = await q.query<{ n: number }>(`SELECT ${unreadCountSql('$1', inboxSql(who, params), cap)} AS n`, params);
  return r?.n ?? 0;
}

/** GET /v1/siteMsg: one page of the account's messages, newest first, with the total the filters match. */
export async function listSiteMessages(q: Queryable, who: Who, query: z.infer<typeof siteMsgListQuery>, locale: Locale): Promise<SiteMsgListAnswer> {
  const args: unknown[] = [accountIdOf(who)];
  const where = [`account_id = $1${inboxSql(who, args)}`];
  if (query.kind) {
    args.push([query.kind]);
    where.push(`kind = ANY($${args.length}::text[])`);
  } else if (query.category) {
    args.push(kindsOf(query.category));
    where.push(`kind = ANY($${args.length}::text[])`);
  }
  if (query.status) where.push(query.status === 'unread' ? 'read_at IS NULL' : 'read_at IS NOT NULL');
  const cond = where.join(' AND ');
  const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM site_messages WHERE ${cond}`, args);
  const rows = await q.query<Row>(
    `SELECT id, kind, params, created_at, read_at FROM site_messages WHERE ${cond} ORDER BY id DESC LIMIT ${query.limit} OFFSET ${(query.offset - 1) * query.limit}`,
    args,
  );
  const ways = await payWaysFor(q, rows);
  return {
    siteMsges: rows.map((r) => renderSiteMsg(locale, r, ways)).filter((m): m is SiteMsg => m !== null),
    total: c?.n ?? 0,
    unread: await unreadCount(q, who),
  };
}

/** PUT /v1/siteMsg/{id}: read (idempotent); another account's id is "not found", as if it did not exist. */
export async function readSiteMessage(db: Db, who: Who, id: number): Promise<{ unread: number }> {
  const params: unknown[] = [accountIdOf(who), id];
  const hit = await db.query(`UPDATE site_messages SET read_at = COALESCE(read_at, now()) WHERE account_id = $1 AND id = $2${inboxSql(who, params)} RETURNING id`, params);
  if (!hit.length) throw fail('SITE_MSG_NOT_FOUND');
  return { unread: await unreadCount(db, who) };
}

/** PUT /v1/siteMsg/read: every unread message (of a group) read. */
export async function readAllSiteMessages(db: Db, who: Who, category: SiteMsgCategory | undefined): Promise<{ read: number; unread: number }> {
  const params: unknown[] = [accountIdOf(who), category ? kindsOf(category) : null];
  const rows = await db.query(
    `UPDATE site_messages SET read_at = now() WHERE account_id = $1 AND read_at IS NULL AND ($2::text[] IS NULL OR kind = ANY($2::text[]))${inboxSql(who, params)} RETURNING id`,
    params,
  );
  return { read: rows.length, unread: await unreadCount(db, who) };
}

/** DELETE /v1/siteMsg/{id}. */
export async function deleteSiteMessage(db: Db, who: Who, id: number): Promise<{ unread: number }> {
  const params: unknown[] = [accountIdOf(who), id];
  const hit = await db.query(`DELETE FROM site_messages WHERE account_id = $1 AND id = $2${inboxSql(who, params)} RETURNING id`, params);
  if (!hit.length) throw fail('SITE_MSG_NOT_FOUND');
  return { unread: await unreadCount(db, who) };
}
