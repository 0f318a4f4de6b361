/**
 * Orders after payment, end to end on the real stack with nothing outside the machine: a DNS server (dns2) and an
 * HTTP server on loopback stand in for the world the validation checks (the server runs with DNS_RESOLVER and
 * DCV_HTTP_PORT pointing at them), and the job worker issues with the built-in CA.
 *
 * One user: signed up through the API, balance set in the database (test setup), orders created and paid through
 * the API with CSRs made by openssl. Then, in the browser: the list (status tabs, domain search, page size, JSON
 * export, a cancel with refund), a dns_txt order's details (instructions read from the page and published in the
 * DNS server, "verify now", issued, PEM / PFX / zip downloads checked with openssl and unzip), a file order through
 * the HTTP server, a reissue with a CSR made in the browser, the expiring list and a company's validated domains;
 * the names of an order changed before issuance (and the paid count refused), auto-detect, bulk "verify now" and
 * the DCV values export; a stale order's reason in words and its resubmission; renewal from the expiring list
 * through the pre-filled order screen, and a broken ticket.
 * Screenshots in zh/en × light/dark go to e2e/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { startDns, startHttp } from '../apps/server/test/orders-helpers.ts';
import { signUpThroughApi, screenshot, startStack, type Stack, themesFor, apiClient, type Envelope, opensslCsr, expectAccessible } from './harness.ts';

const email = `orders.${Date.now().toString(36)}@example.com`;
const password = 'Str0ng#Passw0rd';
const zone = `o${Date.now().toString(36)}.orders-e2e.example`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cc-orders-e2e-'));

let stack: Stack;
let dns: Awaited<ReturnType<typeof startDns>>;
let web: Awaited<ReturnType<typeof startHttp>>;
let token = '';
let productNo = '';
/** A paid multi-name DV product, for the names editor. */
let multiProductNo = '';
let page: Page;
let seq = 0;

const api = apiClient(() => stack.baseUrl, () => token);

interface Made {
  orderNo: string;
  commonName: string;
  keyFile: string;
}

/** An order for one fresh name (plus `extra` names), its CSR and key made by openssl; paid from the balance unless `pay` is false. */
async function createOrder(tag: string, dcvMethod: string, pay = true, opts: { product?: string; extra?: string[] } = {}): Promise<Made> {
  const commonName = `${tag}${seq++}.${zone}`;
  const keyFile = path.join(tmp, `${commonName}.key`);
  const csr = opensslCsr(commonName, keyFile);
  const body = { year: 1, csr, commonName, dcvMethod, ...(opts.extra ? { domainNames: opts.extra } : {}) };
  const orderNo = String(await api<string>('POST', `/v1/orders/certificate/${opts.product ?? productNo}`, body)).split(',')[0]!;
  if (pay) await api('POST', '/v1/orders/pay', { orderNo, payWay: 'balance' });
  return { orderNo, commonName, keyFile };
}

const statusOf = async (orderNo: string) => (await api<{ orderStatus: number }>('GET', `/v1/orders/status/${orderNo}`)).orderStatus;

async function saved(download: Download, name: string): Promise<string> {
  const file = path.join(tmp, name);
  await download.saveAs(file);
  return file;
}

/** Row keys (order numbers) of the table once the answer to a list request matching `urlPart` has rendered. */
async function rowsAfter(p: Page, urlPart: RegExp, act: () => Promise<void>): Promise<string[]> {
  const answered = p.waitForResponse((r) => r.url().includes('/v1/orders?') && urlPart.test(r.url()));
  await act();
  const body = (await (await answered).json()) as Envelope<{ data: { orderNo: string }[] }>;
  const want = body.data.data.map((o) => o.orderNo);
  await p.waitForFunction(
    (keys) => {
      const got = [...document.querySelectorAll('[data-testid="orders-table"] tbody tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'));
      return got.length === keys.length && keys.every((k, i) => got[i] === k);
    },
    want,
  );
  return want;
}

/** The answer to the page's "verify now" (PUT /v1/orders/verifyDomains/…), to await together with the click. */
const verified = (p: Page) => p.waitForResponse((r) => r.url().includes('/v1/orders/verifyDomains/') && r.request().method() === 'PUT');

const made: Record<'txt' | 'file' | 'unpaid1' | 'unpaid2' | 'toCancel' | 'pending' | 'multi', Made> = {} as never;

/** The DNS TXT record the details page asks for, for its `index`th name (the page waits for the instructions). */
async function txtRecordOnPage(p: Page, index: number): Promise<{ host: string; value: string }> {
  await p.getByTestId(`dcv-${index}-instructions`).waitFor();
  return { host: (await p.getByTestId(`dcv-${index}-host`).textContent()) ?? '', value: (await p.getByTestId(`dcv-${index}-value`).textContent()) ?? '' };
}

let orgId = 0;

