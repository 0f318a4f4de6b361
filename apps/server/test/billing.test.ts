import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount, payableOrder } from './payment-helpers.ts';
import { operator, operatorSecretForTests, toppedUpAccount, validInvoiceContact, validInvoiceOrg } from './billing-helpers.ts';
import { postLedgerEntry } from '../src/services/payments/ledger.ts';
import { drawFromPackage } from '../src/services/billing/cert-packages.ts';
import { invoicePdf } from '../src/services/billing/invoice-pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OPERATOR_SECRET: operatorSecretForTests });
  await addProducts(t.app, [testProducts.dv, testProducts.flex, testProducts.ov]);
});
afterEach(() => expectLedgerMatchesBalances(t.app.db));
afterAll(() => t.close());

type Page<T> = { data: T[]; total: number };
type Credit = { amount: number; balanceAfter: number; kind: string; ref: string; payWay: number | null; payWayName: string };

/** A paid order from the balance. */
async function paidOrder(me: ReturnType<typeof client>, accountId: number, cents: number): Promise<string> {
  const orderNo = await payableOrder(t.app, accountId, cents);
  expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
  return orderNo;
}

async function exportCsv(token: string, url: string, lang: 'zh' | 'en' = 'zh') {
  const r = await t.app.inject({ method: 'GET', url, headers: { token, lang } });
  return { status: r.statusCode, type: String(r.headers['content-type']), body: r.body, raw: r.rawPayload };
}

describe('GET /v1/creditChangeRecords', () => {
  it('lists every entry with kind, amount, balance after, reference and method code; they sum to the balance; filters; CSV', async () => {
    const a = await toppedUpAccount(t.app, 50_000, 'alipay');
    const me = client(t.app, a.token);
    await t.app.db.tx((q) => postLedgerEntry(q, { accountId: a.id, amount: 3_000, kind: 'top_up', ref: `w-${a.id}`, payWay: 'wechat' }));
    const o1 = await paidOrder(me, a.id, 12_000);
    await paidOrder(me, a.id, 8_000);
    expect((await me.post('/v1/orders/cancel', { orderNos: o1 })).body.code).toBe(200);

    const all = (await me.get('/v1/creditChangeRecords?limit=100')).body.data as Page<Credit>;
    expect(all.total).toBe(5);
    expect(all.data.reduce((s, r) => s + r.amount, 0)).toBe(await balanceOf(t.app, a.id));
    expect(all.data[0]).toMatchObject({ kind: 'refund', amount: 12_000, ref: o1, balanceAfter: await balanceOf(t.app, a.id) });
    expect(all.data.map((r) => r.payWay)).toEqual([null, null, null, 1, 0]);

    const paid = (await me.get('/v1/creditChangeRecords?kind=order_payment&limit=2&offset=1')).body.data as Page<Credit>;
    expect(paid.total).toBe(2);
    expect(paid.data.every((r) => r.kind === 'order_payment' && r.amount < 0)).toBe(true);
    expect(((await me.get('/v1/creditChangeRecords?startTime=2001-01-01&endTime=2001-12-31')).body.data as Page<Credit>).total).toBe(0);

    const bad = await me.get('/v1/creditChangeRecords?startTime=2026-02-01&endTime=2026-01-01');
    expect(bad.body).toMatchObject({ code: 10001, msg: '开始时间不能晚于结束时间' });
    expect((await me.get('/v1/creditChangeRecords?kind=gift', { lang: 'en' })).body.code).toBe(10001);

    const csv = await exportCsv(a.token, '/v1/creditChangeRecords/export?kind=top_up');
    expect(csv.type).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(csv.raw.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines[0]).toBe('时间,类型,金额(元),变动后余额(元),关联单号,支付方式,支付方式代码,备注');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',充值,30.00,');
    const en = await exportCsv(a.token, '/v1/creditChangeRecords/export', 'en');
    expect(en.body.split('\r\n')[0]).toContain('Time,Kind,Amount (CNY)');
    expect(en.body).toContain('Refund,120.00');

    // Another account sees none of it.
    const other = client(t.app, (await newAccount(t.app)).token);
    expect(((await other.get('/v1/creditChangeRecords')).body.data as Page<Credit>).total).toBe(0);
  });
});

