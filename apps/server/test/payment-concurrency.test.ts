import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentsContext } from '../src/services/payments/context.ts';
import { createBatchQueue, runBatchQueue } from '../src/services/payments/batch.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import {
  balanceOf, callbackFor, expectLedgerMatchesBalances, fundedAccount, ledgerSum, orderStatusOf, payableOrder, postCallback, sandboxSecretForTests,
} from './payment-helpers.ts';

// Plainly on in-memory PGlite; with DATABASE_URL on PostgreSQL, where the pool's 10 connections run the
// transactions really at the same time and only row locks keep them apart.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX_SECRET: sandboxSecretForTests });
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t.close());

const price = 10_000;
const at50 = <T>(fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 50 }, (_, i) => fn(i)));

describe('simultaneous balance payments', () => {
  it('50 pays of one order at once charge it once; the others are told it is paid', async () => {
    const a = await fundedAccount(t.app, 100 * price);
    const me = client(t.app, a.token);
    const orderNo = await payableOrder(t.app, a.id, price);
    const results = await at50(() => me.post('/v1/orders/pay', { payWay: 'balance', orderNo }));
    expect(results.every((r) => r.status === 200), 'no 500').toBe(true);
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code !== 200).map((r) => r.body.msg)).toEqual(Array.from({ length: 49 }, () => `订单 ${orderNo} 已支付`));
    expect(await balanceOf(t.app, a.id)).toBe(99 * price);
    const [n] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'order_payment' AND ref = $1`, [orderNo]);
    expect(n!.n).toBe(1);
    expect(await orderStatusOf(t.app, orderNo)).toBe(1002);
  });

  it('50 pays of 50 orders from a balance for exactly 10: 10 succeed, the balance ends at zero', async () => {
    const a = await fundedAccount(t.app, 10 * price);
    const me = client(t.app, a.token);
    const orders = await at50(() => payableOrder(t.app, a.id, price));
    const results = await at50((i) => me.post('/v1/orders/pay', { payWay: 'balance', orderNo: orders[i]! }));
    expect(results.every((r) => r.status === 200), 'no 500').toBe(true);
    const paid = orders.filter((_, i) => results[i]!.body.code === 200);
    expect(paid).toHaveLength(10);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.code === 13001 && r.body.msg === '余额不足，请先充值')).toBe(true);
    expect(await balanceOf(t.app, a.id)).toBe(0);
    expect(await ledgerSum(t.app, a.id)).toBe(0);
    const statuses = await Promise.all(orders.map((o) => orderStatusOf(t.app, o)));
    expect(orders.filter((_, i) => statuses[i] === 1002).sort()).toEqual([...paid].sort());
    // Each balance_after is a state the balance really went through: 9, 8, ... 0 prices, once each.
    const after = await t.app.db.query<{ b: number }>(`SELECT balance_after::float8 AS b FROM ledger_entries WHERE account_id = $1 AND kind = 'order_payment' ORDER BY id`, [a.id]);
    expect(after.map((r) => r.b)).toEqual(Array.from({ length: 10 }, (_, i) => (9 - i) * price));
  });

  it('50 pays of 50 orders at once, with 10 asking for another account\'s order: 40 paid once each, 10 told not found', async () => {
    // A refused payment among one account's simultaneous ones changes nothing and keeps its own answer; the others
    // are paid as if alone.
    const a = await fundedAccount(t.app, 100 * price);
    const other = await fundedAccount(t.app, 100 * price);
    const me = client(t.app, a.token);
    const mine = await at50(() => payableOrder(t.app, a.id, price));
    const theirs = await Promise.all(Array.from({ length: 10 }, () => payableOrder(t.app, other.id, price)));
    const asked = mine.map((o, i) => (i % 5 === 4 ? theirs[(i - 4) / 5]! : o));
    const results = await at50((i) => me.post('/v1/orders/pay', { payWay: 'balance', orderNo: asked[i]! }));
    expect(results.every((r) => r.status === 200), 'no 500').toBe(true);
    results.forEach((r, i) => expect(r.body.msg).toBe(i % 5 === 4 ? `订单 ${asked[i]} 不存在` : 'success'));
    expect(await balanceOf(t.app, a.id)).toBe(60 * price);
    expect(await balanceOf(t.app, other.id)).toBe(100 * price);
    const statuses = await Promise.all(asked.map((o) => orderStatusOf(t.app, o)));
    expect(statuses).toEqual(asked.map((_, i) => (i % 5 === 4 ? 1001 : 1002)));
    const [n] = await t.app.db.query<{ n: number; refs: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT ref)::int AS refs FROM ledger_entries WHERE account_id = $1 AND kind = 'order_payment'`, [a.id]);
    expect(n).toEqual({ n: 40, refs: 40 });
    // Each balance_after is a state the balance really went through, once each.
    const after = await t.app.db.query<{ b: number }>(`SELECT balance_after::float8 AS b FROM ledger_entries WHERE account_id = $1 AND kind = 'order_payment' ORDER BY id`, [a.id]);
    expect(after.map((r) => r.b)).toEqual(Array.from({ length: 40 }, (_, i) => (99 - i) * price));
  });

  it('a batch queue run twice at once (a resumed run beside the old one) settles every item once', async () => {
    const a = await fundedAccount(t.app, 15 * price);
    const orders = await Promise.all(Array.from({ length: 20 }, () => payableOrder(t.app, a.id, price)));
    const ctx = paymentsContext(t.app);
    const { queueId } = await createBatchQueue(ctx, { by: 'owner', accountId: a.id }, orders, { memberId: null, ip: '127.0.0.1', userAgent: 'test' });
    const drain = async () => {
      while ((await runBatchQueue(ctx, queueId, { budgetMs: 5, size: 3 })) !== 'done');
    };
    // Meanwhile the owner pays two of the orders by hand.
    const me = client(t.app, a.token);
    const [, , ...byHand] = await Promise.all([drain(), drain(), me.post('/v1/orders/pay', { payWay: 'balance', orderNo: orders[19]! }), me.post('/v1/orders/pay', { payWay: 'balance', orderNo: orders[18]! })]);
    expect(byHand.every((r) => r.status === 200)).toBe(true);
    const items = await t.app.db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM pay_queue_items WHERE queue_id = $1 GROUP BY status ORDER BY status`, [queueId]);
    // Whoever got there first, the balance pays exactly 15 orders; the queue fails the rest, once each.
    const handPaid = byHand.filter((r) => r.body.code === 200).length;
    expect(items).toEqual([{ status: 'fail', n: 5 + handPaid }, { status: 'success', n: 15 - handPaid }]);
    const [paid] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_no = ANY($1::text[]) AND order_status = 1002`, [orders]);
    const [entries] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'order_payment' AND ref = ANY($1::text[])`, [orders]);
    expect(paid!.n).toBe(15);
    expect(entries!.n).toBe(15);
    expect(await balanceOf(t.app, a.id)).toBe(0);
  });
});

describe('simultaneous callbacks', () => {
  it('the same top-up callback delivered 20 times at once credits once', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const r = (await me.post('/v1/deposit', { amount: 50_000, payWay: 'alipay' })).body.data as { paymentId: string };
    const cb = await callbackFor(t.app, r.paymentId, 'succeeded');
    const results = await Promise.all(Array.from({ length: 20 }, () => postCallback(t.app, cb)));
    expect(results.every((x) => x.status === 200)).toBe(true);
    expect(results.filter((x) => x.body.applied)).toHaveLength(1);
    expect(results.filter((x) => !x.body.applied).every((x) => x.body.reason === 'replay')).toBe(true);
    expect(await balanceOf(t.app, a.id)).toBe(50_000);
    const [n] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'top_up' AND ref = $1`, [r.paymentId]);
    expect(n!.n).toBe(1);
  });

  it('the same order callback delivered 20 times at once pays the order once', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const orderNo = await payableOrder(t.app, a.id, price);
    const r = (await me.post('/v1/orders/pay', { payWay: 'alipay', orderNo })).body.data as { paymentId: string };
    const cb = await callbackFor(t.app, r.paymentId, 'succeeded');
    const results = await Promise.all(Array.from({ length: 20 }, () => postCallback(t.app, cb)));
    expect(results.filter((x) => x.body.applied)).toHaveLength(1);
    expect(await orderStatusOf(t.app, orderNo)).toBe(1002);
    expect(await balanceOf(t.app, a.id)).toBe(0);
    const [jobs] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = 'orders.paid' AND payload->>'ref' = $1`, [r.paymentId]);
    expect(jobs!.n).toBe(1);
  });
});