beforeAll(async () => {
  dns = await startDns();
  web = await startHttp();
  // The test web server is on loopback: file validation may fetch from it in tests only.
  stack = await startStack({ DNS_RESOLVER: dns.address, DCV_HTTP_PORT: String(web.port), REPORT_ALLOW_PRIVATE: 'on' });
  token = await signUpThroughApi(stack.baseUrl, email, password);
  // Test setup: money on the balance, so the orders below are paid the ordinary way.
  await stack.app.db.query(`UPDATE accounts SET balance = 100000000 WHERE email = $1`, [email]);
  const products = await api<{ data: { productNo: string; productType: string; certType: string; pricePerYear: number; free: boolean }[] }>('GET', '/v1/products?limit=1000&offset=1');
  const dv = products.data
    .filter((p) => !p.free && p.certType === 'DV' && (p.productType === 'dv_one_ssl' || p.productType === 'ssl') && p.pricePerYear > 0)
    .sort((a, b) => a.pricePerYear - b.pricePerYear)[0];
  if (!dv) throw new Error('no paid DV product in the catalogue');
  productNo = dv.productNo;
  const multi = products.data.filter((p) => !p.free && p.certType === 'DV' && p.productType === 'ssl' && p.pricePerYear > 0).sort((a, b) => a.pricePerYear - b.pricePerYear)[0];
  if (!multi) throw new Error('no paid multi-name DV product in the catalogue');
  multiProductNo = multi.productNo;

  made.txt = await createOrder('txt', 'dns_txt');
  made.file = await createOrder('file', 'file');
  made.unpaid1 = await createOrder('unpaid', 'dns', false);
  made.unpaid2 = await createOrder('unpaid', 'dns', false);
  made.toCancel = await createOrder('cancel', 'dns');
  made.pending = await createOrder('pending', 'dns_txt');

  // A company and a contact on the dns_txt order, so its details show them and its names count for the company.
  orgId = (await api<{ id: number }>('POST', '/v1/organizations', {
    orgName: 'Example Network Technology Co., Ltd.',
    creditCode: '91110000MA01ABCDE1',
    nationCode: 'CN',
    province: 'Beijing',
    city: 'Beijing',
    postalCode: '100000',
    address: '1 Example Road, Haidian',
    telephone: '010-12345678',
  })).id;
  const contactId = (await api<{ id: number }>('POST', '/v1/contacts', { lastname: '张', firstname: '三', position: 'IT', email: 'it@example.com', telephone: '13800138000' })).id;
  for (const m of [made.txt, made.pending]) await stack.app.db.query(`UPDATE orders SET org_id = $1, contact_id = $2 WHERE order_no = $3`, [orgId, contactId, m.orderNo]);

  page = await stack.newPage({ token });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
});

afterAll(async () => {
  await stack?.close();
  await dns?.close();
  await web?.close();
});

