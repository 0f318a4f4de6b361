// Issue 11: Lighthouse performance and accessibility of the console's main screens, desktop and mobile presets,
// median of 5 runs each, against Debian's Chromium. Aims: performance ≥ 98 desktop, ≥ 90 mobile; accessibility ≥ 98.
// The server answers HTTPS over HTTP/2, as the console is served to its users (TLS_CERT_FILE, TLS_KEY_FILE; here a
// certificate made for the run, which the browser is told to accept). LIGHTHOUSE_HTTP1=1 measures plain HTTP/1.1
// instead (npm start on localhost), where a browser's 6 connections queue the console's ~100 files.
// Each run gets a fresh browser (a cold cache, as a first visit); signed-in screens get the session the console keeps
// (the token in localStorage) before Lighthouse loads them, and Lighthouse is told not to wipe it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { root, startServer } from '../lib.ts';

const http1 = process.env.LIGHTHOUSE_HTTP1 === '1';
const chromeFlags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // The run's own certificate (below): loopback only.
  ...(http1 ? [] : ['--ignore-certificate-errors']),
];

/** A certificate for 127.0.0.1, made for this run with openssl: the files the server is given. */
function runCertificate(): { TLS_CERT_FILE: string; TLS_KEY_FILE: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-lighthouse-tls-'));
  const files = { TLS_CERT_FILE: path.join(dir, 'cert.pem'), TLS_KEY_FILE: path.join(dir, 'key.pem') };
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', files.TLS_KEY_FILE, '-out', files.TLS_CERT_FILE,
    '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return files;
}

const pages = [
  { name: 'sign-in', path: '/sign-in', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'order screen', path: '/ssl/certificates', signedIn: true },
  { name: 'orders list', path: '/orders/list', signedIn: true },
] as const;

const presets: { name: 'desktop' | 'mobile'; config?: Config; aim: number }[] = [
  { name: 'desktop', config: desktopConfig, aim: 98 },
  // Lighthouse's default configuration is the mobile one (Moto G power, slow 4G, 4× CPU slowdown).
  { name: 'mobile', config: undefined, aim: 90 },
];
const accessibilityAim = 98;
/**
 * LIGHTHOUSE_RUNS=n runs each page n times (the median counts); 0 prints only the bytes, without a browser. Five by
 * default, as Lighthouse's variability guide advises: on this 2-core host a single run now and then lands 5 points
 * low (most likely when other work shares the cores), and the median of three moves with one such run.
 */
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** LIGHTHOUSE_REPORTS=dir keeps each run's full report (JSON) there, to see which audits cost the points. */
const reportDir = process.env.LIGHTHOUSE_REPORTS;
/** LIGHTHOUSE_PAGES=word,word measures only the pages whose name contains one of the words. */
const pageFilter = process.env.LIGHTHOUSE_PAGES?.split(',');
/** LIGHTHOUSE_PRESETS=mobile measures only that preset. */
const presetFilter = process.env.LIGHTHOUSE_PRESETS?.split(',');

/**
 * The mobile preset slows the CPU 4× whatever the host. Lighthouse's throttling guide says that moves a high-end
 * desktop (machine index 1,500–2,000) into the mid-tier mobile range, and Lighthouse adds a warning to its report
 * (core/gather/driver/environment.js) when the index is 1,000 or below: the score then says as much about the host as
 * about the page, and the guide advises calibrating the multiplier. On such a host the mobile preset also runs with
 * the multiplier that lands where 4× lands from the middle of the high-end desktop range (index 1,750 / 4), printed on
 * a line of its own. The aim is judged on the default 4× line; the calibrated line says what a reference host would see.
 */
const slowHostIndex = 1000;
const referenceTargetIndex = 1750 / 4;
const calibratedMultiplier = (index: number) => Math.min(4, Math.max(1, index / referenceTargetIndex));

interface Figures {
  performance: number;
  accessibility: number;
  tbt: number;
  lcp: number;
  /** Lighthouse's measure of the machine's speed (higher is faster): low figures mean a loaded machine. */
  benchmarkIndex: number;
  failed: string[];
  /** The protocol the page itself came over (h2, http/1.1). */
  protocol: string;
}

