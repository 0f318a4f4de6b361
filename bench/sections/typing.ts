// Issue 11: typing in the order screen's domain box holding 500 lines must not block the main thread for more
// than 50 ms at a time. In Chromium on the built console served by the real server: 500 lines are pasted into the
// box (its longest task is printed too), then characters are typed at its end at a brisk typist's pace; every
// main-thread task over 50 ms from the first key until the screen has settled (price preview included) is recorded
// with PerformanceObserver('longtask'), and the slowest key-to-paint of an input event with the Event Timing API.
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, startServer } from '../lib.ts';
import { signedInContext } from './tools.ts';

declare global {
  interface Window {
    /** Input events the page handled (Event Timing API): name and duration from the key to the next paint, ms. */
    __benchEvents?: { name: string; start: number; duration: number }[];
  }
}

const limitMs = 50;
/** Characters typed per run, and the pause between two keys (a brisk typist: about 12 keys a second). */
export const typed = '\nnew-name-typed.example.com';
export const keyDelayMs = 80;
/** After the last key: the debounced work (price preview after 500 ms) runs within this. */
const settleMs = 2000;

interface Scenario {
  title: string;
  mode: 'single' | 'batch';
  box: string;
  text: string;
}

const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}.typing.example.com`);
const scenarios: Scenario[] = [
  // 500 lines, one name each, as one order per line: how a batch of names is usually pasted (blank lines between).
  { title: 'batch box, 500 orders of one name (blank line between)', mode: 'batch', box: 'batch-domains', text: names(500, 'b').join('\n\n') },
  { title: 'batch box, 500 lines in 100 orders of 5 names', mode: 'batch', box: 'batch-domains', text: names(500, 'g').map((n, i) => (i % 5 === 4 ? `${n}\n` : n)).join('\n') },
  { title: 'single order, 500 lines in the other names box', mode: 'single', box: 'extra-domains', text: names(500, 's').join('\n') },
];

/** The order screen with a product that has room for several names, in the given mode. */
export async function openOrderScreen(context: BrowserContext, mode: 'single' | 'batch'): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/ssl/certificates');
  await page.getByTestId('purchase-form').waitFor();
  // A product with room for several names (the other names box shows only for those).
  if (await page.getByTestId('brand-globalsign').count()) await page.getByTestId('brand-globalsign').click();
  else {
    await page.getByTestId('more-brands').click();
    await page.locator('.ant-select-item-option', { hasText: /globalsign/i }).first().click();
  }
  await page.getByTestId('cert-type-DV').click();
  await page.getByTestId('product-GS-DV-SSL').click();
  await page.getByTestId(`tab-${mode}`).click();
  await page.locator(`[data-testid="purchase-page"][data-mode="${mode}"]`).waitFor();
  return page;
}

interface Figures {
  longest: number;
  over: number;
  /** The slowest input event, key to next paint. */
  slowestEvent: number;
  fillLongest: number;
}

async function measure(context: BrowserContext, s: Scenario): Promise<Figures> {
  const page = await openOrderScreen(context, s.mode);
  try {
    const box = page.getByTestId(s.box);
    // Pasted, as a user puts 500 names in (Ctrl+V; Playwright's fill types the text in by the editing command instead).
    await page.evaluate((text) => navigator.clipboard.writeText(text), s.text);
    await box.focus();
    await page.keyboard.press('Control+V');
    await page.waitForTimeout(settleMs);
    if ((await box.inputValue()) !== s.text) throw new Error('the paste did not land in the box whole');
    const fillLongest = await page.evaluate(() => Math.max(0, ...(window.__benchLongTasks ?? []).map((t) => t.duration)));
    await box.focus();
    await page.keyboard.press('Control+End');
    const t0 = await page.evaluate(() => performance.now());
    await page.keyboard.type(typed, { delay: keyDelayMs });
    await page.waitForTimeout(settleMs);
    // The box holds what was typed (nothing lost to a slow render).
    const value = await box.inputValue();
    if (!value.endsWith(typed)) throw new Error(`the box lost keys: ends with ${JSON.stringify(value.slice(-40))}`);
    return await page.evaluate(
      ({ from }) => {
        const tasks = (window.__benchLongTasks ?? []).filter((t) => t.start >= from);
        const events = (window.__benchEvents ?? []).filter((e) => e.start >= from);
        return {
          longest: Math.max(0, ...tasks.map((t) => t.duration)),
          over: tasks.filter((t) => t.duration > 50).length,
          slowestEvent: Math.max(0, ...events.map((e) => e.duration)),
          fillLongest: 0,
        };
      },
      { from: t0 },
    ).then((f) => ({ ...f, fillLongest }));
  } finally {
    await page.close();
  }
}

export async function run() {
  const server = await startServer({ CAPTCHA: 'off' });
  const browser = await launchChromium();
  try {
    const token = await server.signIn();
    const context = await signedInContext(browser, server.url, token);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.addInitScript(() => {
      const seen: { name: string; start: number; duration: number }[] = [];
      window.__benchEvents = seen;
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) seen.push({ name: e.name, start: e.startTime, duration: e.duration });
        }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
      } catch {
        // no Event Timing in this browser: the figure reads 0
      }
    });
    // Warm the code cache and the server's first answers once, unmeasured.
    await (await openOrderScreen(context, 'batch')).close();
    console.log(`# Typing ${typed.length} keys (${keyDelayMs} ms apart) at the end of the order screen's domain box holding 500 lines; tasks counted from the first key until ${settleMs} ms after the last`);
    let pass = true;
    for (const s of scenarios) {
      const runs: Figures[] = [];
      for (let i = 0; i < 3; i++) runs.push(await measure(context, s));
      const worst = runs.reduce((a, b) => (b.longest > a.longest ? b : a));
      const ok = runs.every((r) => r.over === 0);
      pass &&= ok;
      console.log(
        `${s.title}: longest task ${runs.map((r) => r.longest.toFixed(0)).join('/')} ms, tasks over ${limitMs} ms ${runs.map((r) => r.over).join('/')}, slowest key to paint ${worst.slowestEvent.toFixed(0)} ms (3 runs; the paste itself: longest ${Math.max(...runs.map((r) => r.fillLongest)).toFixed(0)} ms) — ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(`typing with 500 lines, no main-thread task over ${limitMs} ms: ${pass ? 'PASS' : 'FAIL'}`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
