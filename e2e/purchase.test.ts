/**
 * Buying certificates end to end, as one account's journey on the real server and database: a contact and a
 * company through their pages (the company filled by the registry lookup), a DV order with a key and CSR made
 * in the browser, an OV order with contact and company, the exact messages of bad input, a wildcard product
 * refused on a plain domain once its wildcard switch is turned off, a batch of 12 created one at a time with the
 * progress dialog (one bad line reported as failed, the failure report downloaded), batches of 120 from pasted
 * text and from a zip of CSRs created one at a time (the dialog moving per certificate), a zip of
 * CSRs, the price list and the saved validation e-mails. Screenshots go to e2e/screenshots/.
 *
 * The account comes from the server's test helper (a row and a session token): the sign-in flow and its
 * slider are what console.test.ts covers; here the token is put where the console keeps it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { makeCsr, makeEcCsr, newAccount } from '../apps/server/test/purchase-helpers.ts';
import { screenshot, startStack, type Stack, themesFor } from './harness.ts';
import { translate } from '@cc/contracts/messages';
import { ruleOn, tlsMaxValidityDays } from '@cc/domain/cabf-rules';
import { validityNote } from '@cc/domain/terms';

let stack: Stack;
let page: Page;
let token = '';
const tag = Date.now().toString(36);

interface OrderRow {
  orderNo: string;
  commonName: string;
  orderStatus: number;
  payAmount: number;
}

/** GET /v1/orders?orderNos=… as the account (what the order list will read). */
async function ordersByNumbers(orderNos: string[]): Promise<OrderRow[]> {
  const r = await fetch(`${stack.baseUrl}/v1/orders?orderNos=${orderNos.join(',')}`, { headers: { token, authorization: token } });
  const body = (await r.json()) as { code: number; data: { allOrders: OrderRow[] } };
  expect(body.code).toBe(200);
  return body.data.allOrders;
}

async function openPurchase(p: Page) {
  await p.goto('/ssl/certificates');
  await p.getByTestId('purchase-page').waitFor();
  await p.getByTestId('purchase-form').waitFor();
}

async function pickProduct(p: Page, brand: string, certType: string, productNo: string) {
  const inMore = await p.getByTestId(`brand-${brand}`).count();
  if (inMore) await p.getByTestId(`brand-${brand}`).click();
  else {
    await p.getByTestId('more-brands').click();
    await p.locator('.ant-select-item-option', { hasText: new RegExp(brand, 'i') }).first().click();
  }
  await p.getByTestId(`cert-type-${certType}`).click();
  await p.getByTestId(`product-${productNo}`).click();
}

/**
 * Orders that cost something open the payment dialog (plugged in by the route table through onOrdersCreated):
 * answers the order numbers the screen kept, then leaves paying for later.
 */
async function createdThenPayLater(p: Page, count: number): Promise<string[]> {
  await p.getByTestId('payment-dialog').waitFor();
  const created = (await p.evaluate(() => localStorage.getItem('createdOrderNos')))?.split(',') ?? [];
  expect(created).toHaveLength(count);
  // The dialog grows as its pay ways and orders arrive, moving its footer: a click during that can miss the button.
  await p.getByTestId('pay-ways').waitFor();
  await p.getByTestId('payment-dialog').locator('.ant-skeleton').first().waitFor({ state: 'detached' });
  await p.getByTestId('pay-later').click();
  await p.getByTestId('payment-dialog').waitFor({ state: 'detached' });
  return created;
}

/** Counts the order-creation requests of a page and the number of certificates each carried. */
function recordCreations(p: Page): number[] {
  const sizes: number[] = [];
  p.on('request', (r) => {
    if (r.method() !== 'POST' || !r.url().includes('/v1/orders/certificate/')) return;
    const body = r.postDataJSON() as { sslCerts?: unknown[] } | null;
    sizes.push(body?.sslCerts?.length ?? 1);
  });
  return sizes;
}

/** The failure report the progress dialog downloads. */
async function downloadReport(p: Page): Promise<{ failed: { commonName: string; domainNames: string[]; error: string }[] }> {
  const report = p.waitForEvent('download');
  await p.getByTestId('progress-report').click();
  const file = await report;
  expect(file.suggestedFilename()).toMatch(/^failed-orders-.*\.json$/);
  return JSON.parse(readFileSync(await file.path(), 'utf8')) as { failed: { commonName: string; domainNames: string[]; error: string }[] };
}

/** The text of a field's error under it. */
const errorOf = (p: Page, field: string) => p.getByTestId(`error-${field}`);

beforeAll(async () => {
  stack = await startStack();
  token = (await newAccount(stack.app)).token;
  page = await stack.newPage({ token });
});

afterAll(async () => {
  await stack?.close();
});

