import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount, ledgerSum, orderStatusOf, payableOrder } from './payment-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t.close());

type PayWays = { payWays: { payWay: string; switch: string; name: string; showName: string }[] };

describe('GET /v1/orders/payWays', () => {
  it('lists switched-on ways, balance first; several orders: balance only; no crypto for an order; deposit: no balance', async () => {
    const me = client(t.app, (await newAccount(t.app)).token);
    const one = (await me.get('/v1/orders/payWays')).body.data as PayWays;
    expect(one.payWays.map((w) => w.payWay)).toEqual(['balance', 'alipay', 'wechat', 'paypal', 'stripe', 'stripe_alipay', 'stripe_wechat']);
    expect(one.payWays[0]).toEqual({ name: '余额支付', switch: 'Y', payWay: 'balance', showName: 'Balance' });
    expect(((await me.get('/v1/orders/payWays?count=3')).body.data as PayWays).payWays.map((w) => w.payWay)).toEqual(['balance']);
    expect(((await me.get('/v1/orders/payWays?orderNos=A,B')).body.data as PayWays).payWays.map((w) => w.payWay)).toEqual(['balance']);
    const dep = ((await me.get('/v1/orders/payWays?scene=deposit')).body.data as PayWays).payWays.map((w) => w.payWay);
    expect(dep).toContain('usdt');
    expect(dep).not.toContain('balance');
    await t.app.db.query(`UPDATE pay_ways SET switch = 'N' WHERE pay_way = 'wechat'`);
    try {
      expect(((await me.get('/v1/orders/payWays')).body.data as PayWays).payWays.map((w) => w.payWay)).not.toContain('wechat');
      const a = await fundedAccount(t.app, 10_000);
      const r = await client(t.app, a.token).post('/v1/orders/pay', { payWay: 'wechat', orderNo: await payableOrder(t.app, a.id, 100) });
      expect(r.body).toMatchObject({ code: 10001, msg: '支付方式 wechat 暂不可用' });
    } finally {
      await t.app.db.query(`UPDATE pay_ways SET switch = 'Y' WHERE pay_way = 'wechat'`);
    }
  });
});

