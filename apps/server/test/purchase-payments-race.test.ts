import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll } from './orders-helpers.ts';
import { balanceOf, callbackFor, expectLedgerMatchesBalances, postCallback, sandboxSecretForTests } from './payment-helpers.ts';

/**
 * A gateway delivers its callback twice at the same instant (a retry racing the first delivery) on PostgreSQL, where
 * the transactions really overlap: a domain checkout's orders and a certificate package are settled once.
 */
let t: TestApp;
const P = '/dm-serv/v1';
let offerId = 0;

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: sandboxSecretForTests, LOG_LEVEL: process.env.TEST_LOG ?? 'silent' }, { postgres: true });
  await addProducts(t.app, [testProducts.flex]);
  const [offer] = await t.app.db.query<{ id: number }>(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ('T-FLEX', 2, 30000) RETURNING id`);
  offerId = offer!.id;
});
afterAll(async () => {
  await t?.close();
});

type Pending = { payment: { paymentId: string } };

/** Delivers the succeeded callback of a payment `n` times at once: answers how many were applied. */
async function deliverAtOnce(paymentId: string, n: number): Promise<number> {
  const cb = await callbackFor(t.app, paymentId, 'succeeded');
  const answers = await Promise.all(Array.from({ length: n }, () => postCallback(t.app, cb)));
  for (const a of answers) expect(a.status).toBe(200);
  return answers.filter((a) => a.body.applied).length;
}

describe('gateway callback delivered concurrently', () => {
  it('settles a domain checkout once: one set of orders, each name registered once, no money moved', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await newAccount(t.app);
      const me = client(t.app, a.token);
      const contactId = ((await me.post(`${P}/contacts`, { name: 'Racer', email: 'racer@example.com', telephone: '13912345678' })).body.data as { id: number }).id;
      const names = [0, 1].map(() => `twice-${randomBytes(5).toString('hex')}.com`);
      const cart = (await me.post(`${P}/carts`, { domains: names })).body.data as { items: { id: number }[] };
      const r = (await me.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId, payWay: 'alipay' })).body;
      expect(r.code, r.msg).toBe(200);
      expect(await deliverAtOnce((r.data as Pending).payment.paymentId, 3)).toBe(1);
      await drainAll(t.app);
      const [orders] = await t.app.db.query<{ n: number; ok: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'succeeded')::int AS ok FROM domain_orders WHERE account_id = $1`, [a.id]);
      expect(orders).toEqual({ n: 2, ok: 2 });
      const [held] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domains WHERE name = ANY($1::text[]) AND gone_at IS NULL`, [names]);
      expect(held!.n).toBe(2);
      expect(await balanceOf(t.app, a.id)).toBe(0);
    }
    await expectLedgerMatchesBalances(t.app.db);
  });

  it('grants a package once', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await newAccount(t.app);
      const me = client(t.app, a.token);
      const r = (await me.post('/v1/certPkg', { offerId, payWay: 'wechat' })).body;
      expect(r.code, r.msg).toBe(200);
      expect(await deliverAtOnce((r.data as Pending).payment.paymentId, 3)).toBe(1);
      const [k] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM cert_packages WHERE account_id = $1`, [a.id]);
      expect(k!.n).toBe(1);
    }
    await expectLedgerMatchesBalances(t.app.db);
  });
});
