import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tldByAscii } from '@cc/domain/registrar';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll } from './orders-helpers.ts';
import { balanceOf, callbackFor, expectLedgerMatchesBalances, fundedAccount, postCallback, sandboxSecretForTests } from './payment-helpers.ts';

/**
 * One pay path for every purchase: a domain checkout and a certificate package are paid through the payment
 * dialog's ways like a certificate order. Through an outside way the purchase is settled by the gateway's callback,
 * once (a replay changes nothing); a name taken meanwhile is refunded to the balance; the balance still pays at once.
 */
let t: TestApp;
const P = '/dm-serv/v1';
const com = tldByAscii.get('com')!;
type A = { body: { code: number; data: unknown; msg: string; errors?: Record<string, string> } };
const must = <T>(r: A): T => {
  expect(r.body.code, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  return r.body.data as T;
};
type PayResult = { status: string; paymentId: string; payWay: string; amount: number; webPagePayURL: string };
type Checkout = { orders: { orderNo: string; status: string; domain: string }[]; amount: number; payment: PayResult | null };
type Payment = { id: string; purpose: string; amount: number; status: string; outcome: string; orderNos: string[] };
type Cart = { items: { id: number; domain: string; price: number }[] };
let offerId = 0;

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: sandboxSecretForTests, LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
  await addProducts(t.app, [testProducts.flex]);
  [{ id: offerId }] = await t.app.db.query<{ id: number }>(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ('T-FLEX', 3, 45000) RETURNING id`) as [{ id: number }];
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t.close());

/** An account with nothing on its balance, a registrant, and `n` fresh .com names in its cart. */
async function shopper(n: number, balance = 0) {
  const a = balance ? await fundedAccount(t.app, balance) : await newAccount(t.app);
  const me = client(t.app, a.token);
  const contactId = must<{ id: number }>(await me.post(`${P}/contacts`, { name: 'Payer Li', email: 'payer@example.com', telephone: '13912345678' })).id;
  const names = Array.from({ length: n }, () => `pay-${randomBytes(5).toString('hex')}.com`);
  const cart = must<Cart>(await me.post(`${P}/carts`, { domains: names }));
  return { a, me, contactId, names, cartIds: cart.items.map((i) => i.id) };
}

const paymentOf = async (me: ReturnType<typeof client>, id: string) => must<Payment>(await me.get(`/v1/payments/${id}`));
const domainsHeld = async (accountId: number) =>
  (await t.app.db.query<{ name: string }>(`SELECT name FROM domains WHERE account_id = $1 AND gone_at IS NULL ORDER BY name`, [accountId])).map((r) => r.name);

describe('domain checkout through an outside way', () => {
  it('opens a payment; the gateway callback makes and registers the orders, once; the cart empties; no balance moves', async () => {
    const s = await shopper(2);
    const r = must<Checkout>(await s.me.post(`${P}/pay`, { cartIds: s.cartIds, contactId: s.contactId, payWay: 'alipay' }));
    expect(r.orders).toEqual([]);
    expect(r.amount).toBe(2 * com.register);
    expect(r.payment).toMatchObject({ status: 'pending', payWay: 'alipay', amount: 2 * com.register });
    const id = r.payment!.paymentId;
    // Pressing pay again answers the same live payment.
    expect(must<Checkout>(await s.me.post(`${P}/pay`, { cartIds: s.cartIds, contactId: s.contactId, payWay: 'alipay' })).payment!.paymentId).toBe(id);
    expect(await paymentOf(s.me, id)).toMatchObject({ purpose: 'domain', status: 'pending', outcome: '', orderNos: [] });
    // The sandbox's hosted page names what is bought.
    const sbx = new URL(r.payment!.webPagePayURL).searchParams.get('id')!;
    expect(((await t.app.inject({ method: 'GET', url: `/sandbox/payments/${sbx}` })).json() as { data: { subject: string } }).data.subject).toContain(s.names[0]);
    // Nothing is made before the gateway says so.
    expect(await domainsHeld(s.a.id)).toEqual([]);

    const cb = await callbackFor(t.app, id, 'succeeded');
    expect((await postCallback(t.app, cb)).body).toMatchObject({ applied: true, reason: 'applied' });
    await drainAll(t.app);
    const paid = await paymentOf(s.me, id);
    expect(paid).toMatchObject({ status: 'succeeded', outcome: 'domain_paid' });
    expect(paid.orderNos).toHaveLength(2);
    expect(await domainsHeld(s.a.id)).toEqual([...s.names].sort());
    const orders = await t.app.db.query<{ status: string; amount: number }>(`SELECT status, amount::float8 AS amount FROM domain_orders WHERE order_no = ANY($1::text[])`, [paid.orderNos]);
    expect(orders.map((o) => o.status)).toEqual(['succeeded', 'succeeded']);
    expect(must<Cart>(await s.me.get(`${P}/carts`)).items).toEqual([]);
    expect(await balanceOf(t.app, s.a.id)).toBe(0);

    // A replay changes nothing.
    expect((await postCallback(t.app, cb)).body).toMatchObject({ applied: false, reason: 'replay' });
    await drainAll(t.app);
    const [n] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_orders WHERE account_id = $1`, [s.a.id]);
    expect(n!.n).toBe(2);
    // The bills count what the gateway paid, order by order, and it can be invoiced.
    const [inv] = await t.app.db.query<{ n: number }>(`SELECT billing_to_be_invoiced($1)::float8 AS n`, [s.a.id]);
    expect(inv!.n).toBe(2 * com.register);
    // What the account shows as invoiceable (the stored figure) is that same sum.
    expect(must<{ toBeInvoicedAmount: number }>(await s.me.get('/v1/invoices')).toBeInvoicedAmount).toBe(2 * com.register);
    const bills = must<{ data: { amount: number; ref: string }[] }>(await s.me.get('/v1/transactions?limit=10&offset=1'));
    expect(bills.data.map((b) => b.ref).sort()).toEqual([...paid.orderNos].sort());
  });

  it('refunds to the balance a name another account took between paying and the callback, by the rules of a balance checkout', async () => {
    const s = await shopper(2);
    const r = must<Checkout>(await s.me.post(`${P}/pay`, { cartIds: s.cartIds, contactId: s.contactId, payWay: 'wechat' }));
    // Someone else registers the first name from the balance meanwhile.
    const other = await fundedAccount(t.app, 1_000_000);
    const o = client(t.app, other.token);
    const oc = must<{ id: number }>(await o.post(`${P}/contacts`, { name: 'Other', email: 'other@example.com', telephone: '13912345678' })).id;
    const oCart = must<Cart>(await o.post(`${P}/carts`, { domains: [s.names[0]] }));
    expect(must<Checkout>(await o.post(`${P}/pay`, { cartIds: oCart.items.map((i) => i.id), contactId: oc })).orders[0]!.status).toBe('succeeded');

    await postCallback(t.app, await callbackFor(t.app, r.payment!.paymentId, 'succeeded'));
    await drainAll(t.app);
    const paid = await paymentOf(s.me, r.payment!.paymentId);
    const orders = await t.app.db.query<{ name: string; status: string }>(`SELECT name, status FROM domain_orders WHERE order_no = ANY($1::text[]) ORDER BY name`, [paid.orderNos]);
    expect(Object.fromEntries(orders.map((x) => [x.name, x.status]))).toEqual({ [s.names[0]!]: 'refunded', [s.names[1]!]: 'succeeded' });
    expect(await domainsHeld(s.a.id)).toEqual([s.names[1]]);
    expect(await balanceOf(t.app, s.a.id)).toBe(com.register);
    const [inv] = await t.app.db.query<{ n: number }>(`SELECT billing_to_be_invoiced($1)::float8 AS n`, [s.a.id]);
    expect(inv!.n).toBe(com.register);
    expect(must<{ toBeInvoicedAmount: number }>(await s.me.get('/v1/invoices')).toBeInvoicedAmount).toBe(com.register);
  });

  it('a declined payment makes nothing and keeps the cart', async () => {
    const s = await shopper(1);
    const r = must<Checkout>(await s.me.post(`${P}/pay`, { cartIds: s.cartIds, contactId: s.contactId, payWay: 'paypal' }));
    expect((await postCallback(t.app, await callbackFor(t.app, r.payment!.paymentId, 'declined'))).body.applied).toBe(true);
    await drainAll(t.app);
    expect(await paymentOf(s.me, r.payment!.paymentId)).toMatchObject({ status: 'declined', orderNos: [] });
    expect(must<Cart>(await s.me.get(`${P}/carts`)).items).toHaveLength(1);
    expect(await domainsHeld(s.a.id)).toEqual([]);
  });

  it('refuses wrong ways, another account\'s cart and payment, and an incomplete profile for the card provider', async () => {
    const s = await shopper(1);
    const body = { cartIds: s.cartIds, contactId: s.contactId };
    expect((await s.me.post(`${P}/pay`, { ...body, payWay: 'bogus' })).body).toMatchObject({ code: 10001, msg: '不支持的支付方式 bogus' });
    expect((await s.me.post(`${P}/pay`, { ...body, payWay: 'usdt' })).body).toMatchObject({ code: 10001, msg: '单个订单不支持 usdt 支付' });
    expect((await s.me.post(`${P}/pay`, { ...body, payWay: 'stripe' })).body.code).toBe(12077);
    expect((await s.me.post(`${P}/pay`, { ...body, payWay: 'alipay', returnUrl: 'https://evil.example/' })).body.code).toBe(10001);
    const other = await shopper(1);
    expect((await other.me.post(`${P}/pay`, { cartIds: s.cartIds, contactId: other.contactId, payWay: 'alipay' })).body.code).toBe(10004);
    const r = must<Checkout>(await s.me.post(`${P}/pay`, { ...body, payWay: 'alipay' }));
    expect((await other.me.get(`/v1/payments/${r.payment!.paymentId}`)).body).toMatchObject({ code: 10004, msg: '支付记录不存在' });
    const en = await t.app.inject({ method: 'GET', url: '/v1/payments/nope', headers: { token: other.a.token, lang: 'en' } });
    expect(en.json()).toMatchObject({ code: 10004, msg: 'Payment not found' });
  });

  it('the balance still pays at once, with no payment', async () => {
    const s = await shopper(1, 1_000_000);
    const r = must<Checkout>(await s.me.post(`${P}/pay`, { cartIds: s.cartIds, contactId: s.contactId }));
    expect(r.payment).toBeNull();
    expect(r.orders.map((o) => o.status)).toEqual(['succeeded']);
    expect(await balanceOf(t.app, s.a.id)).toBe(1_000_000 - com.register);
  });
});

