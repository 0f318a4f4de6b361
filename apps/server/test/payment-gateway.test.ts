import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import {
  balanceOf, callbackFor, completeProfile, expectLedgerMatchesBalances, expireNow, ledgerSum, orderStatusOf, payableOrder, postCallback, sandboxSecretForTests,
} from './payment-helpers.ts';

type PayResult = {
  status: string; paymentId: string; payWay: string; amount: number; webPagePayURL: string; payURL: string; stripePublicKey: string; clientSecret: string;
  sessionID: string; webCurrency: string; backCurrency: string; transferredPriceCent: number; qrCodeBase64: string; expireTime: number;
  sandboxPageURL: string;
};
type Body = { code: number; data: unknown; msg: string };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: sandboxSecretForTests });
  // Callbacks travel over real HTTP to this server's own port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t.close());

const sandboxIdOf = (r: PayResult) => new URL(r.webPagePayURL).searchParams.get('id')!;
const publicPost = async (url: string) => (await t.app.inject({ method: 'POST', url })).json() as Body;
const publicGet = async (url: string) => (await t.app.inject({ method: 'GET', url })).json() as Body;

async function payOne(payWay: string, amount = 12_345) {
  const a = await newAccount(t.app);
  await completeProfile(t.app, a.id);
  const me = client(t.app, a.token);
  const orderNo = await payableOrder(t.app, a.id, amount);
  const r = await me.post('/v1/orders/pay', { payWay, aim: 'makeOrder', name: 'AlphaSSL', orderNo });
  expect(r.body.code, r.body.msg).toBe(200);
  return { a, me, orderNo, result: r.body.data as PayResult };
}

describe('outside ways through the sandbox', () => {
  it('answers each method as its provider would', async () => {
    const ali = (await payOne('alipay')).result;
    expect(ali).toMatchObject({ status: 'pending', payWay: 'alipay', amount: 12_345, webCurrency: 'CNY', backCurrency: 'CNY', payURL: '', sessionID: '' });
    expect(ali.webPagePayURL).toMatch(/^http:\/\/[^/]+\/payment\/test\?id=sbx_/);
    expect(ali.qrCodeBase64).toMatch(/^data:image\/png;base64,/);
    expect(ali.expireTime).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect((await payOne('wechat')).result.qrCodeBase64).toMatch(/^data:image\/png;base64,/);
    const pp = (await payOne('paypal')).result;
    expect(pp.webPagePayURL).toMatch(/token=EC-/);
    expect(pp.qrCodeBase64).toBe('');
    const card = (await payOne('stripe')).result;
    expect(card.sessionID).toMatch(/^cs_test_/);
    expect(card.clientSecret).toMatch(/_secret_/);
    expect(card.stripePublicKey).toMatch(/^pk_test_sandbox_/);
    expect((await payOne('stripe_alipay')).result.qrCodeBase64).toMatch(/^data:image\/png/);

    // Pressing pay again answers the same live payment.
    const { me, orderNo, result } = await payOne('alipay');
    const again = (await me.post('/v1/orders/pay', { payWay: 'alipay', orderNo })).body.data as PayResult;
    expect(again.paymentId).toBe(result.paymentId);

    const view = await publicGet(`/sandbox/payments/${sandboxIdOf(result)}`);
    expect(view).toMatchObject({ code: 200, data: { method: 'alipay', amount: 12_345, currency: 'CNY', status: 'pending', page: 'payment' } });
    expect((view.data as { subject: string }).subject).toBe(`AlphaSSL · 订单 ${orderNo}`);
  });

  it('refuses the card provider with 12077 while the personal profile is incomplete', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const orderNo = await payableOrder(t.app, a.id, 100);
    expect((await me.post('/v1/orders/pay', { payWay: 'stripe', orderNo })).body).toMatchObject({ code: 12077, msg: '请先完善个人信息' });
    expect((await me.post('/v1/orders/pay', { payWay: 'stripe_wechat', orderNo })).body.code).toBe(12077);
    expect((await me.post('/v1/orders/pay', { payWay: 'alipay', orderNo })).body.code).toBe(200);
  });

  it('approve → durable job → signed loopback callback → order paid, once', async () => {
    const { orderNo, result } = await payOne('wechat');
    const approved = await publicPost(`/sandbox/payments/${sandboxIdOf(result)}/approve`);
    expect(approved).toMatchObject({ code: 200, data: { status: 'succeeded' } });
    expect((approved.data as { redirectUrl: string }).redirectUrl).toContain(`/ssl/certificate/${orderNo}?paymentStatus=succeeded`);
    expect(await orderStatusOf(t.app, orderNo)).toBe(1001);
    await t.app.jobs.drain();
    expect(await orderStatusOf(t.app, orderNo)).toBe(1002);
    const [p] = await t.app.db.query<{ status: string; outcome: string }>(`SELECT status, outcome FROM payments WHERE id = $1`, [result.paymentId]);
    expect(p).toEqual({ status: 'succeeded', outcome: 'order_paid' });
    expect((await publicPost(`/sandbox/payments/${sandboxIdOf(result)}/decline`)).msg).toBe('该支付已结束（succeeded），不能再操作');
  });

  it('decline: the order stays unpaid; a later success is late and ignored', async () => {
    const { orderNo, result } = await payOne('alipay');
    expect((await publicPost(`/sandbox/payments/${sandboxIdOf(result)}/decline`)).data).toMatchObject({ status: 'declined' });
    await t.app.jobs.drain();
    const late = await postCallback(t.app, await callbackFor(t.app, result.paymentId, 'succeeded'));
    expect(late).toEqual({ status: 200, body: { received: true, applied: false, reason: 'late' }, msg: '支付已结束，迟到的回调已忽略' });
    expect(await orderStatusOf(t.app, orderNo)).toBe(1001);
  });

  it('pay again after a decline whose callback has not arrived: replacePaymentId opens a new payment', async () => {
    const { me, orderNo, result } = await payOne('alipay');
    const again = async (extra: object = {}) => (await me.post('/v1/orders/pay', { payWay: 'alipay', orderNo, ...extra })).body.data as PayResult;
    // Pressing pay again answers the live payment...
    expect((await again()).paymentId).toBe(result.paymentId);
    // ...but not the one the payer just declined on the provider's page (its callback still queued, not delivered).
    expect((await publicPost(`/sandbox/payments/${sandboxIdOf(result)}/decline`)).data).toMatchObject({ status: 'declined' });
    const fresh = await again({ replacePaymentId: result.paymentId });
    expect(fresh.status).toBe('pending');
    expect(fresh.paymentId).not.toBe(result.paymentId);
    expect(sandboxIdOf(fresh)).not.toBe(sandboxIdOf(result));
    // The new one is the live payment from now on; the declined one ends declined once its callback arrives.
    expect((await again()).paymentId).toBe(fresh.paymentId);
    await t.app.jobs.drain();
    const rows = await t.app.db.query<{ id: string; status: string }>(`SELECT id, status FROM payments WHERE order_nos = $1::text[] ORDER BY created_at`, [[orderNo]]);
    expect(rows).toEqual([{ id: result.paymentId, status: 'declined' }, { id: fresh.paymentId, status: 'pending' }]);
  });
});

