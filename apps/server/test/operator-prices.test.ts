import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, newAccount, testProducts } from './purchase-helpers.ts';
import { operator, operatorSecretForTests } from './billing-helpers.ts';

/**
 * The operator sets each account's own prices and the package offers (sandbox back office, x-operator-secret):
 * the account's price preview, price list and package prices follow at once; wrong input is refused precisely.
 */
let t: TestApp;
let op: ReturnType<typeof operator>;
type Rules = { account: { id: number; email: string }; rules: { id: number; brand: string | null; productNo: string | null; minQuantity: number; discount: number }[] };

beforeAll(async () => {
  t = await startTestApp({ OPERATOR_SECRET: operatorSecretForTests, LOG_LEVEL: process.env.TEST_LOG ?? 'silent' });
  await addProducts(t.app, [testProducts.dv, testProducts.flex]);
  op = operator(t.app);
});
afterAll(() => t.close());

const myPrice = async (me: ReturnType<typeof client>, productNo: string) =>
  ((await me.get('/v1/products/myPrices')).body.data as { data: { productNo: string; term: number; myPrice: number; discount: number }[] }).data.find((p) => p.productNo === productNo && p.term === 1)!;

describe('operator: account discounts', () => {
  it('sets, replaces and removes rules; the account\'s prices follow', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const [acc] = await t.app.db.query<{ email: string; account_no: string }>(`SELECT email, account_no FROM accounts WHERE id = $1`, [a.id]);
    expect((await op.get(`/v1/operator/discounts?account=${encodeURIComponent(acc!.email)}`)).body).toMatchObject({ code: 200, data: { rules: [] } });

    let r = await op.put('/v1/operator/discounts', { account: acc!.email, scope: 'all', discount: 90 });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(await myPrice(me, 'T-DV')).toMatchObject({ discount: 90, myPrice: 35_910 });
    // A product's own rule wins over the account-wide one; the same scope set again is replaced, not doubled.
    await op.put('/v1/operator/discounts', { account: acc!.account_no, scope: 'product', productNo: 'T-DV', discount: 80 });
    r = await op.put('/v1/operator/discounts', { account: acc!.account_no, scope: 'product', productNo: 'T-DV', discount: 75 });
    const rules = (r.body.data as Rules).rules;
    expect(rules.map((x) => [x.brand, x.productNo, x.discount])).toEqual([[null, null, 90], [null, 'T-DV', 75]]);
    expect(await myPrice(me, 'T-DV')).toMatchObject({ discount: 75 });
    expect(await myPrice(me, 'T-FLEX')).toMatchObject({ discount: 90 });
    // The order screen's preview applies it too.
    expect((await me.post('/v1/orders/price/T-DV', { year: 1 })).body.data).toMatchObject({ discount: 75 });

    expect((await op.del(`/v1/operator/discounts/${rules[1]!.id}`)).body.code).toBe(200);
    expect(await myPrice(me, 'T-DV')).toMatchObject({ discount: 90 });
    expect((await op.del(`/v1/operator/discounts/${rules[1]!.id}`)).body).toMatchObject({ code: 10004, msg: '折扣规则不存在' });
  });

  it('refuses wrong input precisely, in the caller\'s language', async () => {
    const a = await newAccount(t.app);
    const [acc] = await t.app.db.query<{ email: string }>(`SELECT email FROM accounts WHERE id = $1`, [a.id]);
    const put = (body: object) => op.put('/v1/operator/discounts', { account: acc!.email, ...body });
    expect((await put({ discount: 0 })).body).toMatchObject({ code: 10001, msg: '折扣须为 1 至 100 的整数（支付原价的百分比）' });
    expect((await put({ discount: 101 })).body.code).toBe(10001);
    expect((await put({ discount: 90, minQuantity: 0 })).body.code).toBe(10001);
    expect((await put({ discount: 90, scope: 'brand', brand: 'nope' })).body).toMatchObject({ code: 10001, msg: '请选择已上架的品牌' });
    expect((await put({ discount: 90, scope: 'product', productNo: 'NOPE' })).body).toMatchObject({ code: 10001, msg: '请选择已上架的产品' });
    expect((await put({ discount: 90, scope: 'everything' })).body.code).toBe(10001);
    expect((await op.put('/v1/operator/discounts', { account: 'nobody@example.com', discount: 90 })).body).toMatchObject({ code: 10004, msg: '找不到账户 nobody@example.com' });
    const en = await t.app.inject({ method: 'GET', url: '/v1/operator/discounts?account=nobody@example.com', headers: { 'x-operator-secret': operatorSecretForTests, lang: 'en' } });
    expect(en.json()).toMatchObject({ code: 10004, msg: 'No account nobody@example.com' });
    // Brand rules: accepted for a brand on sale.
    expect((await put({ discount: 95, scope: 'brand', brand: 'globalsign', minQuantity: 5 })).body.code).toBe(200);
  });

  it('is closed without the operator secret, and to a customer session', async () => {
    const bad = operator(t.app, 'wrong-secret-0123456789');
    expect((await bad.get('/v1/operator/discounts?account=x')).status).toBe(401);
    expect((await bad.put('/v1/operator/discounts', { account: 'x', discount: 50 })).status).toBe(401);
    expect((await bad.get('/v1/operator/packageOffers')).status).toBe(401);
    const a = await newAccount(t.app);
    const r = await t.app.inject({ method: 'PUT', url: '/v1/operator/discounts', headers: { token: a.token }, payload: { account: 'x', discount: 1 } });
    expect(r.statusCode).toBe(401);
  });
});

