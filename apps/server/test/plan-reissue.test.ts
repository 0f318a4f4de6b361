import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../src/lib/clock.ts';
import { enqueue } from '../src/services/jobs/queue.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, run } from './orders-helpers.ts';
import { startDnsWorld, type DnsWorld } from './dns-helpers.ts';

/**
 * Multi-year plans as coverage (issue 43 item 3): a 3-year plan bought on 2026-12-07 shows its whole schedule of
 * certificates, and with the product's clock moved to each reissue date the daily job issues the next certificate by
 * the rules of that day, with no customer step: the names are in a zone hosted here (the DCV autopilot revalidates),
 * or their validation is still reusable.
 */
type Plan = { current: number; total: number; nextReissueAt: string | null; certificates: { k: number; notBefore: string; notAfter: string; issued: boolean }[] };
type Detail = { orderStatus: number; planEndsAt: string | null; plan: Plan | null; timeline: { kind: string }[]; domains: { status: string; reused: boolean }[] };

const clock = testClock('2026-12-07T00:00:00Z');
const day = 86_400_000;
let t: TestApp;
let dns: AuthoritativeDns;
let world: DnsWorld;
let me: ReturnType<typeof client>;
const zone = 'plan-hosted.example';
const dir = mkdtempSync(path.join(tmpdir(), 'cc-plan-'));

beforeAll(async () => {
  // Validation asks public DNS (a world on loopback), which asks the built-in server for the zone delegated to ours:
  // a zone answers only once its control is proven, here by that delegation.
  world = await startDnsWorld();
  t = await startTestApp({ ...world.env }, { clock });
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  await addProducts(t.app, [testProducts.dv]);
  const a = await newAccount(t.app, 50_000_000);
  me = client(t.app, a.token);
  world.delegate(zone);
  const added = await me.post('/dm-serv/v1/dns/zones', { zone });
  expect([added.body.code, (added.body.data as { status: string } | null)?.status]).toEqual([200, 'active']);
});
afterAll(async () => {
  await dns?.close();
  await t?.close();
  await world?.close();
});

const detail = async (orderNo: string, lang: 'zh' | 'en' = 'zh') => ((await me.get(`/v1/orders/detail/${orderNo}`, { lang })).body.data as { orderInfo: Detail }).orderInfo;
const certPem = async (orderNo: string) => ((await me.get(`/v1/orders/cert/${orderNo}`)).body.data as { cert: string; serial: string });
async function dates(pem: string) {
  const file = path.join(dir, `${Math.random()}.pem`);
  writeFileSync(file, pem);
  const out = (await run('openssl', ['x509', '-noout', '-dates', '-in', file])).stdout;
  const get = (k: string) => new Date(out.match(new RegExp(`${k}=(.+)`))![1]!.trim());
  return { notBefore: get('notBefore'), notAfter: get('notAfter') };
}
const lifeDays = (c: { notBefore: Date; notAfter: Date }) => Math.round((c.notAfter.getTime() + 1000 - c.notBefore.getTime()) / day);

/** An order paid on the clock's day, as the payments area records it; the jobs run. */
async function buy(name: string, year: number, dcvAutopilot = true): Promise<string> {
  const r = await me.post('/v1/orders/certificate/T-DV', { year, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name, dcvAutopilot });
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = String(r.body.data);
  const [o] = await t.app.db.query<{ id: number }>(`UPDATE orders SET order_status = 1002, paid_at = $2 WHERE order_no = $1 RETURNING id`, [orderNo, clock.now()]);
  await enqueue(t.app.db, 'orders.paid', { orderIds: [o!.id], orderNos: [orderNo], aim: 'makeOrder', payWay: 'balance', ref: orderNo });
  await drainAll(t.app);
  return orderNo;
}

