/**
 * Messages, announcements, the help centre and the dashboard, end to end on the real stack: a dns2 server on loopback
 * answers the DNS validation, the job worker issues with the built-in CA.
 *
 * An order that issues produces a message and the header bell's count follows; the dashboard shows an order awaiting
 * validation (with its method) and both its figure and its row lead to the order; the DCV card's "how do I validate by
 * DNS?" opens the article; the message centre filters, reads and deletes; an announcement shows once as a banner.
 * Screenshots in zh light and en dark (`looks`; all four with E2E_SCREENSHOTS=all) go to e2e/screenshots/, each page checked by axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns } from '../apps/server/test/orders-helpers.ts';
import { publishAnnouncement } from '../apps/server/src/services/messages/announcements.ts';
import { animationsDone, apiClient, screenshotDir, looks, expectAccessible, opensslCsr, screenshot, signUpThroughApi, startStack, type Stack } from './harness.ts';

const password = 'Str0ng#Passw0rd';
const zone = `i${Date.now().toString(36)}.inbox-e2e.example`;
let stack: Stack;
let dns: Awaited<ReturnType<typeof startDns>>;
let token = '';
let productNo = '';
let seq = 0;
const api = apiClient(() => stack.baseUrl, () => token);

async function paidOrder(tag: string): Promise<{ orderNo: string; commonName: string }> {
  const commonName = `${tag}${seq++}.${zone}`;
  const orderNo = String(await api<string>('POST', `/v1/orders/certificate/${productNo}`, { year: 1, csr: opensslCsr(commonName), commonName, dcvMethod: 'dns_txt' })).split(',')[0]!;
  await api('POST', '/v1/orders/pay', { orderNo, payWay: 'balance' });
  return { orderNo, commonName };
}
const unread = async () => (await api<{ unread: number }>('GET', '/v1/siteMsg/summary')).unread;

async function newAccount(label: string): Promise<string> {
  const email = `${label}.${Date.now().toString(36)}@example.com`;
  const t = await signUpThroughApi(stack.baseUrl, email, password);
  // Test setup: money on the balance, so orders are paid the ordinary way.
  await stack.app.db.query(`UPDATE accounts SET balance = 100000000 WHERE email = $1`, [email]);
  return t;
}

beforeAll(async () => {
  dns = await startDns();
  stack = await startStack({ DNS_RESOLVER: dns.address });
  token = await newAccount('inbox');
  const products = await api<{ data: { productNo: string; productType: string; certType: string; pricePerYear: number; free: boolean }[] }>('GET', '/v1/products?limit=1000&offset=1');
  const dv = products.data.filter((p) => !p.free && p.certType === 'DV' && (p.productType === 'dv_one_ssl' || p.productType === 'ssl') && p.pricePerYear > 0).sort((a, b) => a.pricePerYear - b.pricePerYear)[0];
  if (!dv) throw new Error('no paid DV product in the catalogue');
  productNo = dv.productNo;
});
afterAll(async () => {
  await stack?.close();
  await dns?.close();
});

describe('messages, dashboard and help', () => {
  it('an order that issues produces a message, and the bell follows', async () => {
    const o = await paidOrder('issue');
    // Payment and "awaiting validation" are told as soon as the jobs have run.
    await expect.poll(unread, { timeout: 30_000 }).toBe(2);
    const page = await stack.newPage({ token });
    await page.goto(`/ssl/certificate/${o.orderNo}`);
    await page.getByTestId('dcv-0-instructions').waitFor();
    await page.locator('[data-testid="bell-count"] .ant-scroll-number[title="2"]').waitFor();

    dns.setTxt((await page.getByTestId('dcv-0-host').textContent()) ?? '', (await page.getByTestId('dcv-0-value').textContent()) ?? '');
    await page.getByTestId('action-verify').click();
    await page.locator('[data-testid="order-details-page"][data-status="1005"]').waitFor({ timeout: 60_000 });
    // No reload: the bell asks again when the order's new status arrives.
    await page.locator('[data-testid="bell-count"] .ant-scroll-number[title="3"]').waitFor({ timeout: 30_000 });

    await page.getByTestId('bell').click();
    await page.getByTestId('bell-dropdown').waitFor();
    const first = page.getByTestId('bell-item').first();
    await expect.poll(async () => first.textContent()).toContain(`证书 ${o.commonName} 已签发`);
    await animationsDone(page);
    await screenshot(page, 'bell-dropdown-zh-light');
    await expectAccessible(page, '[data-testid="bell-dropdown"]');
    // Opening it reads it and lands on the order.
    await first.click();
    await page.waitForURL(`**/ssl/certificate/${o.orderNo}`);
    await page.locator('[data-testid="bell-count"] .ant-scroll-number[title="2"]').waitFor();
    expect(await unread()).toBe(2);
    await page.context().close();
    // Test setup: this certificate ends in 20 days, so the renewal calendar and the expiring figure have it.
    await stack.app.db.query(`UPDATE orders SET not_after = now() + interval '20 days', plan_ends_at = now() + interval '20 days' WHERE order_no = $1`, [o.orderNo]);
  });

  it('the dashboard shows an order awaiting validation with its method; its figure and its row land on it; the DCV card opens the DNS article', async () => {
    const o = await paidOrder('await');
    // Paid is 1002 at once; the method is there once the paid job has started validation (names and values).
    const awaiting = async () => (await api<{ awaitingValidation: { count: number; orders: { methods: string[] }[] } }>('GET', '/v1/dashboard')).awaitingValidation;
    await expect.poll(async () => { const a = await awaiting(); return `${a.count} ${a.orders[0]?.methods.join() ?? ''}`; }, { timeout: 30_000 }).toBe('1 dns_txt');
    const page = await stack.newPage({ token });
    await page.goto('/dashboard');
    const row = page.getByTestId('todo-validation-order');
    await row.waitFor();
    expect(await page.getByTestId('todo-validation').textContent()).toBe('1');
    expect(await page.getByTestId('todo-validation-card').textContent()).toContain('DNS TXT');
    expect(await row.textContent()).toContain(o.commonName);
    // The calendar holds the certificate issued by the first test.
    await page.getByTestId('calendar-entry').first().waitFor();
    expect(await page.getByTestId('calendar-entry').first().textContent()).toContain('issue0.');
    expect(await page.getByTestId('todo-expiring').textContent()).toBe('1');
    expect(Number(await page.getByTestId('todo-unpaid').textContent())).toBe(0);

    // The figure opens the list filtered to "waiting for validation": this order alone.
    await page.getByTestId('todo-validation').click();
    await page.waitForURL('**/orders/list?status=1002');
    await page.locator(`[data-testid="orders-table"] tbody tr[data-row-key="${o.orderNo}"]`).waitFor();
    expect(await page.locator('[data-testid="orders-table"] tbody tr[data-row-key]').count()).toBe(1);
    expect(await page.locator('[data-testid="status-tabs"] .ant-tabs-tab-active').textContent()).toContain('待验证');

    // The row on the dashboard opens the order.
    await page.goto('/dashboard');
    await page.getByTestId('todo-validation-order').click();
    await page.waitForURL(`**/ssl/certificate/${o.orderNo}`);
    await page.getByTestId('dcv-0-instructions').waitFor();

    // The card as the DNS article shows it (copied to apps/web/public/help/ when the screen changes).
    await animationsDone(page);
    await page.getByTestId('dcv-card').screenshot({ path: `${screenshotDir}/help-dcv-card-zh-light.png` });
    // "How do I validate by DNS?" beside the instructions.
    await page.getByTestId('help-link-dcv-dns').click();
    await page.waitForURL('**/help/article/dcv-dns');
    expect(await page.getByTestId('help-article-title').textContent()).toBe('如何通过 DNS 验证域名');
    await page.getByTestId('help-article-body').locator('table').first().waitFor();
    expect(await page.getByTestId('help-article-body').textContent()).toContain('_dnsauth.example.com');
    // The screenshot of our own DCV card in the article is served and drawn.
    const img = page.getByTestId('help-article-body').locator('img');
    await expect.poll(async () => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    await page.context().close();
  });

  it('the message centre filters by group, reads all and deletes; the help centre searches article text', async () => {
    const page = await stack.newPage({ token });
    await page.goto('/notification');
    await page.getByTestId('message-row').first().waitFor();
    const total = await page.getByTestId('message-row').count();
    expect(total).toBeGreaterThanOrEqual(5);
    await page.getByTestId('message-category').getByText('支付与余额').click();
    await expect.poll(async () => page.getByTestId('message-row').count()).toBe(2);
    expect(await page.getByTestId('message-list').textContent()).toContain('支付成功');
    await page.getByTestId('message-category').getByText('全部').click();
    await expect.poll(async () => page.getByTestId('message-row').count()).toBe(total);

    await page.getByTestId('read-all').click();
    await page.locator('[data-testid="bell-count"] .ant-scroll-number').waitFor({ state: 'detached' });
    // The bell and the list are asked for again side by side: the list's answer can come after the bell's.
    await expect.poll(async () => page.locator('[data-testid="message-row"][data-read="n"]').count()).toBe(0);
    expect(await unread()).toBe(0);

    await page.getByTestId('message-delete').first().click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(async () => page.getByTestId('message-row').count()).toBe(total - 1);

    // Search finds an article by a word of its text only ("server.xml" is in the Tomcat article's body).
    await page.goto('/help/overview');
    await page.getByTestId('help-card').first().waitFor();
    await page.getByTestId('help-search').locator('input').fill('server.xml');
    await page.getByTestId('help-search').locator('input').press('Enter');
    await page.getByTestId('help-card').filter({ hasText: 'Tomcat' }).waitFor();
    expect(await page.getByTestId('help-card').count()).toBe(1);
    await page.context().close();
  });

  it('shows an announcement once as a banner until read', async () => {
    const a = await publishAnnouncement(stack.app.db, {
      kind: 'rules',
      titleZh: '证书最长有效期将缩短至 200 天',
      titleEn: 'Certificate lifetimes shorten to 200 days',
      bodyZh: '根据 CA/B 论坛的决议，2026 年 3 月 15 日起签发的证书最长有效期为 200 天。多年套餐会自动签发后续证书。',
      bodyEn: 'Under the CA/Browser Forum ballot, certificates issued from 15 March 2026 last at most 200 days. Multi-year plans issue the following certificates by themselves.',
    });
    const page = await stack.newPage({ token });
    await page.goto('/dashboard');
    await page.getByTestId('announcement-banner').waitFor();
    expect(await page.getByTestId('announcement-banner').textContent()).toContain('证书最长有效期将缩短至 200 天');
    await animationsDone(page);
    await screenshot(page, 'announcement-banner-zh-light');
    await expectAccessible(page, '[data-testid="announcement-banner"]');
    await page.getByTestId('announcement-read').click();
    await page.getByTestId('announcement-banner').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByTestId('action-cards').waitFor();
    expect(await page.getByTestId('announcement-banner').count()).toBe(0);
    // Still listed, read, under the announcements tab.
    await page.goto('/notification');
    await page.getByRole('tab', { name: /平台公告/ }).click();
    await page.getByTestId('announcement-list').getByText('证书最长有效期将缩短至 200 天').waitFor();
    expect(a.id).toBeGreaterThan(0);
    await page.context().close();
  });

  it.each(looks)('photographs the dashboard, message centre and help in $lang/$theme with no serious axe violation', async ({ lang, theme }) => {
    const page = await stack.newPage({ lang, theme, token });
    await page.goto('/dashboard');
    await page.getByTestId('calendar-entry').first().waitFor();
    await page.getByTestId('spending-this').waitFor();
    await animationsDone(page);
    await screenshot(page, `dashboard-${lang}-${theme}`);
    await expectAccessible(page);

    await page.goto('/notification');
    await page.getByTestId('message-row').first().waitFor();
    await animationsDone(page);
    await screenshot(page, `notification-${lang}-${theme}`);
    await expectAccessible(page);

    await page.goto('/help/overview');
    await page.getByTestId('help-card').first().waitFor();
    await animationsDone(page);
    await screenshot(page, `help-overview-${lang}-${theme}`);
    await expectAccessible(page);

    await page.goto('/help/article/install-nginx');
    await page.getByTestId('help-article-body').waitFor();
    expect(await page.getByTestId('help-article-title').textContent()).toBe(lang === 'zh' ? '在 Nginx 上安装证书' : 'Installing a certificate on nginx');
    await animationsDone(page);
    await screenshot(page, `help-article-${lang}-${theme}`);
    await expectAccessible(page);
    await page.context().close();
  });
});
