import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, testProducts } from './purchase-helpers.ts';
import { drainAll, startDns } from './orders-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount, payableOrders } from './payment-helpers.ts';

/**
 * Jobs that carry goods a customer paid for (issue 42, defect 4): when one fails for good, through a fault of the
 * database injected for real, what it could not deliver is refunded through the ledger, once, and the customer is
 * told in the message centre and by mail. A certificate whose issuance fails; a batch payment whose job dies.
 */
let t: TestApp;
let dns: Awaited<ReturnType<typeof startDns>>;
const tag = randomBytes(4).toString('hex');
const price = testProducts.dv.pricePerYear;
type A = { body: { code: number; data: unknown; msg: string; errors?: Record<string, string> } };
const must = <T>(r: A): T => {
  expect(r.body.code, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  return r.body.data as T;
};

/** A trigger that refuses `table`'s rows matching `when` (a condition on NEW), as a failing disk would. */
async function fault(app: App, table: string, op: 'INSERT' | 'UPDATE', when: string): Promise<() => Promise<void>> {
  const name = `test_fault_${randomBytes(3).toString('hex')}`;
  await app.db.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${when} THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`);
  await app.db.query(`CREATE TRIGGER ${name} BEFORE ${op} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await app.db.query(`DROP TRIGGER ${name} ON ${table}`);
    await app.db.query(`DROP FUNCTION ${name}()`);
  };
}

/** Runs the job of `kind` matching `where` (SQL on jobs) again and again, past its back-off, until it has failed for good. */
async function untilFailed(app: App, kind: string, where: string, params: unknown[]) {
  for (let i = 0; i < 30; i++) {
    const [job] = await app.db.query<{ status: string }>(`SELECT status FROM jobs WHERE kind = $1 AND ${where} ORDER BY id DESC LIMIT 1`, [kind, ...params]);
    if (job?.status === 'failed') return;
    await app.db.query(`UPDATE jobs SET run_at = now() WHERE status = 'pending' AND kind = $1`, [kind]);
    await drainAll(app);
  }
  throw new Error(`${kind} did not fail for good`);
}

async function customer() {
  const a = await fundedAccount(t.app, 1_000_000);
  const mail = `paid-${randomBytes(4).toString('hex')}@example.com`;
  await t.app.db.query(`UPDATE accounts SET email = $2 WHERE id = $1`, [a.id, mail]);
  return { ...a, mail, api: client(t.app, a.token) };
}

const messages = async (api: ReturnType<typeof client>) =>
  must<{ siteMsges: { kind: string; title: string; content: string; link: string | null }[] }>(await api.get('/v1/siteMsg', { lang: 'en' })).siteMsges.filter((m) => m.kind === 'deliveryFailed');
