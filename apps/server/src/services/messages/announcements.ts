import type { Db, Queryable } from '@cc/db/client';
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
  starts_at: Date | string;
  ends_at: Date | string | null;
  read_at: Date | string | null;
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

/**
 * The bell of the signed-in account, read in the session's own statement (plugins/auth.ts SessionRead): the header
 * asks for it on every page, so it costs one round trip, as the session check alone does. `s` is the session's row.
 */
export const bellRead = {
  name: 'bell',
  columns: `${unreadCountSql('s.account_id', '', summaryUnreadCap)} AS unread, to_jsonb(n) AS announcement`,
  joins: `LEFT JOIN LATERAL (${newestUnreadFor('s.account_id')}) n ON true`,
};
/** bellRead's answer (dates as JSON text). */
export type BellRow = { unread: number; announcement: Row | null };

/**
 * GET /v1/siteMsg/summary: the header's one call: the bell's count and the newest unread announcement. From the
 * session's read when the caller reads the whole account's messages; a member narrowed to departments, or a call with
 * an API key, reads its own.
 */
export async function siteMsgSummary(q: Queryable, who: Who, locale: Locale, read?: BellRow): Promise<SiteMsgSummary> {
  if (read && (typeof who === 'number' || who.depts === null)) {
    return { unread: read.unread, announcement: read.announcement ? of(locale, read.announcement) : null };
  }
  const [newest] = await q.query<Row>(newestUnreadFor('$1'), [accountIdOf(who)]);
  return { unread: await unreadCount(q, who, summaryUnreadCap), announcement: newest ? of(locale, newest) : null };
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