describe('bills, monthly consumption, reconciliation', () => {
  it('lists payments and refunds with products; sums by month and product type; exports orders for reconciliation', async () => {
    const a = await fundedAccount(t.app, 100_000);
    const me = client(t.app, a.token);
    const o1 = await paidOrder(me, a.id, 30_000);
    const o2 = await paidOrder(me, a.id, 20_000);
    expect((await me.post('/v1/orders/cancel', { orderNos: o2 })).body.code).toBe(200);

    const bills = (await me.get('/v1/transactions')).body.data as Page<{ amount: number; ref: string; kind: string; productType: string; productName: string }> & { sum: number };
    expect(bills.total).toBe(3);
    expect(bills.sum).toBe(30_000);
    expect(bills.data[0]).toMatchObject({ ref: o2, amount: -20_000, kind: 'refund', productType: 'ssl' });
    expect(bills.data.map((b) => b.ref).sort()).toEqual([o1, o2, o2].sort());

    const m = (await me.get('/v1/transactions/monthlyConsumption?months=3')).body.data as { months: { month: string; amount: number }[]; byType: { month: string; productType: string; amount: number }[] };
    expect(m.months).toHaveLength(3);
    expect(m.months.at(-1)!.amount).toBe(30_000);
    expect(m.months.slice(0, 2).every((x) => x.amount === 0)).toBe(true);
    expect(m.byType).toEqual([{ month: m.months.at(-1)!.month, productType: 'ssl', amount: 30_000 }]);
    expect((await me.get('/v1/transactions/monthlyConsumption?months=99')).body.code).toBe(10001);

    const rec = await exportCsv(a.token, '/v1/transactions/reconciliation');
    const lines = rec.body.trim().split('\r\n');
    expect(lines[0]).toContain('订单号,产品');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.startsWith(o2))).toContain(',200.00,200.00,balance,');
    expect(lines.find((l) => l.startsWith(o1))).toContain(',300.00,0.00,balance,');
    const other = await newAccount(t.app);
    expect((await exportCsv(other.token, '/v1/transactions/reconciliation')).body.trim().split('\r\n')).toHaveLength(1);
  });
});

describe("each account's own prices", () => {
  it('the preview, the order and the price list use the discount table (product beats brand, quantity tiers)', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const other = client(t.app, (await newAccount(t.app)).token);
    await t.app.db.query(
      `INSERT INTO account_discounts (account_id, brand, product_no, min_quantity, discount) VALUES ($1, 'globalsign', NULL, 1, 90), ($1, 'globalsign', NULL, 10, 80), ($1, NULL, 'T-OV', 1, 70)`,
      [a.id],
    );
    const preview = async (c: typeof me, productNo: string, body: object) => (await c.post(`/v1/orders/price/${productNo}`, body)).body.data;
    expect(await preview(me, 'T-DV', { year: 1 })).toMatchObject({ allRawPrice: 39_900, allNowPrice: 35_910, discount: 90, packageCovered: 0 });
    expect(await preview(me, 'T-DV', { year: 1, quantity: 10 })).toMatchObject({ allNowPrice: 31_920, discount: 80 });
    expect(await preview(me, 'T-OV', { year: 2 })).toMatchObject({ allRawPrice: 300_000, allNowPrice: 210_000, discount: 70 });
    expect(await preview(me, 'T-FLEX', { year: 1 })).toMatchObject({ allNowPrice: 20_000, discount: 100 });
    expect(await preview(other, 'T-DV', { year: 1 })).toMatchObject({ allNowPrice: 39_900, discount: 100 });

    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, csr: await makeCsr('price.example.com'), commonName: 'price.example.com', dcvMethod: 'dns' });
    expect(r.body.code).toBe(200);
    const [row] = await t.app.db.query<{ pay_amount: string | number; raw_amount: string | number; discount: number }>(`SELECT pay_amount, raw_amount, discount FROM orders WHERE order_no = $1`, [r.body.data]);
    expect({ pay: Number(row!.pay_amount), raw: Number(row!.raw_amount), discount: row!.discount }).toEqual({ pay: 35_910, raw: 39_900, discount: 90 });

    const list = (await me.get('/v1/products/myPrices')).body.data as { data: { productNo: string; term: number; listPrice: number; myPrice: number; discount: number }[] };
    expect(list.data.filter((p) => p.productNo === 'T-OV').map((p) => [p.term, p.listPrice, p.myPrice])).toEqual([[1, 150_000, 105_000], [2, 300_000, 210_000]]);
    expect(list.data.find((p) => p.productNo === 'T-DV' && p.term === 3)).toMatchObject({ listPrice: 119_700, myPrice: 107_730, discount: 90 });
  });
});

