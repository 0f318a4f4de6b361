/**
 * One pay path for every purchase, end to end on the real stack and the sandbox gateway: a domain checkout paid by
 * Alipay (the hosted page in a new tab; the names are registered once the gateway confirms), a certificate package
 * paid by WeChat (QR in the dialog, approved on a second page; the package appears), and the price list's buy
 * button that opens the order screen for its product. Photographed in zh light and en dark, checked by axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient, expectAccessible, screenshot, signUpThroughApi, startStack, themesFor, type Envelope, type Stack } from './harness.ts';

const operatorSecret = 'e2e-operator-secret-0123456789';
let stack: Stack;
let token = '';
const tag = Date.now().toString(36);
const email = `purchase.${tag}@example.com`;
let productNo = '';
let pricePerYear = 0;
const api = apiClient(() => stack.baseUrl, () => token);

beforeAll(async () => {
  stack = await startStack({ OPERATOR_SECRET: operatorSecret });
  token = await signUpThroughApi(stack.baseUrl, email, 'Str0ng#Passw0rd');
  const products = await api<{ data: { productNo: string; certType: string; productType: string; pricePerYear: number; free: boolean }[] }>('GET', '/v1/products?limit=1000&offset=1');
  const dv = products.data.filter((p) => !p.free && p.certType === 'DV' && p.productType === 'ssl' && p.pricePerYear > 0).sort((a, b) => a.pricePerYear - b.pricePerYear)[0];
  if (!dv) throw new Error('no paid DV product in the catalogue');
  productNo = dv.productNo;
  pricePerYear = dv.pricePerYear;
  await stack.app.db.query(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ($1, 3, $2)`, [productNo, pricePerYear * 2]);
  await api('POST', '/dm-serv/v1/contacts', { name: 'Zhang San', email: 'zhang@example.com', telephone: '13912345678' });
});
afterAll(async () => {
  await stack?.close();
});

/** The dialog's answer to choosing an outside way: the pay result of the purchase. */
const payAnswer = (p: Page, path: string) =>
  p.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST').then(async (r) => ((await r.json()) as Envelope<{ payment: { status: string; webPagePayURL: string } | null }>).data);

