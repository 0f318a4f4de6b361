/**
 * What a first-time buyer trips on in the order form and the record dialogs, and the numbers and times every
 * screen shows: the preview card counts orders as the batch box does, amounts carry the locale's grouping,
 * dates, times and days left are the user's time zone's (browser contexts in Shanghai and Los Angeles), the
 * company dialog has a country selector and the 2019-01-01 default date, a wildcard product opens with its
 * switch on, a one-name product has no other-names box, and a failed dialog validation throws nothing.
 * Every page of this file fails the test on an uncaught error ('pageerror'); axe checks the changed screens;
 * screenshots at 1280×800 and 1440×900, zh/en, light/dark go to e2e/screenshots/forms-*.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeCsr, newAccount } from '../apps/server/test/purchase-helpers.ts';
import { animationsDone, screenshot, startStack, type Stack, expectAccessible, looks } from './harness.ts';

let stack: Stack;
let token = '';
const tag = Date.now().toString(36);
/** Uncaught errors of every page opened here: none is allowed. */
const pageErrors: string[] = [];

async function open(opts: Parameters<Stack['newPage']>[0] = {}): Promise<Page> {
  const p = await stack.newPage({ token, ...opts });
  p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${e.message}`));
  return p;
}

async function openPurchase(p: Page) {
  await p.goto('/ssl/certificates');
  await p.getByTestId('purchase-form').waitFor();
}

async function pickProduct(p: Page, brand: string, certType: string, productNo: string) {
  if (await p.getByTestId(`brand-${brand}`).count()) await p.getByTestId(`brand-${brand}`).click();
  else {
    await p.getByTestId('more-brands').click();
    await p.locator('.ant-select-item-option', { hasText: new RegExp(brand, 'i') }).first().click();
  }
  await p.getByTestId(`cert-type-${certType}`).click();
  await p.getByTestId(`product-${productNo}`).click();
}

/** The calendar day an instant falls on in a time zone, as a day number (computed here apart from the console's code). */
function dayIn(d: Date, timeZone: string): number {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  return Date.parse(`${ymd}T00:00:00Z`) / 86_400_000;
}

beforeAll(async () => {
  stack = await startStack();
  // ￥1,000,000.00 of balance: the README's own figure.
  const a = await newAccount(stack.app, 100_000_000);
  token = a.token;
  // The last sign-in before this one, 2026-01-02 00:30:05 in China (16:30:05 UTC the day before).
  await stack.app.db.query(`UPDATE accounts SET prev_login_time = '2026-01-01T16:30:05Z', prev_login_ip = '203.0.113.7' WHERE id = $1`, [a.id]);
});

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

afterAll(async () => {
  await stack?.close();
});

describe('order form, dialogs, money and times', () => {
  it('preview card: one order priced before any name in single mode; the batch count everywhere, errors said', async () => {
    const p = await open();
    await openPurchase(p);
    await pickProduct(p, 'alphassl', 'DV', 'GS-ALPHA-DV-SSL');
    // Nothing typed yet: the one order this form makes, at its price (not "0 orders" beside ￥399).
    await p.locator('[data-testid="preview-total"]', { hasText: '￥399.00' }).waitFor();
    expect(await p.getByTestId('preview-orders').textContent()).toBe('1');

    await p.getByTestId('tab-batch').click();
    await p.locator('[data-testid="preview-total"]', { hasText: '￥0.00' }).waitFor();
    expect(await p.getByTestId('preview-orders').textContent()).toBe('0');
    await p.getByTestId('batch-domains').fill(`p1-${tag}.example.com\n\nbad..name-${tag}\n\np3-${tag}.example.com`);
    await p.locator('[data-testid="orders-count"]', { hasText: '共 3 个订单' }).waitFor();
    await p.getByTestId('preview-orders').filter({ hasText: '3（1 个有误，未计入费用）' }).waitFor();
    await p.locator('[data-testid="preview-total"]', { hasText: '￥798.00' }).waitFor();
    await p.getByTestId('batch-domains').fill(`p1-${tag}.example.com\n\np2-${tag}.example.com\n\np3-${tag}.example.com`);
    await p.getByTestId('preview-orders').filter({ hasText: /^3$/ }).waitFor();
    await p.locator('[data-testid="preview-total"]', { hasText: '￥1,197.00' }).waitFor();
    await p.context().close();
  });

  it('a paste of hundreds of names lands in the batch box at the caret, line ends as typed, one order each', async () => {
    const p = await open();
    await p.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openPurchase(p);
    await pickProduct(p, 'alphassl', 'DV', 'GS-ALPHA-DV-SSL');
    await p.getByTestId('tab-batch').click();
    const box = p.getByTestId('batch-domains');
    await box.fill(`first-${tag}.example.com\n\n`);
    // Copied from a Windows spreadsheet: CRLF line ends.
    const names = Array.from({ length: 498 }, (_, i) => `paste${i}-${tag}.example.com`);
    await p.evaluate((text) => navigator.clipboard.writeText(text), names.join('\r\n\r\n'));
    await box.focus();
    await p.keyboard.press('Control+End');
    await p.keyboard.press('Control+V');
    await p.locator('[data-testid="orders-count"]', { hasText: '共 499 个订单' }).waitFor();
    expect(await box.inputValue()).toBe([`first-${tag}.example.com`, ...names].join('\n\n'));
    // The caret is after the paste: what is typed next goes at the end.
    await p.keyboard.type('\n\nlast.example.com');
    await p.locator('[data-testid="orders-count"]', { hasText: '共 500 个订单' }).waitFor();
    await p.context().close();
  });

  it('amounts have the locale grouping: the dashboard balance and the preview total, in zh and en', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const p = await open({ lang });
      await p.goto('/dashboard');
      await p.getByTestId('balance').filter({ hasText: '￥1,000,000.00' }).waitFor();
      await openPurchase(p);
      await p.getByTestId('tab-batch').click();
      await pickProduct(p, 'bitcert', 'DV', 'BC-DV-ONE');
      await p.getByTestId('batch-domains').fill(Array.from({ length: 11 }, (_, i) => `g${i}-${tag}.example.com`).join('\n\n'));
      await p.locator('[data-testid="preview-total"]', { hasText: '￥1,089.00' }).waitFor();
      // No amount anywhere on the page without its grouping.
      expect(await p.getByTestId('purchase-page').textContent()).not.toMatch(/\d{4}\.\d{2}/);
      await p.context().close();
    }
  });

  it('a wildcard product opens with the switch on; a one-name product has no other-names box', async () => {
    const p = await open();
    await openPurchase(p);
    await pickProduct(p, 'alphassl', 'DV', 'GS-ALPHA-DV-SSL');
    expect(await p.getByTestId('extra-domains').count()).toBe(0);
    await pickProduct(p, 'globalsign', 'DV', 'GS-DV-SSL');
    await p.getByTestId('extra-domains').waitFor();
    await pickProduct(p, 'bitcert', 'DV', 'BC-DV-IP-ONE');
    expect(await p.getByTestId('extra-domains').count()).toBe(0);

    await pickProduct(p, 'alphassl', 'DV', 'GS-ALPHA-DV-WILD');
    expect(await p.getByTestId('wildcard').getAttribute('aria-checked')).toBe('true');
    expect(await p.getByTestId('extra-domains').count()).toBe(0);
    const base = `wild-${tag}.example.com`;
    await p.getByTestId('common-name').fill(base);
    await p.getByTestId('common-name').blur();
    await p.getByTestId('preview-domainType').filter({ hasText: '通配符' }).waitFor();
    expect(await p.getByTestId('error-commonName').count()).toBe(0);
    await p.locator('[data-testid="preview-total"]', { hasText: '￥1,880.00' }).waitFor();
    const [request, key] = await Promise.all([
      p.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/v1/orders/certificate/GS-ALPHA-DV-WILD')),
      p.waitForEvent('download'),
      p.getByTestId('create-order').click(),
    ]);
    expect((request.postDataJSON() as { commonName: string }).commonName).toBe(`*.${base}`);
    expect(readFileSync(await key.path(), 'utf8')).toContain('PRIVATE KEY');
    await p.getByTestId('payment-dialog').waitFor();
    await p.context().close();
  });

  it('company dialog: a country selector starting at China, the date 2019-01-01; failed checks throw nothing', async () => {
    const p = await open();
    await p.goto('/orders/org');
    await p.getByTestId('orgs-page').waitFor();
    await p.getByTestId('org-add').click();
    await p.getByTestId('org-dialog').waitFor();
    expect(await p.getByTestId('org-nationCode').textContent()).toBe('中国 (CN)');
    const date = p.getByTestId('org-dialog').locator('input#dateOfIncorporation');
    expect(await date.inputValue()).toBe('2019-01-01');
    // OK with the required fields empty: their messages, no request, and (afterEach) no uncaught rejection.
    await p.getByTestId('org-dialog-ok').click();
    await p.getByTestId('org-dialog').getByText('此项为必填项').first().waitFor();
    await p.getByTestId('org-dialog-ok').click();
    // The lookup with no name says so the same way.
    await p.getByTestId('org-lookup').click();
    await screenshot(p, 'forms-org-dialog-zh-light-required');

    await p.getByTestId('org-dialog').locator('#orgName').fill(`Lion City ${tag} Pte Ltd`);
    await p.getByTestId('org-creditCode').fill(`SG${tag}`.toUpperCase());
    await p.getByTestId('org-nationCode').click();
    await p.keyboard.type('新加坡');
    await p.locator('.ant-select-item-option', { hasText: '新加坡 (SG)' }).click();
    expect(await p.getByTestId('org-nationCode').textContent()).toBe('新加坡 (SG)');
    await p.getByTestId('org-province').fill('Singapore');
    await p.getByTestId('org-city').fill('Singapore');
    await p.getByTestId('org-postalCode').fill('018989');
    await p.getByTestId('org-telephone').fill('6561234567');
    await p.getByTestId('org-address').fill('1 Marina Boulevard');
    await p.getByTestId('org-dialog-ok').click();
    await p.getByText('添加成功!').waitFor();
    const r = await fetch(`${stack.baseUrl}/v1/organizations?limit=10&offset=1`, { headers: { token, authorization: token } });
    const saved = ((await r.json()) as { data: { data: { orgName: string; nationCode: string; dateOfIncorporation: string }[] } }).data.data.find((o) => o.orgName === `Lion City ${tag} Pte Ltd`);
    expect(saved).toMatchObject({ nationCode: 'SG', dateOfIncorporation: '2019-01-01' });

    // The contact dialog's failed check is caught as well.
    await p.goto('/orders/contact');
    await p.getByTestId('contact-add').click();
    await p.getByTestId('contact-dialog').waitFor();
    await p.getByTestId('contact-dialog-ok').click();
    await p.getByTestId('contact-dialog').getByText('此项为必填项').first().waitFor();
    await p.getByTestId('contact-dialog-ok').click();
    await p.context().close();
  });

  it("times are the user's: last sign-in and days left agree between list and details across the day boundary", async () => {
    // An issued order whose certificate ends 364.5 days from now: whole 24-hour spans and calendar days differ.
    const cn = `days-${tag}.example.com`;
    const made = await fetch(`${stack.baseUrl}/v1/orders/certificate/BC-DV-ONE`, {
      method: 'POST',
      headers: { token, authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ year: 1, csr: await makeCsr(cn), commonName: cn }),
    });
    const orderNo = String(((await made.json()) as { data: string }).data);
    const notBefore = new Date();
    const notAfter = new Date(notBefore.getTime() + 364.5 * 86_400_000);
    const [order] = await stack.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [orderNo]);
    const [cert] = await stack.app.db.query<{ id: number }>(
      `INSERT INTO certificates (order_id, serial, cert_pem, chain_pem, issuer, domains, not_before, not_after) VALUES ($1, $2, '', '', 'Test CA', $3::jsonb, $4, $5) RETURNING id`,
      [order!.id, `0a${tag}`, JSON.stringify([cn]), notBefore, notAfter],
    );
    await stack.app.db.query(`UPDATE orders SET order_status = 1005, paid_at = now(), issued_at = now(), not_before = $2, not_after = $3, certificate_id = $4 WHERE id = $1`, [order!.id, notBefore, notAfter, cert!.id]);

    for (const [timezoneId, lastSignIn] of [['Asia/Shanghai', '2026-01-02 00:30:05'], ['America/Los_Angeles', '2026-01-01 08:30:05']] as const) {
      const p = await open({ timezoneId });
      await p.goto('/dashboard');
      expect(await p.getByTestId('last-login-time').textContent()).toBe(lastSignIn);

      const left = dayIn(notAfter, timezoneId) - dayIn(new Date(), timezoneId);
      const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId, year: 'numeric', month: '2-digit', day: '2-digit' }).format(notAfter);
      await p.goto('/orders/list');
      const row = p.locator('tr', { hasText: cn });
      await row.getByTestId('days-left').waitFor();
      expect(await row.getByTestId('days-left').textContent()).toBe(`剩余 ${left} 天`);
      expect(await row.textContent()).toContain(ymd);
      await p.goto(`/ssl/certificate/${orderNo}`);
      await p.getByTestId('cert-days-left').waitFor();
      expect(await p.getByTestId('cert-days-left').textContent()).toBe(`剩余 ${left} 天`);
      expect(await p.getByTestId('cert-not-after').textContent()).toMatch(new RegExp(`^${ymd} \\d{2}:\\d{2}:\\d{2}$`));
      await p.context().close();
    }
  });

  it.each([
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ])('photographs the changed screens at $width×$height, in zh and en, light and dark, with no serious axe violation', async (viewport) => {
    for (const { lang, theme } of looks) {
      const name = `${viewport.width}-${lang}-${theme}`;
      const p = await open({ lang, theme, viewport });
      await p.goto('/dashboard');
      await p.getByTestId('last-login-time').waitFor();
      await screenshot(p, `forms-dashboard-${name}`);
      if (viewport.width === 1440) await expectAccessible(p, '[data-testid="dashboard-page"]');

      await openPurchase(p);
      await pickProduct(p, 'alphassl', 'DV', 'GS-ALPHA-DV-WILD');
      await p.getByTestId('common-name').fill(`shot-${tag}.example.com`);
      await p.locator('[data-testid="preview-total"]', { hasText: '1,880.00' }).waitFor();
      await screenshot(p, `forms-purchase-wildcard-${name}`);
      if (viewport.width === 1440) await expectAccessible(p, '[data-testid="purchase-page"]');

      await p.getByTestId('tab-batch').click();
      await pickProduct(p, 'bitcert', 'DV', 'BC-DV-ONE');
      await p.getByTestId('batch-domains').fill(Array.from({ length: 12 }, (_, i) => (i === 3 ? `bad..${i}` : `s${i}-${tag}.example.com`)).join('\n\n'));
      await p.locator('[data-testid="preview-total"]', { hasText: '1,089.00' }).waitFor();
      await p.getByTestId('one-by-one-hint').waitFor();
      await screenshot(p, `forms-purchase-batch-${name}`);

      await p.goto('/orders/org');
      await p.getByTestId('org-add').click();
      await p.getByTestId('org-dialog').waitFor();
      await animationsDone(p);
      await p.getByTestId('org-dialog-ok').click();
      await p.locator('.ant-form-item-explain-error').first().waitFor();
      // The pointer off the OK button: its hover colour is a passing state, not the dialog's look.
      await p.mouse.move(0, 0);
      await animationsDone(p);
      await screenshot(p, `forms-org-dialog-${name}`);
      if (viewport.width === 1440) await expectAccessible(p, '.ant-modal');
      await p.context().close();
    }
  });
});

