import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeEcCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, markPaid } from './orders-helpers.ts';
import { postLedgerEntry } from '../src/services/payments/ledger.ts';

type Item = { orderNo: string; orderStatus: number; orderStatusText: string; commonName: string; productNo: string; daysLeft: number | null; remark: string };
type List = { data: Item[]; total: number };

let t: TestApp;
let me: ReturnType<typeof client>;
let meId: number;
let other: ReturnType<typeof client>;
const mine: string[] = [];

const create = async (productNo: string, cn: string) => {
  const r = await me.post(`/v1/orders/certificate/${productNo}`, { year: 1, csr: await makeEcCsr(cn), commonName: cn, dcvMethod: 'dns' });
  expect(r.body.code, r.body.msg).toBe(200);
  mine.push(r.body.data as string);
  return r.body.data as string;
};

beforeAll(async () => {
  t = await startTestApp({ DNS_RESOLVER: '127.0.0.1:9' });
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app, 500000);
  meId = a.id;
  me = client(t.app, a.token);
  other = client(t.app, (await newAccount(t.app)).token);
  // 25 orders: 22 DV waiting for payment, 3 flex.
  for (let i = 0; i < 22; i++) await create('T-DV', `list${i}.orders.example`);
  for (let i = 0; i < 3; i++) await create('T-FLEX', `flex${i}.orders.example`);
  await other.post('/v1/orders/certificate/T-DV', { year: 1, csr: await makeEcCsr('theirs.orders.example'), commonName: 'theirs.orders.example', dcvMethod: 'dns' });
});
afterAll(() => t.close());