describe('POST /v1/orders/pay by balance', () => {
  it('pays several orders at once (form body), writes one ledger entry each, and refuses precisely', async () => {
    const a = await fundedAccount(t.app, 50_000);
    const me = client(t.app, a.token);
    const o1 = await payableOrder(t.app, a.id, 10_000);
    const o2 = await payableOrder(t.app, a.id, 15_000);
    const r = await me.post('/v1/orders/pay', { payWay: 'balance', aim: 'makeOrder', orderNo: `${o1},${o2}` }, { form: true });
    expect(r.body).toMatchObject({ code: 200, data: { status: 'paid', amount: 25_000, payWay: 'balance', qrCodeBase64: '', expireTime: 0 } });
    expect(await orderStatusOf(t.app, o1)).toBe(1002);
    expect(await orderStatusOf(t.app, o2)).toBe(1002);
    expect(await balanceOf(t.app, a.id)).toBe(25_000);
    const [paid] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_no = ANY($1) AND paid_at IS NOT NULL`, [[o1, o2]]);
    expect(paid!.n).toBe(2);

    // Paying again: refused, nothing moves.
    const again = await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: o1 });
    expect(again.body).toMatchObject({ code: 10009, msg: `订单 ${o1} 已支付` });
    const en = await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: o1 }, { lang: 'en' });
    expect(en.body.msg).toBe(`Order ${o1} is already paid`);

    // All or nothing: one unaffordable order leaves the other unpaid.
    const o3 = await payableOrder(t.app, a.id, 20_000);
    const o4 = await payableOrder(t.app, a.id, 20_000);
    const short = await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: [o3, o4] });
    expect(short.body).toMatchObject({ code: 13001, msg: '余额不足，请先充值' });
    expect(await orderStatusOf(t.app, o3)).toBe(1001);
    expect(await balanceOf(t.app, a.id)).toBe(25_000);

    // Another account's order is absent; a cancelled one is not payable; an unknown way is named.
    const b = await fundedAccount(t.app, 50_000);
    const theirs = await payableOrder(t.app, b.id, 100);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: theirs })).body).toMatchObject({ code: 10004, msg: `订单 ${theirs} 不存在` });
    const cancelled = await payableOrder(t.app, a.id, 100, { status: 1004 });
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: cancelled })).body.msg).toBe(`订单 ${cancelled} 不是待支付状态，无法支付`);
    expect((await me.post('/v1/orders/pay', { payWay: 'cash', orderNo: o3 })).body).toMatchObject({ code: 10001, msg: '不支持的支付方式 cash' });
    expect((await me.post('/v1/orders/pay', { payWay: 'alipay', orderNo: [o3, o4] })).body.msg).toBe('多个订单仅支持余额支付');
    expect((await me.post('/v1/orders/pay', { payWay: 'usdt', orderNo: o3 })).body.msg).toBe('单个订单不支持 usdt 支付');
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: '' })).body.msg).toBe('请选择要支付的订单');
    expect(await ledgerSum(t.app, a.id)).toBe(25_000);
  });

  it('pays a re-sign order its price difference only with aim reSign', async () => {
    const a = await fundedAccount(t.app, 10_000);
    const me = client(t.app, a.token);
    const o = await payableOrder(t.app, a.id, 99_999, { status: 1005, reSignDiff: 3_000 });
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: o })).body.msg).toBe(`订单 ${o} 是重签订单，请按重签支付`);
    const r = await me.post('/v1/orders/pay', { payWay: 'balance', aim: 'reSign', orderNo: o });
    expect(r.body).toMatchObject({ code: 200, data: { status: 'paid', amount: 3_000 } });
    expect(await balanceOf(t.app, a.id)).toBe(7_000);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', aim: 'reSign', orderNo: o })).body.msg).toBe(`订单 ${o} 已支付`);
    const plain = await payableOrder(t.app, a.id, 100);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', aim: 'reSign', orderNo: plain })).body.msg).toBe(`订单 ${plain} 不是重签订单，请按新购支付`);
    const [e] = await t.app.db.query<{ kind: string; ref: string; amount: number }>(`SELECT kind, ref, amount::float8 AS amount FROM ledger_entries WHERE account_id = $1 AND kind <> 'adjustment'`, [a.id]);
    expect(e).toEqual({ kind: 're_sign_payment', ref: `${o}:reSign:1`, amount: -3_000 });

    // A second re-sign of the same order is a round of its own: paid once more, under the next reference.
    await t.app.db.query(`UPDATE orders SET re_sign_paid_at = NULL, re_sign_price_diff = 2000 WHERE order_no = $1`, [o]);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', aim: 'reSign', orderNo: o })).body).toMatchObject({ code: 200, data: { amount: 2_000 } });
    const rounds = await t.app.db.query<{ ref: string; amount: number }>(
      `SELECT ref, amount::float8 AS amount FROM ledger_entries WHERE account_id = $1 AND kind = 're_sign_payment' ORDER BY id`, [a.id]);
    expect(rounds).toEqual([{ ref: `${o}:reSign:1`, amount: -3_000 }, { ref: `${o}:reSign:2`, amount: -2_000 }]);
    expect(await balanceOf(t.app, a.id)).toBe(5_000);
  });
});

describe('concurrency', () => {
  it('20 concurrent payments of different orders against a balance for 7: exactly 7 paid, never below zero', async () => {
    const a = await fundedAccount(t.app, 70_000);
    const me = client(t.app, a.token);
    const orders = await Promise.all(Array.from({ length: 20 }, () => payableOrder(t.app, a.id, 10_000)));
    const results = await Promise.all(orders.map((orderNo) => me.post('/v1/orders/pay', { payWay: 'balance', orderNo })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(7);
    expect(results.filter((r) => r.body.code !== 200).every((r) => r.body.msg === '余额不足，请先充值')).toBe(true);
    expect(await balanceOf(t.app, a.id)).toBe(0);
    expect(await ledgerSum(t.app, a.id)).toBe(0);
    const statuses = await Promise.all(orders.map((o) => orderStatusOf(t.app, o)));
    expect(statuses.filter((s) => s === 1002)).toHaveLength(7);
  });

  it('payments of one account at once share statements, each still all or nothing with its own answer', async () => {
    const a = await fundedAccount(t.app, 100_000);
    const b = await fundedAccount(t.app, 100_000);
    const me = client(t.app, a.token);
    const mine = await Promise.all(Array.from({ length: 14 }, () => payableOrder(t.app, a.id, 1_000)));
    const theirs = await payableOrder(t.app, b.id, 1_000);
    const cancelled = await payableOrder(t.app, a.id, 1_000, { status: 1004 });
    // Twelve pay one order each; then one names another account's order beside its own, one a cancelled order beside
    // its own, and one an order the first payment also pays (it comes later, so finds it paid).
    const asked = [...mine.slice(0, 12).map((o) => [o]), [mine[12]!, theirs], [cancelled, mine[13]!], [mine[13]!, mine[0]!]];
    const results = await Promise.all(asked.map((orderNo) => me.post('/v1/orders/pay', { payWay: 'balance', orderNo })));
    expect(results.map((r) => r.body.code)).toEqual([...Array<number>(12).fill(200), 10004, 10009, 10009]);
    expect(results.slice(12).map((r) => r.body.msg)).toEqual([
      `订单 ${theirs} 不存在`, `订单 ${cancelled} 不是待支付状态，无法支付`, `订单 ${mine[0]} 已支付`,
    ]);
    // Neither refused payment moved its own order; the twelve were paid once each.
    expect(await Promise.all([mine[12]!, mine[13]!, theirs].map((o) => orderStatusOf(t.app, o)))).toEqual([1001, 1001, 1001]);
    expect(await balanceOf(t.app, a.id)).toBe(88_000);
    const [entries] = await t.app.db.query<{ n: number; statements: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS statements FROM ledger_entries WHERE account_id = $1 AND kind = 'order_payment'`,
      [a.id],
    );
    expect(entries!.n).toBe(12);
    // Fifteen payments arriving together: the first is sent alone, the others wait for it and go together.
    expect(entries!.statements).toBeLessThan(6);
    const audit = await t.app.db.query<{ object_id: string }>(`SELECT object_id FROM account_log WHERE account_id = $1 AND action = 'team.payment.balance'`, [a.id]);
    expect(audit.map((r) => r.object_id).sort()).toEqual(mine.slice(0, 12).sort());
  });

  it('the same order paid 10 times at once is charged once', async () => {
    const a = await fundedAccount(t.app, 100_000);
    const me = client(t.app, a.token);
    const o = await payableOrder(t.app, a.id, 10_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => me.post('/v1/orders/pay', { payWay: 'balance', orderNo: o })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(await balanceOf(t.app, a.id)).toBe(90_000);
    expect(await ledgerSum(t.app, a.id)).toBe(90_000);
  });
});