describe('certificate package through an outside way', () => {
  it('grants the package at the price paid when the gateway confirms, once; the balance does not move', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const r = must<{ id: number; amount: number; payment: PayResult | null }>(await me.post('/v1/certPkg', { offerId, payWay: 'wechat' }));
    expect(r).toMatchObject({ id: 0, amount: 45_000, payment: { status: 'pending', payWay: 'wechat', amount: 45_000 } });
    expect((await me.get('/v1/certPkg')).body.data).toMatchObject({ packages: [] });
    const cb = await callbackFor(t.app, r.payment!.paymentId, 'succeeded');
    expect((await postCallback(t.app, cb)).body.applied).toBe(true);
    expect((await postCallback(t.app, cb)).body.reason).toBe('replay');
    expect(await paymentOf(me, r.payment!.paymentId)).toMatchObject({ purpose: 'package', status: 'succeeded', outcome: 'package_granted' });
    const pk = must<{ packages: { quantity: number; remaining: number; price: number }[] }>(await me.get('/v1/certPkg'));
    expect(pk.packages).toEqual([expect.objectContaining({ quantity: 3, remaining: 3, price: 45_000 })]);
    expect(await balanceOf(t.app, a.id)).toBe(0);
    const bills = must<{ data: { amount: number; item: string; productType: string }[] }>(await me.get('/v1/transactions?limit=10&offset=1'));
    expect(bills.data).toEqual([expect.objectContaining({ amount: 45_000, item: 'package' })]);
    expect(must<{ toBeInvoicedAmount: number }>(await me.get('/v1/invoices')).toBeInvoicedAmount).toBe(45_000);
  });

  it('refuses an unknown offer and crypto; the balance path answers no payment', async () => {
    const a = await fundedAccount(t.app, 100_000);
    const me = client(t.app, a.token);
    expect((await me.post('/v1/certPkg', { offerId: 999_999, payWay: 'alipay' })).body).toMatchObject({ code: 10004, msg: '证书套餐不存在或已下架' });
    expect((await me.post('/v1/certPkg', { offerId, payWay: 'usdc' })).body.code).toBe(10001);
    const b = must<{ id: number; amount: number; balance: number; payment: null }>(await me.post('/v1/certPkg', { offerId }));
    expect(b).toMatchObject({ amount: 45_000, balance: 55_000, payment: null });
    expect(b.id).toBeGreaterThan(0);
  });
});
