// Issue 6: the certificate tools in Chromium, on the built console served by the real server: RSA-2048 and
// P-256 key + CSR generation (gen-csr, with the longest main-thread task while it runs), parsing a
// 3-certificate chain (parse-cert), building a PFX (convert-cert). Each figure: median of 5 runs, each on a
// freshly loaded page (code cached), timed in the page from the click to the rendered result.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, startServer } from '../lib.ts';

declare global {
  interface Window {
    /** Long main-thread tasks seen by the PerformanceObserver the bench injects (start and duration, ms). */
    __benchLongTasks?: { start: number; duration: number }[];
  }
}

export interface Timed {
  /** Click to rendered result. */
  ms: number;
  /** The longest main-thread task between the click and the result (0 when none passed 50 ms). */
  longestTaskMs: number;
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** A browser context signed in with `token` (put where the console keeps it) that records long tasks on every page. */
export async function signedInContext(browser: Browser, baseURL: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 }, locale: 'zh-CN' });
  await context.addInitScript((t: string) => {
    localStorage.setItem('token', t);
    localStorage.setItem('lang', 'zh');
    const seen: { start: number; duration: number }[] = [];
    window.__benchLongTasks = seen;
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no long-task timing in this browser: the figure reads 0
    }
  }, token);
  return context;
}

/** Opens a tool page and waits until it is ready. */
async function openTool(context: BrowserContext, tool: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/certhub/tools/${tool}`);
  await page.getByTestId('tool-notice').waitFor();
  return page;
}

/**
 * Clicks `[data-testid=submit]` inside the page and waits (MutationObserver) until `[data-testid=result]`
 * holds `marker`; answers the time between and the longest main-thread task in that span.
 */
export async function timeClick(page: Page, submit: string, result: string, marker: string): Promise<Timed> {
  // No named functions inside: tsx (esbuild keepNames) would wrap them in a helper the page does not have.
  return page.evaluate(
    async ({ submit, result, marker }) => {
      const selector = `[data-testid="${result}"]`;
      const button = document.querySelector<HTMLElement>(`[data-testid="${submit}"]`);
      if (!button) throw new Error(`no ${submit}`);
      const t0 = performance.now();
      button.click();
      await new Promise<void>((resolve) => {
        const obs = new MutationObserver(() => {
          if (!document.querySelector(selector)?.textContent?.includes(marker)) return;
          obs.disconnect();
          resolve();
        });
        obs.observe(document.body, { subtree: true, childList: true, characterData: true });
        if (document.querySelector(selector)?.textContent?.includes(marker)) {
          obs.disconnect();
          resolve();
        }
      });
      const t1 = performance.now();
      // Long-task entries are delivered after the task: two frames later they are in.
      await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
      const tasks = (window.__benchLongTasks ?? []).filter((e) => e.start + e.duration >= t0 && e.start <= t1);
      return { ms: t1 - t0, longestTaskMs: Math.max(0, ...tasks.map((e) => e.duration)) };
    },
    { submit, result, marker },
  );
}

/** `runs` times: a fresh page of `tool`, `prepare` fills it in, then one timed click. */
async function repeat(context: BrowserContext, tool: string, runs: number, prepare: (page: Page) => Promise<void>, submit: string, result: string, marker: string): Promise<Timed[]> {
  const out: Timed[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await openTool(context, tool);
    await prepare(page);
    out.push(await timeClick(page, submit, result, marker));
    await page.close();
  }
  return out;
}

const summary = (title: string, xs: readonly Timed[]) =>
  `${title}: median ${median(xs.map((x) => x.ms)).toFixed(0)} ms (runs: ${xs.map((x) => x.ms.toFixed(0)).join(', ')} ms); longest main-thread task ${Math.max(...xs.map((x) => x.longestTaskMs)).toFixed(0)} ms`;

/** RSA-2048 and P-256 key + CSR generation on /certhub/tools/gen-csr (the key is made in a Web Worker). */
export async function benchKeyGeneration(context: BrowserContext, runs = 5): Promise<{ rsa: Timed[]; ec: Timed[] }> {
  const fill = (alg: 'rsa' | 'ec') => async (page: Page) => {
    if (alg === 'ec') await page.getByTestId('gen-csr-form').getByText('ECDSA', { exact: true }).click();
    await page.getByLabel(/^域名/).fill('www.example.test');
  };
  const rsa = await repeat(context, 'gen-csr', runs, fill('rsa'), 'gen-csr-submit', 'csr-output', 'BEGIN CERTIFICATE REQUEST');
  console.log(summary('RSA-2048 key + CSR (gen-csr, Chromium)', rsa));
  const ec = await repeat(context, 'gen-csr', runs, fill('ec'), 'gen-csr-submit', 'csr-output', 'BEGIN CERTIFICATE REQUEST');
  console.log(summary('P-256 key + CSR (gen-csr, Chromium)', ec));
  return { rsa, ec };
}

/** A root, an intermediate and a leaf (RSA 2048 with its key) made by openssl in a folder of its own. */
function makeChain(): { dir: string; chain: string; leaf: string; intermediate: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-bench-pki-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  writeFileSync(path.join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  writeFileSync(path.join(dir, 'leaf.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:www.example.test,DNS:example.test\n');
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'root.key', '-out', 'root.pem', '-days', '3650', '-subj', '/C=CN/O=Bench Root/CN=Bench Root CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'int.key', '-out', 'int.csr', '-subj', '/C=CN/O=Bench CA/CN=Bench Intermediate CA');
  openssl('x509', '-req', '-in', 'int.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-out', 'int.pem', '-days', '1825', '-extfile', 'ca.ext');
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'leaf.key');
  openssl('req', '-new', '-key', 'leaf.key', '-out', 'leaf.csr', '-subj', '/C=CN/O=Bench Shop/CN=www.example.test');
  openssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'int.pem', '-CAkey', 'int.key', '-CAcreateserial', '-out', 'leaf.pem', '-days', '397', '-extfile', 'leaf.ext');
  const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
  return { dir, leaf: read('leaf.pem'), intermediate: read('int.pem'), chain: read('leaf.pem') + read('int.pem') + read('root.pem'), key: read('leaf.key') };
}

export async function run() {
  const server = await startServer({ CAPTCHA: 'off' });
  const pki = makeChain();
  const browser = await launchChromium();
  try {
    const token = await server.signIn();
    const context = await signedInContext(browser, server.url, token);
    console.log('# Tools in Chromium (built console, 5 runs each, fresh page per run, click to rendered result)');
    await benchKeyGeneration(context);

    const parse = await repeat(
      context,
      'parse-cert',
      5,
      async (page) => {
        await page.getByTestId('cert-input').locator('textarea').fill(pki.chain);
      },
      'parse-submit',
      'parse-result',
      'Bench Root CA',
    );
    console.log(summary('parse-cert, 3-certificate chain (leaf RSA-2048, intermediate and root P-256)', parse));

    const pfx = await repeat(
      context,
      'convert-cert',
      5,
      async (page) => {
        await page.getByTestId('cert-input').locator('textarea').fill(pki.leaf + pki.intermediate);
        await page.getByTestId('target').getByText('PFX / P12').click();
        await page.getByTestId('pfx-password').fill('bench-Pass-1');
        await page.getByTestId('key-input').locator('textarea').fill(pki.key);
      },
      'convert-submit',
      'convert-result',
      'certificate.pfx',
    );
    console.log(summary('convert-cert, PFX of leaf + intermediate + RSA-2048 key', pfx));
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(pki.dir, { recursive: true, force: true });
  }
}
