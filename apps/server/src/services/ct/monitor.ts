import { X509Certificate } from 'node:crypto';
import type { Db, Queryable } from '@cc/db/client';
import type { CtEntry, CtQuery } from '@cc/contracts/ct';
import { notifyAccount } from '../messages/notify.ts';
import type { JobOutcome } from '../jobs/queue.ts';
import { orderNames } from '../discovery/inventory.ts';
import { serialKey, toCtEntry, type CtEntryRow } from './log.ts';

/**
 * The CT monitor: reads the log in order from where it stopped and, for every entry, finds the accounts whose names
 * it covers (hosted zones, scan targets, certificates bought here; a name covers its subdomains). An account that
 * did not order that certificate here gets a discovery alert (ctUnexpected) through notifyAccount. The position
 * is a row, so any instance continues where another stopped.
 */

/** Entries one run takes; a longer backlog queues the job again at once. */
const batch = 200;
/** How long an entry the built-in CA logged while issuing may wait for its order's certificate row. */
const settleMs = 120_000;

/** A name and every parent of it: the names an account may hold that cover it. */
export function coveringNames(name: string): string[] {
  const labels = name.split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter((n) => n.includes('.'));
}

/** The names an account watches in CT: its hosted zones, its host targets and the names of its certificates bought here. */
export async function accountDomains(q: Queryable, accountId: number): Promise<string[]> {
  const zones = await q.query<{ name: string }>(`SELECT name FROM dns_zones WHERE account_id = $1`, [accountId]);
  const hosts = await q.query<{ value: string }>(`SELECT value FROM discovery_targets WHERE account_id = $1 AND kind = 'host'`, [accountId]);
  const all = [...zones.map((z) => z.name), ...hosts.map((h) => h.value), ...(await orderNames(q, accountId))];
  return [...new Set(all.map((n) => n.toLowerCase()).filter((n) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(n)))].sort();
}

/** Accounts whose watched names cover any of these names. */
async function watchers(q: Queryable, names: string[]): Promise<number[]> {
  const covering = [...new Set(names.flatMap(coveringNames))];
  if (!covering.length) return [];
  const rows = await q.query<{ account_id: number }>(
    `SELECT account_id FROM dns_zones WHERE name = ANY($1::text[])
     UNION SELECT account_id FROM discovery_targets WHERE kind = 'host' AND value = ANY($1::text[])
     UNION SELECT o.account_id FROM certificates c JOIN orders o ON o.id = c.order_id, jsonb_array_elements_text(c.domains) AS n(name)
            WHERE c.revoked_at IS NULL AND regexp_replace(lower(n.name), '^\\*\\.', '') = ANY($1::text[])`,
    [covering],
  );
  return [...new Set(rows.map((r) => r.account_id))].sort((a, b) => a - b);
}

/** Certificates bought here with this serial (the built-in CA's serials are 128 random bits): their accounts, orders and fingerprints. */
async function boughtWithSerial(q: Queryable, serials: string[]): Promise<{ account_id: number; order_no: string; serial: string; sha256: string }[]> {
  if (!serials.length) return [];
  const rows = await q.query<{ account_id: number; order_no: string; serial: string; cert_pem: string }>(
    `SELECT o.account_id, o.order_no, c.serial, c.cert_pem FROM certificates c JOIN orders o ON o.id = c.order_id WHERE ltrim(lower(c.serial), '0') = ANY($1::text[])`,
    [serials],
  );
  return rows.map((r) => ({ account_id: r.account_id, order_no: r.order_no, serial: serialKey(r.serial), sha256: new X509Certificate(r.cert_pem).fingerprint256 }));
}

const entryColumns = `e.idx, e.timestamp_ms, e.entry_type, e.sha256, e.serial, e.subject, e.issuer, e.names, e.not_before, e.not_after`;