/** One Lighthouse run in a browser of its own; `token` is stored first, as the console's sign-in does. */
async function measure(url: string, token: string | undefined, config: Config | undefined, reportName: string, cpuSlowdownMultiplier?: number): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags, ignoreDefaultFlags: true });
  try {
    if (token) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      // A same-origin answer that is not the console: the token is in place before the console's first load.
      await page.goto(new URL('/healthz', url).href);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.close();
      await browser.close();
    }
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true,
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}) };
    const result = await lighthouse(url, flags, config);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const failed = lhr.categories.accessibility?.auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
      .map((r) => r.id) ?? [];
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failed,
      protocol: (lhr.audits['network-requests']?.details as { items?: { protocol?: string }[] } | undefined)?.items?.[0]?.protocol ?? '?',
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

// WEB_DIST=/absolute/dir measures another build (the server serves it too): an A/B of two builds on the same machine.
const dist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');

/** The files a page of the built console names before it paints: the entry's, and its route's (all the entry's with no path). */
function firstFiles(): { entry: string[]; routes: { path: string; files: string[] }[] } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const routes = (JSON.parse(readFileSync(path.join(dist, 'route-preloads.json'), 'utf8')) as { routes: { path: string; scripts: string[]; styles: string[] }[] }).routes;
  return { entry, routes: routes.map((r) => ({ path: r.path, files: [...new Set([...entry, ...r.scripts, ...r.styles])] })) };
}

/**
 * What each measured page names before it paints (the entry's files in index.html, the route's in the build's
 * route-preloads.json, as the server lists them), in the bytes a browser receives (the build's .br copies): a phone on
 * Lighthouse's slow 4G spends most of its first seconds receiving these. The raw CSS is what the browser parses.
 */
function bytesBeforePaint() {
  const { entry, routes } = firstFiles();
  const sent = (f: string) => readFileSync(path.join(dist, existsSync(path.join(dist, `${f}.br`)) ? `${f}.br` : f)).length;
  const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  console.log('# Bytes a page names before it paints (brotli as sent; raw CSS as parsed)');
  for (const p of pages) {
    const files = routes.find((r) => r.path === p.path)?.files ?? entry;
    const js = files.filter((f) => f.endsWith('.js'));
    const css = files.filter((f) => f.endsWith('.css'));
    const sum = (fs: string[], size: (f: string) => number) => fs.reduce((n, f) => n + size(f), 0);
    console.log(
      `${p.name.padEnd(13)} ${kB(sum(files, sent)).padStart(7)} in ${files.length} files: scripts ${kB(sum(js, sent))}, stylesheets ${kB(sum(css, sent))} ` +
        `(${kB(sum(css, (f) => readFileSync(path.join(dist, f)).length))} raw)`,
    );
  }
  // Every other route too: grouping the first screens' code (apps/web/scripts/first-screen-chunks.ts) must not make them pay.
  const all = routes.map((r) => r.files.reduce((n, f) => n + sent(f), 0)).sort((a, b) => a - b);
  console.log(`all ${all.length} routes: mean ${kB(all.reduce((a, b) => a + b, 0) / all.length)}, median ${kB(median(all))}, largest ${kB(all.at(-1) ?? 0)}`);
}

/**
 * How long the server takes to answer the order screen's first files when a browser asks for them all at once, as
 * it does from the page's preloads, over one HTTP/2 connection: the median of 50 rounds, each on a new connection.
 * Lighthouse's phone simulation adds the server's observed answer time to every request it replays.
 */
