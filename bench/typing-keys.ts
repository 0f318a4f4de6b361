// Where each key goes when typing in the order screen's domain box: every input event's Event Timing (input delay,
// handlers, and presentation: from the handlers' end to the frame that showed the key), with the calls the page made
// meanwhile. The typing bench (sections/typing.ts) prints only the slowest key; this lists them all, to see a
// presentation stall (keys that wait for one late frame, their durations falling by the typing interval).
// A diagnostic, not a figure with an aim.
// Usage: npx tsx bench/typing-keys.ts [batch|single]
//   LINES=n          names in the box before typing (default 500)
//   ROUNDS=n         page loads (default 1)
//   HOLD=regex       calls whose URL matches are never answered (page.route), to see what an answer changes
//   TRACE=file       a Chromium trace of the first round's typing (compositor and display categories) into file
import { writeFileSync } from 'node:fs';
import { launchChromium, startServer } from './lib.ts';
import { signedInContext } from './sections/tools.ts';
import { keyDelayMs, openOrderScreen, typed } from './sections/typing.ts';

const mode = process.argv[2] === 'single' ? 'single' : 'batch';
const box = mode === 'batch' ? 'batch-domains' : 'extra-domains';
const names = Array.from({ length: Number(process.env.LINES ?? 500) }, (_, i) => `k${i}.typing.example.com`);
// As a batch is usually pasted: one order per name, a blank line between.
const text = names.join(mode === 'batch' ? '\n\n' : '\n');
const rounds = Number(process.env.ROUNDS ?? 1);

interface KeyTiming {
  name: string;
  start: number;
  duration: number;
  delay: number;
  handlers: number;
  presentation: number;
}

declare global {
  interface Window {
    __keyTimings?: KeyTiming[];
  }
}

const server = await startServer({ CAPTCHA: 'off' });
const browser = await launchChromium();
try {
  const token = await server.signIn();
  const context = await signedInContext(browser, server.url, token);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(() => {
    const seen: KeyTiming[] = [];
    window.__keyTimings = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (e.name !== 'input') continue;
        // No named helper in here: tsx would wrap it in a __name() call the page does not have.
        seen.push({
          name: e.name,
          start: Math.round(e.startTime),
          duration: e.duration,
          delay: Math.round(e.processingStart - e.startTime),
          handlers: Math.round(e.processingEnd - e.processingStart),
          presentation: Math.round(e.startTime + e.duration - e.processingEnd),
        });
      }
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  for (let round = 0; round < rounds; round++) {
    const page = await openOrderScreen(context, mode);
    const input = page.getByTestId(box);
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await input.focus();
    await page.keyboard.press('Control+V');
    await page.waitForFunction((n) => document.querySelector<HTMLTextAreaElement>(`[data-testid="${n.box}"]`)?.value.length === n.length, { box, length: text.length });
    // The paste's own renders and the price it asks for are over before the first key.
    await page.waitForLoadState('networkidle');
    await input.focus();
    await page.keyboard.press('Control+End');
    if (process.env.HOLD) await page.route(new RegExp(process.env.HOLD), () => undefined);
    const from = await page.evaluate(() => performance.now());
    const t0 = Date.now();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/assets/')) calls.push(`${String(Date.now() - t0).padStart(5)} ms  ${r.method()} ${new URL(r.url()).pathname}`);
    });
    if (round === 0 && process.env.TRACE) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'cc', 'viz', 'benchmark', 'toplevel'] });
    }
    await page.keyboard.type(typed, { delay: keyDelayMs });
    await page.waitForLoadState('networkidle');
    if (round === 0 && process.env.TRACE) writeFileSync(process.env.TRACE, await browser.stopTracing());
    const keys = await page.evaluate((f) => (window.__keyTimings ?? []).filter((k) => k.start >= f), from);
    console.log(`# round ${round + 1}: ${keys.length} of ${typed.length} keys took 16 ms or more to show (${mode}, ${names.length} names in the box)`);
    for (const k of keys) {
      console.log(`${String(Math.round(k.start - from)).padStart(5)} ms  key shown after ${String(k.duration).padStart(4)} ms (waited ${k.delay}, handlers ${k.handlers}, presentation ${k.presentation})`);
    }
    console.log('# calls the page made meanwhile');
    console.log(calls.join('\n') || '(none)');
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
