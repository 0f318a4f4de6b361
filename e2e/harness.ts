import { createDb } from '@cc/db/client';
/**
 * The e2e stack: the real server (built in this process, listening on a free port, serving the built
 * console from apps/web/dist) on a fresh database, and Debian's Chromium through playwright-core.
 *
 * The server runs in-process rather than as a child so that the slider check can be solved the way the
 * server's own API tests do (apps/server/test/session-helpers.ts): the test reads the puzzle's answer
 * from its database row, then DRAGS the handle with the mouse to that offset like a person who sees
 * the gap. That is the one test-only shortcut; everything else goes through the browser and HTTP.
 *
 * Nothing is built here: `npm test` runs `npm run build` first. With DATABASE_URL set the stack runs on
 * a fresh schema of that PostgreSQL server (dropped at the end); otherwise on embedded PGlite.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort, noWorldResolver } from '../apps/server/test/dns-helpers.ts';
import { humanTrack } from '../packages/domain/test/human-drag.ts';
import { openDatabase } from '../apps/server/src/start.ts';
import { buildApp, type App } from '../apps/server/src/app.ts';

/** The console build served: apps/web/dist, or E2E_WEB_DIST (a private build nobody else rebuilds mid-run). */
export const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
export const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

export interface Stack {
  baseUrl: string;
  app: App;
  browser: Browser;
  /** Content-Security-Policy violations reported by any page of the stack so far: the console must run under its policy. */
  cspViolations: string[];
  /** A fresh browser context (own storage) with the console's preferences preset. */
  /** timezoneId and viewport default to the machine's zone and 1280×860. */
  /** `motion`: the system allows motion (the default here asks for less, see newPage). */
  newPage(opts?: { lang?: 'zh' | 'en'; theme?: 'light' | 'dark' | 'system'; token?: string; timezoneId?: string; viewport?: { width: number; height: number }; motion?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/** `env` adds or overrides server settings (test-only switches, a fake upstream's address, another WEB_DIST). */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dist = env.WEB_DIST ?? webDist;
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`No built console in ${dist}: run \`npm run build\` first.`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-'));
  const schema = process.env.DATABASE_URL ? `e2e_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA: 'on',
    HOST: '127.0.0.1',
    // A real port from the start, so the addresses the server writes (ACME directory, links) name the one it listens on.
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DATABASE_URL: process.env.DATABASE_URL,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    // outboxCode() reads sign-up codes there.
    DEV_OUTBOX: 'on',
    // No load shedding: a busy CI machine would answer a person's click with 503 (test/pressure.test.ts tests shedding).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Lookups (CAA, DCV, scans) stay on loopback unless the test brings a DNS of its own.
    DNS_RESOLVER: await noWorldResolver(),
    ...env,
  });
  const db = await openDatabase(config, { inMemory: true });
  const app = await buildApp({ config, db });
  await app.listen({ host: config.HOST, port: config.PORT });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];

  return {
    baseUrl,
    app,
    browser,
    cspViolations,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: opts.viewport ?? { width: 1280, height: 860 },
        locale: 'zh-CN',
        colorScheme: 'light',
        // The console honours the system's "less motion" (app/providers.tsx): dialogs and menus open at once, so a click
        // never lands on a button still zooming in (two CI runs lost a step that way). console.test.ts opens one with motion.
        reducedMotion: opts.motion ? 'no-preference' : 'reduce',
        ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
      });
      contexts.push(context);
      const prefs = { lang: opts.lang, themeMode: opts.theme, token: opts.token };
      await context.addInitScript((p: Record<string, string | undefined>) => {
        // Only on the first document of the context: later navigations keep what the page changed.
        if (sessionStorage.getItem('e2e-prefs')) return;
        sessionStorage.setItem('e2e-prefs', '1');
        for (const [k, v] of Object.entries(p)) if (v) localStorage.setItem(k, v);
      }, prefs);
      // The page's own report of what its policy blocked, besides the browser's "Refused to ..." console lines.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`[csp violation] ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`),
        );
      });
      const page = await context.newPage();
      // Surface what breaks in the page next to the failing step.
      page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') console.error(`[console error] ${m.text()}`);
        if (/Content Security Policy|\[csp violation\]/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
      });
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      // The app first (its job worker stops), then the schema, through a connection of its own.
      await app.close();
      if (schema && process.env.DATABASE_URL) {
        const admin = await createDb({ url: process.env.DATABASE_URL });
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The answer of a slider puzzle (left edge of the piece), read from its row: see the file comment. */
export async function captchaAnswer(app: App, captchaId: string): Promise<number> {
  const [row] = await app.db.query<{ x: number }>(`SELECT x FROM captchas WHERE id = $1`, [captchaId]);
  if (!row) throw new Error(`no captcha ${captchaId}`);
  return Number(row.x);
}

/** The newest 6-digit code sent to an address, through the development outbox (GET /dev/outbox). */
export async function outboxCode(baseUrl: string, to: string): Promise<string> {
  const r = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await r.json()) as { data: { body: string; subject: string }[] };
  const code = body.data[0] && `${body.data[0].subject} ${body.data[0].body}`.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${to}: ${JSON.stringify(body)}`);
  return code;
}

/** A fresh P-256 certificate request for one name, made by openssl; its key goes to `keyFile` (or nowhere). */
export function opensslCsr(commonName: string, keyFile = '/dev/null'): string {
  return execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', keyFile, '-subj', `/CN=${commonName}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/**
 * Signs up an e-mail account through the API, the code read from the outbox (the console's own sign-up is the
 * shell test's journey); answers the session token.
 */
export async function signUpThroughApi(baseUrl: string, email: string, password: string): Promise<string> {
  const sent = await fetch(`${baseUrl}/signupCode?email=${encodeURIComponent(email)}`);
  const answer = (await sent.json()) as { code: number; msg: string };
  if (answer.code !== 200) throw new Error(`signupCode failed: ${answer.msg}`);
  const code = await outboxCode(baseUrl, email);
  const r = await fetch(`${baseUrl}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: createHash('sha256').update(password).digest('hex'), code }),
  });
  const token = r.headers.get('authorization');
  if (!token) throw new Error(`signup failed: ${await r.text()}`);
  return token;
}

/**
 * Drags the slider handle by `dx` pixels with the mouse as a hand does (packages/domain/test/human-drag.ts): fast at
 * first, slowing to aim, wavering a pixel or two, about a second in all. The pauses between moves are the drag's
 * timing, which the server judges: a drag made at once is refused as a program's.
 */
export async function dragSlider(page: Page, dx: number) {
  const handle = page.getByTestId('captcha-handle');
  const box = await handle.boundingBox();
  if (!box) throw new Error('slider handle not visible');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  const started = Date.now();
  for (const [px, py, t] of humanTrack(dx).slice(1)) {
    const wait = started + t - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await page.mouse.move(x0 + px, y + py);
  }
  await page.mouse.up();
}

/**
 * A captcha token for signing in as `username` through the API (a second session, a check of the sign-in's answer):
 * the puzzle's answer read from its row and sent with a hand's drag, as the sign-in tests' person would.
 */
export async function captchaToken(stack: { baseUrl: string; app: App }, username: string): Promise<string> {
  const c = (await (await fetch(`${stack.baseUrl}/captcha?username=${encodeURIComponent(username)}`)).json()) as { data: { captchaId: string } };
  const x = await captchaAnswer(stack.app, c.data.captchaId);
  const v = await fetch(`${stack.baseUrl}/captcha/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ captchaId: c.data.captchaId, x, track: humanTrack(x) }),
  });
  const body = (await v.json()) as { data?: { captchaToken: string } };
  if (!body.data?.captchaToken) throw new Error(`captcha verify failed: ${JSON.stringify(body)}`);
  return body.data.captchaToken;
}

