/**
 * The e-mail validation link, end to end: an order validated by the admin mailbox is paid through the API, the
 * job worker mails the link (read from the outbox table), and Chromium opens it as the mailbox's owner would. The
 * page names the domain, the order and the mailbox; opening it changes nothing; its one button approves, and the
 * order issues. axe-core checks the page in both languages and both colour schemes; screenshots go to
 * e2e/screenshots/dcv-approve-*.png.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startDns } from '../apps/server/test/orders-helpers.ts';
import { apiClient, signUpThroughApi, screenshot, startStack, type Stack, opensslCsr, expectAccessible } from './harness.ts';

const email = `dcv.${Date.now().toString(36)}@example.com`;
const password = 'Str0ng#Passw0rd';
const name = `mail${Date.now().toString(36)}.approve-e2e.example`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cc-dcv-e2e-'));

let stack: Stack;
let dns: Awaited<ReturnType<typeof startDns>>;
let token = '';
let orderNo = '';
let link = '';
const contexts: BrowserContext[] = [];
const api = apiClient(() => stack.baseUrl, () => token);

/** Polls a condition the job worker brings about (no event reaches the test); fails after the deadline. */
async function until<T>(what: string, f: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const domainStatus = async () => (await api<{ domains: { status: string }[] }>('GET', `/v1/orders/domainList/${orderNo}`)).domains[0]!.status;

/** A browser whose language and colour scheme are the approver's (the page reads Accept-Language and the system theme). */
async function approverPage(lang: 'zh' | 'en' | 'fr', scheme: 'light' | 'dark'): Promise<{ page: Page; cspErrors: string[] }> {
  const locale = { zh: 'zh-CN', en: 'en-US', fr: 'fr-FR' }[lang];
  const context = await stack.browser.newContext({ locale, colorScheme: scheme, viewport: { width: 960, height: 760 } });
  contexts.push(context);
  const page = await context.newPage();
  const cspErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  return { page, cspErrors };
}

beforeAll(async () => {
  dns = await startDns();
  // DEV_OUTBOX: the sign-up code is read through GET /dev/outbox, which another change gates behind this switch.
  stack = await startStack({ DNS_RESOLVER: dns.address, DEV_OUTBOX: 'on' });
  token = await signUpThroughApi(stack.baseUrl, email, password);
  // Test setup: money on the balance, so the order is paid the ordinary way.
  await stack.app.db.query(`UPDATE accounts SET balance = 100000000 WHERE email = $1`, [email]);
  const csr = opensslCsr(name, path.join(tmp, 'key.pem'));
  // GlobalSign DV offers the e-mail methods; the admin role mailbox of the name gets the link.
  orderNo = String(await api<string>('POST', '/v1/orders/certificate/GS-DV-SSL', { year: 1, csr, commonName: name, dcvEmail: { email: 'admin', dcvMethod: 'email' } }));
  await api('POST', '/v1/orders/pay', { orderNo, payWay: 'balance' });
  const body = await until('the approval mail', async () => {
    const [m] = await stack.app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1`, [`admin@${name}`]);
    return m?.body;
  });
  link = body.match(/https?:\/\/\S+\/dcv\/approve\/[A-Za-z0-9_-]+/)![0];
  // The mail links to the configured public address; the browser opens the same path on the test server.
  link = `${stack.baseUrl}${new URL(link).pathname}`;
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await stack?.close();
  await dns?.close();
});

describe('e-mail validation link', () => {
  it('shows the domain, the order and the mailbox in zh and en, light and dark, accessible, and approves nothing by being opened', async () => {
    const texts = { zh: { title: '确认域名控制权', button: '确认并批准签发' }, en: { title: 'Confirm domain control', button: 'Confirm and approve issuance' } };
    for (const lang of ['zh', 'en'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, cspErrors } = await approverPage(lang, scheme);
        const res = await page.goto(link);
        expect(res?.status()).toBe(200);
        expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
        expect(await page.getAttribute('html', 'lang')).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        await page.getByRole('heading', { level: 1, name: texts[lang].title }).waitFor();
        expect(await page.locator('[data-field="domain"]').textContent()).toBe(name);
        expect(await page.locator('[data-field="orderNo"]').textContent()).toBe(orderNo);
        expect(await page.locator('[data-field="email"]').textContent()).toBe(`admin@${name}`);
        const button = page.getByRole('button', { name: texts[lang].button });
        await button.waitFor();
        // The hashed style block applies under the page's own policy: the button wears the primary colour.
        expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(22, 82, 240)');
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe(scheme === 'dark' ? 'rgb(13, 18, 25)' : 'rgb(243, 245, 250)');
        expect(cspErrors).toEqual([]);
        await expectAccessible(page);
        await screenshot(page, `dcv-approve-${lang}-${scheme}`);
      }
    }
    // A language the page does not speak: both, as the mail.
    const { page } = await approverPage('fr', 'light');
    await page.goto(link);
    await page.getByRole('button', { name: '确认并批准签发 Confirm and approve issuance' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'dcv-approve-both-light');
    // Nine page loads (a mail scanner, a preview, a curious reader): the name is still waiting.
    expect(await domainStatus()).toBe('pending');
  });

  it('approves on the button, once, and the order issues', async () => {
    const { page, cspErrors } = await approverPage('en', 'dark');
    await page.goto(link);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === link),
      page.getByRole('button', { name: 'Confirm and approve issuance' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const status = page.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toBe(`Control of ${name} is confirmed. The certificate is issued once every name is validated.`);
    expect(await page.locator('main').getAttribute('data-state')).toBe('approved');
    expect(await page.getByRole('button').count()).toBe(0);
    expect(cspErrors).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'dcv-approve-en-dark-done');
    expect(await domainStatus()).toBe('validated');
    await until('the certificate', async () => ((await api<{ orderStatus: number }>('GET', `/v1/orders/status/${orderNo}`)).orderStatus === 1005 ? true : undefined));

    // Opening the link again says so plainly, in Chinese with a light theme too.
    const zh = await approverPage('zh', 'light');
    await zh.page.goto(link);
    await zh.page.getByRole('status').waitFor();
    expect(await zh.page.getByRole('status').textContent()).toBe(`${name} 的域名控制权已经确认，无需再次操作。`);
    expect(await zh.page.getByRole('button').count()).toBe(0);
    await expectAccessible(zh.page);
    await screenshot(zh.page, 'dcv-approve-zh-light-already');
  });
});
