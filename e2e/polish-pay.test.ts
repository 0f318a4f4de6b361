/**
 * What a first-time buyer trips on around paying and the orders screens, each as the user sees it on the real stack
 * (server + database + built console; the sandbox gateway stands in for the providers):
 * - WeChat Pay and USDT (dialog and top-up) offer the sandbox page beside the QR code, and paying there completes;
 * - after an outside payment confirmed in the dialog, the console goes on to the order by itself, and the list knows;
 * - at 1280×800 the orders table's Expires column is not under the fixed Actions column, and the organisations
 *   table's actions are on screen;
 * - /payment/batch is in the menu, and each company on /orders/org links to its verified domains;
 * - the one-at-a-time batch's bar is as long as its label says, with no layer sweeping over it;
 * - the server zip says what it will contain before asking for a password, and with the key pasted it holds the
 *   IIS and Tomcat files too (the server does not keep this order's key).
 * Screenshots at 1280 and 1440, zh/en, light/dark go to e2e/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount } from '../apps/server/test/purchase-helpers.ts';
import { startDns } from '../apps/server/test/orders-helpers.ts';
import { postLedgerEntry } from '../apps/server/src/services/payments/ledger.ts';
import { screenshot, startStack, type Stack, apiClient, type Envelope, opensslCsr, expectAccessible } from './harness.ts';

let stack: Stack;
let dns: Awaited<ReturnType<typeof startDns>>;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cc-polish-pay-'));
let token = '';
let accountId = 0;
let productNo = '';
let seq = 0;
const tag = Date.now().toString(36);

const api = apiClient(() => stack.baseUrl, () => token);

/** One order waiting for payment (1001). */
async function createOrder(): Promise<string> {
  const commonName = `pp-${tag}-${seq++}.example.org`;
  const orderNo = await api<string>('POST', `/v1/orders/certificate/${productNo}`, { year: 1, csr: opensslCsr(commonName), commonName, dcvMethod: 'dns' });
  return String(orderNo).split(',')[0]!;
}

const statusOf = async (orderNo: string) => (await api<{ orderStatus: number }>('GET', `/v1/orders/status/${orderNo}`)).orderStatus;

interface PayAnswer {
  status: string;
  paymentId: string;
  webPagePayURL: string;
  qrCodeBase64: string;
  sandboxPageURL: string;
}

/** The next pay result the page receives from `path` (POST). */
const nextPayAnswer = async (p: Page, path: string): Promise<PayAnswer> => {
  const r = await p.waitForResponse((x) => new URL(x.url()).pathname === path && x.request().method() === 'POST');
  const env = (await r.json()) as Envelope<PayAnswer>;
  expect(env.code).toBe(200);
  return env.data;
};

const viewports = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const looks = [
  { lang: 'zh', theme: 'light' },
  { lang: 'en', theme: 'dark' },
] as const;

beforeAll(async () => {
  dns = await startDns();
  stack = await startStack({ DNS_RESOLVER: dns.address });
  const a = await newAccount(stack.app);
  accountId = a.id;
  token = a.token;
  const products = await api<{ data: { productNo: string; productType: string; certType: string; pricePerYear: number; free: boolean }[] }>('GET', '/v1/products?limit=1000&offset=1');
  const dv = products.data
    .filter((p) => !p.free && p.certType === 'DV' && (p.productType === 'dv_one_ssl' || p.productType === 'ssl') && p.pricePerYear > 0)
    .sort((x, y) => x.pricePerYear - y.pricePerYear)[0];
  if (!dv) throw new Error('no paid DV product in the catalogue');
  productNo = dv.productNo;
});

afterAll(async () => {
  await stack?.close();
  dns?.close();
});

/** A fresh page at one size and look. */
async function pageAt(v: { width: number; height: number }, look: { lang: 'zh' | 'en'; theme: 'light' | 'dark' }) {
  const p = await stack.newPage({ token, lang: look.lang, theme: look.theme });
  await p.setViewportSize(v);
  return p;
}

