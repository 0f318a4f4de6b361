/**
 * Every screen of the console's route table (apps/web/src/app/routes.tsx), signed in through the API, in zh and en,
 * light and dark (zh light and en dark by default; all four with E2E_SCREENSHOTS=all): axe-core finds no serious or critical violation on any of them. The list below names one URL per
 * routed page; the first test checks it against the route table's source, so a new page cannot be left out.
 * Screenshots of the main screens go to e2e/screenshots/a11y-*.png (in the themes `themesFor` names).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toolPages } from '../apps/web/src/features/tools/routes.ts';
import { apiClient, looks, opensslCsr, screenshot, seriousViolations, signUpThroughApi, startStack, themesFor, type Stack } from './harness.ts';

const email = `a11y.${Date.now().toString(36)}@example.com`;
const password = 'Str0ng#Passw0rd';

let stack: Stack;
let token = '';
let orderNo = '';
const api = apiClient(() => stack.baseUrl, () => token);

/** Pages outside the signed-in layout, visited without a session. */
const publicScreens = ['/sign-in', '/sign-up', '/sec-validation', '/password-reset', '/404', '/500', '/operator'];

/** One URL per page of the signed-in layout; `:order` is an order of the account. */
const signedInScreens = [
  '/dashboard',
  '/notification',
  '/ssl/certificates',
  '/ssl/certificate/:order',
  '/ssl/products',
  '/ssl/dcv/email',
  ...['center', 'info', 'secure', 'manage', 'verify', 'products', 'log', 'invoice', 'invoice/invoice-template', 'invoice/mailling-template', 'credit-records', 'transaction', 'developer', 'notify', 'cert-package', 'invite', 'audit'].map((p) => `/account/${p}`),
  '/payment',
  '/payment/batch',
  '/payment/test',
  '/deposit',
  '/deposit/test',
  '/wechat/test',
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

/**
 * Requests under way in each page, counted from the browser's own events: a screen has come to rest when none has been
 * under way for a short while (a lazy chunk, then the data its page asks for, follow each other closely).
 */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

async function settled(page: Page, quietMs = 150) {
  const pending = inFlight.get(page)!;
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  await page.locator('#root > *').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active'), undefined, { timeout: 15_000 }).catch(() => undefined);
  // Colours still fading in (a title, a button leaving its disabled state) would be measured half-way.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

/**
 * Moves to another screen the way the console's own links do (a history entry the router picks up), so the document,
 * its scripts and the axe engine stay loaded: a full reload per screen made the run several minutes long.
 */
async function navigate(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
  await page.waitForURL((u) => u.pathname === url.split('?')[0]);
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

  // zh light and en dark: every screen in each language and each theme (E2E_SCREENSHOTS=all: all four combinations).
  describe.each(looks.map(({ lang, theme }) => [lang, theme] as const))('%s, %s', (lang, theme) => {
    it('has no serious or critical axe violation on any screen', { timeout: 300_000 }, async () => {
      const bad: string[] = [];
      const photograph = themesFor(lang).includes(theme);
      // One browser context per kind of visitor; the first screen loads the document, the others are reached inside it.
      const visitAll = async (page: Page, urls: readonly string[]) => {
        trackRequests(page);
        for (const [i, url] of urls.entries()) {
          const to = url.replace(':order', orderNo);
          if (i === 0) await page.goto(to);
          else await navigate(page, to);
          await settled(page);
          bad.push(...(await seriousViolations(page)));
          if (photograph && photographed.has(url)) await screenshot(page, `a11y-${url.replace(/[/:]+/g, '-').replace(/^-/, '')}-${lang}-${theme}`);
        }
        await page.context().close();
      };
      await visitAll(await stack.newPage({ lang, theme }), publicScreens);
      await visitAll(await stack.newPage({ lang, theme, token }), signedInScreens);
      expect(bad).toEqual([]);
    });
  });
});
