import { prepared, type Db, type Queryable } from '@cc/db/client';
import { batchedLookup } from '../../lib/batched-lookup.ts';
import { accountIdOf, type Who } from '../team/scope.ts';
import type { Locale } from '@cc/contracts/messages';
import { announcementInput, type Announcement, type AnnouncementKind, type AnnouncementListAnswer, type SiteMsgSummary } from '@cc/contracts/site-messages';
import type { z } from 'zod';
import { fail } from '../../lib/app-error.ts';
import { unreadCount, unreadCountSql } from './site-messages.ts';

type Row = {
  id: number;
  kind: AnnouncementKind;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  starts_at: Date;
  ends_at: Date | null;
  read_at: Date | null;
};

/** In force now and not hidden by the account; `r` is the account's read row. */
const live = `a.starts_at <= now() AND (a.ends_at IS NULL OR a.ends_at > now()) AND COALESCE(r.hidden, false) = false`;
const selectFor = (account: string) => `SELECT a.id, a.kind, a.title_zh, a.title_en, a.body_zh, a.body_en, a.starts_at, a.ends_at, r.read_at
                  FROM announcements a LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.account_id = ${account}`;
const select = selectFor('$1');
/** The newest announcement in force the account `account` (an SQL expression) has not read. */
const newestUnreadFor = (account: string) => `${selectFor(account)} WHERE ${live} AND r.read_at IS NULL ORDER BY a.starts_at DESC, a.id DESC LIMIT 1`;

const of = (locale: Locale, r: Row): Announcement => ({
  id: r.id,
  kind: r.kind,
  title: locale === 'zh' ? r.title_zh : r.title_en,
  content: locale === 'zh' ? r.body_zh : r.body_en,
  startsAt: new Date(r.starts_at).toISOString(),
  endsAt: r.ends_at ? new Date(r.ends_at).toISOString() : null,
  read: r.read_at !== null,
});

/** GET /v1/siteMsg/announcement: the announcements in force, newest first (at most 100). */
export async function listAnnouncements(q: Queryable, accountId: number, locale: Locale): Promise<AnnouncementListAnswer> {
  const rows = await q.query<Row>(`${select} WHERE ${live} ORDER BY a.starts_at DESC, a.id DESC LIMIT 100`, [accountId]);
  return { siteMsges: rows.map((r) => of(locale, r)), total: rows.length, unread: rows.filter((r) => !r.read_at).length };
}

/** The summary's count stops here: the bell shows 99+. */
export const summaryUnreadCap = 100;

/** GET /v1/siteMsg/summary for a caller whose inbox is narrowed to departments: its count and the newest unread announcement. */
async function deptSummary(q: Queryable, who: Who, locale: Locale): Promise<SiteMsgSummary> {
  const [newest] = await q.query<Row>(newestUnreadFor('$1'), [accountIdOf(who)]);
  return { unread: await unreadCount(q, who, summaryUnreadCap), announcement: newest ? of(locale, newest) : null };
}

// The bell's answer of whole accounts, one row per account asked ($1: their ids as text), in one statement.
const summariesSql = prepared('site-msg-summaries', `SELECT k.id::text AS account_key, ${unreadCountSql('k.id', '', summaryUnreadCap)} AS unread, n.*
    FROM unnest($1::text[]::bigint[]) AS k(id) LEFT JOIN LATERAL (${newestUnreadFor('k.id')}) n ON true`);
// No announcement unread: the LEFT JOIN's columns are null.
type SummaryRow = { account_key: string; unread: number } & (Row | { id: null });

/**
 * GET /v1/siteMsg/summary: the header's one call on every page: the bell's count and the newest unread announcement.
 * It must cost about what the cheapest signed-in read costs, so a whole account's (the holder's, or a member's who
 * sees every department) is read as the session is: the calls of one turn of the event loop in one statement.
 */
export function siteMsgSummaries(db: Queryable): (who: Who, locale: Locale) => Promise<SiteMsgSummary> {
  const wholeAccount = batchedLookup<SummaryRow>(db, summariesSql, 'account_key');
  return async (who, locale) => {
    if (typeof who !== 'number' && who.depts !== null) return deptSummary(db, who, locale);
    const row = await wholeAccount(String(accountIdOf(who)));
    if (!row) throw new Error('the bell summary answered no row for an account');
    return { unread: row.unread, announcement: row.id === null ? null : of(locale, row) };
  };
}

async function mark(db: Db, accountId: number, id: number, hide: boolean): Promise<void> {
  const [a] = await db.query<{ id: number }>(`SELECT id FROM announcements WHERE id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())`, [id]);
  if (!a) throw fail('ANNOUNCEMENT_NOT_FOUND');
  await db.query(
    `INSERT INTO announcement_reads (announcement_id, account_id, hidden) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, announcement_id) DO UPDATE SET hidden = announcement_reads.hidden OR $3`,
    [id, accountId, hide],
  );
}

/** PUT /v1/siteMsg/announcement/{id}: read; it is not shown as a banner again. */
export const readAnnouncement = (db: Db, accountId: number, id: number) => mark(db, accountId, id, false);
/** DELETE /v1/siteMsg/announcement/{id}: read and no longer listed for this account. */
export const hideAnnouncement = (db: Db, accountId: number, id: number) => mark(db, accountId, id, true);

/** Publishes an announcement (the `npm run announce` command). Answers its id. */
export async function publishAnnouncement(q: Queryable, input: z.infer<typeof announcementInput>, now = new Date()): Promise<{ id: number; startsAt: Date; endsAt: Date | null }> {
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  const endsAt = input.endsAt ? new Date(input.endsAt) : input.days ? new Date(startsAt.getTime() + input.days * 86400_000) : null;
  const [r] = await q.query<{ id: number }>(
    `INSERT INTO announcements (kind, title_zh, title_en, body_zh, body_en, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [input.kind, input.titleZh, input.titleEn, input.bodyZh, input.bodyEn, startsAt, endsAt],
  );
  return { id: r!.id, startsAt, endsAt };
}
