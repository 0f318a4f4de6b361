/**
 * Language and chrome as a first-time buyer meets them, at 1280×800 and 1440×900: terms worded with plurals
 * ("1 year", not "1 years"), the tab title in the page's language, sidebar labels and search fields not cut,
 * one product name per language on every screen that shows it, the whole price list visible at 1280, one
 * segmented e-mail/phone control on sign-in and sign-up, and the theme chosen from a menu of the three modes.
 * axe-core checks the changed screens; screenshots go to e2e/screenshots/ (lang-*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEcCsr, newAccount } from '../apps/server/test/purchase-helpers.ts';
import { apiClient, screenshot, startStack, type Stack, themesFor, expectAccessible } from './harness.ts';

let stack: Stack;
let token = '';
let orderNo = '';
// A seeded product whose catalogue name differs from its Chinese one.
const product = { no: 'GS-DV-SSL', zh: 'GlobalSign 域名型 SSL 证书', en: 'GlobalSign DomainSSL' };
const sizes = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

async function signedIn(lang: 'zh' | 'en', theme: 'light' | 'dark' | 'system' = 'light', size: { width: number; height: number } = sizes[0]) {
  const p = await stack.newPage({ lang, theme, token });
  await p.setViewportSize(size);
  return p;
}

beforeAll(async () => {
  stack = await startStack();
  token = (await newAccount(stack.app, 10_000_000)).token;
  const api = apiClient(() => stack.baseUrl, () => token);
  const cn = `lang-${Date.now().toString(36)}.example.com`;
  await stack.app.db.query(`UPDATE products SET english_name = $2 WHERE product_no = $1`, [product.no, product.en]);
  orderNo = await api<string>('POST', `/v1/orders/certificate/${product.no}`, { year: 1, csr: await makeEcCsr(cn), commonName: cn, dcvMethod: 'dns' });
});

afterAll(async () => {
  await stack?.close();
});

describe('language and chrome', () => {
  it('words terms with plurals on the term buttons, the preview and the price list', async () => {
    const p = await signedIn('en');
    try {
      await p.goto('/ssl/certificates');
      await p.getByTestId('purchase-form').waitFor();
      await p.getByTestId('term-1').waitFor();
      expect(await p.getByTestId('term-1').textContent()).toBe('1 year');
      if (await p.getByTestId('term-2').count()) expect(await p.getByTestId('term-2').textContent()).toBe('2 years');
      expect(await p.getByTestId('preview-term').textContent()).toBe('1 year');
      expect(await p.getByTestId('purchase-page').textContent()).not.toMatch(/\b1 years\b/);

      await p.goto('/ssl/products');
      const prices = p.getByTestId(`prices-${product.no}`);
      await prices.waitFor();
      const text = await prices.textContent();
      expect(text).toContain('1 year:');
      expect(text).toContain('3 years:');
      expect(text).not.toContain('1 years');
    } finally {
      await p.context().close();
    }
  });

  it('shows every price of the price list without scrolling sideways at 1280×800, zh and en', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const p = await signedIn(lang);
      try {
        await p.goto('/ssl/products');
        await p.getByTestId(`prices-${product.no}`).waitFor();
        const clipped = await p.getByTestId('products-table').evaluate((table) => {
          const box = table.querySelector('.ant-table-content, .ant-table-body') ?? table;
          const view = box.getBoundingClientRect();
          const right = Math.min(view.right, window.innerWidth);
          return [...table.querySelectorAll('[data-testid^="prices-"] .ant-tag')].filter((t) => t.getBoundingClientRect().right > right + 0.5).map((t) => t.textContent);
        });
        expect(clipped).toEqual([]);
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      } finally {
        await p.context().close();
      }
    }
  });

  it('titles the tab in the page language and follows a switch of language, as do the names the server words', async () => {
    const p = await signedIn('en');
    try {
      await p.goto('/orders/list');
      await p.getByTestId('orders-table').waitFor();
      await p.waitForFunction(() => document.title === 'Orders list - CertHub Console');
      const row = p.getByTestId('orders-table').locator('tr', { hasText: orderNo });
      await row.getByText(product.en).waitFor();
      await p.getByTestId('lang-switch').click();
      await p.waitForFunction(() => document.title === '订单列表 - CertHub 证书控制台');
      // What the server words (product names, statuses) is fetched again in the new language.
      await row.getByText(product.zh).waitFor();
      await p.getByTestId('lang-switch').click();
      await p.waitForFunction(() => document.title === 'Orders list - CertHub Console');

      // Signed out too.
      const out = await stack.newPage({ lang: 'en' });
      await out.goto('/sign-in');
      await out.getByTestId('sign-in-page').waitFor();
      await out.waitForFunction(() => document.title === 'Sign in - CertHub Console');
      await out.context().close();
    } finally {
      await p.context().close();
    }
  });

  it('shows every sidebar label and contact search hint whole in English at 1280×800', async () => {
    const p = await signedIn('en');
    try {
      await p.goto('/orders/contact');
      await p.getByTestId('contacts-page').waitFor();
      // Open every group of the sidebar, then no label may be cut.
      const menu = p.getByTestId('side-menu');
      const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
      // From the bottom up: a group opening moves only what is below it, so the next title is where it was seen.
      while ((await closed.count()) > 0) {
        const before = await closed.count();
        await closed.last().click();
        await expect.poll(() => closed.count()).toBe(before - 1);
      }
      await p.locator('.ant-motion-collapse').first().waitFor({ state: 'detached' }).catch(() => undefined);
      const labels = await menu.locator('.ant-menu-title-content').evaluateAll((els) =>
        els.map((e) => ({ text: e.textContent ?? '', cut: e.scrollWidth > e.clientWidth + 0.5, title: e.querySelector('[title]')?.getAttribute('title') ?? '' })),
      );
      expect(labels.length).toBeGreaterThan(40);
      for (const name of ['Convert private key', 'TLS config generator', 'Discovery overview']) expect(labels.map((l) => l.text)).toContain(name);
      expect(labels.filter((l) => l.cut).map((l) => l.text)).toEqual([]);
      // Should a label still be cut (a narrower window, a longer translation), its whole text is the tooltip.
      for (const l of labels) expect(l.title).toBe(l.text);

      for (const id of ['search-lastname', 'search-firstname']) {
        const fits = await p.getByTestId(id).evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = style.font;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text: input.placeholder, need: ctx.measureText(input.placeholder).width, room };
        });
        expect(fits.need, `${fits.text} needs ${fits.need}px, has ${fits.room}px`).toBeLessThanOrEqual(fits.room);
      }
      await expectAccessible(p, ['[data-testid="side-menu"]', '[data-testid="search-lastname"]', '[data-testid="search-firstname"]']);
    } finally {
      await p.context().close();
    }
  });

  it('names a product one way per language: price list, order form, orders list, details and the pay dialog', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const want = product[lang];
      const other = product[lang === 'zh' ? 'en' : 'zh'];
      const p = await signedIn(lang);
      try {
        await p.goto('/ssl/products');
        const row = p.getByTestId('products-table').locator('tr', { has: p.getByTestId(`prices-${product.no}`) });
        await row.waitFor();
        expect(await row.textContent()).toContain(want);

        await p.goto('/ssl/certificates');
        await p.getByTestId('purchase-form').waitFor();
        await p.getByTestId('brand-globalsign').click();
        await p.getByTestId('cert-type-DV').click();
        expect(await p.getByTestId(`product-${product.no}`).textContent()).toBe(want);

        await p.goto('/orders/list');
        await p.getByTestId('orders-table').getByText(orderNo).waitFor();
        const orderRow = p.getByTestId('orders-table').locator('tr', { hasText: orderNo });
        expect(await orderRow.textContent()).toContain(want);
        expect(await orderRow.textContent()).not.toContain(other);

        await p.goto(`/ssl/certificate/${orderNo}`);
        await p.getByTestId('order-details-page').waitFor();
        await p.getByTestId('order-details-page').getByText(`· ${want}`).waitFor();
        expect(await p.getByTestId('order-details-page').textContent()).not.toContain(other);

        await p.getByTestId('action-pay').click();
        await p.getByTestId('payment-dialog').waitFor();
        await expect.poll(() => p.getByTestId('pay-product').textContent()).toBe(want);
        await screenshot(p, `lang-pay-dialog-${lang}`);
        await p.keyboard.press('Escape');
        await p.getByTestId('payment-dialog').waitFor({ state: 'detached' });
      } finally {
        await p.context().close();
      }
    }
  });

  it('switches e-mail and phone with the same segmented control on sign-in and sign-up, by mouse and by keyboard', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const p = await stack.newPage({ lang });
      try {
        for (const [path, id, first, second, field] of [
          ['/sign-in', 'login-type', 'email', 'tel', 'telephone'],
          ['/sign-up', 'register-type', 'tel', 'email', 'email'],
        ] as const) {
          await p.goto(path);
          const group = p.getByTestId(id);
          await group.waitFor();
          expect(await group.getAttribute('role')).toBe('radiogroup');
          const radios = group.getByRole('radio');
          expect(await radios.count()).toBe(2);
          const look = (el: Element) => {
            const s = getComputedStyle(el);
            return [s.height, s.borderRadius, s.display].join(' ');
          };
          // Same control on both pages: the radios of both look alike.
          expect(await radios.nth(0).evaluate(look)).toBe(await radios.nth(1).evaluate(look));
          expect(await p.getByTestId(`${id}-${first}`).getAttribute('aria-checked')).toBe('true');
          await p.getByTestId(`${id}-${first}`).focus();
          await p.keyboard.press('ArrowRight');
          await expect.poll(() => p.getByTestId(`${id}-${second}`).getAttribute('aria-checked')).toBe('true');
          await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(`${id}-${second}`);
          await p.getByTestId(field).waitFor();
          await p.getByTestId(`${id}-${first}`).click();
          expect(await p.getByTestId(`${id}-${first}`).getAttribute('aria-checked')).toBe('true');
          await expectAccessible(p, [`[data-testid="${id}"]`]);
        }
        // Both pages: the same control, the same height.
        await p.goto('/sign-in');
        const signInHeight = await p.getByTestId('login-type').evaluate((e) => e.getBoundingClientRect().height);
        await p.goto('/sign-up');
        expect(await p.getByTestId('register-type').evaluate((e) => e.getBoundingClientRect().height)).toBe(signInHeight);
      } finally {
        await p.context().close();
      }
    }
  });

  it('picks the theme from a menu of light, dark and system, showing the current one; by keyboard too', async () => {
    const p = await signedIn('en', 'system');
    try {
      await p.goto('/dashboard');
      await p.getByTestId('balance').waitFor();
      const bg = () => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const lightBg = await bg();
      const button = p.getByTestId('theme-switch');
      expect(await button.getAttribute('aria-haspopup')).toBe('menu');
      expect(await button.textContent()).toBe('System');

      // One pick from the menu to dark.
      await button.click();
      const menu = p.getByTestId('theme-menu');
      await menu.waitFor();
      expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual(['Light', 'Dark', 'System']);
      expect(await p.getByTestId('theme-system').getAttribute('aria-checked')).toBe('true');
      await expectAccessible(p, ['[data-testid="app-header"]']);
      await screenshot(p, 'lang-theme-menu-en-light');
      await p.getByTestId('theme-dark').click();
      await menu.waitFor({ state: 'detached' });
      await p.locator('[data-testid="theme-switch"][data-mode="dark"]').waitFor();
      await p.waitForFunction((light) => getComputedStyle(document.body).backgroundColor !== light, lightBg);
      expect(await button.textContent()).toBe('Dark');

      // Keyboard: open with Enter, the current choice has focus, arrows move, Enter picks, Escape closes. Focus moves
      // in the render after the key (polled: read at once, it can still be on the item before).
      const focused = () => p.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      await button.focus();
      await p.keyboard.press('Enter');
      await menu.waitFor();
      await expect.poll(focused).toBe('theme-dark');
      await p.keyboard.press('ArrowUp');
      await expect.poll(focused).toBe('theme-light');
      // The pointer still rests where it picked dark, now over the open menu: the browser sends that item an enter
      // event of its own (on layout, not on a move). It must not take the choice from the keys.
      await p.getByTestId('theme-dark').dispatchEvent('mouseover');
      await p.evaluate(() => new Promise(requestAnimationFrame));
      expect(await focused()).toBe('theme-light');
      await p.keyboard.press('Enter');
      await menu.waitFor({ state: 'detached' });
      await p.locator('[data-testid="theme-switch"][data-mode="light"]').waitFor();
      await expect.poll(focused).toBe('theme-switch');
      await p.keyboard.press('ArrowDown');
      await menu.waitFor();
      await p.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await p.evaluate(() => localStorage.getItem('themeMode'))).toBe('light');

      // A click elsewhere closes it without a change.
      await button.click();
      await menu.waitFor();
      await p.getByTestId('balance').click();
      await menu.waitFor({ state: 'detached' });
      expect(await button.getAttribute('data-mode')).toBe('light');
    } finally {
      await p.context().close();
    }
  });

  it('photographs the changed screens at 1280 and 1440 in zh/en × light/dark', async () => {
    const screens = [
      { name: 'sign-in', path: '/sign-in', ready: 'login-type', signedOut: true },
      { name: 'sign-up', path: '/sign-up', ready: 'register-type', signedOut: true },
      { name: 'purchase', path: '/ssl/certificates', ready: 'term-1' },
      { name: 'products', path: '/ssl/products', ready: `prices-${product.no}` },
      { name: 'orders', path: '/orders/list', ready: 'order-cn' },
      { name: 'order-details', path: `/ssl/certificate/${orderNo}`, ready: 'order-title' },
      { name: 'contacts', path: '/orders/contact', ready: 'search-lastname' },
    ];
    for (const size of sizes) {
      for (const lang of ['zh', 'en'] as const) {
        for (const theme of themesFor(lang)) {
          const p = await signedIn(lang, theme, size);
          const out = await stack.newPage({ lang, theme });
          await out.setViewportSize(size);
          for (const s of screens) {
            const page = s.signedOut ? out : p;
            await page.goto(s.path);
            await page.getByTestId(s.ready).first().waitFor();
            await page.locator('.ant-spin-spinning, .ant-skeleton').first().waitFor({ state: 'detached' }).catch(() => undefined);
            await screenshot(page, `lang-${s.name}-${size.width}-${lang}-${theme}`);
          }
          await p.context().close();
          await out.context().close();
        }
      }
    }
  });
});
