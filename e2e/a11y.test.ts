/**
 * Every screen of the console's route table (apps/web/src/app/routes.tsx), signed in through the API, in zh and en,
 * light and dark: axe-core finds no serious or critical violation on any of them. The list below names one URL per
 * routed page; the first test checks it against the route table's source, so a new page cannot be left out.
 * Screenshots of the main screens go to e2e/screenshots/a11y-*.png.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { toolPages } from '../apps/web/src/features/tools/routes.ts';
import { apiClient, opensslCsr, screenshot, signUpThroughApi, startStack, type Stack } from './harness.ts';

const email = `a11y.${Date.now().toString(36)}@example.com`;
const password = 'Str0ng#Passw0rd';

let stack: Stack;
let token = '';
let orderNo = '';
const api = apiClient(() => stack.baseUrl, () => token);

/** Pages outside the signed-in layout, visited without a session. */
const publicScreens = ['/sign-in', '/sign-up', '/sec-validation', '/password-reset', '/404', '/500'];

/** One URL per page of the signed-in layout; `:order` is an order of the account. */
const signedInScreens = [
  '/dashboard',
  '/notification',
  '/ssl/certificates',
  '/ssl/certificate/:order',
  '/ssl/products',
  '/ssl/dcv/email',
  ...['center', 'info', 'secure', 'manage', 'products', 'log', 'invoice', 'invoice/invoice-template', 'invoice/mailling-template', 'credit-records', 'transaction', 'developer', 'notify', 'cert-package'].map((p) => `/account/${p}`),
  '/payment',
  '/payment/batch',
  '/payment/test',
  '/deposit',
  '/deposit/test',
  ...['list', 'expiring', 'org', 'org/1/domains', 'contact'].map((p) => `/orders/${p}`),
  ...['invoice', 'invoice/invoice-template', 'invoice/mailling-template', 'transaction'].map((p) => `/billing/${p}`),
  '/domain/search',
  ...['mine', 'expiring', 'expired', 'for-sale', 'D1'].map((p) => `/domain/manage/${p}`),
  '/domain/renew/form',
  '/domain/renew/list',
  ...['dns', 'update-ownership', 'resolution', 'group', 'remark', 'search'].map((p) => `/domain/batch/${p}`),
  ...['in', 'in-list', 'out', 'out-list'].map((p) => `/domain/transfer/${p}`),
  ...['cart', 'contact', 'group', 'dns', 'dns/example.com', 'price'].map((p) => `/domain/${p}`),
  '/help/overview',
  '/help/article/1',
  // The site audit of the machine itself: the scan stays on the loopback address.
  ...Object.keys(toolPages).map((p) => `/certhub/tools/${p.replace('$domain', 'localhost')}`),
  ...['dashboard', 'manage', 'profile', 'certs', 'certs/1', 'log'].map((p) => `/certhub/discovery/${p}`),
];

/** The screens Lighthouse measures (bench/sections/lighthouse.ts): photographed in each language and theme. */
const photographed = new Set(['/sign-in', '/dashboard', '/ssl/certificates', '/orders/list', '/ssl/certificate/:order']);

beforeAll(async () => {
  stack = await startStack();
  token = await signUpThroughApi(stack.baseUrl, email, password);
  const cn = `a11y-${Date.now().toString(36)}.example.com`;
  orderNo = await api<string>('POST', '/v1/orders/certificate/GS-DV-SSL', { year: 1, csr: opensslCsr(cn), commonName: cn, dcvMethod: 'dns' });
});

afterAll(async () => {
  await stack?.close();
});

/** The page has come to rest: its chunk loaded, nothing shows a spinner, no request under way. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('#root > *').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active'), undefined, { timeout: 15_000 }).catch(() => undefined);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url().replace(stack.baseUrl, '')} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('accessibility of every screen', () => {
  it('covers every page of the route table', () => {
    const table = readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/routes.tsx'), 'utf8');
    // Every route with a component names its last path segment on its own line.
    const routed = [...table.matchAll(/path: '([^']+)'[^\n]*component:/g)].map((m) => m[1]!);
    const listed = [...publicScreens, ...signedInScreens];
    const pattern = (segment: string) => new RegExp(`/${segment.replace(/\$[A-Za-z]+/g, '[^/]+').replace(/^\/$/, '')}$`);
    const missing = routed.filter((segment) => segment !== '/' && !listed.some((url) => pattern(segment).test(url.replace(':order', 'ORDER'))));
    expect(missing).toEqual([]);
    // The index routes with a component (payment, deposit) are listed as their parents.
    expect(listed).toEqual(expect.arrayContaining(['/payment', '/deposit']));
  });

  describe.each([
    ['zh', 'light'],
    ['zh', 'dark'],
    ['en', 'light'],
    ['en', 'dark'],
  ] as const)('%s, %s', (lang, theme) => {
    it('has no serious or critical axe violation on any screen', { timeout: 1_200_000 }, async () => {
      const bad: string[] = [];
      const visit = async (page: Page, url: string) => {
        await page.goto(url.replace(':order', orderNo));
        await settled(page);
        bad.push(...(await seriousViolations(page)));
        if (photographed.has(url)) await screenshot(page, `a11y-${url.replace(/[/:]+/g, '-').replace(/^-/, '')}-${lang}-${theme}`);
      };
      const anonymous = await stack.newPage({ lang, theme });
      for (const url of publicScreens) await visit(anonymous, url);
      await anonymous.context().close();

      const signedIn = await stack.newPage({ lang, theme, token });
      for (const url of signedInScreens) await visit(signedIn, url);
      await signedIn.context().close();
      expect(bad).toEqual([]);
    });
  });
});