describe('GET /v1/creditChangeRecords', () => {
  it('lists balance changes newest first with payWay codes, pages and filters', async () => {
    const a = await newAccount(t.app);
    const { postLedgerEntry } = await import('../src/services/payments/ledger.ts');
    await t.app.db.tx((q) => postLedgerEntry(q, { accountId: a.id, amount: 5_000, kind: 'top_up', ref: `pay_test_${a.id}`, payWay: 'alipay' }));
    const o = await payableOrder(t.app, a.id, 1_200);
    const me = client(t.app, a.token);
    await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: o });
    const r = await me.get('/v1/creditChangeRecords?limit=10&offset=1');
    const d = r.body.data as { data: { amount: number; balanceAfter: number; kind: string; ref: string; payWay: number | null; payWayName: string }[]; total: number };
    expect(d.total).toBe(2);
    expect(d.data[0]).toMatchObject({ amount: -1_200, balanceAfter: 3_800, kind: 'order_payment', ref: o, payWay: null, payWayName: 'balance' });
    expect(d.data[1]).toMatchObject({ amount: 5_000, balanceAfter: 5_000, kind: 'top_up', payWay: 0, payWayName: 'alipay' });
    expect(((await me.get('/v1/creditChangeRecords?kind=top_up')).body.data as { total: number }).total).toBe(1);
    expect(((await me.get('/v1/creditChangeRecords?limit=1&offset=2')).body.data as { data: unknown[] }).data).toHaveLength(1);
    expect(((await me.get('/v1/creditChangeRecords?startTime=2000-01-01&endTime=2000-01-02')).body.data as { total: number }).total).toBe(0);
    expect((await me.get('/v1/creditChangeRecords?startTime=2030-01-05&endTime=2030-01-01')).body.msg).toBe('开始时间不能晚于结束时间');
    // A repeated (kind, ref) cannot move money twice.
    await expect(t.app.db.tx((q) => postLedgerEntry(q, { accountId: a.id, amount: 5_000, kind: 'top_up', ref: `pay_test_${a.id}` }))).rejects.toThrow(/already exists/);
    expect(await balanceOf(t.app, a.id)).toBe(3_800);
  });
});

