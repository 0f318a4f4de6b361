import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batchPayJob, resumeBatchQueues } from '../src/services/payments/batch.ts';
import { paymentsContext } from '../src/services/payments/context.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { client } from './purchase-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount, payableOrder, payableOrders } from './payment-helpers.ts';

// Batch payment by balance: the queue pays a chunk of orders per transaction (100 on PostgreSQL, 50 embedded). Whatever
// runs it (once, twice, two servers at once), each order is paid or failed exactly once, and the ledger explains every
// cent the balance lost.
// The embedded database or DATABASE_URL's; the two-servers race always on PostgreSQL.

type Status = { total: number; pendingCount: number; successCount: number; failCount: number; status: string; failOrders: { orderNo: string; reason: string }[] };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t.close());

const price = 1_000;

/** The account's order payments of these orders: one per paid order, never two. */
async function paymentsOf(app: TestApp['app'], orderNos: string[]) {
  const rows = await app.db.query<{ ref: string; n: number; sum: number }>(
    `SELECT ref, count(*)::int AS n, sum(-amount)::float8 AS sum FROM ledger_entries WHERE kind = 'order_payment' AND ref = ANY($1::text[]) GROUP BY ref`,
    [orderNos],
  );
  return { orders: rows.length, twice: rows.filter((r) => r.n !== 1).map((r) => r.ref), cents: rows.reduce((n, r) => n + r.sum, 0) };
}

/** Every entry's balance_after is the one before it moved by its amount: no entry was written from a stale balance. */
async function expectLedgerChained(app: TestApp['app'], accountId: number) {
  const rows = await app.db.query<{ amount: number; after: number }>(
    `SELECT amount::float8 AS amount, balance_after::float8 AS after FROM ledger_entries WHERE account_id = $1 ORDER BY id`, [accountId]);
  const broken = rows.filter((r, i) => (i === 0 ? r.after !== r.amount : r.after !== rows[i - 1]!.after + r.amount));
  expect(broken, 'entries whose balance_after does not follow from the one before').toEqual([]);
}

async function statusOf(app: TestApp['app'], token: string, queueId: string, lang?: 'en') {
  return (await client(app, token).get(`/v1/orders/batch/pay/status?queueId=${queueId}`, lang ? { lang } : undefined)).body.data as Status;
}