/** The rectangles of two elements, for overlap checks. */
const box = async (p: Page, selector: string) => {
  const b = await p.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not rendered`);
  return b;
};

describe('the sandbox page beside the QR code', () => {
  it('WeChat Pay in the dialog links the sandbox page the QR code opens; paying there takes the payer to the order', async () => {
    for (const v of viewports) {
      for (const look of looks) {
        const orderNo = await createOrder();
        const p = await pageAt(v, look);
        await p.goto(`/payment?orderNos=${orderNo}`);
        await p.getByTestId('pay-ways').waitFor();
        const answer = nextPayAnswer(p, '/v1/orders/pay');
        await p.getByTestId('pay-way-wechat').click();
        const r = await answer;
        expect(r.sandboxPageURL).toMatch(/\/payment\/test\?id=sbx_/);
        const link = p.getByTestId('sandbox-page-link');
        await link.waitFor();
        expect(await link.getAttribute('href')).toBe(r.sandboxPageURL);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await p.getByTestId('sandbox-page').textContent()).toContain(look.lang === 'zh' ? '打开沙箱支付页面' : 'Open the sandbox payment page');
        expect(await p.getByTestId('pay-qr').getAttribute('src')).toBe(r.qrCodeBase64);
        await p.getByTestId('pay-waiting').waitFor();
        await screenshot(p, `polish-pay-wechat-sandbox-link-${v.width}-${look.lang}-${look.theme}`);
        await expectAccessible(p, ['[data-testid="sandbox-page"]']);
        if (v.width === 1280 && look.lang === 'zh') {
          // The payer opens it on this computer, approves, and the dialog (still polling) goes on to the order.
          const [tab] = await Promise.all([p.waitForEvent('popup'), link.click()]);
          await tab.getByTestId('sandbox-approve').click();
          await tab.waitForURL(/paymentStatus=succeeded/);
          await tab.close();
          await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`), { timeout: 30_000 });
          expect(await statusOf(orderNo)).toBe(1002);
        }
        await p.context().close();
      }
    }
  });

  it('USDT top-up links the sandbox page beside the QR code and the copy boxes; approving there credits the balance', async () => {
    const p = await pageAt(viewports[0], looks[1]);
    await p.goto('/deposit');
    await p.getByTestId('deposit-form').waitFor();
    await p.getByTestId('deposit-way-usdt').click();
    await p.getByTestId('preset-100').click();
    const answer = nextPayAnswer(p, '/v1/deposit');
    await p.getByTestId('deposit-submit').click();
    const r = await answer;
    await p.getByTestId('notice-crypto').waitFor();
    const link = p.getByTestId('sandbox-page-link');
    await link.waitFor();
    expect(r.sandboxPageURL).toMatch(/\/deposit\/test\?id=sbx_/);
    expect(await link.getAttribute('href')).toBe(r.sandboxPageURL);
    expect(await p.getByTestId('pay-qr').getAttribute('src')).toBe(r.qrCodeBase64);
    await screenshot(p, 'polish-pay-usdt-sandbox-link-1280-en-dark');
    await expectAccessible(p, ['[data-testid="sandbox-page"]']);
    const before = Number((await stack.app.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE id = $1', [accountId]))[0]!.balance);
    const [tab] = await Promise.all([p.waitForEvent('popup'), link.click()]);
    await tab.getByTestId('sandbox-approve').click();
    await tab.waitForURL(/paymentStatus=succeeded/);
    await tab.close();
    await p.locator('[data-testid="deposit-outcome"][data-status="done"]').waitFor({ timeout: 30_000 });
    const after = Number((await stack.app.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE id = $1', [accountId]))[0]!.balance);
    expect(after - before).toBe(10_000);
    await p.context().close();
  });
});

describe('after a payment confirmed in the dialog', () => {
  it('goes on to the order by itself, and the list behind no longer says waiting for payment', async () => {
    const orderNo = await createOrder();
    const p = await pageAt(viewports[0], looks[0]);
    await p.goto('/orders/list');
    const row = p.locator(`tr[data-row-key="${orderNo}"]`);
    await row.locator('[data-testid="status-tag"][data-status="1001"]').waitFor();
    await row.getByTestId('row-pay').click();
    await p.getByTestId('pay-ways').waitFor();
    await p.getByTestId('pay-way-alipay').click();
    await p.getByTestId('pay-qr').waitFor();
    const [tab] = await Promise.all([p.waitForEvent('popup'), p.getByTestId('pay-submit').click()]);
    await tab.getByTestId('sandbox-approve').click();
    await tab.waitForURL(/paymentStatus=succeeded/);
    await tab.close();
    await p.locator('[data-testid="pay-confirm-state"][data-state="success"]').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('confirm-redirect').textContent()).toMatch(/^订单已支付，\d 秒后前往订单详情。$/);
    await screenshot(p, 'polish-pay-confirm-success-1280-zh-light');
    await expectAccessible(p, ['[data-testid="pay-confirm-state"]']);
    // Nobody clicks: the details of the one order open.
    await p.waitForURL(new RegExp(`/ssl/certificate/${orderNo}$`), { timeout: 10_000 });
    await p.getByTestId('pay-confirm-state').waitFor({ state: 'detached' });
    expect(await statusOf(orderNo)).toBe(1002);
    await p.goBack();
    await p.waitForURL(/\/orders\/list/);
    await row.locator('[data-testid="status-tag"][data-status="1002"]').waitFor();
    expect(await row.getByTestId('row-pay').count()).toBe(0);
    await p.context().close();
  });
});

describe('tables at 1280×800 and 1440×900', () => {
  it("the orders table's Expires column is beside the fixed Actions column, not under it", async () => {
    // A paid order with a long name: the widest row the list draws.
    const orderNo = await createOrder();
    await stack.app.db.tx((q) => postLedgerEntry(q, { accountId, amount: 100_000, kind: 'adjustment', ref: `e2e-polish-pay-orders:${accountId}` }));
    await api('POST', '/v1/orders/pay', { orderNo, payWay: 'balance' });
    await stack.app.db.query(`UPDATE orders SET common_name = 'a-rather-long-subdomain-name.of-some-company.example.org' WHERE order_no = $1`, [orderNo]);
    for (const v of viewports) {
      for (const look of looks) {
        const p = await pageAt(v, look);
        await p.goto('/orders/list');
        await p.locator(`tr[data-row-key="${orderNo}"]`).waitFor();
        const expires = await box(p, '[data-testid="orders-table"] thead th:has-text("' + (look.lang === 'zh' ? '到期时间' : 'Expires') + '")');
        const actions = await box(p, '[data-testid="orders-table"] thead th.ant-table-cell-fix-right, [data-testid="orders-table"] thead th.ant-table-cell-fix-end');
        expect(expires.x + expires.width, `${v.width} ${look.lang}`).toBeLessThanOrEqual(actions.x + 0.5);
        expect(actions.x + actions.width).toBeLessThanOrEqual(v.width);
        await screenshot(p, `polish-pay-orders-list-${v.width}-${look.lang}-${look.theme}`);
        await p.context().close();
      }
    }
  });

  it("the organisations table's actions are on screen, with a link to each company's verified domains", async () => {
    const org = await api<{ id: number }>('POST', '/v1/organizations', {
      orgName: 'Shanghai Some Very Long Company Name Information Technology Co., Ltd.',
      creditCode: '91310000MA1K2L3M4N',
      nationCode: 'CN',
      province: 'Shanghai Municipality',
      city: 'Shanghai',
      postalCode: '200000',
      address: 'No. 1 Century Avenue, Pudong New Area',
      telephone: '02112345678',
    });
    for (const v of viewports) {
      for (const look of looks) {
        const p = await pageAt(v, look);
        await p.goto('/orders/org');
        const edit = p.getByTestId(`edit-${org.id}`);
        await edit.waitFor();
        for (const id of [`org-domains-${org.id}`, `edit-${org.id}`, `delete-${org.id}`]) {
          const b = await box(p, `[data-testid="${id}"]`);
          expect(b.x + b.width, `${id} at ${v.width} ${look.lang}`).toBeLessThanOrEqual(v.width);
          // Nothing covers it: what is under its centre is the link itself.
          const top = await p.evaluate(
            ({ x, y, id: tid }) => Boolean(document.elementFromPoint(x, y)?.closest(`[data-testid="${tid}"]`)),
            { x: b.x + b.width / 2, y: b.y + b.height / 2, id },
          );
          expect(top, id).toBe(true);
        }
        await screenshot(p, `polish-pay-orgs-${v.width}-${look.lang}-${look.theme}`);
        if (v.width === 1280) await expectAccessible(p, [`[data-testid="org-domains-${org.id}"]`]);
        if (v.width === 1280 && look.lang === 'zh') {
          await p.getByTestId(`org-domains-${org.id}`).click();
          await p.waitForURL(new RegExp(`/orders/org/${org.id}/domains$`));
          await p.getByTestId('org-domains-title').getByText('Shanghai Some Very Long Company Name', { exact: false }).waitFor();
        }
        await p.context().close();
      }
    }
  });
});

describe('the menu', () => {
  it('offers batch payment under billing', async () => {
    for (const look of looks) {
      const p = await pageAt(viewports[0], look);
      await p.goto('/dashboard');
      const menu = p.getByTestId('side-menu');
      await menu.getByText(look.lang === 'zh' ? '财务管理' : 'Billing', { exact: true }).click();
      await menu.getByText(look.lang === 'zh' ? '批量支付' : 'Batch payment', { exact: true }).click();
      await p.waitForURL(/\/payment\/batch$/);
      await p.getByTestId('batch-payment-page').waitFor();
      await p.locator('[data-testid="side-menu"] .ant-menu-item-selected', { hasText: look.lang === 'zh' ? '批量支付' : 'Batch payment' }).waitFor();
      await screenshot(p, `polish-pay-menu-batch-1280-${look.lang}-${look.theme}`);
      await p.context().close();
    }
  });
});

describe('the server zip', () => {
  it('says what it will contain before asking for a password, and adds IIS and Tomcat when the key is given', async () => {
    // An issued order whose key the server does not hold (CSR and key made by openssl), validated through the DNS stand-in.
    const commonName = `zip-${tag}.example.org`;
    const keyFile = path.join(tmp, 'zip.key');
    const csr = opensslCsr(commonName, keyFile);
    const orderNo = String(await api<string>('POST', `/v1/orders/certificate/${productNo}`, { year: 1, csr, commonName, dcvMethod: 'dns_txt' })).split(',')[0]!;
    await stack.app.db.tx((q) => postLedgerEntry(q, { accountId, amount: 100_000, kind: 'adjustment', ref: `e2e-polish-pay-zip:${accountId}` }));
    await api('POST', '/v1/orders/pay', { orderNo, payWay: 'balance' });
    // The first check answers the TXT record to publish; once it is in the DNS stand-in the next one passes.
    const verify = async () => {
      const r = await fetch(`${stack.baseUrl}/v1/orders/verifyDomains/${orderNo}`, { method: 'PUT', headers: { token, authorization: token, 'content-type': 'application/json' }, body: '{}' });
      const env = (await r.json()) as Envelope<{ domains: { instructions: { host?: string; value?: string } }[] }>;
      expect(env.code).toBe(200);
      return env.data;
    };
    for (const d of (await verify()).domains) if (d.instructions.host) dns.setTxt(d.instructions.host, d.instructions.value!);
    await verify();

    for (const look of looks) {
      for (const v of viewports) {
        const p = await pageAt(v, look);
        await p.goto(`/ssl/certificate/${orderNo}`);
        await p.locator('[data-testid="order-details-page"][data-status="1005"]').waitFor({ timeout: 60_000 });
        await p.getByTestId('download-zip').click();
        const contents = p.getByTestId('zip-contents');
        await contents.waitFor();
        // No key on the server: PEM folders only, said as such, and no password asked for.
        expect(await contents.getAttribute('data-folders')).toBe('nginx,apache,root');
        await p.getByTestId('zip-no-key').waitFor();
        expect(await p.getByTestId('keystore-password').count()).toBe(0);
        await screenshot(p, `polish-pay-zip-no-key-${v.width}-${look.lang}-${look.theme}`);
        await expectAccessible(p, ['[data-testid="password-form"]']);
        // The key given: IIS and Tomcat join, and now the password is asked for.
        await p.getByTestId('zip-add-key').click();
        await p.locator('[data-testid="zip-contents"][data-folders="nginx,apache,iis,tomcat,root"]').waitFor();
        await p.getByTestId('keystore-key').fill(readFileSync(keyFile, 'utf8'));
        await p.getByTestId('keystore-password').fill('secret-123');
        await p.getByTestId('keystore-confirm').fill('secret-123');
        await screenshot(p, `polish-pay-zip-with-key-${v.width}-${look.lang}-${look.theme}`);
        if (v.width === 1280 && look.lang === 'zh') {
          const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('password-submit').click()]);
          const file = path.join(tmp, 'with-key.zip');
          await download.saveAs(file);
          const zip = await JSZip.loadAsync(readFileSync(file));
          const names = Object.keys(zip.files).filter((f) => !f.endsWith('/')).sort();
          const stem = commonName;
          expect(names).toEqual([
            `apache/${stem}.crt`, `apache/${stem}.key`, `apache/${stem}_chain.crt`, `iis/${stem}.pfx`,
            `nginx/${stem}.key`, `nginx/${stem}_bundle.pem`, `root/${stem}_root.crt`, `tomcat/${stem}.jks`,
          ]);
          const pfx = path.join(tmp, 'from-zip.pfx');
          writeFileSync(pfx, await zip.file(`iis/${stem}.pfx`)!.async('nodebuffer'));
          const info = execFileSync('openssl', ['pkcs12', '-info', '-in', pfx, '-passin', 'pass:secret-123', '-nodes'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
          expect(info).toContain('BEGIN PRIVATE KEY');
          expect(info).toContain(commonName);
        }
        await p.context().close();
      }
    }
  });
});

describe('batch progress, one at a time', () => {
  it('shows a bar as long as its label says while the orders are being created', async () => {
    for (const [v, look] of [[viewports[0], looks[0]], [viewports[1], looks[1]]] as const) {
      const p = await pageAt(v, look);
      await p.goto('/ssl/certificates');
      await p.getByTestId('purchase-form').waitFor();
      await p.getByTestId('tab-batch').click();
      if (await p.getByTestId('brand-bitcert').count()) await p.getByTestId('brand-bitcert').click();
      else {
        await p.getByTestId('more-brands').click();
        await p.locator('.ant-select-item-option', { hasText: /bitcert/i }).first().click();
      }
      await p.getByTestId('cert-type-DV').click();
      await p.getByTestId('product-BC-DV-ONE').click();
      // More than 10 certificates: created one request each, with progress per certificate.
      const groups = Array.from({ length: 12 }, (_, i) => (i === 6 ? `bad..domain-${tag}` : `b${i}-${look.lang}-${tag}.example.com`));
      await p.getByTestId('batch-domains').fill(groups.join('\n\n'));
      await p.locator('[data-testid="orders-count"]', { hasText: look.lang === 'zh' ? '共 12 个订单' : '12 order(s)' }).waitFor();
      // The last creation is held: 11 of 12 are done (one bad line failed at once), 91%.
      let release: () => void = () => undefined;
      const gate = new Promise<void>((r) => (release = r));
      let sent = 0;
      await p.route('**/v1/orders/certificate/**', async (route) => {
        sent++;
        if (sent === 11) await gate;
        await route.continue();
      });
      await p.getByTestId('create-order').click();
      await p.locator('[data-testid="progress-dialog"][data-running="Y"][data-done="11"]').waitFor();
      const bar = p.getByTestId('progress-bar');
      await bar.getByText('91%', { exact: true }).waitFor();
      await screenshot(p, `polish-pay-progress-running-${v.width}-${look.lang}-${look.theme}`);
      const seen = await p.evaluate(() => {
        const el = document.querySelector('[data-testid="progress-bar"]')!;
        const rail = el.querySelector('.ant-progress-rail')!.getBoundingClientRect().width;
        const track = el.querySelector('.ant-progress-track')!.getBoundingClientRect().width;
        // Anything animating over the bar (antd's "active" sweep is an animation of the track's ::after).
        const sweeping = document.getAnimations().filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return target instanceof Element && el.contains(target) && a.playState === 'running';
        }).length;
        return { ratio: track / rail, sweeping };
      });
      expect(seen.ratio).toBeGreaterThan(0.89);
      expect(seen.ratio).toBeLessThan(0.93);
      expect(seen.sweeping).toBe(0);
      release();
      await p.locator('[data-testid="progress-dialog"][data-running="N"][data-done="12"]').waitFor();
      await p.unroute('**/v1/orders/certificate/**');
      await p.context().close();
    }
  });
});
