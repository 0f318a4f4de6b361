import type { Queryable } from '@cc/db/client';
import { checkRecord, type DnsRecordData } from '@cc/domain/dns-records';
import { instructionsFor, type DcvRow } from '../dcv/values.ts';
import { addEvent } from '../orders/context.ts';
import { changeZone, zoneHolding } from './zones.ts';

/**
 * Domain control validation with no user step: when a name to validate lives in a zone this account hosts here, the
 * record its method asks for (CNAME, TXT, or the e-mail DNS TXT) is published in that zone in the transaction that
 * starts validation, so the first check already finds it; after issuance the records are removed. Each step is an
 * event of the order's timeline and a change in the zone's history (who: "DCV").
 */

const actor = 'DCV';

/** Publishes the pending names' records in hosted zones; answers how many were published. */
export async function publishDcvRecords(q: Queryable, o: { id: number; account_id: number }): Promise<number> {
  const rows = await q.query<{ id: number; domain: string; method: DcvRow['method']; token: string; value: string; email: string }>(
    `SELECT id, domain, method, token, value, email FROM order_domains WHERE order_id = $1 AND status = 'pending' AND method IN ('dns', 'dns_txt', 'email_dns') ORDER BY id`,
    [o.id],
  );
  let published = 0;
  for (const row of rows) {
    const ins = instructionsFor(row, 80);
    if (!('host' in ins) || !ins.host || !ins.value || !ins.recordType) continue;
    const zone = await zoneHolding(q, o.account_id, ins.host);
    if (!zone) continue;
    const type = ins.recordType === 'CNAME' ? 'CNAME' : 'TXT';
    const checked = checkRecord({ host: `${ins.host}.`, type, value: ins.value, ttl: 60 }, zone);
    if (!checked.ok) continue;
    const record = checked.record;
    const r = await changeZone(
      q,
      { accountId: o.account_id, actor },
      zone,
      // A stale record of an earlier attempt at the same host and type goes (a CNAME must stand alone anyway).
      (current) => [...current.filter((c) => !(c.name === record.name && c.type === record.type)), record],
      { kind: 'dcv', preview: false, locale: 'zh', allowEmpty: true },
    ).catch(() => null);
    if (!r) continue;
    const [z] = await q.query<{ id: number }>(`SELECT id FROM dns_zones WHERE name = $1`, [zone]);
    await q.query(`INSERT INTO dns_dcv_records (order_id, zone_id, name, type, content) VALUES ($1, $2, $3, $4, $5)`, [o.id, z!.id, record.name, record.type, record.content]);
    await addEvent(q, o.id, 'dcv_published', { domain: row.domain, zone, host: ins.host, type });
    published++;
  }
  return published;
}

/** Removes what publishDcvRecords put in hosted zones for an order (after issuance). */
export async function removeDcvRecords(q: Queryable, orderId: number): Promise<void> {
  const rows = await q.query<{ id: string; zone_id: number; name: string; type: string; content: string; zone: string; account_id: number }>(
    `SELECT d.id, d.zone_id, d.name, d.type, d.content, z.name AS zone, z.account_id FROM dns_dcv_records d JOIN dns_zones z ON z.id = d.zone_id WHERE d.order_id = $1`,
    [orderId],
  );
  const byZone = new Map<string, typeof rows>();
  for (const r of rows) byZone.set(r.zone, [...(byZone.get(r.zone) ?? []), r]);
  for (const [zone, list] of byZone) {
    const gone = (c: DnsRecordData) => list.some((r) => r.name === c.name && r.type === c.type && r.content === c.content);
    await changeZone(q, { accountId: list[0]!.account_id, actor }, zone, (current) => current.filter((c) => !gone(c)), { kind: 'dcv', preview: false, locale: 'zh', allowEmpty: true });
    await addEvent(q, orderId, 'dcv_removed', { zone });
  }
  await q.query(`DELETE FROM dns_dcv_records WHERE order_id = $1`, [orderId]);
}
