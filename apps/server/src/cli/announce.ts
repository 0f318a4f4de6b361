/**
 * Publishes a platform announcement (maintenance, price change, CA/Browser Forum rule change) to every account:
 *
 *   npm run announce -- --kind maintenance --title-zh "…" --title-en "…" --body-zh "…" --body-en "…" [--starts-at ISO] [--ends-at ISO | --days N]
 *   npm run announce -- --list
 *   npm run announce -- --end ID
 *
 * It writes to the database the server is configured with (same environment variables). The embedded database
 * is one process's: stop the server first, or use PostgreSQL, where a running server shows it at once.
 * An operator command rather than a web page: publishing to every customer needs no route exposed to the web.
 */
import { parseArgs } from 'node:util';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { announcementInput } from '@cc/contracts/site-messages';
import { translate } from '@cc/contracts/messages';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../start.ts';
import { publishAnnouncement } from '../services/messages/announcements.ts';

const { values } = parseArgs({
  options: {
    kind: { type: 'string' },
    'title-zh': { type: 'string' },
    'title-en': { type: 'string' },
    'body-zh': { type: 'string' },
    'body-en': { type: 'string' },
    'starts-at': { type: 'string' },
    'ends-at': { type: 'string' },
    days: { type: 'string' },
    list: { type: 'boolean' },
    end: { type: 'string' },
  },
  strict: true,
});

const config = loadConfig();
if (!config.DATABASE_URL) await mkdir(path.resolve(config.DATA_DIR), { recursive: true });
const db = await openDatabase(config);
try {
  if (values.list) {
    const rows = await db.query<{ id: number; kind: string; title_zh: string; title_en: string; starts_at: Date; ends_at: Date | null; reads: number }>(
      `SELECT a.id, a.kind, a.title_zh, a.title_en, a.starts_at, a.ends_at, (SELECT count(*)::int FROM announcement_reads r WHERE r.announcement_id = a.id) AS reads
         FROM announcements a ORDER BY a.id DESC LIMIT 50`,
    );
    for (const r of rows) console.log(`#${r.id} [${r.kind}] ${r.title_zh} / ${r.title_en}  ${new Date(r.starts_at).toISOString()} → ${r.ends_at ? new Date(r.ends_at).toISOString() : '-'}  read by ${r.reads}`);
  } else if (values.end) {
    const ended = await db.query(`UPDATE announcements SET ends_at = now() WHERE id = $1 AND (ends_at IS NULL OR ends_at > now()) RETURNING id`, [Number(values.end)]);
    console.log(ended.length ? `announcement #${values.end} ended` : `no announcement #${values.end} in force`);
    if (!ended.length) process.exitCode = 1;
  } else {
    const parsed = announcementInput.safeParse({
      kind: values.kind,
      titleZh: values['title-zh'],
      titleEn: values['title-en'],
      bodyZh: values['body-zh'],
      bodyEn: values['body-en'],
      startsAt: values['starts-at'],
      endsAt: values['ends-at'],
      days: values.days === undefined ? undefined : Number(values.days),
    });
    if (!parsed.success) {
      for (const i of parsed.error.issues) console.error(`--${String(i.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${translate('en', i.message, { field: String(i.path[0] ?? ''), max: 4000 })}`);
      process.exitCode = 2;
    } else {
      const a = await publishAnnouncement(db, parsed.data);
      console.log(`announcement #${a.id} published: from ${a.startsAt.toISOString()}${a.endsAt ? ` until ${a.endsAt.toISOString()}` : ''}`);
    }
  }
} finally {
  await db.close();
}
