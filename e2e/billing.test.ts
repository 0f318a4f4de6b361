/**
 * Billing end to end on the real stack: top up (the sandbox gateway's hosted page), buy an order in the payment
 * dialog, see the entries on /account/credit-records and the chart and bills on /account/transaction, add an
 * invoice title and a mailing address, apply for an invoice, issue it on the operator page (/operator, behind
 * OPERATOR_SECRET), download its PDF and read it with pdftotext; buy a certificate package and see it in the order
 * screen's preview and taken by an order. Each page is photographed in zh/en × light/dark and checked by axe.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient, createPendingOrder, looks, expectAccessible, screenshot, signUpThroughApi, startStack, animationsDone, type Stack } from './harness.ts';

const operatorSecret = 'e2e-operator-secret-0123456789';
let stack: Stack;
let token = '';
const email = `billing.${Date.now().toString(36)}@example.com`;
let productNo = '';
/** Another paid product, which the package does not cover. */
let otherNo = '';
let pricePerYear = 0;
const api = apiClient(() => stack.baseUrl, () => token);

async function settle(p: Page) {
  await p.waitForLoadState('networkidle');
  await animationsDone(p);
}

beforeAll(async () => {
  stack = await startStack({ OPERATOR_SECRET: operatorSecret });
  token = await signUpThroughApi(stack.baseUrl, email, 'Str0ng#Passw0rd');
  const products = await api<{ data: { productNo: string; productType: string; certType: string; pricePerYear: number; free: boolean }[] }>('GET', '/v1/products?limit=1000&offset=1');
  const dv = products.data.filter((p) => !p.free && p.certType === 'DV' && p.productType === 'ssl' && p.pricePerYear > 0).sort((a, b) => a.pricePerYear - b.pricePerYear)[0];
  if (!dv) throw new Error('no paid DV product in the catalogue');
  productNo = dv.productNo;
  otherNo = products.data.find((p) => !p.free && p.pricePerYear > 0 && p.certType === 'DV' && p.productNo !== productNo && ['ssl', 'dv_one_ssl'].includes(p.productType))?.productNo ?? '';
  if (!otherNo) throw new Error('no second paid DV product in the catalogue');
  pricePerYear = dv.pricePerYear;
  // A package on sale: 5 certificates for the price of 4 (the platform sets offers).
  await stack.app.db.query(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ($1, 5, $2)`, [productNo, pricePerYear * 4]);
});
afterAll(async () => {
  await stack?.close();
});

describe('billing', () => {
  it('tops up, buys, sees the entries and the chart', async () => {
    const p = await stack.newPage({ token });
    // Top up 3 orders' worth on the hosted sandbox page.
    const deposit = await api<{ webPagePayURL: string }>('POST', '/v1/deposit', { amount: pricePerYear * 8, payWay: 'alipay' });
    await p.goto(deposit.webPagePayURL);
    await p.getByTestId('sandbox-approve').click();
    await p.waitForURL(/paymentStatus=succeeded/);
    // Buy an order in the payment dialog, from the balance.
    const orderNo = await createPendingOrder(api, productNo, 'bill');
    await p.goto(`/payment?orderNos=${orderNo}`);
    await p.getByTestId('notice-balance').waitFor();
    await p.getByTestId('pay-submit').click();
    await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));

    await p.goto('/account/credit-records');
    const table = p.getByTestId('credit-table');
    await table.locator('tbody tr.ant-table-row', { hasText: orderNo }).waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await table.locator('tbody tr.ant-table-row').first().textContent()).toContain('订单支付');
    expect(await table.locator('tbody tr.ant-table-row').nth(1).textContent()).toContain('支付宝');
    // Filter by kind.
    await p.getByTestId('credit-kind').click();
    await p.locator('.ant-select-item-option', { hasText: '充值' }).click();
    await p.getByTestId('credit-search').click();
    await table.locator('tbody tr.ant-table-row', { hasNotText: orderNo }).first().waitFor();
    await p.locator('[data-testid="credit-table"] tbody tr.ant-table-row', { hasText: orderNo }).waitFor({ state: 'detached' });
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('credit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^credit-records-.*\.csv$/);

    await p.goto('/account/transaction');
    await p.locator('[data-testid="consumption-chart"] svg').first().waitFor();
    await p.getByTestId('bills-table').locator('tbody tr.ant-table-row', { hasText: orderNo }).waitFor();
    const aria = (await p.getByTestId('consumption-chart').getAttribute('aria-label')) ?? '';
    expect(aria).toContain((pricePerYear / 100).toFixed(2));
    const [rec] = await Promise.all([p.waitForEvent('download'), p.getByTestId('reconciliation-export').click()]);
    expect(rec.suggestedFilename()).toMatch(/^reconciliation-.*\.csv$/);
  });

  it('applies for an invoice with new templates, the operator issues it, the PDF downloads', async () => {
    const p = await stack.newPage({ token });
    await p.goto('/account/invoice/invoice-template');
    await p.getByTestId('invoice-orgs-add').click();
    const org = p.getByTestId('invoice-orgs-form');
    await org.getByLabel('单位名称').fill('示例科技有限公司');
    await org.getByLabel('纳税人识别号').fill('91110000123456789X');
    await org.getByLabel('电话').fill('010-12345678');
    await org.getByLabel('开户行').fill('中国银行北京分行');
    await org.getByLabel('银行账号').fill('6222020200112233');
    await org.getByLabel('地址').fill('北京市海淀区中关村大街1号');
    await org.getByLabel('接收邮箱').fill('finance@example.com');
    await p.getByRole('button', { name: '新增', exact: true }).last().click();
    // The taxpayer number's check character is checked in the console as on the server.
    await p.getByText('纳税人识别号须为 18 位统一社会信用代码且校验位正确').waitFor();
    await org.getByLabel('纳税人识别号').fill('91110000123456789Q');
    await p.getByRole('button', { name: '新增', exact: true }).last().click();
    await p.locator('[data-testid="invoice-orgs"] tbody tr.ant-table-row', { hasText: '示例科技有限公司' }).waitFor();

    await p.goto('/account/invoice/mailling-template');
    await p.getByTestId('invoice-contacts-add').click();
    const con = p.getByTestId('invoice-contacts-form');
    await con.getByLabel('收件人').fill('李四');
    await con.getByLabel('电话').fill('13912345678');
    await con.getByLabel('地址').fill('北京市朝阳区建国路 88 号');
    await p.getByRole('button', { name: '新增', exact: true }).last().click();
    await p.locator('[data-testid="invoice-contacts"] tbody tr.ant-table-row', { hasText: '李四' }).waitFor();

    await p.goto('/account/invoice');
    await p.locator('[data-testid="invoice-due"]', { hasText: (pricePerYear / 100).toFixed(2) }).waitFor();
    await p.getByRole('radio', { name: '增值税专用发票' }).check();
    await p.getByTestId('invoice-org').click();
    await p.locator('.ant-select-item-option', { hasText: '示例科技有限公司' }).click();
    await p.getByTestId('invoice-contact').click();
    await p.locator('.ant-select-item-option', { hasText: '李四' }).click();
    await p.getByLabel('开票金额（元）').fill((pricePerYear / 100).toFixed(2));
    await p.getByTestId('invoice-submit').click();
    await p.locator('[data-testid="invoice-table"] tbody tr.ant-table-row', { hasText: '审核中' }).waitFor({ timeout: 10_000 }).catch(async (e: unknown) => {
      await screenshot(p, 'billing-debug-invoice');
      throw e;
    });
    await p.locator('[data-testid="invoice-due"]', { hasText: '0.00' }).waitFor();

    // The operator area: the secret first, then issue.
    const op = await stack.newPage({});
    await op.goto('/operator');
    await op.getByTestId('operator-secret').fill('not-the-secret-at-all');
    await op.getByTestId('operator-enter').click();
    await op.getByText('运营密钥不正确').waitFor();
    await op.getByTestId('operator-secret').fill(operatorSecret);
    await op.getByTestId('operator-enter').click();
    const row = op.locator('[data-testid="operator-invoices"] tbody tr.ant-table-row', { hasText: '示例科技有限公司' });
    await row.waitFor();
    await row.getByRole('button', { name: '开具' }).click();
    await op.getByText('已开具并邮件通知用户').waitFor();

    await p.reload();
    const issued = p.locator('[data-testid="invoice-table"] tbody tr.ant-table-row', { hasText: '已开具' });
    await issued.waitFor();
    const [pdf] = await Promise.all([p.waitForEvent('download'), issued.getByRole('button', { name: '下载 PDF' }).click()]);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-invoice-')), pdf.suggestedFilename());
    await pdf.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('增值税专用发票');
    expect(text).toContain('示例科技有限公司');
    expect(text).toContain((pricePerYear / 100).toFixed(2));
  });

  it('buys a certificate package and an order uses it', async () => {
    const p = await stack.newPage({ token });
    await p.goto('/account/cert-package');
    const offer = p.locator('[data-testid="package-offers"] tbody tr.ant-table-row').first();
    await offer.getByRole('button', { name: '购买' }).click();
    // The payment dialog, balance first (an outside way: e2e/purchase-pay.test.ts).
    await p.locator('[data-testid="payment-dialog"][data-way="balance"]').waitFor();
    await p.getByTestId('pay-submit').click();
    await p.getByText('支付成功').first().waitFor();
    await p.locator('[data-testid="my-packages"] tbody tr.ant-table-row', { hasText: '5' }).waitFor();

    // The order screen's preview says what the package takes off.
    await p.goto(`/ssl/certificates?productNo=${productNo}&year=1`);
    await p.getByTestId('preview-package').waitFor();
    expect(await p.getByTestId('preview-package').textContent()).toContain('剩余 5 张');
    await p.locator('[data-testid="preview-total"]', { hasText: '0.00' }).waitFor();

    const orderNo = await createPendingOrder(api, productNo, 'pkg');
    expect(await api<{ orderStatus: number }>('GET', `/v1/orders/status/${orderNo}`)).toMatchObject({ orderStatus: 1002 });
    await p.goto('/account/cert-package');
    await p.locator('[data-testid^="pkg-remaining-"]', { hasText: '4' }).waitFor();
    // The account's own price (15 % off every product) shows in the payment dialog with what it took off.
    await stack.app.db.query(`INSERT INTO account_discounts (account_id, discount) SELECT id, 85 FROM accounts WHERE email = $1`, [email]);
    const discountedNo = await createPendingOrder(api, otherNo, 'disc');
    await p.goto(`/payment?orderNos=${discountedNo}`);
    await p.getByTestId('pay-savings').waitFor();
    expect(await p.getByTestId('pay-savings').textContent()).toContain('专属折扣（优惠 15%）');
    await screenshot(p, 'billing-payment-dialog-discount-zh-light');
    // My price list: every term with its buy button.
    await p.goto('/account/products');
    await p.getByLabel('搜索产品').fill(productNo);
    await p.getByTestId(`buy-${productNo}-1`).click();
    await p.waitForURL(new RegExp(`/ssl/certificates\\?productNo=${productNo}`));
  });

  it.each(looks)('photographs the billing pages in $lang $theme and axe finds nothing serious', async ({ lang, theme }) => {
    const p = await stack.newPage({ token, lang, theme });
    const pages: [string, string][] = [
      ['/account/credit-records', 'credit-table'],
      ['/account/transaction', 'consumption-chart'],
      ['/account/invoice', 'invoice-table'],
      ['/account/invoice/invoice-template', 'invoice-orgs'],
      ['/account/invoice/mailling-template', 'invoice-contacts'],
      ['/account/cert-package', 'my-packages'],
      ['/account/products', 'my-prices-table'],
    ];
    for (const [url, testId] of pages) {
      await p.goto(url);
      await p.getByTestId(testId).waitFor();
      await settle(p);
      await expectAccessible(p);
      await screenshot(p, `billing-${url.split('/').filter(Boolean).join('-')}-${lang}-${theme}`);
    }
    await p.goto('/account/credit-records');
    await p.getByTestId('withdraw-open').click();
    await p.getByTestId('withdraw-form').waitFor();
    await expectAccessible(p, '.ant-modal');
    await screenshot(p, `billing-withdraw-${lang}-${theme}`);

    const op = await stack.newPage({ lang, theme });
    await op.goto('/operator');
    await op.getByTestId('operator-secret').fill(operatorSecret);
    await op.getByTestId('operator-enter').click();
    await op.getByTestId('operator-invoices').waitFor();
    await op.getByRole('checkbox').uncheck();
    await op.locator('[data-testid="operator-invoices"] tbody tr.ant-table-row').first().waitFor();
    await settle(op);
    await expectAccessible(op);
    await screenshot(op, `billing-operator-${lang}-${theme}`);
  });
});
