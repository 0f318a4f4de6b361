/**
 * Payment end to end, as one user's journey on the real stack (server + database + built console, the sandbox
 * gateway standing in for the providers): the insufficient-balance notice, a top-up by Alipay through the hosted
 * page, an order paid by balance in the dialog, one paid by WeChat (QR, approved in a second tab while the dialog
 * polls), the crypto top-up notice with its copy boxes, several orders in the dialog and a batch payment of three.
 * Orders are created through the API with a CSR made by openssl. Screenshots of the dialog per method, the hosted
 * pages and the top-up page in zh/en × light/dark go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { postLedgerEntry } from '../apps/server/src/services/payments/ledger.ts';
import { signUpThroughApi, screenshot, startStack, type Stack, themesFor, apiClient, type Envelope, createPendingOrder, orderStatusOf } from './harness.ts';

const email = `pay.${Date.now().toString(36)}@example.com`;
const password = 'Str0ng#Passw0rd';

let stack: Stack;
let token = '';
let productNo = '';
let price = 0;
let page: Page;

const api = apiClient(() => stack.baseUrl, () => token);

const createOrder = () => createPendingOrder(api, productNo, 'pay');

const statusOf = (orderNo: string) => orderStatusOf(api, orderNo);
const balance = async () => (await api<{ accountInfo: { balance: number } }>('GET', '/v1/account')).accountInfo.balance;

/** Two frames: whatever the page received has been rendered. */
const settled = (p: Page) => p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** A slow server for one call: the answers of `url` wait until `release` is called. */
async function holdResponses(p: Page, url: RegExp) {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const handling: Promise<void>[] = [];
  await p.route(url, (route) => {
    const done = held.then(() => route.continue());
    handling.push(done);
    return done;
  });
  return async () => {
    release();
    // Unrouting while a handler still holds its request would answer that request twice.
    while (handling.length) await handling.shift();
    await p.unroute(url);
  };
}

async function openDialog(p: Page, orderNos: string[]) {
  await p.goto(`/payment?orderNos=${orderNos.join(',')}`);
  await p.getByTestId('payment-dialog').waitFor();
  await p.getByTestId('pay-ways').waitFor();
}

beforeAll(async () => {
  stack = await startStack();
  // Sign up through the API (the console's sign-up is the shell test's journey).
  token = await signUpThroughApi(stack.baseUrl, email, password);
  // The cheapest paid single-name DV product of the catalogue.
  const products = await api<{ data: { productNo: string; productType: string; certType: string; pricePerYear: number; free: boolean }[] }>('GET', '/v1/products?limit=1000&offset=1');
  const dv = products.data
    .filter((p) => !p.free && p.certType === 'DV' && (p.productType === 'dv_one_ssl' || p.productType === 'ssl') && p.pricePerYear > 0)
    .sort((a, b) => a.pricePerYear - b.pricePerYear)[0];
  if (!dv) throw new Error('no paid DV product in the catalogue');
  productNo = dv.productNo;
  price = dv.pricePerYear;
  page = await stack.newPage({ token });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
});

afterAll(async () => {
  await stack?.close();
});

