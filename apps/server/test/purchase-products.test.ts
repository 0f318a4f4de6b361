import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, newAccount, testProducts } from './purchase-helpers.ts';

let t: TestApp;
let me: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  await addProducts(t.app, Object.values(testProducts));
  me = client(t.app, (await newAccount(t.app)).token);
});
afterAll(() => t.close());

type Listed = { data: { productNo: string; subBrand: string; pricePerYear: number; free: boolean }[]; total: number; brands: { value: string; show: boolean; label: string }[] };

describe('GET /v1/products', () => {
  it('lists the visible products with prices in cents and the brands in the preferred order', async () => {
    const r = await me.get('/v1/products?limit=1000&offset=1');
    expect(r.body.code).toBe(200);
    const d = r.body.data as Listed;
    const nos = d.data.map((p) => p.productNo);
    expect(nos).toEqual(expect.arrayContaining(['T-DV', 'T-OV', 'T-FREE']));
    expect(nos).not.toContain('T-KS');
    expect(d.total).toBe(d.data.length);
    expect(d.data.find((p) => p.productNo === 'T-DV')).toMatchObject({ pricePerYear: 39900, free: false, subBrand: 'alphassl' });
    expect(d.data.find((p) => p.productNo === 'T-FREE')).toMatchObject({ free: true });
    const values = d.brands.map((b) => b.value);
    // The preferred brands present, in their order, then the default alphassl, then the rest.
    const preferred = ['certum', 'globalsign', 'bitcert', 'geotrust', 'digicert'].filter((b) => values.includes(b));
    expect(values.slice(0, preferred.length)).toEqual(preferred);
    expect(values[preferred.length]).toBe('alphassl');
    expect(new Set(values)).toEqual(new Set(d.data.map((p) => p.subBrand)));
    expect(d.brands.filter((b) => b.show).length).toBe(Math.min(6, values.length));
  });

  it('pages with limit and a 1-based offset', async () => {
    const all = (await me.get('/v1/products')).body.data as Listed;
    const p2 = (await me.get('/v1/products?limit=2&offset=2')).body.data as Listed;
    expect(p2.total).toBe(all.total);
    expect(p2.data.map((p) => p.productNo)).toEqual(all.data.slice(2, 4).map((p) => p.productNo));
  });

  it('follows xGlobalsignBrands = Y: only globalsign_ks, globalsign_mssl and alphassl', async () => {
    await t.app.db.query(`UPDATE front_conf SET value = 'Y' WHERE setting = 'xGlobalsignBrands'`);
    try {
      const d = (await me.get('/v1/products')).body.data as Listed;
      expect(d.data.map((p) => p.productNo)).toContain('T-KS');
      expect(d.data.every((p) => ['alphassl', 'globalsign_ks', 'globalsign_mssl'].includes(p.subBrand))).toBe(true);
      // A hidden product cannot be priced either.
      const price = await me.post('/v1/orders/price/T-OV', { year: 1 });
      expect(price.body).toMatchObject({ code: 10004, msg: '产品不存在' });
    } finally {
      await t.app.db.query(`UPDATE front_conf SET value = 'N' WHERE setting = 'xGlobalsignBrands'`);
    }
  });
});

describe('POST /v1/orders/price/{productNo}', () => {
  const price = async (productNo: string, body: object, opts?: { lang?: 'zh' | 'en'; form?: boolean }) => (await me.post(`/v1/orders/price/${productNo}`, body, opts)).body;

  it('prices one name per year', async () => {
    expect(await price('T-DV', { year: 1, sslDomains: ['example.com'] })).toMatchObject({ code: 200, data: { allNowPrice: 39900, allRawPrice: 39900, discount: 100 } });
    expect((await price('T-DV', { year: 3, sslDomains: 'example.com' })).data).toMatchObject({ allNowPrice: 119700, allRawPrice: 119700, discount: 100 });
  });

  it('adds extraDomainPrice per name past the first, counting repeats once', async () => {
    const d = await price('T-FLEX', { year: 2, sslDomains: 'a.example.com,b.example.com;c.example.com a.example.com' });
    expect(d.data).toMatchObject({ allNowPrice: (20000 + 2 * 5000) * 2, allRawPrice: 60000, discount: 100 });
    const form = await price('T-FLEX', { year: '1', sslDomains: 'a.example.com,b.example.com' }, { form: true });
    expect(form.data).toMatchObject({ allNowPrice: 25000 });
  });

  it('uses a placeholder name when none is given (also for IP products)', async () => {
    expect((await price('T-FLEX', { year: 1 })).data).toMatchObject({ allNowPrice: 20000 });
    expect((await price('T-IP', { year: 1, sslDomains: [] })).data).toMatchObject({ allNowPrice: 80000 });
  });

  it('answers zero for term 90 and for free products', async () => {
    expect((await price('T-DV', { year: 90, sslDomains: 'example.com' })).data).toMatchObject({ allNowPrice: 0, allRawPrice: 0, discount: 100 });
    expect((await price('T-FREE', { year: 90 })).data).toMatchObject({ allNowPrice: 0, allRawPrice: 0, discount: 100 });
  });

  it('refuses a term the product does not offer, and an unknown product', async () => {
    expect(await price('T-OV', { year: 3 })).toMatchObject({ code: 10001, msg: '此产品不支持 3 的有效期', errors: { year: '此产品不支持 3 的有效期' } });
    expect(await price('T-OV', { year: 3 }, { lang: 'en' })).toMatchObject({ code: 10001, msg: 'This product does not offer a term of 3' });
    expect(await price('NOPE', { year: 1 }, { lang: 'en' })).toMatchObject({ code: 10004, msg: 'Product not found', errors: { productNo: 'Product not found' } });
    expect(await price('T-DV', {})).toMatchObject({ code: 10001, errors: { year: '此项为必填项' } });
  });
});

describe('OpenAPI', () => {
  it('describes every purchase-area call', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = r.json().paths as Record<string, Record<string, unknown>>;
    for (const p of ['/v1/products', '/v1/contacts', '/v1/contacts/{id}', '/v1/organizations', '/v1/organizations/{id}', '/v1/organizations/qiChaCha',
      '/v1/emailDnsEmails', '/v1/emailDnsEmails/{id}', '/v1/orders/price/{productNo}', '/v1/orders/certificate/{productNo}', '/v1/orders/free',
      '/v1/orders', '/v1/csr/generate', '/v1/csr/save', '/v1/csr/batchSave']) {
      expect(paths[p], p).toBeDefined();
    }
    expect(Object.keys(paths['/v1/organizations']!)).toEqual(expect.arrayContaining(['get', 'post', 'put']));
  });
});