async function filesAskedAtOnce(url: string) {
  const files = firstFiles().routes.find((r) => r.path === '/ssl/certificates')?.files ?? [];
  const rounds: number[] = [];
  let bytes = 0;
  for (let round = 0; round < 50; round++) {
    const client = http2.connect(url, { rejectUnauthorized: false });
    try {
      await new Promise<void>((resolve, reject) => client.once('connect', () => resolve()).once('error', reject));
      const t0 = performance.now();
      bytes = 0;
      await Promise.all(files.map((f) => new Promise<void>((resolve, reject) => {
        const req = client.request({ ':path': f, 'accept-encoding': 'br, gzip' });
        req.on('data', (d: Buffer) => (bytes += d.length)).on('end', resolve).on('error', reject);
        req.end();
      })));
      rounds.push(performance.now() - t0);
    } finally {
      client.close();
    }
  }
  const sorted = [...rounds].sort((a, b) => a - b);
  console.log(`order screen's ${files.length} first files (${(bytes / 1024).toFixed(0)} kB) asked at once over HTTP/2: all answered in ` +
    `${median(sorted).toFixed(1)} ms (median of ${sorted.length} rounds), p90 ${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(1)} ms`);
}

export async function run() {
  bytesBeforePaint();
  if (runs === 0) return;
  console.log(`# Lighthouse (median of ${runs} runs), ${http1 ? 'plain HTTP/1.1' : 'HTTPS over HTTP/2'}: ` +
    `performance ≥ 98 desktop / ≥ 90 mobile, accessibility ≥ ${accessibilityAim}`);
  // Sign-in runs with CAPTCHA off (scripted sign-in); the pages are the built console the server serves.
  const server = await startServer({ CAPTCHA: 'off', IP_RATE_LIMIT: 'off', ...(http1 ? {} : runCertificate()) });
  let failures = 0;
  try {
    if (!http1) await filesAskedAtOnce(server.url);
    const token = await server.signIn();
    for (const p of pages) {
      if (pageFilter && !pageFilter.some((w) => p.name.includes(w))) continue;
      for (const preset of presets) {
        if (presetFilter && !presetFilter.includes(preset.name)) continue;
        const measureRuns = async (multiplier?: number) => {
          const all: Figures[] = [];
          for (let i = 0; i < runs; i++) {
            const name = `${p.name.replace(' ', '-')}-${preset.name}${multiplier ? '-calibrated' : ''}-${i + 1}`;
            all.push(await measure(`${server.url}${p.path}`, p.signedIn ? token : undefined, preset.config, name, multiplier));
          }
          return all;
        };
        const report = (all: Figures[], label: string, judged: boolean) => {
          const perf = median(all.map((f) => f.performance));
          const a11y = median(all.map((f) => f.accessibility));
          const ok = perf >= preset.aim && a11y >= accessibilityAim;
          if (judged && !ok) failures++;
          const failedAudits = [...new Set(all.flatMap((f) => f.failed))];
          console.log(
            `${p.name.padEnd(13)} ${label.padEnd(8)} performance ${String(perf).padStart(3)} (runs ${all.map((f) => f.performance).join('/')}), ` +
              `accessibility ${String(a11y).padStart(3)}, TBT ${median(all.map((f) => f.tbt)).toFixed(0)} ms, LCP ${(median(all.map((f) => f.lcp)) / 1000).toFixed(2)} s, ` +
              `machine index ${median(all.map((f) => f.benchmarkIndex)).toFixed(0)}, ${[...new Set(all.map((f) => f.protocol))].join('/')}  ` +
              `${judged ? (ok ? 'PASS' : 'FAIL') : `(${ok ? 'meets' : 'below'} the aim; not judged)`}` +
              `${failedAudits.length ? `  (accessibility audits failed: ${failedAudits.join(', ')})` : ''}`,
          );
        };
        const atDefault = await measureRuns();
        report(atDefault, preset.name, true);
        const index = median(atDefault.map((f) => f.benchmarkIndex));
        if (preset.name === 'mobile' && index <= slowHostIndex) {
          const multiplier = calibratedMultiplier(index);
          report(await measureRuns(multiplier), `mobile, CPU ×${multiplier.toFixed(1)} calibrated for this host`, false);
        }
      }
    }
  } finally {
    await server.stop();
  }
  console.log(failures ? `Lighthouse: ${failures} page/preset pair(s) below the aims` : 'Lighthouse: every page meets the aims');
}