/** The ct.monitor job: one batch of new entries checked against every account's names. */
export function ctMonitor(db: Db) {
  return async (): Promise<JobOutcome> =>
    db.tx(async (q) => {
      const [pos] = await q.query<{ next_idx: string | number }>(`SELECT next_idx FROM ct_monitor WHERE id = 1 FOR UPDATE`);
      let next = Number(pos!.next_idx);
      const entries = await q.query<CtEntryRow & { from_ca: boolean; created_at: Date }>(
        `SELECT ${entryColumns}, e.from_ca, e.created_at FROM ct_entries e WHERE e.idx >= $1 ORDER BY e.idx LIMIT $2`,
        [next, batch],
      );
      const bought = await boughtWithSerial(q, entries.map((e) => e.serial));
      let wait = 0;
      for (const e of entries) {
        const owners = bought.filter((b) => b.serial === e.serial && b.sha256 === e.sha256);
        // The CA logs before its order stores the certificate: give that order a moment rather than alert its own account.
        if (e.from_ca && !owners.length && Date.now() - new Date(e.created_at).getTime() < settleMs) {
          wait = 15;
          break;
        }
        for (const accountId of await watchers(q, e.names)) {
          if (owners.some((o) => o.account_id === accountId)) continue;
          const [alert] = await q.query<{ id: number }>(
            `INSERT INTO discovery_alerts (account_id, kind, ct_idx, detail, dedupe) VALUES ($1, 'ctUnexpected', $2, $3::jsonb, $4)
             ON CONFLICT (account_id, dedupe) DO NOTHING RETURNING id`,
            [accountId, e.idx, JSON.stringify({ name: e.names[0] ?? e.subject, issuer: e.issuer, serial: e.serial, sha256: e.sha256 }), `ct:${e.idx}`],
          );
          if (alert) {
            await notifyAccount(q, accountId, 'discovery', {
              kind: 'ctUnexpected',
              endpoint: e.names.join(', ').slice(0, 200) || e.subject,
              subject: e.subject,
              notAfter: new Date(e.not_after).toISOString().slice(0, 10),
              certId: 0,
              sha256: e.sha256,
            });
          }
        }
        next = Number(e.idx) + 1;
      }
      await q.query(`UPDATE ct_monitor SET next_idx = $1 WHERE id = 1`, [next]);
      if (wait) return { retryInSeconds: wait };
      if (entries.length === batch) return { retryInSeconds: 0 };
      return { result: { next } };
    });
}

/**
 * The CT log lookup of /certhub/discovery/log: entries for the account's watched names, newest first, each marked
 * managed when the account bought that very certificate here; narrowed by a name, serial or fingerprint.
 */
export async function accountCtEntries(q: Queryable, accountId: number, f: CtQuery): Promise<CtEntry[]> {
  const domains = await accountDomains(q, accountId);
  if (!domains.length) return [];
  const text = f.q ? f.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`).replace(/:/g, '') : null;
  const rows = await q.query<CtEntryRow>(
    `SELECT ${entryColumns} FROM ct_entries e
      WHERE EXISTS (SELECT 1 FROM ct_entry_names n, unnest($1::text[]) AS d(name) WHERE n.idx = e.idx AND (n.name = d.name OR n.name LIKE '%.' || d.name))
        AND ($2::text IS NULL OR lower(e.names::text || ' ' || e.subject) LIKE '%' || $2 || '%' OR ltrim(e.serial, '0') = ltrim($2, '0') OR lower(replace(e.sha256, ':', '')) = $2)
      ORDER BY e.idx DESC LIMIT 2000`,
    [domains, text],
  );
  const bought = (await boughtWithSerial(q, rows.map((r) => r.serial))).filter((b) => b.account_id === accountId);
  const items = rows.map((r) => {
    const own = bought.find((b) => b.serial === r.serial && b.sha256 === r.sha256);
    return { ...toCtEntry(r), managed: !!own, orderNo: own?.order_no ?? '' };
  });
  return f.managed ? items.filter((i) => i.managed === (f.managed === 'yes')) : items;
}
