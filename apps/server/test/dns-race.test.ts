import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@cc/contracts/errors';
import type { DnsConflictData, DnsRecordsAnswer, DnsZone } from '@cc/contracts/dns';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll } from './orders-helpers.ts';
import { ordersContext } from '../src/services/orders/context.ts';
import { startValidation } from '../src/services/dcv/validation.ts';
import { startDnsWorld, type DnsWorld } from './dns-helpers.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { syncZone } from '../src/services/dns/dcv-autopilot.ts';

/**
 * Races of DNS hosting on PostgreSQL, where transactions really overlap: two edits of one zone from the same serial
 * (the second gets a conflict with the diff it did not see, nothing is lost), the DCV autopilot's syncs of one
 * zone running side by side (every record asked for is published once, then removed once), and two accounts'
 * overlapping claims proven at the same moment (one goes live, the other is released).
 */

let t: TestApp;
let world: DnsWorld;
let dns: AuthoritativeDns;
let api: ReturnType<typeof client>;

const records = async (zone: string) => (await api.get(`/dm-serv/v1/dns/zones/${zone}/records`)).body.data as DnsRecordsAnswer;

beforeAll(async () => {
  world = await startDnsWorld();
  t = await startTestApp(world.env, { postgres: true });
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  await addProducts(t.app, [testProducts.dv]);
  api = client(t.app, (await newAccount(t.app, 50_000_000)).token);
});

afterAll(async () => {
  await dns?.close();
  await t?.close();
  await world?.close();
});

describe('DNS races', () => {
  it('never loses a concurrent edit: the second, based on the same serial, gets a conflict with the diff it did not see', async () => {
    const zone = 'race-edit.example';
    expect((await api.post('/dm-serv/v1/dns/zones', { zone })).body.code).toBe(200);
    const kept: string[] = [];
    for (let round = 0; round < 5; round++) {
      const base = (await records(zone)).zone.serial;
      const hosts = [`one${round}`, `two${round}`];
      const [one, two] = await Promise.all(
        hosts.map((host, i) => api.post('/dm-serv/v1/domains/records', { zone, baseSerial: base, records: [{ host, type: 'A', value: `192.0.2.${i + 1}` }] })),
      );
      expect([one!.body.code, two!.body.code].sort((x, y) => x - y)).toEqual([200, errorCodes.DNS_CONFLICT]);
      const winner = one!.body.code === 200 ? hosts[0]! : hosts[1]!;
      const data = (one!.body.code === 200 ? two! : one!).body.data as DnsConflictData;
      expect(data.serial).toBe(base + 1);
      expect(data.diff.map((d) => [d.op, d.after?.host])).toEqual([['add', winner]]);
      kept.push(winner);
      expect((await records(zone)).records.filter((r) => !r.system).map((r) => r.host).sort()).toEqual([...kept].sort());
    }
  });

  it('publishes every autopilot record once when syncs of one zone run side by side, and removes them all after issuance', async () => {
    const zone = 'race-autopilot.example';
    world.delegate(zone);
    expect(((await api.post('/dm-serv/v1/dns/zones', { zone })).body.data as { status: string }).status).toBe('active');
    const orderNos: string[] = [];
    for (let i = 0; i < 12; i++) {
      const name = `r${i}.${zone}`;
      const r = await api.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name });
      orderNos.push(String(r.body.data));
    }
    // Paid, and every validation started at once (each asks for its record in its own transaction); then the zone is
    // synced by four callers at once.
    const ids = (await t.app.db.query<{ id: number }>(`UPDATE orders SET order_status = 1002, paid_at = now() WHERE order_no = ANY($1) RETURNING id`, [orderNos])).map((r) => r.id);
    const ctx = ordersContext(t.app);
    await Promise.all(ids.map((id) => startValidation(ctx, id)));
    const [z] = await t.app.db.query<{ id: number }>(`SELECT id FROM dns_zones WHERE name = $1`, [zone]);
    const published = await Promise.all([0, 1, 2, 3].map(() => syncZone(t.app.db, z!.id)));
    expect(published.flat().sort()).toEqual([...new Set(published.flat())].sort());
    expect(published.flat().length).toBe(12);
    const txt = (await records(zone)).records.filter((r) => r.type === 'TXT');
    expect(txt.length).toBe(12);
    expect(new Set(txt.map((r) => r.host)).size).toBe(12);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE status = 'pending'`);
    await drainAll(t.app);
    const states = await Promise.all(orderNos.map(async (no) => ((await api.get(`/v1/orders/status/${no}`)).body.data as { orderStatus: number }).orderStatus));
    expect(states.every((s) => s === 1005)).toBe(true);
    expect((await records(zone)).records.filter((r) => !r.system)).toEqual([]);
  });

  it('lets at most one of two accounts\' overlapping claims go live when both are proven at once, and releases the other', async () => {
    const other = client(t.app, (await newAccount(t.app)).token);
    for (let round = 0; round < 6; round++) {
      const parent = `claim-race${round}.example`;
      const child = `www.${parent}`;
      world.elsewhere(parent);
      // Both claim at once: nothing is proven yet, both are pending.
      const added = await Promise.all([api.post('/dm-serv/v1/dns/zones', { zone: parent }), other.post('/dm-serv/v1/dns/zones', { zone: child })]);
      expect(added.map((r) => (r.body.data as DnsZone).status)).toEqual(['pending', 'pending']);
      // Both tokens are published (the parent's DNS carries both), and both check at the same moment.
      for (const r of added) world.publish((r.body.data as DnsZone).verification.host, 'TXT', (r.body.data as DnsZone).verification.value);
      const checks = await Promise.all([api.post(`/dm-serv/v1/dns/zones/${parent}/check`, {}), other.post(`/dm-serv/v1/dns/zones/${child}/check`, {})]);
      const live = await t.app.db.query<{ name: string }>(`SELECT name FROM dns_zones WHERE name = ANY($1) AND status = 'active'`, [[parent, child]]);
      expect(live.length, `round ${round}`).toBe(1);
      const winner = live[0]!.name;
      const loser = winner === parent ? { api: other, zone: child, check: checks[1]! } : { api, zone: parent, check: checks[0]! };
      // The loser's check found its claim released (or released it never saw); the claim is gone, its account told.
      expect([200, errorCodes.DNS_ZONE_NOT_FOUND]).toContain(loser.check.body.code);
      expect((await loser.api.get(`/dm-serv/v1/dns/zones/${loser.zone}/records`)).body.code).toBe(errorCodes.DNS_ZONE_NOT_FOUND);
      const msgs = (await loser.api.get('/v1/siteMsg', { lang: 'en' })).body.data as { siteMsges: { kind: string; title: string }[] };
      expect(msgs.siteMsges.some((m) => m.kind === 'dnsZoneReleased' && m.title === `DNS hosting of ${loser.zone} released`)).toBe(true);
    }
  });

  it('lets at most one of two accounts adding one delegated name at once go live', async () => {
    const other = client(t.app, (await newAccount(t.app)).token);
    for (let round = 0; round < 6; round++) {
      const zone = `add-race${round}.example`;
      world.delegate(zone);
      const added = await Promise.all([api.post('/dm-serv/v1/dns/zones', { zone }), other.post('/dm-serv/v1/dns/zones', { zone })]);
      expect(added.map((r) => r.body.code)).toEqual([200, 200]);
      const live = await t.app.db.query(`SELECT 1 FROM dns_zones WHERE name = $1 AND status = 'active'`, [zone]);
      expect(live.length).toBeLessThanOrEqual(1);
    }
  });
});