describe('payment', () => {
  const batchOrders: string[] = [];

  it('shows the insufficient-balance notice with a way to top up', async () => {
    const orderNo = await createOrder();
    batchOrders.push(orderNo);
    await openDialog(page, [orderNo]);
    await page.getByTestId('notice-insufficient').waitFor();
    expect(await page.getByTestId('notice-insufficient').textContent()).toContain('余额不足，请先充值');
    expect(await page.getByTestId('pay-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('pay-amount').textContent()).toContain((price / 100).toFixed(2));
    await screenshot(page, 'payment-dialog-zh-light-insufficient');
    await page.getByTestId('notice-top-up').click();
    await page.waitForURL(/\/deposit$/);
  });

  it('tops up by Alipay: the hosted page approves and the balance rises on the page', async () => {
    const units = Math.ceil((price * 9) / 100);
    await page.getByTestId('deposit-form').waitFor();
    await page.getByTestId('deposit-way-alipay').click();
    await page.getByTestId('deposit-amount').fill(String(units));
    await screenshot(page, 'deposit-zh-light-form');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('deposit-submit').click()]);
    await popup.waitForURL(/\/deposit\/test\?id=/);
    await popup.getByTestId('sandbox-approve').waitFor();
    expect(await popup.getByTestId('sandbox-amount').textContent()).toContain(units.toFixed(2));
    await page.getByTestId('notice-alipay').waitFor();
    await page.getByTestId('pay-qr').waitFor();
    await screenshot(page, 'deposit-zh-light-alipay-waiting');
    await screenshot(popup, 'deposit-test-zh-light');
    await popup.getByTestId('sandbox-approve').click();
    await popup.waitForURL(/\/deposit\?paymentStatus=succeeded&paymentId=/);
    await popup.close();
    await page.locator('[data-testid="deposit-outcome"][data-status="done"]').waitFor({ timeout: 30_000 });
    await page.locator(`[data-testid="deposit-balance"][data-cents="${units * 100}"]`).waitFor();
    expect(await page.getByTestId('deposit-balance').textContent()).toContain(units.toFixed(2));
    expect(await balance()).toBe(units * 100);
    await screenshot(page, 'deposit-zh-light-succeeded');
  });

  it('pays an order by balance in the dialog and goes to the order', async () => {
    const orderNo = await createOrder();
    const before = await balance();
    // The orders answer after the balance: until they are in, the notice must not offer to deduct 0.00.
    const releaseOrders = await holdResponses(page, /\/v1\/orders\?orderNos=/);
    const account = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/account');
    await openDialog(page, [orderNo]);
    await account;
    await settled(page);
    expect(await page.getByTestId('notice-balance').count()).toBe(0);
    expect(await page.getByTestId('pay-submit').isDisabled()).toBe(true);
    await releaseOrders();
    await page.getByTestId('notice-balance').waitFor();
    expect(await page.getByTestId('notice-balance-after').textContent()).toContain(((before - price) / 100).toFixed(2));
    expect(await page.getByTestId('pay-count').textContent()).toBe('1');
    await screenshot(page, 'payment-dialog-zh-light-balance');
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));
    expect(await statusOf(orderNo)).toBe(1002);
    expect(await balance()).toBe(before - price);
  });

  it('shows amounts in the display currency chosen (rates of /v1/exRate) and charges the base currency', async () => {
    const { currencies } = await api<{ currencies: { currency: string; symbol: string; rate: number }[] }>('GET', '/v1/exRate');
    const usd = currencies.find((c) => c.currency === 'USD');
    if (!usd) throw new Error('no USD rate');
    const shown = (cents: number) => `${usd.symbol}${((cents / 100) * usd.rate).toFixed(2)}`;
    const orderNo = await createOrder();
    const before = await balance();
    const p = await stack.newPage({ token });
    await p.addInitScript(() => localStorage.setItem('currency', 'USD'));
    await openDialog(p, [orderNo]);
    await p.locator('[data-testid="pay-amount"]', { hasText: shown(price) }).waitFor();
    await p.locator('[data-testid="notice-balance-current"]', { hasText: shown(before) }).waitFor();
    expect(await p.getByTestId('notice-balance-after').textContent()).toBe(shown(before - price));
    await screenshot(p, 'payment-dialog-zh-light-usd');
    await p.getByTestId('pay-submit').click();
    await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));
    expect(await balance()).toBe(before - price);
    await p.context().close();
  });

  it('pays two orders by balance in the dialog and goes to the order list', async () => {
    const orderNos = [await createOrder(), await createOrder()];
    const before = await balance();
    await openDialog(page, orderNos);
    await page.locator('[data-testid="pay-amount"]', { hasText: ((2 * price) / 100).toFixed(2) }).waitFor();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL(/\/orders\/list/);
    for (const no of orderNos) expect(await statusOf(no)).toBe(1002);
    expect(await balance()).toBe(before - 2 * price);
  });

  it('pays an order by WeChat: QR in the dialog, approved in a second tab, the polling finishes', async () => {
    const orderNo = await createOrder();
    await openDialog(page, [orderNo]);
    const answer = page.waitForResponse((r) => r.url().endsWith('/v1/orders/pay') && r.request().method() === 'POST');
    await page.getByTestId('pay-way-wechat').click();
    const result = ((await (await answer).json()) as Envelope<{ webPagePayURL: string; qrCodeBase64: string; status: string }>).data;
    expect(result.status).toBe('pending');
    await page.getByTestId('pay-qr').waitFor();
    expect(await page.getByTestId('pay-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await page.getByTestId('pay-waiting').waitFor();
    await screenshot(page, 'payment-dialog-zh-light-wechat');

    const second = await page.context().newPage();
    await second.goto(result.webPagePayURL);
    await second.getByTestId('sandbox-approve').waitFor();
    expect(await second.getByTestId('sandbox-method').textContent()).toBe('微信支付');
    await screenshot(second, 'payment-test-zh-light');
    await second.getByTestId('sandbox-approve').click();
    await second.waitForURL(/\/payment\?.*paymentStatus=succeeded/);
    await second.locator('[data-testid="payment-page"][data-status="succeeded"]').waitFor();
    await screenshot(second, 'payment-result-zh-light-succeeded');
    await second.close();

    await page.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`), { timeout: 30_000 });
    expect(await statusOf(orderNo)).toBe(1002);
  });

  it('shows the crypto top-up notice with copy boxes for the amount and the address', async () => {
    await page.goto('/deposit');
    await page.getByTestId('deposit-form').waitFor();
    await page.getByTestId('deposit-way-usdt').click();
    await page.getByTestId('preset-100').click();
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('notice-crypto').waitFor();
    await page.getByTestId('pay-qr').waitFor();
    expect(await page.getByTestId('crypto-coin').textContent()).toBe('USDT');
    expect(await page.getByTestId('crypto-expires').textContent()).toContain('支付将于');
    const amount = await page.getByTestId('crypto-amount').inputValue();
    expect(amount).toMatch(/^\d+\.\d{2}$/);
    // The toast is brief: wait for it from before the click, not after.
    await Promise.all([page.getByText('复制成功').first().waitFor(), page.getByTestId('crypto-amount-copy').click()]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(amount);
    const address = await page.getByTestId('crypto-address').inputValue();
    expect(address.length).toBeGreaterThan(20);
    await page.getByTestId('crypto-address-copy').click();
    await page.waitForFunction((a) => navigator.clipboard.readText().then((v) => v === a), address);
    await screenshot(page, 'deposit-zh-light-usdt');
  });

  it('lists several orders in the dialog (balance only, view all), then pays three by the batch queue', async () => {
    batchOrders.push(await createOrder(), await createOrder());
    await openDialog(page, batchOrders);
    expect(await page.getByTestId('pay-count').textContent()).toBe('3');
    expect(await page.getByTestId('pay-ways').locator('input[type="radio"]').count()).toBe(1);
    await page.getByTestId('pay-view-all').click();
    await page.getByTestId('all-orders').waitFor();
    expect(await page.getByTestId('all-orders').locator('tbody tr.ant-table-row').count()).toBe(3);
    await screenshot(page, 'payment-dialog-zh-light-all-orders');
    // Its own close button: an Escape pressed before the dialog has focus would reach nothing (or the dialog below).
    await page.locator('.ant-modal', { has: page.getByTestId('all-orders') }).locator('.ant-modal-close').click();
    await page.getByTestId('all-orders').waitFor({ state: 'detached' });
    await page.getByTestId('pay-later').click();

    const before = await balance();
    await page.goto(`/payment/batch?orderNos=${batchOrders.join(',')}`);
    await page.getByTestId('batch-start').click();
    await page.locator('[data-testid="batch-status"][data-status="end"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('batch-status').getAttribute('data-success')).toBe('3');
    expect(await page.getByTestId('batch-status').getAttribute('data-fail')).toBe('0');
    await page.getByText('共处理 3 个，支付成功 [3] 个，失败 [0] 个', { exact: false }).waitFor();
    await screenshot(page, 'batch-payment-zh-light-end');
    for (const no of batchOrders) expect(await statusOf(no)).toBe(1002);
    expect(await balance()).toBe(before - 3 * price);
  });

  it('all-orders dialog: "not finished loading" until the orders are in, then 10 a page', async () => {
    const orderNos: string[] = [];
    for (let i = 0; i < 11; i++) orderNos.push(await createOrder());
    const releaseOrders = await holdResponses(page, /\/v1\/orders\?orderNos=/);
    await openDialog(page, orderNos);
    await Promise.all([page.getByText('订单还没有加载完成...').first().waitFor(), page.getByTestId('pay-view-all').click()]);
    expect(await page.getByTestId('all-orders').count()).toBe(0);
    await releaseOrders();
    // Grouped as the console shows every amount: 1,089.00.
    await page.locator('[data-testid="pay-amount"]', { hasText: ((11 * price) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }).waitFor();
    await page.getByTestId('pay-view-all').click();
    const table = page.getByTestId('all-orders');
    await table.waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(10);
    await page.locator('.ant-modal .ant-pagination-item-2').click();
    await page.locator('[data-testid="all-orders"] tbody tr.ant-table-row', { hasText: orderNos[10]! }).waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`photographs the dialog per method, the hosted page and the top-up page in ${lang} × light/dark`, async () => {
      const orderNo = await createOrder();
      const deposit = await api<{ webPagePayURL: string }>('POST', '/v1/deposit', { amount: 12345, payWay: 'alipay' });
      for (const theme of themesFor(lang)) {
        const p = await stack.newPage({ lang, theme, token });
        const tag = `${lang}-${theme}`;
        await openDialog(p, [orderNo]);
        await p.locator('[data-testid="notice-balance"], [data-testid="notice-insufficient"]').waitFor();
        await screenshot(p, `payment-dialog-${tag}-balance`);
        for (const way of ['alipay', 'wechat', 'paypal', 'stripe'] as const) {
          await p.getByTestId(`pay-way-${way}`).click();
          await p.locator(`[data-testid="payment-dialog"][data-way="${way}"]`).waitFor();
          if (way === 'alipay' || way === 'wechat') await p.getByTestId('pay-qr').waitFor();
          await screenshot(p, `payment-dialog-${tag}-${way}`);
        }
        // The card provider's variants need a complete profile: 12077 asks to complete it.
        await p.getByTestId('pay-way-stripe_alipay').click();
        await p.locator('.ant-modal-confirm-title', { hasText: lang === 'zh' ? '请完善个人信息' : 'Please complete personal information' }).waitFor();
        await screenshot(p, `payment-dialog-${tag}-profile-incomplete`);
        await p.getByRole('button', { name: lang === 'zh' ? '稍后' : 'Later', exact: true }).click();

        await p.goto(deposit.webPagePayURL);
        await p.getByTestId('sandbox-approve').waitFor();
        await screenshot(p, `deposit-test-${tag}`);
        await p.goto('/deposit');
        await p.getByTestId('deposit-balance').waitFor();
        await p.getByTestId('deposit-form').waitFor();
        await screenshot(p, `deposit-${tag}`);
        await p.goto('/payment/batch');
        await p.getByTestId('batch-payment-page').waitFor();
        await screenshot(p, `batch-payment-${tag}`);
        await p.context().close();
      }
    });
  }
});

/**
 * One order paid by each outside way through the hosted sandbox page (/payment/test), approved and declined,
 * as the payer does it: the dialog opens the provider's tab (Alipay, PayPal, the card provider's Alipay variant),
 * shows a QR that a phone would open (WeChat, the card provider's WeChat variant), or leaves for the card page and
 * comes back (card). The console reaches the paid state (1002 through the API, success on the page) or shows the
 * failure with the order still awaiting payment (1001).
 */
describe('payment by each outside way', () => {
  interface PayAnswer {
    status: string;
    paymentId: string;
    webPagePayURL: string;
    qrCodeBase64: string;
  }
  const awaitingPayment = 1001;
  const paid = 1002;

  /** The pay result the page receives from POST /v1/orders/pay (the next one after this call). */
  const nextPayAnswer = async (p: Page): Promise<PayAnswer> => {
    const r = await p.waitForResponse((x) => x.url().endsWith('/v1/orders/pay') && x.request().method() === 'POST');
    const env = (await r.json()) as Envelope<PayAnswer>;
    expect(env.code).toBe(200);
    return env.data;
  };

  /** The hosted page is the sandbox's, for this method, amount and subject. */
  async function checkHostedPage(p: Page, method: string, orderNo: string) {
    await p.waitForURL(/\/payment\/test\?id=sbx_/);
    await p.locator('[data-testid="sandbox-status"][data-status="pending"]').waitFor();
    expect(await p.getByTestId('sandbox-method').textContent()).toBe(method);
    expect(await p.getByTestId('sandbox-amount').textContent()).toContain((price / 100).toFixed(2));
    expect(await p.getByTestId('sandbox-page').textContent()).toContain(orderNo);
  }

  /** The return page confirms the payment; by then the server has it (1002). */
  async function checkReturnSucceeded(p: Page, orderNo: string, shot: string) {
    await p.locator('[data-testid="payment-page"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    expect(await statusOf(orderNo)).toBe(paid);
    await p.getByTestId('result-view-order').waitFor();
    await screenshot(p, shot);
  }

  async function completeProfile(complete: boolean) {
    await stack.app.db.query(`DELETE FROM account_profiles WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`, [email]);
    if (complete) await stack.app.db.query(`INSERT INTO account_profiles (account_id, lastname, firstname, nation_code, province, city, address) SELECT id, 'Zhang', 'San', 'CN', 'Beijing', 'Beijing', '1 Chaoyang Rd' FROM accounts WHERE email = $1`, [email]);
  }

  it('asks to complete the personal profile before a card payment (12077) and goes to /account/info', async () => {
    await completeProfile(false);
    const orderNo = await createOrder();
    const p = await stack.newPage({ lang: 'en', token });
    await openDialog(p, [orderNo]);
    await p.getByTestId('pay-way-stripe').click();
    await p.getByTestId('notice-stripe').waitFor();
    const answer = p.waitForResponse((r) => r.url().endsWith('/v1/orders/pay') && r.request().method() === 'POST');
    await p.getByTestId('pay-submit').click();
    expect(((await (await answer).json()) as Envelope<unknown>).code).toBe(12077);
    const confirm = p.locator('.ant-modal-confirm', { hasText: 'Please complete personal information' });
    await confirm.waitFor();
    await screenshot(p, 'payment-dialog-en-light-stripe-profile-incomplete');
    await confirm.getByRole('button', { name: 'Go complete', exact: true }).click();
    await p.waitForURL(/\/account\/info$/);
    await p.getByTestId('payment-dialog').waitFor({ state: 'detached' });
    expect(await statusOf(orderNo)).toBe(awaitingPayment);
    await p.context().close();
    // The card provider's ways need a complete profile: name and address (the account has its e-mail address).
    await completeProfile(true);
  });

  it('pays by Alipay: the pay button opens the hosted page in a new tab, the payer approves, the dialog confirms', async () => {
    const orderNo = await createOrder();
    await openDialog(page, [orderNo]);
    const early = nextPayAnswer(page);
    await page.getByTestId('pay-way-alipay').click();
    const result = await early;
    expect(result.status).toBe('pending');
    await page.getByTestId('notice-alipay').waitFor();
    expect(await page.getByTestId('pay-qr').getAttribute('src')).toBe(result.qrCodeBase64);
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('pay-submit').click()]);
    await checkHostedPage(tab, '支付宝', orderNo);
    expect(tab.url()).toBe(result.webPagePayURL);
    await page.locator('[data-testid="pay-confirm-state"][data-state="pending"]').waitFor();
    await screenshot(tab, 'payment-test-zh-light-alipay');
    await tab.getByTestId('sandbox-approve').click();
    await tab.waitForURL(new RegExp(`/payment\\?orderNos=${orderNo}&payWay=alipay&paymentStatus=succeeded&paymentId=`));
    await checkReturnSucceeded(tab, orderNo, 'payment-result-zh-light-alipay-succeeded');
    await tab.close();
    await page.locator('[data-testid="pay-confirm-state"][data-state="success"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'payment-confirm-zh-light-success');
    // It moves on to the order by itself (document 01 §4); "go now" only saves the wait.
    await page.getByTestId('confirm-done').click();
    await page.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));
  });

  it('declines an Alipay payment: the console shows the failure and the order still awaits payment', async () => {
    const orderNo = await createOrder();
    await openDialog(page, [orderNo]);
    const early = nextPayAnswer(page);
    await page.getByTestId('pay-way-alipay').click();
    const first = await early;
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('pay-submit').click()]);
    await checkHostedPage(tab, '支付宝', orderNo);
    await tab.getByTestId('sandbox-decline').click();
    await tab.waitForURL(/paymentStatus=declined/);
    await tab.locator('[data-testid="payment-page"][data-status="declined"]').waitFor();
    await tab.getByText('支付未完成').waitFor();
    await screenshot(tab, 'payment-result-zh-light-alipay-declined');
    await tab.getByTestId('result-pay-again').waitFor();
    await tab.close();
    // The dialog that opened the page hears of it at once (it polls the order, whose status a decline never changes).
    await page.locator('[data-testid="pay-confirm-state"][data-state="fail"][data-reason="declined"]').waitFor();
    await page.getByText('付款已被取消或拒绝，您可以重新发起支付。').waitFor();
    await screenshot(page, 'payment-confirm-zh-light-declined');
    expect(await statusOf(orderNo)).toBe(awaitingPayment);
    // "Pay again" starts a new payment with a new code at once, whether or not the gateway's callback has told the
    // server of the decline yet (the dialog names the declined payment).
    const again = nextPayAnswer(page);
    await page.getByTestId('confirm-retry').click();
    const second = await again;
    expect(second.paymentId).not.toBe(first.paymentId);
    await page.locator(`[data-testid="pay-qr"][src="${second.qrCodeBase64}"]`).waitFor();
    await page.getByTestId('pay-confirm-state').waitFor({ state: 'hidden' });
    expect(await statusOf(orderNo)).toBe(awaitingPayment);
    // The callback arrives through a durable job (polled every second): give a loaded machine time.
    await expect
      .poll(async () => (await stack.app.db.query<{ status: string }>(`SELECT status FROM payments WHERE id = $1`, [first.paymentId]))[0]?.status, { timeout: 30_000 })
      .toBe('declined');
  });

  it('shows "request QR code failed" with a retry when the QR request gets no answer', async () => {
    const orderNo = await createOrder();
    await openDialog(page, [orderNo]);
    const payCall = /\/v1\/orders\/pay$/;
    await page.route(payCall, (route) => route.abort('internetdisconnected'));
    await page.getByTestId('pay-way-wechat').click();
    await page.getByTestId('qr-failed').waitFor();
    expect(await page.getByTestId('qr-failed').textContent()).toContain('请求二维码失败');
    await screenshot(page, 'payment-dialog-zh-light-qr-failed');
    await page.unroute(payCall);
    const answer = nextPayAnswer(page);
    await page.getByTestId('qr-retry').click();
    const result = await answer;
    await page.locator(`[data-testid="pay-qr"][src="${result.qrCodeBase64}"]`).waitFor();
    await page.getByTestId('pay-waiting').waitFor();
    await page.getByTestId('pay-later').click();
    await page.getByTestId('payment-dialog').waitFor({ state: 'detached' });
  });

  it('pays by WeChat Pay from the QR code (a phone opens the hosted page)', async () => {
    const orderNo = await createOrder();
    await openDialog(page, [orderNo]);
    const early = nextPayAnswer(page);
    await page.getByTestId('pay-way-wechat').click();
    const result = await early;
    await page.getByTestId('pay-waiting').waitFor();
    const phone = await page.context().newPage();
    await phone.goto(result.webPagePayURL);
    await checkHostedPage(phone, '微信支付', orderNo);
    await phone.getByTestId('sandbox-approve').click();
    await phone.waitForURL(/paymentStatus=succeeded/);
    await checkReturnSucceeded(phone, orderNo, 'payment-result-zh-light-wechat-succeeded');
    await phone.close();
    await page.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`), { timeout: 30_000 });
  });

  it('pays by PayPal: approved on the hosted page, back with token and PayerID, the return page captures', async () => {
    const orderNo = await createOrder();
    const p = await stack.newPage({ lang: 'en', token });
    await openDialog(p, [orderNo]);
    await p.getByTestId('pay-way-paypal').click();
    await p.getByTestId('notice-paypal').waitFor();
    const [tab] = await Promise.all([p.waitForEvent('popup'), p.getByTestId('pay-submit').click()]);
    await checkHostedPage(tab, 'PayPal', orderNo);
    expect(tab.url()).toMatch(/[?&]token=EC-[0-9A-F]+/);
    await screenshot(tab, 'payment-test-en-light-paypal');
    const capture = tab.waitForResponse((r) => r.url().endsWith('/v1/orders/paypal/capture') && r.request().method() === 'POST');
    await tab.getByTestId('sandbox-approve').click();
    await tab.waitForURL(/\/payment\?.*token=EC-.*&PayerID=/);
    const captured = (await (await capture).json()) as Envelope<{ status: string; orderNos: string[] }>;
    expect(captured.data).toMatchObject({ status: 'succeeded', orderNos: [orderNo] });
    await tab.getByText('Payment succeeded').first().waitFor();
    await checkReturnSucceeded(tab, orderNo, 'payment-result-en-light-paypal-succeeded');
    // The capture is idempotent: coming back to the same address captures again without charging twice.
    await tab.reload();
    await tab.locator('[data-testid="payment-page"][data-status="succeeded"]').waitFor();
    await tab.close();
    await p.locator('[data-testid="pay-confirm-state"][data-state="success"]').waitFor({ timeout: 30_000 });
    await p.getByTestId('confirm-done').click();
    await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));
    await p.context().close();
  });

  it('pays by card (Stripe): leaves for the hosted page and comes back to the feedback page', async () => {
    const orderNo = await createOrder();
    const p = await stack.newPage({ lang: 'en', token });
    await openDialog(p, [orderNo]);
    await p.getByTestId('pay-way-stripe').click();
    await p.getByTestId('notice-stripe').waitFor();
    await p.getByTestId('pay-submit').click();
    await checkHostedPage(p, 'Card (Stripe)', orderNo);
    await screenshot(p, 'payment-test-en-light-stripe');
    await p.getByTestId('sandbox-approve').click();
    await p.waitForURL(new RegExp(`/payment\\?orderNos=${orderNo}&payWay=stripe&paymentStatus=succeeded&paymentId=`));
    await checkReturnSucceeded(p, orderNo, 'payment-result-en-light-stripe-succeeded');
    await p.getByTestId('result-view-order').click();
    await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));
    await p.context().close();
  });

  it('declines a card payment: the feedback page shows it, the order still awaits payment and can be paid again', async () => {
    const orderNo = await createOrder();
    const p = await stack.newPage({ lang: 'en', token });
    await openDialog(p, [orderNo]);
    await p.getByTestId('pay-way-stripe').click();
    await p.getByTestId('pay-submit').click();
    await checkHostedPage(p, 'Card (Stripe)', orderNo);
    await p.getByTestId('sandbox-decline').click();
    await p.waitForURL(/paymentStatus=declined/);
    await p.locator('[data-testid="payment-page"][data-status="declined"]').waitFor();
    await p.getByText('Payment not completed').waitFor();
    await screenshot(p, 'payment-result-en-light-stripe-declined');
    expect(await statusOf(orderNo)).toBe(awaitingPayment);
    await p.getByTestId('result-pay-again').click();
    await p.getByTestId('payment-dialog').waitFor();
    // Enabled once the orders and ways are in (disabled while they load).
    await p.locator('[data-testid="pay-submit"]:enabled').waitFor();
    await p.context().close();
  });

  it('does not take the address bar at its word: a forged "succeeded" return for an unpaid order is never shown as paid', async () => {
    const orderNo = await createOrder();
    const p = await stack.newPage({ lang: 'en', token });
    const polls = () => p.waitForResponse((r) => r.url().endsWith(`/v1/orders/status/${orderNo}`));
    const firstPoll = polls();
    await p.goto(`/payment?orderNos=${orderNo}&payWay=stripe&paymentStatus=succeeded&paymentId=pay_forged`);
    await firstPoll;
    await p.locator('[data-testid="payment-page"][data-status="confirming"]').waitFor();
    await p.getByText('Confirming the payment…').waitFor();
    await polls();
    expect(await p.getByTestId('payment-page').getAttribute('data-status')).toBe('confirming');
    expect(await p.getByText('Payment succeeded').count()).toBe(0);
    await screenshot(p, 'payment-result-en-light-confirming');
    expect(await statusOf(orderNo)).toBe(awaitingPayment);
    await p.context().close();
  });

  it("pays by the card provider's Alipay variant: QR in the dialog, its pay button opens the hosted page", async () => {
    const orderNo = await createOrder();
    await openDialog(page, [orderNo]);
    const early = nextPayAnswer(page);
    await page.getByTestId('pay-way-stripe_alipay').click();
    const result = await early;
    await page.getByTestId('notice-stripe-alipay').waitFor();
    await page.getByTestId('pay-qr').waitFor();
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('stripe-alipay-open').click()]);
    await checkHostedPage(tab, '支付宝（Stripe）', orderNo);
    expect(tab.url()).toBe(result.webPagePayURL);
    await screenshot(tab, 'payment-test-zh-light-stripe_alipay');
    await tab.getByTestId('sandbox-approve').click();
    await tab.waitForURL(/paymentStatus=succeeded/);
    await checkReturnSucceeded(tab, orderNo, 'payment-result-zh-light-stripe_alipay-succeeded');
    await tab.close();
    await page.locator('[data-testid="pay-confirm-state"][data-state="success"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('confirm-done').click();
    await page.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));
  });

  it("pays by the card provider's WeChat variant from the QR code", async () => {
    const orderNo = await createOrder();
    const p = await stack.newPage({ lang: 'en', token });
    await openDialog(p, [orderNo]);
    const early = nextPayAnswer(p);
    await p.getByTestId('pay-way-stripe_wechat').click();
    const result = await early;
    await p.getByTestId('notice-wechat').waitFor();
    await p.getByTestId('pay-waiting').waitFor();
    const phone = await p.context().newPage();
    await phone.goto(result.webPagePayURL);
    await checkHostedPage(phone, 'WeChat Pay (Stripe)', orderNo);
    await screenshot(phone, 'payment-test-en-light-stripe_wechat');
    await phone.getByTestId('sandbox-approve').click();
    await phone.waitForURL(/paymentStatus=succeeded/);
    await checkReturnSucceeded(phone, orderNo, 'payment-result-en-light-stripe_wechat-succeeded');
    await phone.close();
    await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`), { timeout: 30_000 });
    await p.context().close();
  });

  it('tops up by USDC: the transfer is approved on the hosted deposit page and the balance rises', async () => {
    const before = await balance();
    const p = await stack.newPage({ lang: 'en', token });
    await p.goto('/deposit');
    await p.getByTestId('deposit-form').waitFor();
    await p.getByTestId('deposit-way-usdc').click();
    await p.getByTestId('deposit-amount').fill('250');
    const answer = p.waitForResponse((r) => r.url().endsWith('/v1/deposit') && r.request().method() === 'POST');
    await p.getByTestId('deposit-submit').click();
    const result = ((await (await answer).json()) as Envelope<{ webPagePayURL: string; payURL: string; transferredPriceCent: number; webCurrency: string }>).data;
    expect(result.webCurrency).toBe('USDC');
    expect(result.payURL).toMatch(/^0x[0-9a-f]{40}$/);
    await p.getByTestId('notice-crypto').waitFor();
    expect(await p.getByTestId('crypto-coin').textContent()).toBe('USDC');
    expect(await p.getByTestId('crypto-address').inputValue()).toBe(result.payURL);
    expect(await p.getByTestId('crypto-amount').inputValue()).toBe((result.transferredPriceCent / 100).toFixed(2));
    expect(await p.getByTestId('crypto-expires').textContent()).toContain('expires');
    await screenshot(p, 'deposit-en-light-usdc');

    const wallet = await p.context().newPage();
    await wallet.goto(result.webPagePayURL);
    await wallet.waitForURL(/\/deposit\/test\?id=sbx_/);
    await wallet.getByTestId('sandbox-approve').waitFor();
    expect(await wallet.getByTestId('sandbox-method').textContent()).toBe('USDC');
    expect(await wallet.getByTestId('sandbox-address').inputValue()).toBe(result.payURL);
    await screenshot(wallet, 'deposit-test-en-light-usdc');
    await wallet.getByTestId('sandbox-approve').click();
    await wallet.waitForURL(/\/deposit\?paymentStatus=succeeded&paymentId=/);
    await wallet.close();

    await p.locator('[data-testid="deposit-outcome"][data-status="done"]').waitFor({ timeout: 30_000 });
    await p.locator(`[data-testid="deposit-balance"][data-cents="${before + 25_000}"]`).waitFor();
    expect(await balance()).toBe(before + 25_000);
    await screenshot(p, 'deposit-en-light-usdc-succeeded');
    await p.context().close();
  });
});

/**
 * Document 01 §8: on the new-certificate page, a pay call that gets no answer is taken as paid. The payer goes on
 * to the order, whose page shows the truth (still waiting for payment), and no "disconnected" toast is shown.
 */
describe('network loss while paying on the new-certificate page', () => {
  it('goes on to the order as if paid; the order page shows it still awaits payment', async () => {
    // Enough balance for the product below, written as the ledger would (an adjustment entry).
    const [acc] = await stack.app.db.query<{ id: number }>(`SELECT id FROM accounts WHERE email = $1`, [email]);
    await stack.app.db.tx((q) => postLedgerEntry(q, { accountId: acc!.id, amount: 39_900, kind: 'adjustment', ref: `e2e-network-loss:${acc!.id}` }));
    const p = await stack.newPage({ token });
    await p.goto('/ssl/certificates');
    await p.getByTestId('purchase-form').waitFor();
    if (await p.getByTestId('brand-alphassl').count()) await p.getByTestId('brand-alphassl').click();
    else {
      await p.getByTestId('more-brands').click();
      await p.locator('.ant-select-item-option', { hasText: /alphassl/i }).first().click();
    }
    await p.getByTestId('cert-type-DV').click();
    await p.getByTestId('product-GS-ALPHA-DV-SSL').click();
    await p.getByTestId('common-name').fill(`lost-${Date.now().toString(36)}.example.com`);
    await p.locator('[data-testid="preview-total"]', { hasText: '￥399.00' }).waitFor();
    await p.getByTestId('create-order').click();
    await p.getByTestId('payment-dialog').waitFor();
    await p.getByTestId('notice-balance').waitFor();
    const [orderNo] = (await p.evaluate(() => localStorage.getItem('createdOrderNos')))?.split(',') ?? [];
    if (!orderNo) throw new Error('no order created');
    await p.route(/\/v1\/orders\/pay$/, (route) => route.abort('internetdisconnected'));
    await p.getByTestId('pay-submit').click();
    await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`));
    await p.locator('[data-testid="order-details-page"][data-status="1001"]').waitFor();
    expect(await p.getByText('与服务器断开连接~').count()).toBe(0);
    expect(await statusOf(orderNo)).toBe(1001);
    await p.context().close();
  });
});