describe('buying certificates', () => {
  it('adds a contact on /orders/contact and a company on /orders/org filled by the lookup', async () => {
    await page.goto('/orders/contact');
    await page.getByTestId('contacts-page').waitFor();
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-dialog').waitFor();
    await page.getByTestId('contact-lastname').fill('张');
    await page.getByTestId('contact-firstname').fill('三');
    await page.getByTestId('contact-position').fill('运维工程师');
    await page.getByTestId('contact-email').fill('zhang.san@example.com');
    await page.getByTestId('contact-telephone').fill('1391234');
    await page.getByTestId('contact-telephone').blur();
    await page.getByText('电话格式不正确').waitFor();
    await page.getByTestId('contact-telephone').fill('13912345678');
    await screenshot(page, 'contact-dialog-zh-light');
    await page.getByTestId('contact-dialog-ok').click();
    await page.getByText('添加成功!').waitFor();
    await page.getByTestId('contacts-table').getByText('zhang.san@example.com').waitFor();

    // Editing opens with the record's values; adding afterwards opens empty, even while the last dialog closes.
    await page.getByTestId('contacts-table').locator('tr', { hasText: 'zhang.san@example.com' }).locator('[data-testid^="edit-"]').click();
    await expect.poll(() => page.getByTestId('contact-email').inputValue()).toBe('zhang.san@example.com');
    expect(await page.getByTestId('contact-lastname').inputValue()).toBe('张');
    await page.getByTestId('contact-position').fill('安全工程师');
    await page.getByTestId('contact-dialog-ok').click();
    await page.getByText('保存成功!').waitFor();
    await page.getByTestId('contacts-table').getByText('安全工程师').waitFor();
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-dialog').waitFor();
    expect(await page.getByTestId('contact-email').inputValue()).toBe('');
    expect(await page.getByTestId('contact-lastname').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await page.getByTestId('contact-dialog').waitFor({ state: 'detached' });

    await page.goto('/orders/org');
    await page.getByTestId('orgs-page').waitFor();
    await page.getByTestId('org-add').click();
    await page.getByTestId('org-dialog').waitFor();
    const orgName = page.getByTestId('org-dialog').locator('#orgName');
    await orgName.fill('腾讯科技');
    await page.getByTestId('org-lookup').click();
    await page.getByText('已根据查询结果填写').waitFor();
    expect(await orgName.inputValue()).toBe('腾讯科技（深圳）有限公司');
    expect(await page.getByTestId('org-creditCode').inputValue()).toBe('9144030071526726XG');
    expect(await page.getByTestId('org-nationCode').textContent()).toBe('中国 (CN)');
    expect(await page.getByTestId('org-city').inputValue()).toBe('深圳市');
    expect(await page.getByTestId('org-address').inputValue()).toContain('腾讯大厦');
    await screenshot(page, 'org-dialog-zh-light-lookup');
    await page.getByTestId('org-dialog-ok').click();
    await page.getByText('添加成功!').waitFor();
    await page.getByTestId('orgs-table').getByText('9144030071526726XG').waitFor();
    await page.getByTestId('orgs-table').locator('tr', { hasText: '9144030071526726XG' }).locator('[data-testid^="edit-"]').click();
    await expect.poll(() => page.getByTestId('org-creditCode').inputValue()).toBe('9144030071526726XG');
    expect(await orgName.inputValue()).toBe('腾讯科技（深圳）有限公司');
    await page.keyboard.press('Escape');
    await page.getByTestId('org-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('org-add').click();
    await page.getByTestId('org-dialog').waitFor();
    expect(await page.getByTestId('org-creditCode').inputValue()).toBe('');
    expect(await page.getByTestId('org-date').inputValue()).toBe('2019-01-01');
    await page.keyboard.press('Escape');
  });

  it('buys a DV certificate with a key and CSR made in the browser; the key is downloaded, the order exists', async () => {
    await openPurchase(page);
    // AlphaSSL is the default brand; its single-domain DV product is first.
    expect(await page.getByTestId('preview-brand').textContent()).toBe('AlphaSSL');
    await pickProduct(page, 'alphassl', 'DV', 'GS-ALPHA-DV-SSL');
    // DV: no contact, no company.
    expect(await page.getByTestId('contact-select').count()).toBe(0);
    expect(await page.getByTestId('org-select').count()).toBe(0);
    const cn = `dv-${tag}.example.com`;
    await page.getByTestId('common-name').fill(cn);
    // The note states today's limit and the next change of the rules table; a 1-year term is longer than one certificate too.
    const note = validityNote(new Date());
    const noteText = translate('zh', note.key, note.params);
    await page.getByTestId('term-2').click();
    await page.getByRole('note').filter({ hasText: noteText }).waitFor();
    await page.getByTestId('term-1').click();
    await page.getByRole('note').filter({ hasText: noteText }).waitFor();
    expect(noteText).toContain(`最长为 ${ruleOn(tlsMaxValidityDays, new Date())} 天`);
    await page.locator('[data-testid="preview-total"]', { hasText: '￥399.00' }).waitFor();
    await screenshot(page, 'purchase-single-zh-light-dv');

    const download = page.waitForEvent('download');
    await page.getByTestId('create-order').click();
    const key = await download;
    expect(key.suggestedFilename()).toBe(`${cn}.key`);
    expect(readFileSync(await key.path(), 'utf8')).toContain('-----BEGIN PRIVATE KEY-----');
    await screenshot(page, 'purchase-single-zh-light-dv-created');
    const [order] = await ordersByNumbers(await createdThenPayLater(page, 1));
    expect(order?.commonName).toBe(cn);
    expect(order?.orderStatus).toBe(1001);
    expect(order?.payAmount).toBe(39900);
  });

  it('shows the exact messages for bad input', async () => {
    await openPurchase(page);
    // A wildcard product opens with its switch on, so the bare domain typed is the wildcard's base; turned off,
    // the plain domain is refused.
    await pickProduct(page, 'alphassl', 'DV', 'GS-ALPHA-DV-WILD');
    expect(await page.getByTestId('wildcard').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('common-name').fill('example.com');
    await page.getByTestId('preview-domainType').filter({ hasText: '通配符' }).waitFor();
    expect(await errorOf(page, 'commonName').count()).toBe(0);
    await page.getByTestId('wildcard').click();
    await errorOf(page, 'commonName').filter({ hasText: 'example.com 不是通配符域名' }).waitFor();
    await page.getByTestId('wildcard').click();
    await errorOf(page, 'commonName').waitFor({ state: 'detached' });

    // Bad format, and a duplicated extra domain, on a multi-domain product.
    await pickProduct(page, 'globalsign', 'DV', 'GS-DV-SSL');
    await page.getByTestId('common-name').fill('bad_domain');
    await errorOf(page, 'commonName').filter({ hasText: '域名 bad_domain 格式不正确' }).waitFor();
    await page.getByTestId('common-name').fill('a.example.com');
    await page.getByTestId('extra-domains').fill('b.example.com\nb.example.com');
    await errorOf(page, 'extraDomains').filter({ hasText: 'b.example.com 重复' }).waitFor();
    await screenshot(page, 'purchase-single-zh-light-errors');
    // The common name typed again among the other names (in another case) is a duplicate too, not dropped.
    await page.getByTestId('extra-domains').fill('b.example.com\nA.Example.com');
    await errorOf(page, 'extraDomains').filter({ hasText: 'A.Example.com 重复' }).waitFor();
    await page.getByTestId('extra-domains').fill('');
    await errorOf(page, 'extraDomains').waitFor({ state: 'detached' });

    // Batch: a line repeated in its group, and the same name as two orders, each named as it is typed.
    await page.getByTestId('tab-batch').click();
    await page.getByTestId('batch-domains').fill(`g1-${tag}.example.com\nx-${tag}.example.com\nX-${tag}.example.com\n\ng2-${tag}.example.com\n\ng2-${tag}.example.com`);
    await page.getByTestId('batch-domains').blur();
    await page.getByTestId('batch-errors').getByText(`X-${tag}.example.com 重复`).waitFor();
    await page.getByTestId('batch-errors').getByText(`g2-${tag}.example.com 重复`).waitFor();
    await page.getByTestId('batch-domains').fill('');
    await page.getByTestId('tab-single').click();

    // A single-IP product has no box for a second IP, and refuses a private address.
    await pickProduct(page, 'bitcert', 'DV', 'BC-DV-IP-ONE');
    await page.getByTestId('common-name').fill('8.8.8.8');
    expect(await page.getByTestId('extra-domains').count()).toBe(0);
    await page.getByTestId('common-name').fill('192.168.1.1');
    await errorOf(page, 'commonName').filter({ hasText: '192.168.1.1 是内网或本机地址，不能申请证书' }).waitFor();

    // Nothing filled in: the create button says what is missing and creates nothing.
    await page.getByTestId('common-name').fill('');
    await page.getByTestId('create-order').click();
    await errorOf(page, 'commonName').filter({ hasText: '请填写域名' }).waitFor();

    // The same rules in English.
    const en = await stack.newPage({ token, lang: 'en' });
    await openPurchase(en);
    await pickProduct(en, 'globalsign', 'DV', 'GS-DV-SSL');
    await en.getByTestId('common-name').fill('a.example.com');
    await en.getByTestId('extra-domains').fill('c.example.com\nc.example.com');
    await errorOf(en, 'extraDomains').filter({ hasText: 'c.example.com duplicate' }).waitFor();
    await en.getByTestId('extra-domains').fill('a.example.com');
    await errorOf(en, 'extraDomains').filter({ hasText: 'a.example.com duplicate' }).waitFor();
    // The validity note in English, for the 1-year term chosen by default.
    const enNote = validityNote(new Date());
    await en.getByRole('note').filter({ hasText: translate('en', enNote.key, enNote.params) }).waitFor();
    await screenshot(en, 'purchase-single-en-light-validity-note');
    await en.close();
  });

  it('buys an OV certificate for an IDN with the contact and the company', async () => {
    await openPurchase(page);
    await pickProduct(page, 'certum', 'OV', 'CERTUM-OV-SSL');
    await page.getByTestId('contact-select').click();
    await page.locator('.ant-select-item-option', { hasText: '张三' }).click();
    // The newest company is chosen by itself.
    await page.locator('[data-testid="org-select"]', { hasText: '腾讯科技（深圳）有限公司' }).waitFor();
    const idn = `测试${tag}.com`;
    await page.getByTestId('common-name').fill(idn);
    await page.getByTestId('preview-blocks').getByText('联系人信息').click();
    await page.getByTestId('preview-blocks').getByText('公司信息').click();
    await page.getByTestId('preview-contact').getByText('zhang.san@example.com').waitFor();
    await page.getByTestId('preview-org').getByText('9144030071526726XG').waitFor();
    await page.locator('[data-testid="preview-total"]', { hasText: '￥880.00' }).waitFor();
    await screenshot(page, 'purchase-single-zh-light-ov');

    const download = page.waitForEvent('download');
    await page.getByTestId('create-order').click();
    await download;
    const [order] = await ordersByNumbers(await createdThenPayLater(page, 1));
    // Converted to its xn-- form before the request.
    expect(order?.commonName).toMatch(/^xn--/);
    expect(new URL(`http://${idn}`).hostname).toBe(order?.commonName);
  });

  it("buys an OV certificate with a contact and a company added through the order screen's own dialogs", async () => {
    await openPurchase(page);
    await pickProduct(page, 'certum', 'OV', 'CERTUM-OV-SSL');
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-dialog').waitFor();
    await page.getByTestId('contact-lastname').fill('李');
    await page.getByTestId('contact-firstname').fill('四');
    await page.getByTestId('contact-position').fill('技术总监');
    await page.getByTestId('contact-email').fill(`li.si-${tag}@example.com`);
    await page.getByTestId('contact-telephone').fill('13800138000');
    await page.getByTestId('contact-dialog-ok').click();
    // The saved contact becomes the order's contact.
    await page.locator('[data-testid="contact-select"]', { hasText: '李四' }).waitFor();

    const company = `Example Trading ${tag} Ltd`;
    await page.getByTestId('org-add').click();
    await page.getByTestId('org-dialog').waitFor();
    await page.getByTestId('org-dialog').locator('#orgName').fill(company);
    await page.getByTestId('org-creditCode').fill(`91310000${tag.toUpperCase()}`.slice(0, 18));
    // The country selector starts at China, the incorporation date at 2019-01-01 (doc 02 §3).
    expect(await page.getByTestId('org-nationCode').textContent()).toBe('中国 (CN)');
    await page.getByTestId('org-province').fill('上海');
    await page.getByTestId('org-city').fill('上海市');
    await page.getByTestId('org-postalCode').fill('200000');
    await page.getByTestId('org-telephone').fill('02112345678');
    await page.getByTestId('org-address').fill('浦东新区世纪大道 1 号');
    await page.getByTestId('org-dialog-ok').click();
    // The new company replaces the newest one, chosen by itself.
    await page.locator('[data-testid="org-select"]', { hasText: company }).waitFor();

    await page.getByTestId('common-name').fill(`dialogs-${tag}.example.com`);
    await page.getByTestId('preview-blocks').getByText('联系人信息').click();
    await page.getByTestId('preview-blocks').getByText('公司信息').click();
    await page.getByTestId('preview-contact').getByText(`li.si-${tag}@example.com`).waitFor();
    await page.getByTestId('preview-org').getByText(company).waitFor();
    await Promise.all([page.waitForEvent('download'), page.getByTestId('create-order').click()]);
    const [order] = await ordersByNumbers(await createdThenPayLater(page, 1));
    expect(order?.commonName).toBe(`dialogs-${tag}.example.com`);
  });

  it('creates a batch of 12 one at a time with the progress dialog; a bad line fails and is reported', async () => {
    await openPurchase(page);
    await page.getByTestId('tab-batch').click();
    await pickProduct(page, 'bitcert', 'DV', 'BC-DV-ONE');
    const sizes = recordCreations(page);
    const groups = Array.from({ length: 12 }, (_, i) => (i === 6 ? `bad..domain-${tag}` : `b${i}-${tag}.example.com`));
    await page.getByTestId('batch-domains').fill(groups.join('\n\n'));
    await page.locator('[data-testid="orders-count"]', { hasText: '共 12 个订单' }).waitFor();
    // More than 10: said in product words, with no switch and no talk of documents.
    expect(await page.getByTestId('one-by-one-hint').textContent()).toBe(' · 超过 10 个证书时逐个创建，并显示每个证书的进度');
    expect(await page.getByTestId('one-by-one').count()).toBe(0);
    expect(await page.getByTestId('purchase-page').textContent()).not.toMatch(/文档|document/i);
    await page.getByTestId('batch-errors').getByText(`bad..domain-${tag} 格式不正确`).waitFor();
    // The preview counts the 12 orders the box counts, says which are not priced, and groups the thousands.
    await page.locator('[data-testid="preview-total"]', { hasText: '￥1,089.00' }).waitFor();
    expect(await page.getByTestId('preview-orders').textContent()).toBe('12（1 个有误，未计入费用）');
    await screenshot(page, 'purchase-batch-zh-light');

    // Hold the first creation request until the running dialog has been photographed.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let held = false;
    await page.route('**/v1/orders/certificate/**', async (route) => {
      if (!held) {
        held = true;
        await gate;
      }
      await route.continue();
    });
    const keys = page.waitForEvent('download');
    await page.getByTestId('create-order').click();
    await page.locator('[data-testid="progress-dialog"][data-running="Y"]').waitFor();
    await page.getByTestId('progress-lock').getByText('正在创建订单，请勿刷新页面').waitFor();
    expect(await page.getByTestId('progress-title').textContent()).toBe('正在处理订单，请勿刷新页面');
    // Escape does not close it.
    await page.keyboard.press('Escape');
    await screenshot(page, 'progress-dialog-zh-light-running');
    release();
    await page.locator('[data-testid="progress-dialog"][data-running="N"][data-done="12"]').waitFor();
    await page.unroute('**/v1/orders/certificate/**');
    expect(await page.getByTestId('progress-count').textContent()).toBe('已完成 12/12');
    expect(await page.getByTestId('progress-title').textContent()).toBe('订单已处理完成');
    // One request per certificate.
    expect(sizes).toEqual(Array.from({ length: 11 }, () => 1));
    expect(await page.locator('[data-testid="progress-item"][data-status="created"]').count()).toBe(11);
    const failed = page.locator('[data-testid="progress-item"][data-status="failed"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.getByTestId('progress-error').textContent()).toBe(`bad..domain-${tag} 格式不正确`);
    expect(await page.getByTestId('progress-dialog').getAttribute('data-percent')).toBe('100');
    expect(await page.getByTestId('progress-bar').textContent()).toContain('100%');
    const keyZip = await keys;
    expect(keyZip.suggestedFilename()).toMatch(/^private-keys-.*\.zip$/);
    await screenshot(page, 'progress-dialog-zh-light-done');

    const report = page.waitForEvent('download');
    await page.getByTestId('progress-report').click();
    const file = await report;
    const json = JSON.parse(readFileSync(await file.path(), 'utf8')) as { failed: { commonName: string; error: string }[] };
    expect(json.failed).toEqual([{ commonName: `bad..domain-${tag}`, domainNames: [], error: `bad..domain-${tag} 格式不正确` }]);

    const created = (await page.evaluate(() => localStorage.getItem('createdOrderNos')))?.split(',') ?? [];
    expect(created).toHaveLength(11);
    const orders = await ordersByNumbers(created);
    expect(orders.map((o) => o.commonName).sort()).toEqual(groups.filter((g) => !g.startsWith('bad')).sort());

    await page.getByTestId('progress-close').click();
    await page.getByTestId('progress-dialog').waitFor({ state: 'detached' });
  });

  it('refuses a wildcard product on a plain domain once its switch is off: the exact message, and no order sent', async () => {
    await openPurchase(page);
    await pickProduct(page, 'alphassl', 'DV', 'GS-ALPHA-DV-WILD');
    await page.getByTestId('wildcard').click();
    expect(await page.getByTestId('wildcard').getAttribute('aria-checked')).toBe('false');
    const sizes = recordCreations(page);
    const cn = `plain-${tag}.example.com`;
    await page.getByTestId('common-name').fill(cn);
    // The toast is transient: wait for it together with the click, not after another wait.
    await Promise.all([
      page.locator('.ant-message, .ant-notification').getByText(`${cn} 不是通配符域名`).first().waitFor(),
      page.getByTestId('create-order').click(),
    ]);
    await errorOf(page, 'commonName').filter({ hasText: `${cn} 不是通配符域名` }).waitFor();
    expect(sizes).toEqual([]);
    // The server says the same to a caller that skips the console.
    const r = await fetch(`${stack.baseUrl}/v1/orders/certificate/GS-ALPHA-DV-WILD`, {
      method: 'POST',
      headers: { token, authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ year: 1, csr: await makeCsr(cn), commonName: cn }),
    });
    expect(await r.json()).toMatchObject({ code: 10001, msg: `${cn} 不是通配符域名`, errors: { commonName: `${cn} 不是通配符域名` } });
    await screenshot(page, 'purchase-single-zh-light-wildcard-refused');
  });

  it("opens in the order mode the operator's front settings choose, never showing the other one first", async () => {
    await stack.app.db.query(`UPDATE front_conf SET value = 'batch' WHERE setting = 'defaultOrderMode'`);
    // The settings answer only once the catalogue has: a form that did not wait for them showed single mode first,
    // then turned into the batch form under the user's hands.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const p = await stack.newPage({ token });
    try {
      await p.route('**/frontConf', async (route) => {
        await gate;
        await route.continue().catch(() => undefined);
      });
      // Every mode the page shows, from its first render.
      await p.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { modesShown: string[] }).modesShown = seen;
        new MutationObserver(() => {
          const mode = document.querySelector('[data-testid="purchase-page"]')?.getAttribute('data-mode');
          if (mode && seen.at(-1) !== mode) seen.push(mode);
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-mode'] });
      });
      const catalogue = p.waitForResponse((r) => r.url().includes('/v1/products'));
      await p.goto('/ssl/certificates');
      await catalogue;
      release();
      await p.getByTestId('purchase-form').waitFor();
      await p.getByTestId('batch-domains').waitFor();
      expect(await p.evaluate(() => (window as unknown as { modesShown: string[] }).modesShown)).toEqual(['batch']);
    } finally {
      release();
      await p.close();
      await stack.app.db.query(`UPDATE front_conf SET value = 'single' WHERE setting = 'defaultOrderMode'`);
    }
  });

  it('opens the payment dialog when Create is pressed before the price preview has answered', async () => {
    // Every price call waits until the order exists: the screen cannot have a settled preview.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/v1/orders/price/**', async (route) => {
      await gate;
      await route.continue().catch(() => undefined); // the page may have aborted it meanwhile
    });
    await openPurchase(page);
    await pickProduct(page, 'alphassl', 'DV', 'GS-ALPHA-DV-SSL');
    const cn = `early-${tag}.example.com`;
    await page.getByTestId('common-name').fill(cn);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/orders/certificate/')),
      page.waitForEvent('download'),
      page.getByTestId('create-order').click(),
    ]);
    release();
    const [order] = await ordersByNumbers(await createdThenPayLater(page, 1));
    await page.unroute('**/v1/orders/price/**');
    expect(order?.commonName).toBe(cn);
    expect(order?.payAmount).toBe(39900);
  });

  it('orders from a CSR pasted and sent at once, its common name read from the subject', async () => {
    await openPurchase(page);
    await pickProduct(page, 'alphassl', 'DV', 'GS-ALPHA-DV-SSL');
    await page.getByTestId('csr-paste').click();
    const cn = `pasted-${tag}.example.com`;
    // No pause between pasting and pressing Create: the box is read before the order is made.
    await page.getByTestId('csr-paste-box').fill(await makeCsr(cn));
    await page.getByTestId('create-order').click();
    const [order] = await ordersByNumbers(await createdThenPayLater(page, 1));
    expect(order?.commonName).toBe(cn);

    // A pasted text that is no request says so.
    await openPurchase(page);
    await page.getByTestId('csr-paste').click();
    await page.getByTestId('csr-paste-box').fill('-----BEGIN CERTIFICATE REQUEST-----\nnot base64\n-----END CERTIFICATE REQUEST-----');
    const invalid = 'CSR 格式不正确，请粘贴以 -----BEGIN CERTIFICATE REQUEST----- 开头的 PEM 证书请求';
    await Promise.all([page.locator('.ant-message').getByText(invalid).first().waitFor(), page.getByTestId('create-order').click()]);
    await errorOf(page, 'csr').filter({ hasText: invalid }).waitFor();
  });

  it('offers for a wildcard typed as the common name only the validation methods the server accepts for it', async () => {
    await openPurchase(page);
    await pickProduct(page, 'bitcert', 'DV', 'BC-DV-FLEX');
    await page.getByTestId('dcv-file').waitFor();
    const cn = `*.typed-${tag}.example.com`;
    await page.getByTestId('common-name').fill(cn);
    // File validation cannot prove control of a wildcard (CA/B BR 3.2.2.4.18): the server refuses it.
    await page.getByTestId('dcv-file').waitFor({ state: 'detached' });
    await page.getByTestId('dcv-dns').waitFor();
    const r = await fetch(`${stack.baseUrl}/v1/orders/certificate/BC-DV-FLEX`, {
      method: 'POST',
      headers: { token, authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ year: 1, csr: await makeCsr(cn), commonName: cn, dcvMethod: 'file' }),
    });
    expect(await r.json()).toMatchObject({ code: 10001, msg: '此产品不支持 file 验证方式' });
    await page.getByTestId('common-name').fill(`typed-${tag}.example.com`);
    await page.getByTestId('dcv-file').waitFor();
  });

  it('validates by e-mail: a role name is email, another address email_dns with its TXT host, saved when asked', async () => {
    await openPurchase(page);
    await pickProduct(page, 'globalsign', 'DV', 'GS-DV-SSL');
    const cn = `mail-${tag}.example.com`;
    await page.getByTestId('common-name').fill(cn);
    await page.getByTestId('dcv-email').click();
    const input = page.getByTestId('mailbox').locator('xpath=descendant-or-self::input').first();
    // Typed, then its suggestions closed: they would cover the save-email box below.
    const mailbox = {
      fill: async (v: string) => {
        await input.fill(v);
        await input.press('Escape');
      },
    };
    await mailbox.fill('admin');
    await page.getByTestId('preview-dcv').filter({ hasText: /^邮箱验证$/ }).waitFor();
    const address = `ops-${tag}@example.com`;
    await mailbox.fill(address);
    await page.getByTestId('preview-dcv').filter({ hasText: '邮箱验证（TXT 记录邮箱）' }).waitFor();
    await page.getByTestId('txt-tip').filter({ hasText: `_validation-contactemail.${cn}` }).waitFor();
    await mailbox.fill('bad@');
    await errorOf(page, 'dcvEmail.email').filter({ hasText: '邮箱格式错误' }).waitFor();
    await mailbox.fill(address);
    await page.getByTestId('save-email').click();
    // Emptied with save-email ticked: "please enter", not "please fill in".
    await mailbox.fill('');
    // Once the emptied box has settled (the TXT tip goes), the message and the ticked box are still there.
    await page.getByTestId('txt-tip').waitFor({ state: 'detached' });
    expect(await errorOf(page, 'dcvEmail.email').textContent()).toBe('请输入验证邮箱');
    expect(await page.getByTestId('save-email').locator('xpath=descendant-or-self::input').isChecked()).toBe(true);
    await page.getByTestId('save-email').click();
    await errorOf(page, 'dcvEmail.email').filter({ hasText: /^请填写验证邮箱$/ }).waitFor();
    await mailbox.fill(address);
    await page.getByTestId('save-email').click();
    await Promise.all([page.waitForEvent('download'), page.getByTestId('create-order').click()]);
    await createdThenPayLater(page, 1);
    const saved = await fetch(`${stack.baseUrl}/v1/emailDnsEmails?limit=1000`, { headers: { token, authorization: token } });
    expect(JSON.stringify(await saved.json())).toContain(address);
  });

  it('creates free 90-day orders without the payment dialog: one goes to the order, several to the list', async () => {
    await openPurchase(page);
    await page.getByTestId('more-brands').click();
    await page.locator('.ant-select-item-option', { hasText: "Let's Encrypt" }).click();
    await page.getByTestId('cert-type-DV').click();
    await page.getByTestId('product-LE-DV-FREE').click();
    expect(await page.getByTestId('term-90').textContent()).toBe('90 天');
    await page.locator('[data-testid="preview-total"]', { hasText: '￥0.00' }).waitFor();
    const cn = `free-${tag}.example.com`;
    await page.getByTestId('common-name').fill(cn);
    await Promise.all([page.waitForEvent('download'), page.getByTestId('create-order').click()]);
    await page.waitForURL(/\/ssl\/certificate\/SSL\d+$/);
    const [order] = await ordersByNumbers([page.url().split('/').pop() ?? '']);
    expect(order).toMatchObject({ commonName: cn, orderStatus: 1002, payAmount: 0 });

    await openPurchase(page);
    await page.getByTestId('tab-batch').click();
    await page.getByTestId('more-brands').click();
    await page.locator('.ant-select-item-option', { hasText: "Let's Encrypt" }).click();
    await page.getByTestId('product-LE-DV-FREE').click();
    await page.getByTestId('batch-domains').fill(`free1-${tag}.example.com\n\nfree2-${tag}.example.com`);
    await page.locator('[data-testid="orders-count"]', { hasText: '共 2 个订单' }).waitFor();
    await Promise.all([page.waitForEvent('download'), page.getByTestId('create-order').click()]);
    await page.waitForURL(/\/orders\/list$/);
    const created = (await page.evaluate(() => localStorage.getItem('createdOrderNos')))?.split(',') ?? [];
    expect((await ordersByNumbers(created)).map((o) => [o.orderStatus, o.payAmount])).toEqual([[1002, 0], [1002, 0]]);
  });

  it('creates 120 orders from pasted text one at a time, the dialog moving per certificate', async () => {
    await openPurchase(page);
    await page.getByTestId('tab-batch').click();
    await pickProduct(page, 'bitcert', 'DV', 'BC-DV-ONE');
    // P-256 keys: 120 are made in the worker in moments.
    await page.getByTestId('key-encryption').click();
    await page.locator('.ant-select-item-option', { hasText: 'ECC' }).click();
    const bad = `bad..line-${tag}`;
    const groups = Array.from({ length: 120 }, (_, i) => (i === 60 ? bad : `c${i}-${tag}.example.com`));
    await page.getByTestId('batch-domains').fill(groups.join('\n\n'));
    await page.locator('[data-testid="orders-count"]', { hasText: '共 120 个订单' }).waitFor();
    await page.getByTestId('batch-errors').getByText(`${bad} 格式不正确`).waitFor();
    const sizes = recordCreations(page);

    // Hold the second request until the dialog shows the first certificate's result.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    await page.route('**/v1/orders/certificate/**', async (route) => {
      if (++calls === 2) await gate;
      await route.continue();
    });
    // 119 requests in sequence: the keys come once the last has answered.
    const keys = page.waitForEvent('download', { timeout: 100_000 });
    await page.getByTestId('create-order').click();
    // The first created plus the bad line failed before sending: 2 of 120, 1 %.
    await page.locator('[data-testid="progress-dialog"][data-running="Y"][data-done="2"]').waitFor();
    expect(await page.getByTestId('progress-dialog').getAttribute('data-percent')).toBe('1');
    expect(await page.getByTestId('progress-count').textContent()).toBe('已完成 2/120');
    expect(await page.locator('[data-testid="progress-item"][data-status="created"]').count()).toBe(1);
    await screenshot(page, 'progress-dialog-zh-light-one-at-a-time');
    release();
    await page.locator('[data-testid="progress-dialog"][data-running="N"][data-done="120"]').waitFor({ timeout: 100_000 });
    await page.unroute('**/v1/orders/certificate/**');
    expect(sizes).toEqual(Array.from({ length: 119 }, () => 1));
    expect(await page.locator('[data-testid="progress-item"][data-status="created"]').count()).toBe(119);
    const failed = page.locator('[data-testid="progress-item"][data-status="failed"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.getAttribute('data-cn')).toBe(bad);
    expect(await failed.getByTestId('progress-error').textContent()).toBe(`${bad} 格式不正确`);
    expect(await page.getByTestId('progress-bar').textContent()).toContain('100%');
    expect((await keys).suggestedFilename()).toMatch(/^private-keys-.*\.zip$/);

    const report = await downloadReport(page);
    expect(report.failed).toEqual([{ commonName: bad, domainNames: [], error: `${bad} 格式不正确` }]);

    const created = (await page.evaluate(() => localStorage.getItem('createdOrderNos')))?.split(',') ?? [];
    expect(created).toHaveLength(119);
    const orders = await ordersByNumbers(created);
    expect(orders.map((o) => o.commonName).sort()).toEqual(groups.filter((g) => g !== bad).sort());
    expect(orders.every((o) => o.orderStatus === 1001 && o.payAmount === 9900)).toBe(true);
    await page.getByTestId('progress-close').click();
    await page.getByTestId('progress-dialog').waitFor({ state: 'detached' });
  }, 240_000);

  it('creates 120 orders from a zip of CSRs one at a time; the one the server refuses is marked failed with its error', async () => {
    await openPurchase(page);
    await page.getByTestId('tab-batch').click();
    await pickProduct(page, 'bitcert', 'DV', 'BC-DV-ONE');
    await page.getByTestId('csr-zip').click();
    // One P-256 pair signs 119 requests; the 120th has an RSA 1024 key, which only the server's key rule refuses.
    const names = Array.from({ length: 119 }, (_, i) => `zz${i}-${tag}.example.com`);
    const weak = `weak-${tag}.example.com`;
    const weakKeys = (await globalThis.crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 1024 },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair;
    const zip = new JSZip();
    const pems = await Promise.all(names.map((n) => makeEcCsr(n)));
    names.forEach((n, i) => zip.file(`csrs/${n}.csr`, pems[i]!));
    zip.file(`csrs/${weak}.csr`, await makeCsr(weak, weakKeys));
    await page.getByTestId('zip-input').setInputFiles({ name: 'many.zip', mimeType: 'application/zip', buffer: await zip.generateAsync({ type: 'nodebuffer' }) });
    await page.getByText('已成功上传 120 个 CSR').waitFor();
    await page.locator('[data-testid="orders-count"]', { hasText: '共 120 个订单' }).waitFor();
    const sizes = recordCreations(page);
    await page.getByTestId('create-order').click();
    // 120 requests in sequence.
    await page.locator('[data-testid="progress-dialog"][data-running="N"][data-done="120"]').waitFor({ timeout: 100_000 });
    expect(sizes).toEqual(Array.from({ length: 120 }, () => 1));
    expect(await page.locator('[data-testid="progress-item"][data-status="created"]').count()).toBe(119);
    const failed = page.locator('[data-testid="progress-item"][data-status="failed"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.getAttribute('data-cn')).toBe(weak);
    expect(await failed.getByTestId('progress-error').textContent()).toBe('此产品不支持 1024 位密钥');
    await screenshot(page, 'progress-dialog-zh-light-zip');

    const report = await downloadReport(page);
    expect(report.failed).toEqual([{ commonName: weak, domainNames: [], error: '此产品不支持 1024 位密钥' }]);
    const created = (await page.evaluate(() => localStorage.getItem('createdOrderNos')))?.split(',') ?? [];
    expect(created).toHaveLength(119);
    expect((await ordersByNumbers(created)).map((o) => o.commonName).sort()).toEqual([...names].sort());
    await page.getByTestId('progress-close').click();
    await page.getByTestId('progress-dialog').waitFor({ state: 'detached' });
  }, 240_000);

  it('creates orders from a zip of CSRs, refusing other files', async () => {
    await openPurchase(page);
    await page.getByTestId('tab-batch').click();
    await pickProduct(page, 'bitcert', 'DV', 'BC-DV-ONE');
    await page.getByTestId('csr-zip').click();

    await page.getByTestId('zip-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('文件类型不正确').waitFor();

    const empty = new JSZip();
    empty.file('readme.txt', 'nothing here');
    empty.file('fake.csr', 'not a request');
    await page.getByTestId('zip-input').setInputFiles({ name: 'empty.zip', mimeType: 'application/zip', buffer: await empty.generateAsync({ type: 'nodebuffer' }) });
    await page.getByText('未包含有效 CSR 或文件结构不正确').waitFor();

    const names = [1, 2, 3].map((i) => `z${i}-${tag}.example.com`);
    const zip = new JSZip();
    for (const n of names) zip.file(`csrs/${n}.csr`, await makeCsr(n));
    zip.file('csrs/broken.csr', 'garbage');
    zip.file('readme.md', '# CSRs');
    await page.getByTestId('zip-input').setInputFiles({ name: 'csrs.zip', mimeType: 'application/zip', buffer: await zip.generateAsync({ type: 'nodebuffer' }) });
    await page.getByText('已成功上传 3 个 CSR').waitFor();
    await page.locator('[data-testid="orders-count"]', { hasText: '共 3 个订单' }).waitFor();
    // The price preview is in before creating: orders that cost something open the payment dialog.
    await page.locator('[data-testid="preview-total"]', { hasText: '￥297.00' }).waitFor();
    await screenshot(page, 'purchase-batch-zh-light-zip');
    await page.getByTestId('create-order').click();
    const created = await createdThenPayLater(page, 3);
    expect((await ordersByNumbers(created)).map((o) => o.commonName).sort()).toEqual(names);
  });

  it('lists the prices and keeps validation e-mails', async () => {
    await page.goto('/ssl/products');
    await page.getByTestId('products-page').waitFor();
    await page.getByTestId('prices-GS-ALPHA-DV-SSL').getByText('1 年: ￥399.00').waitFor();
    expect(await page.getByTestId('prices-GS-ALPHA-DV-SSL').textContent()).toContain('3 年: ￥1,197.00');

    await page.goto('/ssl/dcv/email');
    await page.getByTestId('dcv-emails-page').waitFor();
    await page.getByTestId('dcv-email-input').fill('bad@');
    await page.getByTestId('dcv-email-add').click();
    await page.getByText('邮箱格式错误').waitFor();
    await page.getByTestId('dcv-email-input').fill(`ops-${tag}@example.com`);
    await page.getByTestId('dcv-email-add').click();
    await page.getByText('添加成功!').waitFor();
    await page.getByTestId('dcv-emails-table').getByText(`ops-${tag}@example.com`).waitFor();
    await page.getByTestId('dcv-email-input').fill(`gone-${tag}@example.com`);
    await page.getByTestId('dcv-email-add').click();
    await page.getByTestId('dcv-emails-table').getByText(`gone-${tag}@example.com`).waitFor();
    await page.getByTestId(`delete-gone-${tag}@example.com`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await page.getByTestId('dcv-emails-table').getByText(`gone-${tag}@example.com`).waitFor({ state: 'detached' });
  });

  it('takes screenshots of every purchase screen in zh/en × light/dark', async () => {
    const screens = [
      { name: 'purchase-single', path: '/ssl/certificates', ready: 'purchase-form' },
      { name: 'purchase-batch', path: '/ssl/certificates', ready: 'purchase-form', batch: true },
      { name: 'orders-contact', path: '/orders/contact', ready: 'contacts-table' },
      { name: 'orders-org', path: '/orders/org', ready: 'orgs-table' },
      { name: 'ssl-products', path: '/ssl/products', ready: 'products-table' },
      { name: 'ssl-dcv-email', path: '/ssl/dcv/email', ready: 'dcv-emails-table' },
    ];
    for (const lang of ['zh', 'en'] as const) {
      for (const theme of themesFor(lang)) {
        const p = await stack.newPage({ lang, theme, token });
        for (const s of screens) {
          await p.goto(s.path);
          await p.getByTestId(s.ready).waitFor();
          if (s.batch) {
            await p.getByTestId('tab-batch').click();
            await p.getByTestId('batch-domains').fill(`a-${tag}.example.com\nwww.a-${tag}.example.com\n\nb-${tag}.example.com`);
          } else if (s.name === 'purchase-single') {
            await p.getByTestId('common-name').fill(`shot-${tag}.example.com`);
          }
          await p.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached' }).catch(() => undefined);
          await screenshot(p, `${s.name}-${lang}-${theme}`);
        }
        await p.close();
      }
    }
  });
});