describe('batch payment of hundreds of orders', () => {
  it('pays until the balance runs out mid-chunk, fails each other order alone with its reason, and a cheaper order after still fits', async () => {
    // 230 orders at 1,000 and one at 400 last; the balance covers 150 orders and 500 more; two are paid by hand first.
    const a = await fundedAccount(t.app, 150 * price + 500);
    const me = client(t.app, a.token);
    const orders = await payableOrders(t.app, a.id, Array.from({ length: 230 }, () => price));
    const [cheap] = await payableOrders(t.app, a.id, [400]);
    const cancelled = await payableOrder(t.app, a.id, price, { status: 1004 });
    const byHand = [orders[5]!, orders[120]!];
    for (const orderNo of byHand) expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
    const all = [...orders.slice(0, 60), cancelled, ...orders.slice(60), cheap!];

    const r = await me.post('/v1/orders/batch/pay', { orderNos: all.join(',') });
    const { queueId, total } = r.body.data as { queueId: string; total: number };
    expect(total).toBe(232);
    await t.app.jobs.drain();

    // 148 orders at 1,000 (the balance then holds 500), the 400 one; the rest fail, each with its own reason.
    const s = await statusOf(t.app, a.token, queueId);
    expect(s).toMatchObject({ total: 232, pendingCount: 0, successCount: 149, failCount: 83, status: 'end' });
    const unpaid = orders.filter((o) => !byHand.includes(o)).slice(148);
    expect(s.failOrders).toEqual([
      { orderNo: orders[5], reason: `订单 ${orders[5]} 已支付` },
      { orderNo: cancelled, reason: `订单 ${cancelled} 不是待支付状态，无法支付` },
      { orderNo: orders[120], reason: `订单 ${orders[120]} 已支付` },
      ...unpaid.map((orderNo) => ({ orderNo, reason: '余额不足，请先充值' })),
    ]);
    expect((await statusOf(t.app, a.token, queueId, 'en')).failOrders[0]!.reason).toBe(`Order ${orders[5]} is already paid`);
    expect(await balanceOf(t.app, a.id)).toBe(100);
    // The batch's entries explain exactly what the balance lost to it.
    const paid = await paymentsOf(t.app, all);
    expect(paid).toEqual({ orders: 151, twice: [], cents: 150 * price + 400 });
    const [moved] = await t.app.db.query<{ paid: number; waiting: number }>(
      `SELECT count(*) FILTER (WHERE order_status = 1002)::int AS paid, count(*) FILTER (WHERE order_status = 1001)::int AS waiting FROM orders WHERE order_no = ANY($1::text[])`,
      [all],
    );
    expect(moved).toEqual({ paid: 151, waiting: unpaid.length });
    await expectLedgerChained(t.app, a.id);
  });

  it('a second run of the finished job (its lease lapsed, claimed again) pays and fails nothing again', async () => {
    const a = await fundedAccount(t.app, 120 * price);
    const me = client(t.app, a.token);
    const orders = await payableOrders(t.app, a.id, Array.from({ length: 130 }, () => price));
    const { queueId } = (await me.post('/v1/orders/batch/pay', { orderNos: orders.join(',') })).body.data as { queueId: string };
    await t.app.jobs.drain();
    const first = await statusOf(t.app, a.token, queueId);
    expect(first).toMatchObject({ successCount: 120, failCount: 10, status: 'end' });

    // The job as a worker finds it when the run that held it stopped answering: running, its lease run out.
    const rerun = await t.app.db.query(
      `UPDATE jobs SET status = 'running', locked_until = now() - interval '1 second' WHERE kind = $1 AND payload->>'queueId' = $2 RETURNING id`,
      [batchPayJob, queueId],
    );
    expect(rerun).toHaveLength(1);
    await t.app.db.tx(async (q) => {
      // Money arrives meanwhile: a second run that paid again would now have the balance to do it.
      const { postLedgerEntry } = await import('../src/services/payments/ledger.ts');
      await postLedgerEntry(q, { accountId: a.id, amount: 50 * price, kind: 'adjustment', ref: `more:${queueId}` });
    });
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(t.app, a.token, queueId)).toEqual(first);
    expect(await balanceOf(t.app, a.id)).toBe(50 * price);
    expect(await paymentsOf(t.app, orders)).toEqual({ orders: 120, twice: [], cents: 120 * price });
  });
});

describe('batch payment run by two servers at once (PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({}, { postgres: true });
    second = await startTestApp({}, { postgres: true, shareWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('each order is paid or failed once while both run the queue and the owner pays some by hand', async () => {
    const a = await fundedAccount(first.app, 250 * price);
    const orders = await payableOrders(first.app, a.id, Array.from({ length: 320 }, () => price));
    const { queueId } = (await client(first.app, a.token).post('/v1/orders/batch/pay', { orderNos: orders.join(',') })).body.data as { queueId: string };
    // The second server starts meanwhile and resumes the unfinished queue with a job of its own.
    expect(await resumeBatchQueues(paymentsContext(second.app), 'second-boot')).toBeGreaterThanOrEqual(1);
    const byHand = [orders[0]!, orders[150]!, orders[310]!];
    const [ranFirst, ranSecond, ...hand] = await Promise.all([
      first.app.jobs.drain(),
      second.app.jobs.drain(),
      ...byHand.map((orderNo) => client(second.app, a.token).post('/v1/orders/pay', { payWay: 'balance', orderNo })),
    ]);
    expect(ranFirst + ranSecond).toBeGreaterThanOrEqual(2);
    expect(hand.every((r) => r.status === 200)).toBe(true);
    const handPaid = hand.filter((r) => r.body.code === 200).length;

    const s = await statusOf(second.app, a.token, queueId);
    expect(s).toMatchObject({ total: 320, pendingCount: 0, successCount: 250 - handPaid, failCount: 70 + handPaid, status: 'end' });
    expect(s.failOrders.every((f) => f.reason === '余额不足，请先充值' || f.reason === `订单 ${f.orderNo} 已支付`)).toBe(true);
    expect(await balanceOf(first.app, a.id)).toBe(0);
    expect(await paymentsOf(first.app, orders)).toEqual({ orders: 250, twice: [], cents: 250 * price });
    await expectLedgerMatchesBalances(first.app.db);
    await expectLedgerChained(first.app, a.id);
  });
});