/** Waits for a new puzzle (one whose id differs from `previous`) and answers its id. */
export async function waitForPuzzle(page: Page, previous = ''): Promise<string> {
  const el = page.locator(`[data-testid="slider-captcha"][data-state="ready"]:not([data-captcha-id="${previous}"])`);
  await el.waitFor({ state: 'visible' });
  await page.getByTestId('captcha-piece').waitFor({ state: 'visible' });
  return (await el.getAttribute('data-captcha-id')) ?? '';
}

/** A full-page capture once motion has ended (a dialog zooming in, a fade; spinners run forever and do not count). */
export async function screenshot(page: Page, name: string) {
  await animationsDone(page);
  mkdirSync(screenshotDir, { recursive: true });
  // A full-page capture of a scrolled page draws the sticky header mid-page: capture from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * The themes each language's screens are rendered and photographed in. By default zh in light and en in dark, so
 * every run covers both languages and both themes at half the cost; E2E_SCREENSHOTS=all renders the whole matrix.
 */
export function themesFor(lang: 'zh' | 'en'): readonly ('light' | 'dark')[] {
  if (process.env.E2E_SCREENSHOTS === 'all') return ['light', 'dark'];
  return lang === 'zh' ? ['light'] : ['dark'];
}

/**
 * The languages and themes a screen is photographed and checked in, for it.each: by default zh light and en dark (both
 * languages, both themes, half the cost; a11y.test.ts checks every screen in all four), and the whole matrix with
 * E2E_SCREENSHOTS=all.
 */
export const looks = (['zh', 'en'] as const).flatMap((lang) => themesFor(lang).map((theme) => ({ lang, theme })));

export type { Envelope } from '@cc/contracts/envelope';

/** Calls the API as the console does (both token headers) and unwraps the envelope; anything but code 200 throws. */
export function apiClient(baseUrl: () => string, token: () => string) {
  return async function api<T>(method: 'GET' | 'POST', p: string, body?: object): Promise<T> {
    const t = token();
    const r = await fetch(`${baseUrl()}${p}`, {
      method,
      headers: { ...(t ? { token: t, authorization: t } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const env = (await r.json()) as { code: number; data: T; msg: string };
    if (env.code !== 200) throw new Error(`${method} ${p}: ${env.code} ${env.msg}`);
    return env.data;
  };
}

type Api = ReturnType<typeof apiClient>;
let orderSeq = 0;

/** One order of `productNo` waiting for payment (1001), through POST /v1/orders/certificate/{productNo}; its name is new in the run. */
export async function createPendingOrder(api: Api, productNo: string, label: string): Promise<string> {
  const commonName = `${label}-${Date.now().toString(36)}-${orderSeq++}.example.org`;
  const orderNo = await api<string>('POST', `/v1/orders/certificate/${productNo}`, { year: 1, csr: opensslCsr(commonName), commonName, dcvMethod: 'dns' });
  return String(orderNo).split(',')[0]!;
}

export const orderStatusOf = async (api: Api, orderNo: string) => (await api<{ orderStatus: number }>('GET', `/v1/orders/status/${orderNo}`)).orderStatus;

/** Waits until no finite animation runs (a dialog zooming in, a fade): colours mid-fade fail contrast, clicks mid-zoom can miss. */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/**
 * Signs out from the header's user menu as a person would: opens the menu, waits for it to stand still, picks
 * "sign out", and waits for the sign-out call and then the sign-in page. Each wait names what did not happen.
 */
export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  const item = page.getByTestId('logout');
  await item.waitFor();
  await animationsDone(page);
  // Together: a click that fails still leaves the request's wait handled.
  await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/logout', { timeout: 15_000 }).catch((e: unknown) => {
      throw new Error(`the user menu's sign-out sent no /v1/logout (at ${page.url()}): ${String(e)}`);
    }),
    item.click(),
  ]);
  await page.waitForURL(/\/sign-in/);
  await page.getByTestId('sign-in-page').waitFor();
}

/**
 * The serious and critical axe-core violations in the page, or in the parts given, one line each naming the page, the
 * rule and the elements, so a failure says what to fix. In legacy mode axe-core gathers its results inside the page:
 * otherwise @axe-core/playwright opens a blank page for every check to gather them in, and a check took 0.95 s instead
 * of 0.35 s (that mode exists for cross-origin frames, and the console has no frames).
 */
export async function seriousViolations(page: Page, within: string | readonly string[] = []): Promise<string[]> {
  // Only the violations come back: collecting the passes and incomplete checks doubles each check's time.
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const part of typeof within === 'string' ? [within] : within) axe = axe.include(part);
  const { violations } = await axe.analyze();
  const where = new URL(page.url());
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where.pathname}${where.search} ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')})`);
}

/** No serious or critical axe-core violation in the page, or in the parts given (the controls a change made). */
export async function expectAccessible(page: Page, within: string | readonly string[] = []) {
  await animationsDone(page);
  expect(await seriousViolations(page, within)).toEqual([]);
}