describe('operator: package offers', () => {
  it('puts an offer on sale, reprices it, takes it off; the account sees it after its own discount', async () => {
    const r = await op.post('/v1/operator/packageOffers', { productNo: 'T-FLEX', quantity: 4, price: 60_000 });
    expect(r.body.code, r.body.msg).toBe(200);
    const id = (r.body.data as { id: number }).id;
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const [acc] = await t.app.db.query<{ email: string }>(`SELECT email FROM accounts WHERE id = $1`, [a.id]);
    await op.put('/v1/operator/discounts', { account: acc!.email, scope: 'product', productNo: 'T-FLEX', minQuantity: 4, discount: 50 });
    const offers = async () => ((await me.get('/v1/certPkg')).body.data as { offers: { id: number; price: number }[] }).offers;
    expect((await offers()).find((o) => o.id === id)).toMatchObject({ price: 30_000 });
    // The same product and quantity: a new price, not a second offer.
    expect((await op.post('/v1/operator/packageOffers', { productNo: 'T-FLEX', quantity: 4, price: 70_000 })).body.data).toMatchObject({ id });
    const list = (await op.get('/v1/operator/packageOffers')).body.data as { offers: { id: number; price: number; active: boolean; sold: number }[]; products: { productNo: string }[]; brands: string[] };
    expect(list.offers.find((o) => o.id === id)).toMatchObject({ price: 70_000, active: true, sold: 0 });
    expect(list.products.map((p) => p.productNo)).toEqual(expect.arrayContaining(['T-DV', 'T-FLEX']));
    expect(list.brands).toEqual(expect.arrayContaining(['globalsign', 'sectigo']));
    expect((await op.put(`/v1/operator/packageOffers/${id}`, { active: false })).body.data).toMatchObject({ status: 'inactive' });
    expect((await offers()).find((o) => o.id === id)).toBeUndefined();
    expect((await me.post('/v1/certPkg', { offerId: id })).body.code).toBe(10004);
  });

  it('refuses wrong input', async () => {
    expect((await op.post('/v1/operator/packageOffers', { productNo: 'NOPE', quantity: 2, price: 100 })).body).toMatchObject({ code: 10001, msg: '请选择已上架的产品' });
    expect((await op.post('/v1/operator/packageOffers', { productNo: 'T-DV', quantity: 0, price: 100 })).body).toMatchObject({ code: 10001, msg: '套餐数量须为 1 至 10000 的整数' });
    expect((await op.post('/v1/operator/packageOffers', { productNo: 'T-DV', quantity: 2, price: 0 })).body.code).toBe(10001);
    expect((await op.put('/v1/operator/packageOffers/999999', { active: true })).body).toMatchObject({ code: 10004, msg: '套餐不存在' });
    expect((await op.put('/v1/operator/packageOffers/1', { active: 'maybe' })).body).toMatchObject({ code: 10001, msg: '请指明是否上架' });
  });
});