describe('GET /v1/orders', () => {
  it('pages by 1-based offset with a default of 20, newest first, the caller\'s only', async () => {
    const p1 = (await me.get('/v1/orders')).body.data as List;
    expect(p1.total).toBe(25);
    expect(p1.data).toHaveLength(20);
    expect(p1.data[0]!.orderNo).toBe(mine.at(-1));
    const p2 = (await me.get('/v1/orders?limit=20&offset=2')).body.data as List;
    expect(p2.data.map((o) => o.orderNo)).toEqual(mine.slice(0, 5).reverse());
    const past = (await me.get('/v1/orders?limit=10&offset=9')).body.data as List;
    expect(past).toEqual({ data: [], total: 25 });
    expect((await me.get('/v1/orders?limit=7', { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { limit: 'The page size must be 10, 15, 20, 30, 50, 100, 300 or 400' } });
    expect(((await other.get('/v1/orders')).body.data as List).total).toBe(1);
  });

  it('filters by status, product, brand, name, order number and dates; labels statuses in the caller\'s language', async () => {
    const byProduct = (await me.get('/v1/orders?productNo=T-FLEX')).body.data as List;
    expect(byProduct.total).toBe(3);
    expect(((await me.get('/v1/orders?brand=sectigo')).body.data as List).total).toBe(3);
    const byName = (await me.get('/v1/orders?commonName=LIST1')).body.data as List;
    expect(byName.data.map((o) => o.commonName).sort()).toEqual(['list1.orders.example', ...Array.from({ length: 10 }, (_, i) => `list1${i}.orders.example`)].sort());
    expect(((await me.get('/v1/orders?domain=www.flex1')).body.data as List).total).toBe(1);
    expect(((await me.get(`/v1/orders?orderNo=${mine[3]!.slice(-6)}`)).body.data as List).data[0]!.orderNo).toBe(mine[3]);
    const today = new Date().toISOString().slice(0, 10);
    expect(((await me.get(`/v1/orders?dateFrom=${today}&dateTo=${today}`)).body.data as List).total).toBe(25);
    expect(((await me.get('/v1/orders?dateTo=2000-01-01')).body.data as List).total).toBe(0);
    const en = (await me.get('/v1/orders?status=1001&limit=10', { lang: 'en' })).body.data as List;
    expect(en.total).toBe(25);
    expect(en.data[0]).toMatchObject({ orderStatus: 1001, orderStatusText: 'Waiting for payment', daysLeft: null });
    expect(((await me.get('/v1/orders?status=1001')).body.data as List).data[0]!.orderStatusText).toBe('待支付');
    // The purchase flow's call keeps its answer.
    expect((await me.get(`/v1/orders?orderNos=${mine[0]},${mine[1]}`)).body.data).toMatchObject({ allOrders: [{ orderNo: mine[0] }, { orderNo: mine[1] }] });
  });

  it('lists expiring and expired certificates by their dates', async () => {
    const [soon, gone] = [mine[5]!, mine[6]!];
    await t.app.db.query(`UPDATE orders SET order_status = 1005, not_before = now() - interval '300 days', not_after = now() + interval '10 days' WHERE order_no = $1`, [soon]);
    await t.app.db.query(`UPDATE orders SET order_status = 1005, not_before = now() - interval '400 days', not_after = now() - interval '1 day' WHERE order_no = $1`, [gone]);
    const exp = (await me.get('/v1/orders?expiring=true')).body.data as List;
    expect(exp.data.map((o) => o.orderNo)).toEqual([soon]);
    expect(exp.data[0]!.daysLeft).toBe(10);
    expect(((await me.get('/v1/orders?status=1007')).body.data as List).data.map((o) => o.orderNo)).toEqual([gone]);
    const count = (await me.get('/v1/orders/count')).body.data as { total: number; expiring: number; byStatus: Record<string, number> };
    expect(count).toMatchObject({ total: 25, expiring: 1, byStatus: { '1001': 23, '1005': 1, '1007': 1, '1002': 0, '5004': 0 } });
  });
});

describe('product names', () => {
  it("names the product in the caller's language in the list, the details and a batch: one name per language", async () => {
    await t.app.db.query(`UPDATE products SET product_name = 'Catalogue DV', chinese_name = '测试域名型证书', english_name = 'Test Domain SSL' WHERE product_no = 'T-DV'`);
    try {
      const orderNo = mine[0]!;
      const name = async (lang: 'zh' | 'en') => ({
        list: ((await me.get(`/v1/orders?orderNo=${orderNo}`, { lang })).body.data as { data: { productName: string }[] }).data[0]!.productName,
        detail: ((await me.get(`/v1/orders/detail/${orderNo}`, { lang })).body.data as { orderInfo: { productName: string } }).orderInfo.productName,
        batch: ((await me.post('/v1/orders/batch', { orderNos: [orderNo] }, { lang })).body.data as { data: { productName: string }[] }).data[0]!.productName,
      });
      expect(await name('zh')).toEqual({ list: '测试域名型证书', detail: '测试域名型证书', batch: '测试域名型证书' });
      expect(await name('en')).toEqual({ list: 'Test Domain SSL', detail: 'Test Domain SSL', batch: 'Test Domain SSL' });
      // A product without a name in a language falls back to its catalogue name.
      await t.app.db.query(`UPDATE products SET english_name = '' WHERE product_no = 'T-DV'`);
      expect((await name('en')).detail).toBe('Catalogue DV');
    } finally {
      await t.app.db.query(`UPDATE products SET product_name = 'T-DV', chinese_name = 'T-DV', english_name = 'T-DV' WHERE product_no = 'T-DV'`);
    }
  });
});

describe('details, status, remark', () => {
  it('answers the details page and refuses another account', async () => {
    const orderNo = mine[0]!;
    const d = (await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: Record<string, unknown> };
    expect(d.orderInfo).toMatchObject({
      orderNo, orderStatus: 1001, productNo: 'T-DV', term: { value: 1, unit: 'year', days: 365 }, domains: [], contact: null, company: null,
      actions: { pay: true, cancel: true, verify: false, download: false }, certificate: null, hasKey: false,
    });
    const [row] = await t.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [orderNo]);
    expect(((await me.get(`/v1/orders/detail/${row!.id}`)).body.data as { orderInfo: { orderNo: string } }).orderInfo.orderNo).toBe(orderNo);
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toEqual({ orderStatus: 1001, reSignStatus: 0 });
    for (const r of [
      await other.get(`/v1/orders/detail/${orderNo}`, { lang: 'en' }),
      await other.get(`/v1/orders/status/${orderNo}`, { lang: 'en' }),
      await other.put(`/v1/orders/remark/${orderNo}`, { remark: 'x' }, { lang: 'en' }),
      await other.get(`/v1/orders/domainList/${orderNo}`, { lang: 'en' }),
      await other.put(`/v1/orders/verifyDomains/${orderNo}`, {}, { lang: 'en' }),
    ]) expect(r.body).toMatchObject({ code: 10004, msg: 'Order not found' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/orders/detail/${orderNo}` })).statusCode).toBe(401);
  });

  it('keeps a remark (form body too)', async () => {
    const orderNo = mine[1]!;
    expect((await me.put(`/v1/orders/remark/${orderNo}`, { remark: '官网证书' }, { form: true })).body.code).toBe(200);
    const d = (await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: { remark: string; timeline: { kind: string; text: string }[] } };
    expect(d.orderInfo.remark).toBe('官网证书');
    expect(d.orderInfo.timeline.at(-1)).toMatchObject({ kind: 'remark', text: '备注已修改' });
    expect((await me.put(`/v1/orders/remark/${orderNo}`, { remark: 'x'.repeat(501) })).body).toMatchObject({ code: 10001, msg: '备注最多500个字符' });
  });
});

describe('cancel', () => {
  it('cancels orders waiting for payment or validation, refunds a balance payment once, refuses issued ones', async () => {
    const [unpaid, paid, issued] = [mine[10]!, mine[11]!, mine[5]!];
    await t.app.db.tx(async (q) => {
      await postLedgerEntry(q, { accountId: meId, amount: -39900, kind: 'order_payment', ref: paid, payWay: 'balance' });
    });
    await markPaid(t.app, paid);
    await drainAll(t.app);
    const r = await me.post('/v1/orders/cancel', { orderNos: [unpaid, paid, issued, 'SSL-nope'] }, { lang: 'en' });
    expect(r.body.data).toEqual({
      cancelled: [unpaid, paid],
      refunded: [{ orderNo: paid, amount: 39900 }],
      failed: [
        { orderNo: issued, msg: `Order ${issued} cannot be cancelled in its current status` },
        { orderNo: 'SSL-nope', msg: 'Order not found' },
      ],
    });
    const [acc] = await t.app.db.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE id = $1`, [meId]);
    expect(acc!.balance).toBe(500000);
    expect((await me.post('/v1/orders/cancel', { orderNos: paid }, { form: true })).body).toMatchObject({ code: 10001, msg: `订单 ${paid} 当前状态不可取消` });
    const d = (await me.get(`/v1/orders/detail/${paid}`, { lang: 'en' })).body.data as { orderInfo: { orderStatus: number; cancelledAt: string; timeline: { text: string }[]; actions: Record<string, boolean> } };
    expect(d.orderInfo).toMatchObject({ orderStatus: 1004, actions: { cancel: false, verify: false } });
    expect(d.orderInfo.timeline.map((e) => e.text)).toEqual(expect.arrayContaining(['Order cancelled', '39900 cents refunded to the balance']));
    // The validation job stops with the order.
    expect((await other.post('/v1/orders/cancel', { orderNos: [mine[12]!] })).body.code).toBe(10001);
  });
});

describe('names and resubmission', () => {
  it('changes the names of an order waiting for validation within what was paid, and resubmits a 1003 order', async () => {
    const orderNo = mine[22]!; // flex0: flex0 + www.flex0
    await markPaid(t.app, orderNo);
    await drainAll(t.app);
    const tooMany = await me.post(`/v1/orders/domainList/${orderNo}`, { domainNames: 'flex0.orders.example,a.orders.example,b.orders.example' }, { lang: 'en' });
    expect(tooMany.body).toMatchObject({ code: 10001, msg: '6 names exceed the 2 paid for' });
    const ok = await me.post(`/v1/orders/domainList/${orderNo}`, { domainNames: ['flex0.orders.example'] });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect((ok.body.data as { domains: { domain: string }[] }).domains.map((d) => d.domain)).toEqual(['flex0.orders.example', 'www.flex0.orders.example']);

    await t.app.db.query(`UPDATE orders SET order_status = 1003 WHERE order_no = $1`, [orderNo]);
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toMatchObject({ orderStatus: 1003 });
    const rc = await me.post(`/v1/orders/reCommit/${orderNo}`, {});
    expect(rc.body.data).toMatchObject({ orderNo, orderStatus: 1002 });
    expect((await me.post(`/v1/orders/reCommit/${orderNo}`, {}, { lang: 'en' })).body.msg).toBe('The order does not need to be resubmitted');
  });
});

describe('OpenAPI', () => {
  it('describes the orders calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const p of ['/v1/orders', '/v1/orders/detail/{id}', '/v1/orders/cancel', '/v1/cert/pfx', '/v1/orders/batch/download', '/dcv/approve/{token}']) expect(doc.paths[p]).toBeDefined();
  });
});