describe('callbacks', () => {
  it('the same callback 5 times at once applies once (top-up credited once)', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const r = (await me.post('/v1/deposit', { amount: 50_000, payWay: 'alipay' })).body.data as PayResult;
    const cb = await callbackFor(t.app, r.paymentId, 'succeeded');
    const results = await Promise.all(Array.from({ length: 5 }, () => postCallback(t.app, cb)));
    expect(results.filter((x) => x.body.applied)).toHaveLength(1);
    expect(results.every((x) => x.status === 200)).toBe(true);
    expect(await balanceOf(t.app, a.id)).toBe(50_000);
    expect(await ledgerSum(t.app, a.id)).toBe(50_000);
  });

  it('ignores forged signatures, stale timestamps, wrong amounts and currencies, unknown payments', async () => {
    const { orderNo, result } = await payOne('alipay');
    const cb = await callbackFor(t.app, result.paymentId, 'succeeded');
    expect((await postCallback(t.app, cb, { secret: 'not-the-secret-at-all' })).status).toBe(401);
    expect((await postCallback(t.app, cb, { signature: 'deadbeef' })).status).toBe(401);
    expect((await postCallback(t.app, cb, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).body).toMatchObject({ applied: false, reason: 'stale_timestamp' });
    expect((await postCallback(t.app, { ...cb, amount: 1 })).body).toEqual({ received: false, applied: false, reason: 'amount_mismatch' });
    expect((await postCallback(t.app, { ...cb, currency: 'USD' })).status).toBe(400);
    expect((await postCallback(t.app, { ...cb, merchantRef: 'pay_nope' })).body.reason).toBe('unknown_payment');
    expect((await postCallback(t.app, { hello: 'world' })).status).toBe(400);
    // Garbage without a signature, NUL bytes included, is refused as unsigned (and logged), in the envelope.
    for (const payload of ['\u0000', '{"a":"\u0000"}', '\ud800']) {
      const r = await t.app.inject({ method: 'POST', url: '/payment-callbacks/sandbox', headers: { 'content-type': 'application/json', lang: 'en' }, payload });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 401, data: { received: false, applied: false, reason: 'bad_signature' }, msg: 'The callback signature is invalid' });
    }
    expect(await orderStatusOf(t.app, orderNo)).toBe(1001);
    const [log] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_callback_log`);
    expect(log!.n).toBeGreaterThanOrEqual(7);
    // The genuine one still applies.
    expect((await postCallback(t.app, cb)).body.applied).toBe(true);
    expect(await orderStatusOf(t.app, orderNo)).toBe(1002);
  });

  it('money for an order paid meanwhile by balance lands on the balance', async () => {
    const { a, me, orderNo, result } = await payOne('alipay', 8_000);
    await t.app.db.tx(async (q) => {
      const { postLedgerEntry } = await import('../src/services/payments/ledger.ts');
      await postLedgerEntry(q, { accountId: a.id, amount: 8_000, kind: 'adjustment', ref: `opening:${a.id}` });
    });
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
    expect((await postCallback(t.app, await callbackFor(t.app, result.paymentId, 'succeeded'))).body.applied).toBe(true);
    expect(await balanceOf(t.app, a.id)).toBe(8_000);
    expect(await ledgerSum(t.app, a.id)).toBe(8_000);
  });
});

describe('the sandbox page beside the QR code', () => {
  /** The sandbox's own rendering: the same text always gives the same image. */
  const qrOf = (text: string) => QRCode.toDataURL(text, { margin: 1, width: 256, errorCorrectionLevel: 'M' });

  it('outside production: WeChat, USDT and USDC name the hosted page, and their QR code opens it', async () => {
    const wechat = (await payOne('wechat')).result;
    expect(wechat.sandboxPageURL).toMatch(/^http:\/\/[^/]+\/payment\/test\?id=sbx_/);
    expect(wechat.sandboxPageURL).toBe(wechat.webPagePayURL);
    expect(wechat.qrCodeBase64).toBe(await qrOf(wechat.sandboxPageURL));
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    for (const payWay of ['usdt', 'usdc']) {
      const r = (await me.post('/v1/deposit', { amount: 10_000, payWay })).body.data as PayResult;
      expect(r.sandboxPageURL, payWay).toMatch(/^http:\/\/[^/]+\/deposit\/test\?id=sbx_/);
      expect(r.qrCodeBase64, payWay).toBe(await qrOf(r.sandboxPageURL));
      // The address to transfer to is still given, for the copy box.
      expect(r.payURL, payWay).not.toBe('');
      // The page is the sandbox's own: it shows this payment.
      expect((await publicGet(`/sandbox/payments/${sandboxIdOf(r)}`)).data).toMatchObject({ method: payWay, status: 'pending', page: 'deposit' });
    }
    // Pressing pay again answers the same payment, still with its page.
    const { me: me2, orderNo, result } = await payOne('wechat');
    const again = (await me2.post('/v1/orders/pay', { payWay: 'wechat', orderNo })).body.data as PayResult;
    expect(again).toMatchObject({ paymentId: result.paymentId, sandboxPageURL: result.sandboxPageURL });
  });

  it('in production the pay result names no sandbox page', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', DEV_OUTBOX: '', MASTER_KEY: randomBytes(32).toString('base64'), PAYMENT_SANDBOX_SECRET: randomBytes(16).toString('hex'), OPERATOR_SECRET: randomBytes(16).toString('hex') });
    try {
      const a = await newAccount(prod.app);
      const r = (await client(prod.app, a.token).post('/v1/deposit', { amount: 10_000, payWay: 'wechat' })).body;
      expect(r.code, r.msg).toBe(200);
      expect((r.data as PayResult).sandboxPageURL).toBe('');
      expect((r.data as PayResult).qrCodeBase64).toMatch(/^data:image\/png/);
    } finally {
      await prod.close();
    }
  });
});

describe('crypto expiry', () => {
  it('quotes in the coin at the USD rate, expires after 30 minutes, ignores a late callback', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const r = (await me.post('/v1/deposit', { amount: 10_000, payWay: 'usdt' })).body.data as PayResult;
    expect(r).toMatchObject({ webCurrency: 'USDT', backCurrency: 'CNY', transferredPriceCent: 1_389 });
    expect(r.payURL).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(r.qrCodeBase64).toMatch(/^data:image\/png/);
    expect(Math.abs(r.expireTime - (Date.now() / 1000 + 1800))).toBeLessThan(60);
    const usdc = (await me.post('/v1/deposit', { amount: 10_000, payWay: 'usdc' })).body.data as PayResult;
    expect(usdc.payURL).toMatch(/^0x[0-9a-f]{40}$/);

    await expireNow(t.app, r.paymentId);
    await t.app.jobs.drain();
    expect((await me.get(`/v1/deposit/${r.paymentId}`)).body.data).toMatchObject({ status: 'expired' });
    expect((await publicGet(`/sandbox/payments/${sandboxIdOf(r)}`)).data).toMatchObject({ status: 'expired' });
    expect((await publicPost(`/sandbox/payments/${sandboxIdOf(r)}/approve`)).msg).toBe('该支付已过期');
    const late = await postCallback(t.app, await callbackFor(t.app, r.paymentId, 'succeeded'));
    expect(late.body).toMatchObject({ applied: false, reason: 'late' });
    expect(await balanceOf(t.app, a.id)).toBe(0);
  });
});

describe('top-up and PayPal', () => {
  it('top-up approve end to end through the sandbox API', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    expect((await me.post('/v1/deposit', { amount: 99, payWay: 'alipay' })).body.msg).toBe('充值金额须在 1.00 至 100,000.00 元之间');
    expect((await me.post('/v1/deposit', { amount: 1000, payWay: 'balance' })).body.msg).toBe('充值不能使用余额支付');
    const r = (await me.post('/v1/deposit', { amount: 30_000, payWay: 'wechat' }, { form: true })).body.data as PayResult;
    expect(r.webPagePayURL).toContain('/deposit/test?id=');
    expect((await me.get(`/v1/deposit/${r.paymentId}`)).body.data).toMatchObject({ status: 'pending', amount: 30_000, payWay: 'wechat', completedAt: null });
    expect((await publicPost(`/sandbox/payments/${sandboxIdOf(r)}/approve`)).code).toBe(200);
    await t.app.jobs.drain();
    expect((await me.get(`/v1/deposit/${r.paymentId}`)).body.data).toMatchObject({ status: 'succeeded' });
    expect(await balanceOf(t.app, a.id)).toBe(30_000);
    const records = (await me.get('/v1/creditChangeRecords')).body.data as { data: { kind: string; payWay: number }[] };
    expect(records.data[0]).toMatchObject({ kind: 'top_up', payWay: 1 });
    const other = client(t.app, (await newAccount(t.app)).token);
    expect((await other.get(`/v1/deposit/${r.paymentId}`)).body.msg).toBe('充值记录不存在');
  });

  it('PayPal: approve redirects with token and PayerID, capture completes once', async () => {
    const { me, orderNo, result } = await payOne('paypal');
    const token = new URL(result.webPagePayURL).searchParams.get('token')!;
    expect((await me.post('/v1/orders/paypal/capture', { token, PayerID: 'X' })).body.msg).toBe('付款人尚未在 PayPal 页面确认付款');
    const ok = await publicPost(`/sandbox/payments/${sandboxIdOf(result)}/approve`);
    const back = new URL((ok.data as { redirectUrl: string }).redirectUrl);
    expect(back.pathname).toBe(`/ssl/certificate/${orderNo}`);
    const PayerID = back.searchParams.get('PayerID')!;
    expect(back.searchParams.get('token')).toBe(token);
    expect((await me.post('/v1/orders/paypal/capture', { token, PayerID: 'WRONG' })).body.msg).toBe('PayerID 与该 PayPal 支付不符');
    const cap = await me.post('/v1/orders/paypal/capture', { token, PayerID });
    expect(cap.body).toMatchObject({ code: 200, data: { status: 'succeeded', purpose: 'order', orderNos: [orderNo] } });
    expect(await orderStatusOf(t.app, orderNo)).toBe(1002);
    expect((await me.post('/v1/orders/paypal/capture', { token, PayerID })).body.code).toBe(200);
    // The webhook that follows the capture is a replay.
    await t.app.jobs.drain();
    const [log] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_callback_log WHERE payment_id = $1 AND verdict = 'replay'`, [result.paymentId]);
    expect(log!.n).toBeGreaterThanOrEqual(1);
    const stranger = client(t.app, (await newAccount(t.app)).token);
    expect((await stranger.post('/v1/orders/paypal/capture', { token, PayerID })).body.msg).toBe('PayPal 支付不存在或已失效');
  });
});
