import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, makeEcCsr, newAccount, testProducts } from './purchase-helpers.ts';

let t: TestApp;
let me: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let meId: number;
beforeAll(async () => {
  t = await startTestApp();
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app);
  meId = a.id;
  me = client(t.app, a.token);
  other = client(t.app, (await newAccount(t.app)).token);
});
afterAll(() => t.close());

const countOrders = async () => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE account_id = $1`, [meId]))[0]!.n;
const certs = (n: number, prefix: string) => Promise.all(Array.from({ length: n }, async (_, i) => {
  const commonName = `${prefix}${i}.example.com`;
  return { commonName, csr: await makeEcCsr(commonName), domainNames: [] as string[] };
}));

describe('batch ordering', () => {
  it('creates 500 orders in one request, in one transaction, numbers in the order of sslCerts', async () => {
    const sslCerts = await certs(500, 'b');
    const before = await countOrders();
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns', sslCerts });
    expect(r.body.code).toBe(200);
    const numbers = (r.body.data as string).split(',');
    expect(numbers).toHaveLength(500);
    expect(new Set(numbers).size).toBe(500);
    expect(await countOrders()).toBe(before + 500);
    const rows = await t.app.db.query<{ order_no: string; common_name: string; batch_id: string; pay_amount: number }>(
      `SELECT order_no, common_name, batch_id, pay_amount FROM orders WHERE order_no = ANY($1::text[])`, [numbers]);
    const byNo = new Map(rows.map((row) => [row.order_no, row]));
    numbers.forEach((no, i) => expect(byNo.get(no)?.common_name).toBe(`b${i}.example.com`));
    expect(new Set(rows.map((row) => row.batch_id)).size).toBe(1);
    expect(rows.every((row) => row.pay_amount === 39900)).toBe(true);

    const listed = await me.get(`/v1/orders?orderNos=${numbers.join(',')}`);
    expect((listed.body.data as { allOrders: unknown[] }).allOrders).toHaveLength(500);
    expect((await other.get(`/v1/orders?orderNos=${numbers.slice(0, 3).join(',')}`)).body.data).toEqual({ allOrders: [] });
  });

  it('refuses 501 orders', async () => {
    const one = { commonName: 'x.example.com', csr: await makeEcCsr('x.example.com') };
    const before = await countOrders();
    const z = await me.post('/v1/orders/certificate/T-DV', { year: 1, sslCerts: Array.from({ length: 501 }, () => one) });
    expect(z.body).toMatchObject({ code: 10001, msg: '一次最多可提交500个订单', errors: { sslCerts: '一次最多可提交500个订单' } });
    const e = await me.post('/v1/orders/certificate/T-DV', { year: 1, sslCerts: Array.from({ length: 501 }, () => one) }, { lang: 'en' });
    expect(e.body).toMatchObject({ code: 10001, msg: 'At most 500 orders can be submitted at once' });
    expect(await countOrders()).toBe(before);
  });

  it('writes no order when one certificate of the batch fails, and says which, per common name', async () => {
    const sslCerts = await certs(20, 'f');
    sslCerts[7] = { commonName: 'f7.example.com', csr: sslCerts[7]!.csr, domainNames: ['bad..name'] };
    sslCerts[12] = { commonName: 'f12.example.com', csr: await makeCsr('other.example.com'), domainNames: [] };
    const before = await countOrders();
    const r = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', sslCerts });
    expect(r.body).toMatchObject({
      code: 10001,
      msg: '共 20 个订单，其中 2 个未通过校验，未创建任何订单',
      errors: { 'f7.example.com': 'bad..name 格式不正确', 'f12.example.com': 'CSR 的通用名称 other.example.com 与 f12.example.com 不一致' },
    });
    expect(Object.keys(r.body.errors!)).toHaveLength(2);
    const en = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', sslCerts }, { lang: 'en' });
    expect(en.body).toMatchObject({ msg: '2 of 20 orders failed validation; no order was created', errors: { 'f7.example.com': 'bad..name format incorrect' } });
    expect(await countOrders()).toBe(before);
  });

  it('refuses duplicates as "{domain} duplicate": a name in two orders, a repeat inside a group, the common name in its group', async () => {
    const cert = async (commonName: string, domainNames: string[] = []) => ({ commonName, csr: await makeEcCsr(commonName), domainNames });
    const sslCerts = [
      await cert('d1.example.com', ['shared.example.com']),
      await cert('d1.example.com'),
      await cert('d2.example.com', ['r.example.com', 'R.example.com']),
      await cert('d3.example.com', ['D3.EXAMPLE.COM']),
      await cert('d4.example.com', ['shared.example.com']),
      await cert('d5.example.com'),
    ];
    const before = await countOrders();
    const r = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', sslCerts });
    expect(r.body).toEqual({
      code: 10001,
      msg: '共 6 个订单，其中 4 个未通过校验，未创建任何订单',
      data: null,
      errors: { 'd1.example.com': 'd1.example.com 重复', 'd2.example.com': 'R.example.com 重复', 'd3.example.com': 'D3.EXAMPLE.COM 重复', 'd4.example.com': 'shared.example.com 重复' },
    });
    const en = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', sslCerts }, { lang: 'en' });
    expect(en.body.errors).toEqual({ 'd1.example.com': 'd1.example.com duplicate', 'd2.example.com': 'R.example.com duplicate', 'd3.example.com': 'D3.EXAMPLE.COM duplicate', 'd4.example.com': 'shared.example.com duplicate' });
    expect(await countOrders()).toBe(before);

    // Partial mode: the first order that holds a name is created, the later one is refused, on the field at fault.
    const p = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', partial: true, sslCerts: [sslCerts[0], sslCerts[1], sslCerts[4]] }, { lang: 'en' });
    expect(p.body.code).toBe(200);
    const data = p.body.data as { created: { index: number }[]; failed: unknown[] };
    expect(data.created.map((c) => c.index)).toEqual([0]);
    expect(data.failed).toEqual([
      { index: 1, commonName: 'd1.example.com', errors: { commonName: 'd1.example.com duplicate' } },
      { index: 2, commonName: 'd4.example.com', errors: { domainNames: 'shared.example.com duplicate' } },
    ]);
    expect(await countOrders()).toBe(before + 1);
  });

  it('refuses the same name twice in a batch of CSRs read for their common names (paste and zip)', async () => {
    const csr = await makeEcCsr('z.example.com');
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, sslCerts: [{ commonName: '', csr }, { commonName: '', csr }] }, { lang: 'en' });
    expect(r.body).toMatchObject({ code: 10001, errors: { 'sslCerts.1': 'z.example.com duplicate' } });
  });

  it('accepts sslCerts as JSON text in a form body', async () => {
    const sslCerts = await certs(3, 'form');
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, sslCerts }, { form: true });
    expect(r.body.code).toBe(200);
    expect((r.body.data as string).split(',')).toHaveLength(3);
  });
});

describe('partial mode (per-certificate results)', () => {
  interface Partial { created: { index: number; commonName: string; orderNo: string }[]; failed: { index: number; commonName: string; errors: Record<string, string> }[] }

  it('creates the valid certificates in one transaction and reports each invalid one with its errors', async () => {
    const sslCerts = await certs(50, 'p');
    sslCerts[3] = { commonName: 'p3.example.com', csr: sslCerts[3]!.csr, domainNames: ['bad..name'] };
    sslCerts[40] = { commonName: 'p40.example.com', csr: await makeCsr('other.example.com'), domainNames: [] };
    const before = await countOrders();
    const r = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', partial: true, sslCerts });
    expect(r.body.code).toBe(200);
    const data = r.body.data as Partial;
    expect(data.created).toHaveLength(48);
    expect(data.failed).toEqual([
      { index: 3, commonName: 'p3.example.com', errors: { domainNames: 'bad..name 格式不正确' } },
      { index: 40, commonName: 'p40.example.com', errors: { csr: 'CSR 的通用名称 other.example.com 与 p40.example.com 不一致' } },
    ]);
    expect(data.created.map((c) => c.index)).toEqual(Array.from({ length: 50 }, (_, i) => i).filter((i) => i !== 3 && i !== 40));
    data.created.forEach((c) => expect(c.commonName).toBe(`p${c.index}.example.com`));
    expect(await countOrders()).toBe(before + 48);
    const rows = await t.app.db.query<{ order_no: string; common_name: string; batch_id: string }>(
      `SELECT order_no, common_name, batch_id FROM orders WHERE order_no = ANY($1::text[])`, [data.created.map((c) => c.orderNo)]);
    expect(rows).toHaveLength(48);
    expect(new Set(rows.map((row) => row.batch_id)).size).toBe(1);
    const byNo = new Map(rows.map((row) => [row.order_no, row.common_name]));
    data.created.forEach((c) => expect(byNo.get(c.orderNo)).toBe(c.commonName));
    // Another account cannot see them.
    expect((await other.get(`/v1/orders?orderNos=${data.created.slice(0, 3).map((c) => c.orderNo).join(',')}`)).body.data).toEqual({ allOrders: [] });

    const en = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', partial: true, sslCerts: [sslCerts[3]!] }, { lang: 'en' });
    expect(en.body).toMatchObject({ code: 200, data: { created: [], failed: [{ index: 0, commonName: 'p3.example.com', errors: { domainNames: 'bad..name format incorrect' } }] } });
  });

  it('writes nothing when every certificate fails, and answers each', async () => {
    const before = await countOrders();
    const sslCerts = [
      { commonName: 'localhost', csr: await makeEcCsr('localhost') },
      { commonName: 'q1.example.com', csr: 'not a request' },
    ];
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, partial: true, sslCerts });
    expect(r.body.code).toBe(200);
    const data = r.body.data as Partial;
    expect(data.created).toEqual([]);
    expect(data.failed.map((f) => f.index)).toEqual([0, 1]);
    expect(data.failed[0]!.errors).toEqual({ commonName: 'localhost 是内网或本机地址，不能申请证书' });
    expect(Object.keys(data.failed[1]!.errors)).toEqual(['csr']);
    expect(await countOrders()).toBe(before);
  });

  it('still refuses the whole request for what concerns every certificate (term, contact), in a form body too', async () => {
    const sslCerts = await certs(3, 'pw');
    const before = await countOrders();
    expect((await me.post('/v1/orders/certificate/T-DV', { year: 7, partial: true, sslCerts })).body).toMatchObject({ code: 10001, msg: '此产品不支持 7 的有效期' });
    expect((await me.post('/v1/orders/certificate/T-OV', { year: 1, partial: true, sslCerts })).body).toMatchObject({ code: 10001, errors: { contactID: '请选择联系人' } });
    expect(await countOrders()).toBe(before);
    const form = await me.post('/v1/orders/certificate/T-DV', { year: 1, partial: 'true', sslCerts }, { form: true });
    expect(form.body.code).toBe(200);
    expect((form.body.data as Partial).created.map((c) => c.commonName)).toEqual(['pw0.example.com', 'pw1.example.com', 'pw2.example.com']);
    // Without partial the answer keeps its all-or-none shape.
    const plain = await me.post('/v1/orders/certificate/T-DV', { year: 1, partial: false, sslCerts });
    expect(typeof plain.body.data).toBe('string');
  });

  it('answers per certificate on the free call as well, for one certificate without sslCerts', async () => {
    const r = await me.post('/v1/orders/free', { productNo: 'T-FREE', partial: true, csr: await makeCsr('pfree.example.com'), commonName: 'pfree.example.com' });
    expect(r.body.code).toBe(200);
    const data = r.body.data as Partial;
    expect(data.failed).toEqual([]);
    expect(data.created).toEqual([{ index: 0, commonName: 'pfree.example.com', orderNo: expect.stringMatching(/^SSL\d{16}$/) as unknown as string }]);
  });
});

describe('free orders', () => {
  it('creates a free 90-day order already paid (1002) for nothing', async () => {
    const csr = await makeCsr('free.example.com');
    const r = await me.post('/v1/orders/free', { productNo: 'T-FREE', csr, commonName: 'free.example.com' });
    expect(r.body.code).toBe(200);
    const [row] = await t.app.db.query<Record<string, unknown>>(`SELECT order_status, validity, pay_amount, paid_at FROM orders WHERE order_no = $1`, [r.body.data]);
    expect(row).toMatchObject({ order_status: 1002, validity: 90, pay_amount: 0 });
    expect(row!.paid_at).not.toBeNull();
    const again = await me.post('/v1/orders/certificate/T-FREE', { year: 90, csr, commonName: 'free.example.com' }, { form: true });
    expect(again.body.code).toBe(200);
  });

  it('checks the same rules and refuses a paid product', async () => {
    const csr = await makeCsr('free2.example.com');
    expect((await me.post('/v1/orders/free', { productNo: 'T-DV', csr, commonName: 'free2.example.com' })).body).toMatchObject({ code: 10001, msg: '此产品不是免费产品', errors: { productNo: '此产品不是免费产品' } });
    expect((await me.post('/v1/orders/free', { productNo: 'T-DV', csr }, { lang: 'en' })).body).toMatchObject({ msg: 'This product is not a free product' });
    expect((await me.post('/v1/orders/free', { productNo: 'T-FREE', year: 1, csr })).body).toMatchObject({ code: 10001, msg: '此产品不支持 1 的有效期' });
    expect((await me.post('/v1/orders/free', { productNo: 'T-FREE', csr: await makeCsr('localhost') })).body).toMatchObject({ code: 10001, msg: 'localhost 是内网或本机地址，不能申请证书' });
    expect((await me.post('/v1/orders/free', { csr })).body).toMatchObject({ code: 10001, msg: '请选择产品' });
  });
});