const mailsTo = async (to: string) => t.app.db.query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox WHERE to_addr = $1`, [to]);

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, [testProducts.dv]);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('a job for paid goods that fails for good', () => {
  it('a certificate paid and validated whose issuance keeps failing: the order is cancelled, refunded and the customer told', async () => {
    const c = await customer();
    const cn = `issue-${tag}.example.com`;
    const orderNo = must<string>(await c.api.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(cn), commonName: cn }));
    const before = await balanceOf(t.app, c.id);
    must(await c.api.post('/v1/orders/pay', { payWay: 'balance', orderNo }));
    expect(await balanceOf(t.app, c.id)).toBe(before - price);
    const [o] = await t.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [orderNo]);
    const heal = await fault(t.app, 'certificates', 'INSERT', `NEW.order_id = ${o!.id}`);
    try {
      await drainAll(t.app);
      const d = must<{ domains: { instructions: { host?: string; value?: string } }[] }>(await c.api.get(`/v1/orders/domainList/${orderNo}`));
      for (const x of d.domains) if (x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
      must(await c.api.put(`/v1/orders/verifyDomains/${orderNo}`, {}));
      await drainAll(t.app);
      expect(must<{ orderStatus: number }>(await c.api.get(`/v1/orders/status/${orderNo}`)).orderStatus).toBe(1009);
      await untilFailed(t.app, 'issue.order', `payload->>'orderId' = $2`, [String(o!.id)]);
    } finally {
      await heal();
    }
    expect(must<{ orderStatus: number }>(await c.api.get(`/v1/orders/status/${orderNo}`)).orderStatus).toBe(1004);
    expect(await balanceOf(t.app, c.id)).toBe(before);
    expect(await t.app.db.query(`SELECT amount::float8 AS amount FROM ledger_entries WHERE kind = 'refund' AND ref = $1`, [orderNo])).toEqual([{ amount: price }]);
    expect(await messages(c.api)).toEqual([expect.objectContaining({
      title: `Not completed: Certificate order ${orderNo} (${cn})`, content: expect.stringContaining('¥399.00 went back to your balance'), link: `/ssl/certificate/${orderNo}`,
    })]);
    await drainAll(t.app);
    expect((await mailsTo(c.mail)).map((m) => m.subject)).toContain(`【CertHub】未能完成：证书订单 ${orderNo}（${cn}） / [CertHub] Not completed: Certificate order ${orderNo} (${cn})`);
    // The order's timeline says so.
    const events = await t.app.db.query<{ kind: string }>(`SELECT kind FROM order_events WHERE order_id = $1 ORDER BY id`, [o!.id]);
    expect(events.map((e) => e.kind)).toContain('undelivered');
    await expectLedgerMatchesBalances(t.app.db);
  });

  it('a certificate paid whose validation never starts: once its job fails for good, the order is cancelled and refunded', async () => {
    const c = await customer();
    const cn = `start-${tag}.example.com`;
    const orderNo = must<string>(await c.api.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(cn), commonName: cn }));
    const [o] = await t.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [orderNo]);
    const before = await balanceOf(t.app, c.id);
    const heal = await fault(t.app, 'order_domains', 'INSERT', `NEW.order_id = ${o!.id}`);
    try {
      must(await c.api.post('/v1/orders/pay', { payWay: 'balance', orderNo }));
      expect(await balanceOf(t.app, c.id)).toBe(before - price);
      // orders.paid fails for good and hands the order to dcv.start, which keeps failing too.
      await untilFailed(t.app, 'orders.paid', `payload->'orderNos' ? $2`, [orderNo]);
      await untilFailed(t.app, 'dcv.start', `payload->>'orderId' = $2`, [String(o!.id)]);
    } finally {
      await heal();
    }
    expect(must<{ orderStatus: number }>(await c.api.get(`/v1/orders/status/${orderNo}`)).orderStatus).toBe(1004);
    expect(await balanceOf(t.app, c.id)).toBe(before);
    expect((await messages(c.api)).map((m) => m.title)).toEqual([`Not completed: Certificate order ${orderNo} (${cn})`]);
    await expectLedgerMatchesBalances(t.app.db);
  });

  it('a batch payment whose job keeps failing: the unpaid orders end unpaid with the reason, nothing is taken for them, the customer is told', async () => {
    const c = await customer();
    const orderNos = await payableOrders(t.app, c.id, [10_000, 20_000, 30_000]);
    const before = await balanceOf(t.app, c.id);
    const heal = await fault(t.app, 'orders', 'UPDATE', `NEW.order_no = ANY(ARRAY['${orderNos.join("','")}'])`);
    let queueId = '';
    try {
      queueId = must<{ queueId: string }>(await c.api.post('/v1/orders/batch/pay', { orderNos })).queueId;
      await untilFailed(t.app, 'payment.batchPay', `payload->>'queueId' = $2`, [queueId]);
    } finally {
      await heal();
    }
    const status = must<{ status: string; failCount: number; successCount: number; failOrders: { orderNo: string; reason: string }[] }>(
      await c.api.get(`/v1/orders/batch/pay/status?queueId=${queueId}`, { lang: 'en' }));
    expect(status).toMatchObject({ status: 'end', failCount: 3, successCount: 0 });
    expect(status.failOrders.map((f) => f.reason)).toEqual(Array(3).fill('The batch payment stopped after a system fault: this order is unpaid and nothing was taken'));
    expect(await balanceOf(t.app, c.id)).toBe(before);
    expect(await messages(c.api)).toEqual([expect.objectContaining({ title: `Not completed: Batch payment ${queueId}`, content: expect.stringContaining('3 orders are still unpaid'), link: '/payment/batch' })]);
    await drainAll(t.app);
    expect((await mailsTo(c.mail)).some((m) => m.subject.includes(`Batch payment ${queueId}`))).toBe(true);
  });
});
