import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './lib.ts';
const server = await startServer({ CAPTCHA: 'off', DATABASE_URL: '' });
const token = await server.signIn();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const page_ of ['/dashboard', '/orders/list']) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  await page.goto(server.url + '/healthz');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(server.url + page_);
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(`/tmp/web${page_.replace(/\//g, '-')}.cpuprofile`, JSON.stringify(profile));
  await page.screenshot({ path: `/tmp/web${page_.replace(/\//g, '-')}.png` });
  await ctx.close();
}
await browser.close();
await server.stop();