describe('orders', () => {
  it('lists orders: status tabs with counts, domain search, page size, JSON export, cancel with refund', async () => {
    const catalogueCalls: string[] = [];
    const pickerCode: string[] = [];
    const countCatalogue = (r: { url(): string }) => {
      if (new URL(r.url()).pathname === '/v1/products') catalogueCalls.push(r.url());
      if (/\/assets\/date-picker-/.test(r.url())) pickerCode.push(r.url());
    };
    page.on('request', countCatalogue);
    await page.goto('/orders/list');
    await page.getByTestId('orders-list-page').waitFor();
    await page.locator('[data-testid="tab-1001"]', { hasText: '(2)' }).waitFor();
    // The product and brand choices (the whole catalogue) are asked for when a filter is opened, not with the list.
    expect(catalogueCalls).toEqual([]);
    await page.getByTestId('filter-product').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().waitFor();
    expect(catalogueCalls).toHaveLength(1);
    await page.keyboard.press('Escape');
    // Nor the date range picker's code: a box of its size stands in until the filter is reached for.
    expect(pickerCode).toEqual([]);
    expect(await page.locator('[data-testid="order-filters"] .ant-picker').count()).toBe(0);
    const standIn = (await page.locator('[data-testid="order-filters"] .ant-input-affix-wrapper:has([data-testid="filter-dates"])').boundingBox())!;
    await page.getByTestId('filter-dates').click();
    // The real picker opens where the box was, the same size, and takes a range typed in.
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor();
    expect(pickerCode.length).toBeGreaterThan(0);
    const picker = (await page.locator('[data-testid="order-filters"] .ant-picker').boundingBox())!;
    expect([picker.x, picker.y, picker.width, picker.height]).toEqual([standIn.x, standIn.y, standIn.width, standIn.height]);
    await page.keyboard.type('2020-01-01');
    await page.keyboard.press('Enter');
    await page.keyboard.type('2099-12-31');
    await page.keyboard.press('Enter');
    const inRange = await rowsAfter(page, /dateFrom=2020-01-01.*dateTo=2099-12-31/, () => page.getByTestId('filter-search').click());
    expect(inRange).toHaveLength(6);
    await rowsAfter(page, /^(?!.*dateFrom=)/, () => page.getByTestId('filter-reset').click());
    page.off('request', countCatalogue);
    expect(await page.getByTestId('tab-1002').textContent()).toContain('(4)');
    expect(await page.getByTestId('tab-all').textContent()).toContain('(6)');
    await page.locator('[data-testid="orders-table"] tbody tr[data-row-key]').nth(5).waitFor();
    await screenshot(page, 'orders-list-zh-light');

    // Status: the "waiting for payment" tab.
    const unpaid = await rowsAfter(page, /status=1001/, () => page.getByTestId('tab-1001').click());
    expect(unpaid.sort()).toEqual([made.unpaid1.orderNo, made.unpaid2.orderNo].sort());
    expect(await page.locator('[data-testid="orders-table"] [data-testid="status-tag"][data-status="1001"]').count()).toBe(2);
    await rowsAfter(page, /^(?!.*status=)/, () => page.getByTestId('tab-all').click());

    // Search by domain.
    await page.getByTestId('filter-domain').fill(made.toCancel.commonName);
    const found = await rowsAfter(page, new RegExp(`domain=${made.toCancel.commonName.replace(/\./g, '\\.')}`), () => page.getByTestId('filter-domain').press('Enter'));
    expect(found).toEqual([made.toCancel.orderNo]);
    await page.getByTestId('filter-domain').fill('');
    await rowsAfter(page, /^(?!.*domain=)/, () => page.getByTestId('filter-search').click());

    // Page size 20 → 10.
    await page.locator('.ant-pagination-options .ant-select').click();
    await rowsAfter(page, /limit=10\b/, () => page.locator('.ant-select-item-option', { hasText: '10 条/页' }).click());

    // JSON export of the current page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{8}-\d{6}\.json$/);
    const exported = JSON.parse(readFileSync(await saved(download, 'orders.json'), 'utf8')) as { orderNo: string; orderStatus: number; commonName: string }[];
    expect(exported).toHaveLength(6);
    expect(exported.map((o) => o.orderNo)).toContain(made.txt.orderNo);

    // Cancel the paid order: confirmed, refunded to the balance.
    const before = (await api<{ accountInfo: { balance: number } }>('GET', '/v1/account')).accountInfo.balance;
    await page.locator(`tr[data-row-key="${made.toCancel.orderNo}"] [data-testid="row-cancel"]`).click();
    await page.getByTestId('cancel-confirm').click();
    await page.locator(`tr[data-row-key="${made.toCancel.orderNo}"] [data-testid="status-tag"][data-status="1004"]`).waitFor();
    // The result stays until closed (a toast could fade before a loaded machine looks).
    const refundNote = (await page.getByTestId('refund-note').textContent()) ?? '';
    expect(refundNote).toMatch(/^已退款 \D*[\d,]+\.\d{2} 至余额$/);
    await page.getByTestId('cancel-result-ok').click();
    await page.getByTestId('cancel-result').waitFor({ state: 'detached' });
    expect(await statusOf(made.toCancel.orderNo)).toBe(1004);
    expect((await api<{ accountInfo: { balance: number } }>('GET', '/v1/account')).accountInfo.balance).toBeGreaterThan(before);
    // The order's timeline says the same, in money rather than cents.
    await page.goto(`/ssl/certificate/${made.toCancel.orderNo}`);
    await page.locator('[data-testid="order-timeline"]', { hasText: refundNote }).waitFor();
  });

  it('takes a dns_txt order from paid to issued: instructions, copy, verify now, PEM, PFX and zip downloads', async () => {
    await page.goto(`/ssl/certificate/${made.txt.orderNo}`);
    await page.getByTestId('dcv-0-instructions').waitFor();
    expect(await page.getByTestId('dcv-0-instructions').getAttribute('data-method')).toBe('dns_txt');
    expect(await page.getByTestId('company-card').textContent()).toContain('Example Network Technology');
    const host = (await page.getByTestId('dcv-0-host').textContent()) ?? '';
    const value = (await page.getByTestId('dcv-0-value').textContent()) ?? '';
    expect(host.endsWith(made.txt.commonName)).toBe(true);
    expect(value).not.toBe('');
    // Watched from before the click: the toast fades after a few seconds.
    await Promise.all([page.getByText('复制成功').first().waitFor(), page.getByTestId('dcv-0-value-copy').click()]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);

    // Nothing published yet: "verify now" keeps it pending with the reason. Awaited, so the next click does not
    // land on the button while it is still loading (a loading button ignores clicks).
    await Promise.all([verified(page), page.getByTestId('action-verify').click()]);
    await page.getByTestId('dcv-0-error').waitFor();
    expect(await page.getByTestId('dcv-0-error').textContent()).toContain(host);
    await screenshot(page, 'order-details-zh-light-pending');

    dns.setTxt(host, value);
    await Promise.all([verified(page), page.getByTestId('action-verify').click()]);
    await page.locator('[data-testid="order-details-page"][data-status="1005"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('cert-serial').waitFor();
    // A 1-year plan is longer than one certificate today: the schedule says which certificate this is and when the next comes.
    const plan = (await api<{ orderInfo: { plan: { current: number; total: number; nextReissueAt: string } } }>('GET', `/v1/orders/detail/${made.txt.orderNo}`)).orderInfo.plan;
    expect(plan.current).toBe(1);
    expect(plan.total).toBeGreaterThan(1);
    // The date in the reader's time zone (the page's), so only its form is checked here.
    await page.getByText(new RegExp(`^本套餐第 1 张证书（共 ${plan.total} 张），下次重签日期 \\d{4}-\\d{2}-\\d{2}$`)).waitFor();
    expect(plan.nextReissueAt).toBeTruthy();
    await screenshot(page, 'order-details-zh-light-issued');

    // PEM certificate.
    const [pem] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-cert').click()]);
    const certFile = await saved(pem, 'cert.crt');
    const subject = execFileSync('openssl', ['x509', '-in', certFile, '-noout', '-subject', '-ext', 'subjectAltName'], { encoding: 'utf8' });
    expect(subject).toContain(made.txt.commonName);

    // PFX with a password; the server does not hold this key, so it is pasted.
    await page.getByTestId('download-pfx').click();
    await page.getByTestId('keystore-password').fill('secret-123');
    await page.getByTestId('keystore-confirm').fill('secret-123');
    await page.getByTestId('keystore-key').fill(readFileSync(made.txt.keyFile, 'utf8'));
    const [pfx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('password-submit').click()]);
    const pfxFile = await saved(pfx, 'cert.pfx');
    const info = execFileSync('openssl', ['pkcs12', '-info', '-in', pfxFile, '-passin', 'pass:secret-123', '-nokeys'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(info).toContain('BEGIN CERTIFICATE');
    expect(info).toContain(made.txt.commonName);

    // The zip for nginx, Apache, IIS and Tomcat.
    await page.getByTestId('download-zip').click();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('password-submit').click()]);
    const zipFile = await saved(zip, 'cert.zip');
    const listing = execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' });
    for (const folder of ['nginx/', 'apache/']) expect(listing).toContain(folder);
  });

  it('validates a file order through the local web server', async () => {
    await page.goto(`/ssl/certificate/${made.file.orderNo}`);
    await page.getByTestId('dcv-0-instructions').waitFor();
    expect(await page.getByTestId('dcv-0-instructions').getAttribute('data-method')).toBe('file');
    const filePath = (await page.getByTestId('dcv-0-path').textContent()) ?? '';
    const content = (await page.getByTestId('dcv-0-content').textContent()) ?? '';
    expect(filePath).toMatch(/^\/\.well-known\/pki-validation\//);
    web.put(made.file.commonName, filePath, content);
    await Promise.all([verified(page), page.getByTestId('action-verify').click()]);
    await page.locator('[data-testid="order-details-page"][data-status="1005"]').waitFor({ timeout: 60_000 });
    expect(await statusOf(made.file.orderNo)).toBe(1005);
  });

  it('edits the remark and changes a pending name\'s validation method', async () => {
    await page.goto(`/ssl/certificate/${made.pending.orderNo}`);
    await page.getByTestId('remark-edit').click();
    await page.getByTestId('remark-input').fill('备注：生产环境负载均衡');
    await page.getByTestId('remark-save').click();
    await page.locator('[data-testid="remark-text"]', { hasText: '生产环境负载均衡' }).waitFor();

    await page.getByTestId('dcv-0-change').click();
    await page.getByRole('dialog').getByText('文件验证').click();
    await page.getByTestId('dcv-change-submit').click();
    await page.locator('[data-testid="dcv-0-instructions"][data-method="file"]').waitFor();
    expect(await page.getByTestId('dcv-0-path').textContent()).toMatch(/^\/\.well-known\/pki-validation\/.+/);
    await page.getByTestId('dcv-0-change').click();
    await page.getByRole('dialog').getByText('DNS TXT').click();
    await page.getByTestId('dcv-change-submit').click();
    await page.locator('[data-testid="dcv-0-instructions"][data-method="dns_txt"]').waitFor();
    // The timeline names methods as the page does, not by their codes.
    await page.locator('[data-testid="order-timeline"]', { hasText: `${made.pending.commonName} 的验证方式改为 文件验证` }).waitFor();
    const detail = await api<{ orderInfo: { remark: string; domains: { method: string }[] } }>('GET', `/v1/orders/detail/${made.pending.orderNo}`);
    expect(detail.orderInfo.remark).toBe('备注：生产环境负载均衡');
    expect(detail.orderInfo.domains[0]?.method).toBe('dns_txt');
  });

  it('says in words why a stale order needs resubmitting, and resubmits it', async () => {
    const stale = await createOrder('stale', 'dns_txt');
    // The details call starts validation if the payment's job has not yet, so the date below is not overwritten.
    await api('GET', `/v1/orders/detail/${stale.orderNo}`);
    // Test setup: the validation began 31 days ago; the background re-check, made due, gives up on it. Made due
    // on every poll: a check already running when we look would put its next run 30 s away.
    await stack.app.db.query(`UPDATE orders SET validation_started_at = now() - interval '31 days' WHERE order_no = $1`, [stale.orderNo]);
    const due = () =>
      stack.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'dcv.check' AND status = 'pending' AND dedupe_key = (SELECT 'dcv:' || id FROM orders WHERE order_no = $1)`, [stale.orderNo]);
    await expect.poll(async () => (await due(), statusOf(stale.orderNo)), { timeout: 30_000, interval: 250 }).toBe(1003);
    await page.goto(`/ssl/certificate/${stale.orderNo}`);
    expect(await page.getByTestId('status-reason').textContent()).toBe('域名验证超过 30 天仍未完成，请重新提交订单');
    await page.getByTestId('action-recommit').click();
    await page.locator('[data-testid="order-details-page"][data-status="1002"]').waitFor();
    expect(await page.getByTestId('status-reason').count()).toBe(0);
    await page.getByTestId('dcv-0-instructions').waitFor();
  });

  it('changes an order\'s names before issuance; more names than paid for show the server\'s message; auto-detect', async () => {
    made.multi = await createOrder('multi', 'dns_txt', true, { product: multiProductNo, extra: [`alt${seq}.${zone}`] });
    const first = (await api<{ orderInfo: { domainNames: string[] } }>('GET', `/v1/orders/detail/${made.multi.orderNo}`)).orderInfo.domainNames;
    expect(first).toHaveLength(2);
    await page.goto(`/ssl/certificate/${made.multi.orderNo}`);
    await page.locator('[data-testid="dcv-domain-1"]').waitFor();
    await page.getByTestId('dcv-edit-names').click();
    await page.getByTestId('domain-list-dialog').waitFor();
    expect(await page.getByTestId('domain-list-cn').inputValue()).toBe(made.multi.commonName);
    expect(await page.getByTestId('domain-list-count').getAttribute('data-paid')).toBe('2');

    // Replace the second name: the common name stays, the new name starts pending.
    const replacement = `swap${seq++}.${zone}`;
    await page.getByTestId('domain-list-input').fill(replacement);
    await page.getByTestId('domain-list-save').click();
    await page.locator(`[data-testid="dcv-domain-1"][data-domain="${replacement}"]`).waitFor();
    const after = (await api<{ orderInfo: { domainNames: string[] } }>('GET', `/v1/orders/detail/${made.multi.orderNo}`)).orderInfo.domainNames;
    expect(after).toEqual([made.multi.commonName, replacement]);

    // A third name is more than was paid for: the server's message shows in the dialog and nothing changes.
    await page.getByTestId('dcv-edit-names').click();
    await page.getByTestId('domain-list-input').fill(`${replacement}\nthird${seq++}.${zone}`);
    expect(await page.getByTestId('domain-list-count').getAttribute('data-count')).toBe('3');
    await page.getByTestId('domain-list-save').click();
    await page.getByTestId('domain-list-error').waitFor();
    expect(await page.getByTestId('domain-list-error').textContent()).toContain('超过订单已购数量 2');
    await screenshot(page, 'order-domain-list-zh-light-error');
    await page.keyboard.press('Escape');
    await page.getByTestId('domain-list-dialog').waitFor({ state: 'detached' });
    expect((await api<{ orderInfo: { domainNames: string[] } }>('GET', `/v1/orders/detail/${made.multi.orderNo}`)).orderInfo.domainNames).toHaveLength(2);

    // Auto-detect: the common name's record is published, the other name's is not.
    const rec = await txtRecordOnPage(page, 0);
    expect(rec.host.endsWith(made.multi.commonName)).toBe(true);
    dns.setTxt(rec.host, rec.value);
    await page.getByTestId('dcv-auto-detect').click();
    await page.locator('[data-testid="dcv-0-detected"][data-visible="yes"]').waitFor();
    await page.locator('[data-testid="dcv-1-detected"][data-visible="no"]').waitFor();
    await screenshot(page, 'order-auto-detect-zh-light');
  });

  it('verifies several orders at once from the list and exports their DCV values', async () => {
    const bulk = await createOrder('bulk', 'dns_txt');
    await page.goto(`/ssl/certificate/${bulk.orderNo}`);
    // Published only after the export, so the background re-check cannot have validated it yet.
    const rec = await txtRecordOnPage(page, 0);
    await page.goto('/orders/list');
    await page.locator(`tr[data-row-key="${bulk.orderNo}"]`).waitFor();
    for (const no of [bulk.orderNo, made.pending.orderNo]) await page.locator(`tr[data-row-key="${no}"] .ant-checkbox-input`).check();
    await page.locator('[data-testid="selected-count"]', { hasText: '2' }).waitFor();

    // The DCV values of both orders, as CSV.
    await page.getByTestId('bulk-hash-values').click();
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('hash-values-csv').click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^dcv-values-\d{8}-\d{6}\.csv$/);
    const csv = readFileSync(await saved(csvDownload, 'dcv-values.csv'), 'utf8').replace(/^\ufeff/, '').trim().split('\r\n');
    expect(csv[0]).toBe('orderNo,domain,status,method,type,host,value');
    expect(csv).toContain(`${bulk.orderNo},${bulk.commonName},pending,dns_txt,TXT,${rec.host},${rec.value}`);
    expect(csv.some((l) => l.startsWith(`${made.pending.orderNo},${made.pending.commonName},pending,dns_txt,TXT,`))).toBe(true);

    // "Verify now" for both: the published one passes and goes on to issuance, the other stays pending.
    dns.setTxt(rec.host, rec.value);
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/orders/batch/verify'));
    await page.getByTestId('bulk-verify').click();
    expect((await answered).ok()).toBe(true);
    const result = page.getByTestId('batch-verify-result');
    await result.waitFor();
    const rowOf = (no: string) => result.locator(`tr[data-row-key="${no}"]`);
    expect(await rowOf(bulk.orderNo).textContent()).toContain('全部通过，签发中');
    expect(await rowOf(made.pending.orderNo).textContent()).not.toContain('全部通过');
    // Each order number fits its cell whole (it ran into the status beside it).
    const link = rowOf(bulk.orderNo).getByRole('link', { name: bulk.orderNo });
    const [linkBox, cellBox] = [await link.boundingBox(), await rowOf(bulk.orderNo).locator('td').first().boundingBox()];
    expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width);
    await screenshot(page, 'orders-batch-verify-zh-light');
    await page.getByRole('dialog').getByRole('button', { name: '知道了' }).click();
    await page.goto(`/ssl/certificate/${bulk.orderNo}`);
    await page.locator('[data-testid="order-details-page"][data-status="1005"]').waitFor({ timeout: 60_000 });
    expect(await statusOf(made.pending.orderNo)).toBe(1002);
  });

  it('reissues with a new CSR made in the browser', async () => {
    await page.goto(`/ssl/certificate/${made.txt.orderNo}`);
    await page.getByTestId('cert-serial').waitFor();
    const oldSerial = await page.getByTestId('cert-serial').textContent();
    await page.getByTestId('action-reissue').click();
    await page.locator('[data-testid="reissue-price"][data-cents="0"]').waitFor();
    await screenshot(page, 'order-reissue-zh-light');
    await page.getByTestId('reissue-submit').click();
    // The names were validated moments ago: reused, so the new certificate follows without new records.
    await page.waitForFunction(
      (old) => {
        const el = document.querySelector('[data-testid="cert-serial"]');
        return el !== null && el.textContent !== old && document.querySelector('[data-testid="order-details-page"][data-status="1005"]') !== null;
      },
      oldSerial,
      { timeout: 60_000 },
    );
    const records = await api<{ data: { status: string }[] }>('GET', `/v1/orders/reSign/records?orderNo=${made.txt.orderNo}`);
    expect(records.data[0]?.status).toBe('done');
    // The key made in the browser was kept on the server: the PEM key download is offered now.
    await page.getByTestId('download-key').waitFor();
    const [key] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-key').click()]);
    const [cert] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-cert').click()]);
    const keyFile = await saved(key, 'new.key');
    const certFile = await saved(cert, 'new.crt');
    const pub = (args: string[]) => execFileSync('openssl', args, { encoding: 'utf8' });
    expect(pub(['pkey', '-in', keyFile, '-pubout'])).toBe(pub(['x509', '-in', certFile, '-noout', '-pubkey']));
  });

  it('shows expiring orders and the company\'s validated domains', async () => {
    // Test setup: bring the file order's certificate within the expiring window.
    await stack.app.db.query(`UPDATE orders SET not_after = now() + interval '12 days' WHERE order_no = $1`, [made.file.orderNo]);
    await stack.app.db.query(`UPDATE certificates SET not_after = now() + interval '12 days' WHERE order_id = (SELECT id FROM orders WHERE order_no = $1)`, [made.file.orderNo]);
    await page.goto('/orders/expiring');
    await page.getByTestId('orders-expiring-page').waitFor();
    await page.locator(`tr[data-row-key="${made.file.orderNo}"]`).waitFor();
    expect(await page.locator('[data-testid="orders-table"] tbody tr[data-row-key]').count()).toBe(1);

    // The company's names: whatever the server recorded, plus (test setup) this account's validations for it.
    await stack.app.db.query(`UPDATE validated_domains SET org_id = $1 WHERE account_id = (SELECT id FROM accounts WHERE email = $2) AND org_id IS NULL`, [orgId, email]);
    await page.goto(`/orders/org/${orgId}/domains`);
    await page.locator('[data-testid="org-domains-table"] tbody tr[data-row-key]').first().waitFor();
    expect(await page.getByTestId('org-domains-title').textContent()).toContain('Example Network Technology');
    const text = (await page.getByTestId('org-domains-table').textContent()) ?? '';
    expect(text).toContain(made.txt.commonName);
    expect(text).toContain(made.file.commonName);
  });

  it('renews an issued order from the expiring list: the order screen is pre-filled, "renew as it was" makes the order', async () => {
    await page.goto('/orders/expiring');
    await page.locator(`tr[data-row-key="${made.file.orderNo}"] [data-testid="row-renew"]`).click();
    await page.locator(`[data-testid="purchase-page"][data-renewal="${made.file.orderNo}"]`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ssl/certificates');
    expect(new URL(page.url()).searchParams.get('productNo')).toBe(productNo);
    await page.locator(`.ant-radio-wrapper-checked [data-testid="product-${productNo}"]`).waitFor();
    expect(await page.getByTestId('common-name').inputValue()).toBe(made.file.commonName);
    expect(await page.getByTestId('renewal-banner').textContent()).toContain(made.file.orderNo);
    await screenshot(page, 'purchase-renewal-zh-light');

    const created = page.waitForResponse((r) => r.url().endsWith('/createorderrenew'));
    await page.getByTestId('renew-as-it-was').click();
    const answer = (await (await created).json()) as Envelope<{ orderNo: string; renewedFrom: string }>;
    expect(answer.code).toBe(200);
    expect(answer.data.renewedFrom).toBe(made.file.orderNo);
    await page.getByTestId('renewal-created').waitFor();
    const renewed = (await api<{ orderInfo: { orderStatus: number; domainNames: string[]; productNo: string } }>('GET', `/v1/orders/detail/${answer.data.orderNo}`)).orderInfo;
    expect(renewed.orderStatus).toBe(1001);
    expect(renewed.productNo).toBe(productNo);
    const old = (await api<{ orderInfo: { domainNames: string[] } }>('GET', `/v1/orders/detail/${made.file.orderNo}`)).orderInfo;
    expect(renewed.domainNames).toEqual(old.domainNames);
  });

  it('keeps the order screen usable when the renewal ticket cannot be read', async () => {
    const p = await stack.newPage({ token });
    const logged = p.waitForEvent('console', (m) => m.text().includes('解析JSON 串失败'));
    await p.goto(`/ssl/certificates?productNo=${productNo}&ticket=${Buffer.from('not json').toString('base64')}`);
    await logged;
    await p.getByTestId('purchase-page').waitFor();
    expect(await p.getByTestId('renewal-banner').count()).toBe(0);
    expect(await p.getByTestId('common-name').inputValue()).toBe('');
    await p.getByTestId('common-name').fill(`usable.${zone}`);
    expect(await p.getByTestId('common-name').inputValue()).toBe(`usable.${zone}`);
    expect(await p.getByTestId('create-order').isEnabled()).toBe(true);
    await p.close();
  });

  it('renders the orders screens in zh and en, light and dark', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const theme of themesFor(lang)) {
        const p = await stack.newPage({ token, lang, theme });
        const tag = `${lang}-${theme}`;
        await p.goto('/orders/list');
        await p.locator('[data-testid="orders-table"] tbody tr[data-row-key]').nth(5).waitFor();
        await screenshot(p, `orders-list-${tag}`);
        await p.goto('/orders/expiring');
        await p.locator(`tr[data-row-key="${made.file.orderNo}"]`).waitFor();
        await screenshot(p, `orders-expiring-${tag}`);
        await p.goto(`/ssl/certificate/${made.pending.orderNo}`);
        await p.getByTestId('dcv-0-instructions').waitFor();
        await p.getByTestId('order-timeline').waitFor();
        await screenshot(p, `order-details-${tag}-pending`);
        await p.goto(`/ssl/certificate/${made.txt.orderNo}`);
        await p.getByTestId('cert-serial').waitFor();
        await screenshot(p, `order-details-${tag}-issued`);
        await p.goto(`/orders/org/${orgId}/domains`);
        await p.locator('[data-testid="org-domains-table"] tbody tr[data-row-key]').first().waitFor();
        await screenshot(p, `org-domains-${tag}`);
        if (lang === 'en') expect(await p.getByTestId('org-domains-title').textContent()).toContain('Domains validated for');
        // The dialogs and the renewal banner.
        await p.goto(`/ssl/certificate/${made.multi.orderNo}`);
        await p.getByTestId('dcv-edit-names').click();
        await p.getByTestId('domain-list-dialog').waitFor();
        await screenshot(p, `order-domain-list-${tag}`);
        await p.goto('/orders/list');
        await p.locator(`tr[data-row-key="${made.pending.orderNo}"] .ant-checkbox-input`).check();
        await p.getByTestId('bulk-verify').click();
        await p.getByTestId('batch-verify-result').waitFor();
        await screenshot(p, `orders-batch-verify-${tag}`);
        const link = await api<{ url: string }>('GET', `/v1/orders/renewTicket/${made.txt.orderNo}`);
        const u = new URL(link.url);
        await p.goto(`${u.pathname}${u.search}`);
        await p.getByTestId('renewal-banner').waitFor();
        await screenshot(p, `purchase-renewal-${tag}`);
        await p.close();
      }
    }
  });

  it('on a phone, the orders table scrolls sideways in its own box, its actions with it; the page does not', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const theme of themesFor(lang)) {
        const p = await stack.newPage({ token, lang, theme, viewport: { width: 390, height: 844 } });
        await p.goto('/orders/list');
        const row = p.locator(`[data-testid="orders-table"] tbody tr[data-row-key="${made.unpaid2.orderNo}"]`);
        await row.waitFor();
        const box = p.getByTestId('orders-table-box');
        const [boxWidth, tableWidth, pageOverflow] = await box.evaluate((el) => [el.clientWidth, el.scrollWidth, document.documentElement.scrollWidth - window.innerWidth]);
        // Wider than the screen, scrolled within its box; the page itself stays the screen's width.
        expect(tableWidth).toBeGreaterThan(boxWidth);
        expect(pageOverflow).toBeLessThanOrEqual(0);
        // No fixed Actions column: the order's actions are at the end of its row, reached by scrolling the box.
        expect(await p.locator('[data-testid="orders-table"] .ant-table-cell-fix-right').count()).toBe(0);
        const details = row.getByRole('button', { name: lang === 'en' ? 'Details' : '详情' });
        await details.scrollIntoViewIfNeeded();
        await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        await box.evaluate((el) => el.scrollTo(0, 0));
        await screenshot(p, `orders-list-phone-${lang}-${theme}`);
        // The status tabs overflow at this width into antd's "more" button, which stays outside the tab list
        // (apps/web/scripts/antd-tablist-role.ts): the list holds only tabs, and the whole page passes axe.
        const tabs = p.getByTestId('status-tabs');
        await tabs.locator('.ant-tabs-nav-more').waitFor();
        const tablist = tabs.getByRole('tablist');
        expect(await tablist.getByRole('tab').count()).toBeGreaterThanOrEqual(4);
        expect(await tablist.locator('button').count()).toBe(0);
        await expectAccessible(p);
        await p.close();
      }
    }
  });

  it('an e-mail validated order shows the day the method stops validating and switches to DNS in one click (zh, en)', async () => {
    const products = await api<{ data: { productNo: string; brand: string; certType: string; productType: string; free: boolean; pricePerYear: number }[] }>('GET', '/v1/products?limit=1000&offset=1');
    const byMail = products.data.find((p) => !p.free && p.certType === 'DV' && ['globalsign', 'digicert', 'sectigo'].includes(p.brand) && p.productType === 'ssl' && p.pricePerYear > 0);
    if (!byMail) throw new Error('no DV product of a brand that validates by e-mail');
    const mailed = async (tag: string) => {
      const commonName = `${tag}${seq++}.${zone}`;
      const csr = opensslCsr(commonName, path.join(tmp, `${commonName}.key`));
      const orderNo = String(await api<string>('POST', `/v1/orders/certificate/${byMail.productNo}`, { year: 1, csr, commonName, dcvMethod: 'email', dcvEmail: { email: 'admin', dcvMethod: 'email' } }));
      await api('POST', '/v1/orders/pay', { orderNo, payWay: 'balance' });
      return orderNo;
    };
    const zhOrder = await mailed('mail');
    await page.goto(`/ssl/certificate/${zhOrder}`);
    const notice = page.getByRole('alert').filter({ hasText: '邮箱验证自 2028-03-15 起不再能验证域名' });
    await notice.waitFor();
    await screenshot(page, 'order-details-zh-email-ends');
    await notice.getByRole('button', { name: '一键改用 DNS 验证' }).click();
    await page.locator('[data-testid="dcv-0-instructions"][data-method^="dns"]').waitFor();
    await notice.waitFor({ state: 'detached' });
    const after = await api<{ orderInfo: { domains: { method: string }[] } }>('GET', `/v1/orders/detail/${zhOrder}`);
    expect(after.orderInfo.domains[0]?.method).toMatch(/^dns/);

    const enOrder = await mailed('mail-en');
    const en = await stack.newPage({ token, lang: 'en' });
    await en.goto(`/ssl/certificate/${enOrder}`);
    const enNotice = en.getByRole('alert').filter({ hasText: 'E-mail validation no longer validates names from 2028-03-15' });
    await enNotice.waitFor();
    await screenshot(en, 'order-details-en-email-ends');
    await enNotice.getByRole('button', { name: 'Switch to file validation' }).click();
    await en.locator('[data-testid="dcv-0-instructions"][data-method="file"]').waitFor();
    await en.close();
  });

  it('cancels a paid order from its details page: confirmed, then the refund is shown until closed', async () => {
    const order = await createOrder('cancel-details', 'dns');
    await page.goto(`/ssl/certificate/${order.orderNo}`);
    await page.getByTestId('action-cancel').click();
    // The confirm's code loads with this first dialog, not with the page.
    await page.getByTestId('cancel-confirm').click();
    const refundNote = (await page.getByTestId('refund-note').textContent()) ?? '';
    expect(refundNote).toMatch(/^已退款 \D*[\d,]+\.\d{2} 至余额$/);
    await page.getByTestId('cancel-result-ok').click();
    await page.getByTestId('cancel-result').waitFor({ state: 'detached' });
    // One confirm and one result: each call opened one dialog.
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    expect(await statusOf(order.orderNo)).toBe(1004);
  });
});