describe('certificate packages', () => {
  it('bought from the balance, drawn by orders of the product before the balance, shown in the preview, given back on cancel', async () => {
    const [offer] = await t.app.db.query<{ id: number }>(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ('T-FLEX', 3, 45000) RETURNING id`);
    const a = await fundedAccount(t.app, 100_000);
    const me = client(t.app, a.token);
    const list0 = (await me.get('/v1/certPkg')).body.data as { offers: { id: number; price: number; listPrice: number }[]; packages: unknown[] };
    expect(list0.offers.find((o) => o.id === offer!.id)).toMatchObject({ price: 45_000, listPrice: 60_000 });
    expect(list0.packages).toEqual([]);
    expect((await me.post('/v1/certPkg', { offerId: 999_999 })).body).toMatchObject({ code: 10004, msg: '证书套餐不存在或已下架' });
    const bought = await me.post('/v1/certPkg', { offerId: offer!.id });
    expect(bought.body).toMatchObject({ code: 200, data: { amount: 45_000, balance: 55_000 } });
    const poor = client(t.app, (await newAccount(t.app)).token);
    expect((await poor.post('/v1/certPkg', { offerId: offer!.id })).body.code).toBe(13001);

    expect((await me.post('/v1/orders/price/T-FLEX', { year: 1, sslDomains: 'a.example.com' })).body.data).toMatchObject({ allNowPrice: 0, allRawPrice: 20_000, packageCovered: 20_000, packageRemaining: 3 });
    // Two names: the package covers the first, the second is paid.
    const r = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, csr: await makeCsr('pkg.example.com'), commonName: 'pkg.example.com', domainNames: 'api.example.com', dcvMethod: 'dns' });
    expect(r.body).toMatchObject({ code: 200 });
    const [o] = await t.app.db.query<{ pay_amount: string | number; order_status: number; cert_package_id: number | null }>(`SELECT pay_amount, order_status, cert_package_id FROM orders WHERE order_no = $1`, [r.body.data]);
    expect(Number(o!.pay_amount)).toBe(5_000);
    expect(o!.order_status).toBe(1001);
    expect(o!.cert_package_id).toBe((bought.body.data as { id: number }).id);
    // One name, two years: both years from the package, nothing to pay, validation starts.
    const r2 = await me.post('/v1/orders/certificate/T-FLEX', { year: 2, csr: await makeCsr('pkg2.example.com'), commonName: 'pkg2.example.com', dcvMethod: 'dns' });
    const [o2] = await t.app.db.query<{ pay_amount: string | number; order_status: number }>(`SELECT pay_amount, order_status FROM orders WHERE order_no = $1`, [r2.body.data]);
    expect([Number(o2!.pay_amount), o2!.order_status]).toEqual([0, 1002]);
    const list1 = (await me.get('/v1/certPkg')).body.data as { packages: { remaining: number; used: number }[] };
    expect(list1.packages[0]).toMatchObject({ used: 3, remaining: 0 });
    // None left: the next order pays in full.
    expect((await me.post('/v1/orders/price/T-FLEX', { year: 1 })).body.data).toMatchObject({ allNowPrice: 20_000, packageCovered: 0, packageRemaining: 0 });
    expect((await me.post('/v1/orders/cancel', { orderNos: r2.body.data as string })).body.code).toBe(200);
    expect(((await me.get('/v1/certPkg')).body.data as { packages: { remaining: number }[] }).packages[0]!.remaining).toBe(2);
    // The service the ACME orders will call draws all or nothing.
    expect(await t.app.db.tx((q) => drawFromPackage(q, a.id, 'T-FLEX', 3))).toBeNull();
    // Many orders in one request: the package covers the first two, the third pays in full.
    const sslCerts = await Promise.all(['b1', 'b2', 'b3'].map(async (n) => ({ commonName: `${n}.example.com`, csr: await makeCsr(`${n}.example.com`) })));
    const batch = await me.post('/v1/orders/certificate/T-FLEX', { year: 1, dcvMethod: 'dns', sslCerts });
    expect(batch.body.code, batch.body.msg).toBe(200);
    const drawn = await t.app.db.query<{ common_name: string; pay_amount: string | number; order_status: number }>(
      `SELECT common_name, pay_amount, order_status FROM orders WHERE order_no = ANY($1::text[]) ORDER BY common_name`, [String(batch.body.data).split(',')]);
    expect(drawn.map((o) => [o.common_name, Number(o.pay_amount), o.order_status])).toEqual([['b1.example.com', 0, 1002], ['b2.example.com', 0, 1002], ['b3.example.com', 20_000, 1001]]);
    // Bills show the package.
    const bills = (await me.get('/v1/transactions?item=package')).body.data as Page<{ amount: number; productType: string }>;
    expect(bills.data).toEqual([expect.objectContaining({ amount: 45_000, productType: 'package' })]);
  });
});

describe('invoices and their templates', () => {
  it('templates: full CRUD, checked tax number, other accounts get nothing', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const other = client(t.app, (await newAccount(t.app)).token);
    const bad = await me.post('/v1/invoiceOrganizations', { ...validInvoiceOrg, taxNum: '91110000123456789X' });
    expect(bad.body).toMatchObject({ code: 10001, errors: { taxNum: '纳税人识别号须为 18 位统一社会信用代码且校验位正确' } });
    const badEn = await me.post('/v1/invoiceOrganizations', { ...validInvoiceOrg, bankAccount: 'abc', email: 'x' }, { lang: 'en' });
    expect(badEn.body.errors).toMatchObject({ bankAccount: 'The bank account must be 6 to 34 digits' });
    const id = ((await me.post('/v1/invoiceOrganizations', validInvoiceOrg)).body.data as { id: number }).id;
    expect((await me.put('/v1/invoiceOrganizations', { ...validInvoiceOrg, id, orgName: '新名称有限公司' })).body.code).toBe(200);
    const list = (await me.get('/v1/invoiceOrganizations')).body.data as Page<{ orgName: string }>;
    expect(list).toMatchObject({ total: 1, data: [{ orgName: '新名称有限公司', taxNum: validInvoiceOrg.taxNum }] });
    expect((await other.put('/v1/invoiceOrganizations', { ...validInvoiceOrg, id })).body.code).toBe(10004);
    expect((await other.del(`/v1/invoiceOrganizations/${id}`)).body.code).toBe(10004);
    expect(((await other.get('/v1/invoiceOrganizations')).body.data as Page<unknown>).total).toBe(0);

    const cid = ((await me.post('/v1/invoiceContacts', validInvoiceContact)).body.data as { id: number }).id;
    expect((await me.post('/v1/invoiceContacts', { ...validInvoiceContact, name: ' ' })).body).toMatchObject({ code: 10001, errors: { name: '此项为必填项' } });
    expect((await me.put('/v1/invoiceContacts', { ...validInvoiceContact, id: cid, address: '上海市' })).body.code).toBe(200);
    expect((await other.del(`/v1/invoiceContacts/${cid}`)).body.code).toBe(10004);
    expect((await me.del(`/v1/invoiceContacts/${cid}`)).body.code).toBe(200);
    expect((await me.del(`/v1/invoiceOrganizations/${id}`)).body.code).toBe(200);
    expect(((await me.get('/v1/invoiceContacts')).body.data as Page<unknown>).total).toBe(0);
  });

  it('toBeInvoicedAmount grows with paid orders, shrinks with refunds and applications; apply, cancel, issue with a PDF and a mail', async () => {
    const a = await fundedAccount(t.app, 200_000);
    const me = client(t.app, a.token);
    const other = client(t.app, (await newAccount(t.app)).token);
    const due = async () => ((await me.get('/v1/invoices')).body.data as { toBeInvoicedAmount: number }).toBeInvoicedAmount;
    expect(await due()).toBe(0);
    await paidOrder(me, a.id, 50_000);
    const refunded = await paidOrder(me, a.id, 10_000);
    expect(await due()).toBe(60_000);
    await me.post('/v1/orders/cancel', { orderNos: refunded });
    expect(await due()).toBe(50_000);
    expect(((await me.get('/v1/account')).body.data as { accountInfo: { toBeInvoicedAmount: number } }).accountInfo.toBeInvoicedAmount).toBe(50_000);

    const org = ((await me.post('/v1/invoiceOrganizations', validInvoiceOrg)).body.data as { id: number }).id;
    const con = ((await me.post('/v1/invoiceContacts', validInvoiceContact)).body.data as { id: number }).id;
    const apply = (c: typeof me, body: object) => c.post('/v1/invoices', { invoiceType: 'special', invoiceOrgID: org, invoiceConID: con, ...body });
    expect((await apply(me, { amount: 50_001 })).body).toMatchObject({ code: 14101, msg: '申请金额超过可开票金额（当前可开 500.00 元）' });
    expect((await apply(me, { amount: 0 })).body.code).toBe(10001);
    expect((await apply(me, { invoiceType: 'x', amount: 1 })).body).toMatchObject({ code: 10001, errors: { invoiceType: '发票类型只能是普通发票或增值税专用发票' } });
    expect((await apply(other, { amount: 1 })).body.code).toBe(10004);

    const first = (await apply(me, { amount: 20_000 })).body.data as { id: number; toBeInvoicedAmount: number };
    expect(first.toBeInvoicedAmount).toBe(30_000);
    expect((await other.del(`/v1/invoices/${first.id}`)).body.code).toBe(10004);
    expect((await me.del(`/v1/invoices/${first.id}`)).body.code).toBe(200);
    expect((await me.del(`/v1/invoices/${first.id}`)).body).toMatchObject({ code: 14102, msg: '该申请已处理，不能再操作' });
    expect(await due()).toBe(50_000);

    const second = (await apply(me, { amount: 50_000 })).body.data as { id: number };
    // The template changes later; the invoice keeps what was applied for.
    await me.put('/v1/invoiceOrganizations', { ...validInvoiceOrg, id: org, orgName: '改过的名称' });

    // The operator area: not without its secret.
    const anon = await t.app.inject({ method: 'GET', url: '/v1/operator/invoices' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 14104 });
    expect((await operator(t.app, 'wrong-secret-wrong-secret').get('/v1/operator/invoices')).status).toBe(401);
    const sessionOnly = await t.app.inject({ method: 'GET', url: '/v1/operator/invoices', headers: { token: a.token } });
    expect(sessionOnly.statusCode).toBe(401);

    const op = operator(t.app);
    const pending = (await op.get('/v1/operator/invoices?status=pending')).body.data as Page<{ id: number; orgName: string; amount: number }>;
    expect(pending.data.find((i) => i.id === second.id)).toMatchObject({ orgName: '示例科技有限公司', amount: 50_000 });
    expect((await op.post(`/v1/operator/invoices/${second.id}/issue`)).body).toMatchObject({ code: 200, data: { status: 'issued' } });
    expect((await op.post(`/v1/operator/invoices/${second.id}/issue`)).body.code).toBe(14102);
    expect((await me.del(`/v1/invoices/${second.id}`)).body.code).toBe(14102);

    const mine = (await me.get('/v1/invoices')).body.data as Page<{ id: number; status: string; invoiceNo: string; hasPdf: boolean }> & { toBeInvoicedAmount: number };
    expect(mine.toBeInvoicedAmount).toBe(0);
    const issued = mine.data.find((i) => i.id === second.id)!;
    expect(issued).toMatchObject({ status: 'issued', hasPdf: true });
    // The message centre says so, naming the invoice title and the amount.
    const told = (await me.get('/v1/siteMsg?kind=invoiceIssued')).body.data as { siteMsges: { title: string; content: string; link: string }[] };
    expect(told.siteMsges).toHaveLength(1);
    expect(told.siteMsges[0]).toMatchObject({ title: '发票已开具：¥500.00', content: expect.stringContaining('示例科技有限公司，金额 ¥500.00'), link: '/account/invoice' });
    const pdf = await t.app.inject({ method: 'GET', url: `/v1/invoices/${second.id}/pdf`, headers: { token: a.token } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-')), 'i.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('增值税专用发票');
    expect(text).toContain(issued.invoiceNo);
    expect(text).toContain('示例科技有限公司');
    expect(text).toContain(validInvoiceOrg.taxNum);
    expect(text).toContain('500.00');
    const theirs = await t.app.inject({ method: 'GET', url: `/v1/invoices/${second.id}/pdf`, headers: { token: (await newAccount(t.app)).token } });
    expect(theirs.json()).toMatchObject({ code: 10004 });
    const [mail] = await t.app.db.query<{ to_addr: string; subject: string; body: string }>(`SELECT to_addr, subject, body FROM outbox WHERE subject LIKE $1 ORDER BY id DESC LIMIT 1`, [`%${issued.invoiceNo}%`]);
    expect(mail).toMatchObject({ to_addr: 'finance@example.com', subject: `您的发票 ${issued.invoiceNo} 已开具`, body: expect.stringContaining('（¥500.00）') });

    // Rejected: the amount can be invoiced again.
    await paidOrder(me, a.id, 7_000);
    const third = (await apply(me, { invoiceType: 'ordinary', amount: 7_000 })).body.data as { id: number };
    expect((await op.post(`/v1/operator/invoices/${third.id}/reject`, { reason: ' ' })).body.code).toBe(10001);
    expect((await op.post(`/v1/operator/invoices/${third.id}/reject`, { reason: '抬头有误' })).body.code).toBe(200);
    expect(await due()).toBe(7_000);
  });

  it('without the CJK font the PDF is still made, in a Latin font, CJK left out', async () => {
    const pdf = await invoicePdf({
      invoiceNo: 'INV2026000001', invoiceType: 'ordinary', issuedAt: new Date('2026-01-02T03:00:00Z'), amount: 12_345, seller: 'Example Ltd.',
      buyer: { ...validInvoiceOrg, orgName: '示例 Example Co.' }, fontFile: '/nonexistent/font.ttc',
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-')), 'latin.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('VAT Ordinary Invoice');
    expect(text).toContain('Example Co.');
    expect(text).toContain('123.45');
    expect(text).not.toContain('示例');
  });
});

describe('withdrawals', () => {
  it('up to the refundable balance (not invite rewards), through the ledger, reviewed by the operator', async () => {
    const a = await toppedUpAccount(t.app, 30_000);
    await t.app.db.tx((q) => postLedgerEntry(q, { accountId: a.id, amount: 5_000, kind: 'referral_reward', ref: `reward-${a.id}` }));
    const me = client(t.app, a.token);
    const w0 = (await me.get('/v1/withdraw')).body.data as { refundable: number; balance: number };
    expect(w0).toMatchObject({ balance: 35_000, refundable: 30_000 });
    expect((await me.post('/v1/withdraw', { amount: 30_001, method: 'original' })).body).toMatchObject({ code: 14103, msg: '提现金额超过可提现余额（当前可提 300.00 元）' });
    expect((await me.post('/v1/withdraw', { amount: 100, method: 'bank', bankName: '中国银行' })).body).toMatchObject({ code: 10001 });
    expect((await me.post('/v1/withdraw', { amount: 100, method: 'bank', bankName: '中国银行', accountName: '张三', bankAccount: '12' }, { lang: 'en' })).body.errors).toMatchObject({ bankAccount: 'The bank account must be 6 to 34 digits' });
    const w1 = (await me.post('/v1/withdraw', { amount: 10_000, method: 'bank', bankName: '中国银行', bankAccount: '6222020200112233', accountName: '张三' })).body.data as { id: number; balance: number };
    expect(w1.balance).toBe(25_000);
    const w2 = (await me.post('/v1/withdraw', { amount: 20_000, method: 'original' })).body.data as { id: number };
    expect((await me.get('/v1/withdraw')).body.data).toMatchObject({ refundable: 0, balance: 5_000, total: 2, data: [{ id: w2.id, status: 'pending' }, { id: w1.id, bankAccount: '************2233' }] });
    const other = client(t.app, (await newAccount(t.app)).token);
    expect(((await other.get('/v1/withdraw')).body.data as Page<unknown>).total).toBe(0);

    const op = operator(t.app);
    expect((await operator(t.app, 'nope-nope-nope-nope').post(`/v1/operator/withdrawals/${w1.id}/pay`)).status).toBe(401);
    expect((await op.post(`/v1/operator/withdrawals/${w1.id}/pay`)).body.code).toBe(200);
    expect((await op.post(`/v1/operator/withdrawals/${w2.id}/reject`, { reason: '原路退回失败' })).body.code).toBe(200);
    expect((await op.post(`/v1/operator/withdrawals/${w2.id}/pay`)).body.code).toBe(14102);
    expect(await balanceOf(t.app, a.id)).toBe(25_000);
    const kinds = ((await me.get('/v1/creditChangeRecords')).body.data as Page<Credit>).data.map((r) => r.kind);
    expect(kinds.slice(0, 3)).toEqual(['withdrawal_return', 'withdrawal', 'withdrawal']);
  });
});