/** The daily job, run now as the queue would on the clock's day. */
async function daily() {
  await enqueue(t.app.db, 'renewal.daily', {}, { dedupeKey: 'renewal.daily' });
  await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'renewal.daily' AND status = 'pending'`);
  await drainAll(t.app);
}

describe('a 3-year plan bought on 2026-12-07 for a name in a hosted zone', () => {
  let orderNo = '';
  let first: Plan;

  it('is issued for 200 days and shows its full schedule: 200 days now, 100 from 2027-03-15, 47 from 2029-03-15, to the plan\'s end', async () => {
    orderNo = await buy(`www.${zone}`, 3);
    const d = await detail(orderNo);
    expect(d.orderStatus).toBe(1005);
    const signed = await dates((await certPem(orderNo)).cert);
    expect(signed.notBefore.toISOString().slice(0, 10)).toBe('2026-12-07');
    expect(lifeDays(signed)).toBe(200);
    first = d.plan!;
    // The next certificate two thirds into this one's 200 days: 2027-04-19, after the 100-day step.
    expect(first).toMatchObject({ current: 1, total: 19, nextReissueAt: new Date(signed.notBefore.getTime() + Math.round((200 * day * 2) / 3)).toISOString() });
    expect(first.nextReissueAt!.slice(0, 10)).toBe('2027-04-19');
    const days = first.certificates.map((c) => lifeDays({ notBefore: new Date(c.notBefore), notAfter: new Date(c.notAfter) }));
    expect(days).toEqual([200, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 47, 47, 47, 47, 47, 47, 40]);
    // The last one ends with the plan (a second before it), three years on.
    expect(new Date(first.certificates.at(-1)!.notAfter).getTime()).toBe(new Date(d.planEndsAt!).getTime() - 1000);
    expect(d.planEndsAt!.slice(0, 10)).toBe('2029-12-06');
  });

  it('is the same schedule once 2027-03-15 arrives, and nothing is reissued before its date', async () => {
    clock.set('2027-03-15T00:00:00Z');
    const before = (await certPem(orderNo)).serial;
    await daily();
    expect((await certPem(orderNo)).serial).toBe(before);
    expect((await detail(orderNo)).plan).toEqual(first);
    // The renewal calendar (90 days) names the day the next certificate comes, done by the product.
    const cal = ((await me.get('/v1/dashboard')).body.data as { calendar: { kind: string; ref: string; date: string; auto: boolean }[] }).calendar;
    expect(cal.filter((c) => c.ref === orderNo)).toEqual([expect.objectContaining({ kind: 'certificate', date: first.nextReissueAt, auto: true })]);
  });

  it('reissues certificate 2 on 2027-04-19 by itself: the lapsed validation is redone in the hosted zone, 100 days by that day\'s rule', async () => {
    clock.set('2027-04-19T09:00:00Z');
    const before = (await certPem(orderNo)).serial;
    await daily();
    const c = await certPem(orderNo);
    expect(c.serial).not.toBe(before);
    const dd = await dates(c.cert);
    expect(dd.notBefore.toISOString().slice(0, 10)).toBe('2027-04-19');
    expect(lifeDays(dd)).toBe(100);
    const d = await detail(orderNo);
    expect(d.orderStatus).toBe(1005);
    // Validated anew (2026-12-07's validation lapsed on 2027-03-17), not reused.
    expect(d.domains).toMatchObject([{ status: 'validated', reused: false }]);
    expect(d.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['auto_reissue', 'dcv_published']));
    expect(d.plan).toMatchObject({ current: 2, total: 19 });
    expect(d.plan!.nextReissueAt).toBe(new Date(dd.notBefore.getTime() + Math.round((100 * day * 2) / 3)).toISOString());
    const en = await detail(orderNo, 'en');
    expect(en.plan!.current).toBe(2);
  });
});

describe('a 1-year plan bought on 2027-03-15 whose validation is still reusable at the reissue', () => {
  it('reissues with the same validation, no record published, no step', async () => {
    clock.set('2027-03-15T00:00:00Z');
    // The autopilot is off for this order: only the reuse of the validation can pass it.
    const name = `reuse.${zone}`;
    // A validation of the account on record (made that day by a method that checked DNS elsewhere).
    const [acct] = await t.app.db.query<{ id: number }>(`SELECT account_id AS id FROM orders LIMIT 1`);
    await t.app.db.query(`INSERT INTO validated_domains (account_id, domain, method, validated_at, expires_at) VALUES ($1, $2, 'dns_txt', $3, $4)`, [acct!.id, name, clock.now(), new Date(clock.now().getTime() + 100 * day)]);
    const orderNo = await buy(name, 1, false);
    let d = await detail(orderNo);
    expect(d.orderStatus).toBe(1005);
    // 365 days served by 100-day certificates, each started at two thirds of the last.
    expect(d.plan!.current).toBe(1);
    expect(d.plan!.nextReissueAt!.slice(0, 10)).toBe('2027-05-20');
    expect(d.plan!.total).toBe(d.plan!.certificates.length);
    clock.set(new Date(new Date(d.plan!.nextReissueAt!).getTime() + 3600_000));
    await daily();
    d = await detail(orderNo);
    expect(d.orderStatus).toBe(1005);
    expect(d.domains).toMatchObject([{ status: 'validated', reused: true }]);
    expect(d.timeline.map((e) => e.kind)).toContain('auto_reissue');
    expect(d.timeline.map((e) => e.kind)).not.toContain('dcv_published');
    expect(d.plan!.current).toBe(2);
    expect(lifeDays(await dates((await certPem(orderNo)).cert))).toBe(100);
  });
});
