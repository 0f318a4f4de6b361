import type { Queryable } from '@cc/db/client';
import { checkRecord, type DnsRecordData } from '@cc/domain/dns-records';
import { instructionsFor, type DcvRow } from '../dcv/values.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { addEvent } from '../orders/context.ts';
import { changeZone, zoneHolding } from './zones.ts';

/**
 * Domain control validation with no user step (DCV autopilot): when a name to validate is answered by our DNS servers
 * from a live zone of this account (zones.ts zoneHolding) and the order has the autopilot on (the order screen offers
 * it, on by default; the details page switches it), the record its method asks for (CNAME, TXT, or the e-mail DNS TXT) is published in that zone, checked,
 * and removed after issuance. Each step is an event of the order's timeline and a change in the zone's history
 * (who: "DCV").
 *
 * Speed: orders only say what they want (a row per name: wanted, then published, then removing) in their own
 * transaction and queue a sync of the zone. The sync publishes and removes everything wanted of one zone in ONE
 * change (one serial, one history entry), however many orders asked meanwhile, then checks the names it published
 * at once. Each request queues its own sync (no dedupe key: a sync already running cannot see a row committed after
 * it looked, so a deduped request could be left behind); a sync that finds nothing to do ends after one query.
 */

const actor = 'DCV';
export const dcvSyncJob = 'dns.dcvSync' satisfies JobKind;

type Wanted = { id: string; order_id: number; domain: string; name: string; type: string; content: string; state: 'wanted' | 'published' | 'removing' };

/**
 * A pending name's record as the autopilot would publish it, with the zone it goes in; null when no live zone of this
 * account is authoritative for the record's host (zoneHolding: never a pending claim, nor another account's zone).
 */
export async function autopilotRecord(
  q: Queryable,
  accountId: number,
  row: Pick<DcvRow, 'domain' | 'method' | 'token' | 'value' | 'email'>,
): Promise<{ zone: string; zoneId: number; host: string; record: DnsRecordData } | null> {
  if (!['dns', 'dns_txt', 'email_dns'].includes(row.method)) return null;
  const ins = instructionsFor(row as DcvRow, 80);
  if (!('host' in ins) || !ins.host || !ins.value || !ins.recordType) return null;
  const zone = await zoneHolding(q, accountId, ins.host);
  if (!zone) return null;
  const checked = checkRecord({ host: `${ins.host}.`, type: ins.recordType === 'CNAME' ? 'CNAME' : 'TXT', value: ins.value, ttl: 60 }, zone.name);
  return checked.ok ? { zone: zone.name, zoneId: zone.id, host: ins.host, record: checked.record } : null;
}

/** For the order screen: the live zone of this account our DNS servers answer each name from, or null (zoneHolding). */
export async function hostedZonesOf(q: Queryable, accountId: number, names: string[]): Promise<{ name: string; zone: string | null }[]> {
  const unique = [...new Set(names.map((n) => n.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))];
  return Promise.all(unique.map(async (name) => ({ name, zone: (await zoneHolding(q, accountId, name.replace(/^\*\./, '')))?.name ?? null })));
}

/**
 * Inside the caller's transaction: asks for the records of the order's pending names in hosted zones (replacing what
 * was asked for those names before, a changed method, say) and queues the zones' syncs. Answers how many names the
 * autopilot takes care of. An order with the autopilot off only has its earlier records taken away.
 */
export async function requestDcvRecords(q: Queryable, o: { id: number; account_id: number }, only?: string[]): Promise<number> {
  const [order] = await q.query<{ dcv_autopilot: boolean }>(`SELECT dcv_autopilot FROM orders WHERE id = $1`, [o.id]);
  const rows = await q.query<{ id: number; domain: string; method: DcvRow['method']; token: string; value: string; email: string }>(
    `SELECT id, domain, method, token, value, email FROM order_domains WHERE order_id = $1 AND status = 'pending' AND ($2::text[] IS NULL OR domain = ANY($2)) ORDER BY id`,
    [o.id, only ?? null],
  );
  const zones = new Set<number>();
  let taken = 0;
  for (const row of rows) {
    for (const zoneId of await retire(q, o.id, row.domain)) zones.add(zoneId);
    if (!order?.dcv_autopilot) continue;
    const r = await autopilotRecord(q, o.account_id, row);
    if (!r) continue;
    await q.query(`INSERT INTO dns_dcv_records (order_id, zone_id, domain, name, type, content, state) VALUES ($1, $2, $3, $4, $5, $6, 'wanted')`, [
      o.id,
      r.zoneId,
      row.domain,
      r.record.name,
      r.record.type,
      r.record.content,
    ]);
    zones.add(r.zoneId);
    taken++;
  }
  for (const zoneId of zones) await enqueue(q, dcvSyncJob, { zoneId });
  return taken;
}