describe('purchases through the payment dialog', () => {
  it('checks out a domain name by Alipay: hosted page in a new tab, approved, the name is registered', async () => {
    const name = `pay${tag}.com`;
    await api('POST', '/dm-serv/v1/carts', { domains: [name] });
    const p = await stack.newPage({ lang: 'zh', theme: 'light', token });
    await p.goto('/domain/cart');
    await p.getByTestId('cart-table').getByText(name).waitFor();
    await p.getByTestId('cart-pay').click();
    await p.locator('[data-testid="payment-dialog"][data-way="balance"]').waitFor();
    expect(await p.getByTestId('pay-product').textContent()).toBe('域名注册（1 个）');
    expect(await p.getByTestId('pay-purchase').textContent()).toContain(name);
    // A new account has no balance: the balance cannot pay, an outside way can.
    expect(await p.getByTestId('pay-submit').isDisabled()).toBe(true);
    const early = payAnswer(p, '/dm-serv/v1/pay');
    await p.getByTestId('pay-way-alipay').click();
    expect((await early).payment?.status).toBe('pending');
    await p.getByTestId('notice-alipay').waitFor();
    await expectAccessible(p, '.ant-modal');
    await screenshot(p, 'purchase-domain-dialog-zh-light');
    const [tab] = await Promise.all([p.waitForEvent('popup'), p.getByTestId('pay-submit').click()]);
    await tab.getByTestId('sandbox-approve').waitFor();
    expect(await tab.getByTestId('sandbox-page').textContent()).toContain(name);
    await tab.getByTestId('sandbox-approve').click();
    // Back on our return page, which confirms on the payment itself and offers to go on.
    await tab.waitForURL(/\/payment\?payWay=alipay&next=%2Fdomain%2Fmanage%2Fmine&paymentStatus=succeeded&paymentId=/);
    await tab.locator('[data-testid="payment-page"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    await tab.getByTestId('result-go-on').waitFor();
    await screenshot(tab, 'purchase-domain-result-zh-light');
    await tab.close();
    // The dialog said so and moves on by itself after a few seconds (the tab above may have taken longer than that).
    await p.waitForURL(/\/domain\/manage\/mine$/, { timeout: 30_000 });
    await p.getByTestId(`domain-link-${name}`).waitFor({ timeout: 30_000 });
    const [bal] = await stack.app.db.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE email = $1`, [email]);
    expect(bal!.balance).toBe(0);
    await p.close();
  });

  it('buys a certificate package by WeChat: QR in the dialog, approved on a second page, the package appears', async () => {
    for (const theme of themesFor('en')) {
      const p = await stack.newPage({ lang: 'en', theme, token });
      await p.goto('/account/cert-package');
      const offer = p.locator('[data-testid="package-offers"] tbody tr.ant-table-row').first();
      await offer.getByRole('button', { name: 'Buy' }).click();
      await p.getByTestId('payment-dialog').waitFor();
      expect(await p.getByTestId('pay-product').textContent()).toContain('× 3');
      const early = payAnswer(p, '/v1/certPkg');
      await p.getByTestId('pay-way-wechat').click();
      const result = await early;
      await p.getByTestId('pay-qr').waitFor();
      await p.getByTestId('pay-waiting').waitFor();
      await expectAccessible(p, '.ant-modal');
      await screenshot(p, `purchase-package-dialog-en-${theme}`);
      const phone = await p.context().newPage();
      await phone.goto(result.payment!.webPagePayURL);
      await phone.getByTestId('sandbox-approve').click();
      await phone.waitForURL(/paymentStatus=succeeded/);
      await phone.close();
      // The dialog finishes on the package page, where the package is now listed.
      await p.locator('[data-testid="my-packages"] tbody tr.ant-table-row', { hasText: '3' }).first().waitFor({ timeout: 30_000 });
      await screenshot(p, `purchase-package-page-en-${theme}`);
      await p.close();
    }
    const [k] = await stack.app.db.query<{ n: number; price: number }>(
      `SELECT count(*)::int AS n, min(price)::float8 AS price FROM cert_packages WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`, [email]);
    expect(k).toEqual({ n: themesFor('en').length, price: pricePerYear * 2 });
  });

  it('opens the order screen for a product from the price list\'s buy button', async () => {
    const p = await stack.newPage({ lang: 'zh', theme: 'light', token });
    await p.goto('/ssl/products');
    // The list is paged: find the product first, as a person would.
    await p.getByPlaceholder('搜索产品或品牌').fill(productNo);
    await p.getByTestId(`buy-${productNo}`).click();
    await p.waitForURL(new RegExp(`/ssl/certificates\\?productNo=${productNo}$`));
    await p.getByTestId('preview-total').waitFor();
    await p.goBack();
    await p.getByTestId('products-table').waitFor();
    // The pointer left on a buy button would be judged in its hover colour.
    await p.mouse.move(0, 0);
    await expectAccessible(p);
    await screenshot(p, 'purchase-products-buy-zh-light');
    await p.close();
  });

  it('the operator sets the account\'s discount and puts a package on sale; the account sees both at its price', async () => {
    const p = await stack.newPage({ lang: 'zh', theme: 'light' });
    await p.goto('/operator');
    await p.getByTestId('operator-secret').fill(operatorSecret);
    await p.getByTestId('operator-enter').click();
    await p.getByTestId('operator-page').waitFor();
    await p.getByText('只看待处理').waitFor();
    await p.getByRole('tab', { name: '专属折扣' }).click();
    // The review queues' filter does not stand over the price tabs, where it would do nothing.
    await p.getByText('只看待处理').waitFor({ state: 'detached' });
    await p.getByPlaceholder('账户邮箱或账户编号').fill(email);
    await p.getByPlaceholder('账户邮箱或账户编号').press('Enter');
    await p.getByTestId('operator-account-found').waitFor();
    await p.locator('#rule_discount').fill('80');
    await p.getByTestId('rule-save').click();
    await p.getByTestId('operator-discounts').getByText('80%').waitFor();
    await p.mouse.move(0, 0);
    await expectAccessible(p);
    await screenshot(p, 'operator-discounts-zh-light');

    await p.getByRole('tab', { name: '证书套餐' }).click();
    await p.locator('#offer_productNo').fill(productNo);
    await p.keyboard.press('Enter');
    await p.locator('#offer_quantity').fill('7');
    await p.locator('#offer_price').fill('123.45');
    await p.getByTestId('offer-save').click();
    await p.getByTestId('operator-offers').getByText('123.45').waitFor();
    await p.mouse.move(0, 0);
    await expectAccessible(p);
    await screenshot(p, 'operator-offers-zh-light');
    await p.close();

    // The account's package page offers it at the account's own price (80 %), and its price list says the discount.
    const u = await stack.newPage({ lang: 'en', theme: 'dark', token });
    await u.goto('/account/cert-package');
    await u.locator('[data-testid="package-offers"] tbody tr.ant-table-row', { hasText: '98.76' }).waitFor();
    await u.goto('/account/products');
    await u.getByPlaceholder('Search products').fill(productNo);
    await u.getByTestId(`my-price-${productNo}-1`).waitFor();
    expect(await u.getByTestId(`my-price-${productNo}-1`).textContent()).toContain(((pricePerYear * 0.8) / 100).toFixed(2));
    await u.close();
  });
});