describe('batch payment queues', () => {
  it('pays each order by balance through the durable job, records failures with reasons, ends when all are settled', async () => {
    const a = await fundedAccount(t.app, 25_000);
    const me = client(t.app, a.token);
    const orders = await Promise.all(Array.from({ length: 4 }, () => payableOrder(t.app, a.id, 10_000)));
    const cancelled = await payableOrder(t.app, a.id, 10_000, { status: 1004 });
    const r = await me.post('/v1/orders/batch/pay', { orderNos: [...orders, cancelled].join(',') }, { form: true });
    const { queueId, total } = r.body.data as { queueId: string; total: number };
    expect(total).toBe(5);
    const before = (await me.get(`/v1/orders/batch/pay/status?queueId=${queueId}`)).body.data;
    expect(before).toMatchObject({ total: 5, pendingCount: 5, successCount: 0, failCount: 0, status: 'ready' });
    expect(((await me.get('/v1/orders/batch/pay/queues')).body.data as { queueIds: string[] }).queueIds[0]).toBe(queueId);
    await t.app.jobs.drain();
    const after = (await me.get(`/v1/orders/batch/pay/status?queueId=${queueId}`)).body.data as { failOrders: { orderNo: string; reason: string }[] };
    expect(after).toMatchObject({ total: 5, pendingCount: 0, successCount: 2, failCount: 3, status: 'end' });
    expect(after.failOrders).toEqual([
      { orderNo: orders[2], reason: '余额不足，请先充值' },
      { orderNo: orders[3], reason: '余额不足，请先充值' },
      { orderNo: cancelled, reason: `订单 ${cancelled} 不是待支付状态，无法支付` },
    ]);
    const en = (await me.get(`/v1/orders/batch/pay/status?queueId=${queueId}`, { lang: 'en' })).body.data as { failOrders: { reason: string }[] };
    expect(en.failOrders[0]!.reason).toBe('Insufficient balance, please top up first');
    expect(await balanceOf(t.app, a.id)).toBe(5_000);
    const other = client(t.app, (await newAccount(t.app)).token);
    expect((await other.get(`/v1/orders/batch/pay/status?queueId=${queueId}`)).body).toMatchObject({ code: 10004, msg: '支付队列不存在' });
  });
});

describe('OpenAPI', () => {
  it('documents every payment call', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys((r.json() as { paths: Record<string, unknown> }).paths);
    for (const p of ['/v1/orders/payWays', '/v1/orders/pay', '/v1/orders/paypal/capture', '/v1/deposit', '/v1/deposit/{id}', '/v1/orders/batch/pay', '/v1/orders/batch/pay/queues',
      '/v1/orders/batch/pay/status', '/v1/creditChangeRecords', '/payment-callbacks/sandbox', '/sandbox/payments/{id}', '/sandbox/payments/{id}/approve', '/sandbox/payments/{id}/decline']) {
      expect(paths).toContain(p);
    }
  });
});