/** What was asked for a name of an order goes: not yet published is dropped, published is to be removed. */
async function retire(q: Queryable, orderId: number, domain: string | null): Promise<number[]> {
  await q.query(`DELETE FROM dns_dcv_records WHERE order_id = $1 AND ($2::text IS NULL OR domain = $2) AND state = 'wanted'`, [orderId, domain]);
  const gone = await q.query<{ zone_id: number }>(
    `UPDATE dns_dcv_records SET state = 'removing' WHERE order_id = $1 AND ($2::text IS NULL OR domain = $2) AND state = 'published' RETURNING zone_id`,
    [orderId, domain],
  );
  return [...new Set(gone.map((g) => g.zone_id))];
}

/** After issuance (or with the autopilot switched off): every record of the order is to be removed; the syncs do it. */
export async function removeDcvRecords(q: Queryable, orderId: number): Promise<void> {
  for (const zoneId of await retire(q, orderId, null)) await enqueue(q, dcvSyncJob, { zoneId });
}

/**
 * The sync of one zone: in one transaction and one change of the zone, publishes every wanted record and removes
 * every record to be removed, with the orders' timeline events. Answers the orders whose records were published,
 * for the caller to check at once after the commit (the server answers what is committed).
 */
export async function syncZone(db: { tx<T>(f: (q: Queryable) => Promise<T>): Promise<T>; query: Queryable['query'] }, zoneId: number): Promise<number[]> {
  const [any] = await db.query(`SELECT 1 FROM dns_dcv_records WHERE zone_id = $1 AND state <> 'published' LIMIT 1`, [zoneId]);
  if (!any) return [];
  return db.tx(async (q) => {
    // Only a live zone is written into (a released claim's rows went with it).
    const [z] = await q.query<{ name: string; account_id: number }>(`SELECT name, account_id FROM dns_zones WHERE id = $1 AND status = 'active' FOR UPDATE`, [zoneId]);
    if (!z) return [];
    const rows = await q.query<Wanted>(
      `SELECT id, order_id, domain, name, type, content, state FROM dns_dcv_records WHERE zone_id = $1 AND state <> 'published' ORDER BY id FOR UPDATE`,
      [zoneId],
    );
    if (!rows.length) return [];
    const wanted = rows.filter((r) => r.state === 'wanted');
    const removing = rows.filter((r) => r.state === 'removing');
    const key = (r: { name: string; type: string; content: string }) => `${r.name}|${r.type}|${r.content}`;
    // A record still published for another order stays (two orders for one name share its TXT host).
    const kept = await q.query<{ name: string; type: string; content: string }>(`SELECT name, type, content FROM dns_dcv_records WHERE zone_id = $1 AND state = 'published'`, [zoneId]);
    const stay = new Set([...kept, ...wanted].map(key));
    const drop = new Set(removing.map(key).filter((k) => !stay.has(k)));
    // A CNAME stands alone: the one asked for now replaces an older one at its name.
    const cnames = new Set(wanted.filter((w) => w.type === 'CNAME').map((w) => w.name));
    await changeZone(
      q,
      { accountId: z.account_id, actor },
      z.name,
      (current) => {
        const next = current.filter((c) => !drop.has(key(c)) && !(c.type === 'CNAME' && cnames.has(c.name) && !stay.has(key(c))));
        const have = new Set(next.map(key));
        for (const w of wanted) {
          if (have.has(key(w))) continue;
          have.add(key(w));
          next.push({ name: w.name, type: w.type as DnsRecordData['type'], content: w.content, ttl: 60, prio: 0, disabled: false });
        }
        return next;
      },
      { kind: 'dcv', preview: false, locale: 'zh', allowEmpty: true },
    );
    await q.query(`UPDATE dns_dcv_records SET state = 'published' WHERE id = ANY($1::bigint[])`, [wanted.map((w) => w.id)]);
    await q.query(`DELETE FROM dns_dcv_records WHERE id = ANY($1::bigint[])`, [removing.map((r) => r.id)]);
    for (const w of wanted) await addEvent(q, w.order_id, 'dcv_published', { domain: w.domain, zone: z.name, host: w.name, type: w.type });
    for (const orderId of new Set(removing.map((r) => r.order_id))) await addEvent(q, orderId, 'dcv_removed', { zone: z.name });
    return [...new Set(wanted.map((w) => w.order_id))];
  });
}
