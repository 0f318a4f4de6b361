// Where a page's first load spends the browser's main thread: a Chromium trace of one cold load at Lighthouse's
// mobile CPU slowdown (4×), its tasks over 50 ms (those after the first contentful paint are what Total Blocking Time
// counts) and, for each, the functions its CPU samples fell in. With a build that has source maps
// (npx vite build apps/web --sourcemap) the functions are named by their source file and line.
// Usage: npx tsx bench/trace-page.ts [/ssl/certificates] [signed-out]
//   TRACE_TOP=n        functions listed per task (default 8)
//   TRACE_SLOWDOWN=n   CPU slowdown (default 4)
// A diagnostic, not a figure with an aim: tracing slows the page, so its times run above Lighthouse's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';
import { launchChromium, root, startServer } from './lib.ts';

const pagePath = process.argv[2] ?? '/ssl/certificates';
const signedIn = process.argv[3] !== 'signed-out';
const slowdown = Number(process.env.TRACE_SLOWDOWN ?? 4);
const top = Number(process.env.TRACE_TOP ?? 8);

interface CallFrame { functionName: string; url?: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; parent?: number; callFrame: CallFrame }
interface TraceEvent {
  name: string;
  ph: string;
  id?: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { startTime?: number; timeDeltas?: number[]; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] } } };
}

const server = await startServer({ CAPTCHA: 'off', IP_RATE_LIMIT: 'off' });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (signedIn) {
    const token = await server.signIn();
    await page.goto(`${server.url}/healthz`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'disabled-by-default-v8.cpu_profiler'] });
  await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
  // The page's last renders (deferred parts, answers after the network went quiet).
  await page.waitForTimeout(3000);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;

  // The page's renderer main thread: the one that parsed its HTML.
  const parsed = events.find((e) => e.name === 'ParseHTML');
  const onMain = (e: TraceEvent) => parsed !== undefined && e.pid === parsed.pid && e.tid === parsed.tid;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.dur);
  const t0 = Math.min(...tasks.map((e) => e.ts));
  const at = (ts: number) => `${((ts - t0) / 1000).toFixed(0)} ms`;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parsed?.pid);
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === parsed?.pid).at(-1);
  const long = tasks.filter((t) => t.dur! > 50_000);
  const blocking = (ofTasks: TraceEvent[]) => ofTasks.reduce((n, t) => n + t.dur! / 1000 - 50, 0).toFixed(0);
  const afterFcp = long.filter((t) => fcp && t.ts >= fcp.ts);
  console.log(`first contentful paint at ${fcp ? at(fcp.ts) : '?'}, last LCP candidate at ${lcp ? at(lcp.ts) : '?'}`);
  console.log(`tasks over 50 ms: ${long.length} (blocking ${blocking(long)} ms); after the first contentful paint: ${afterFcp.length} (blocking ${blocking(afterFcp)} ms)`);

  // The CPU samples the trace carries (ProfileChunk events of the renderer's profile), on the trace's clock.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === parsed?.pid && e.tid === parsed?.tid);
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number; ms: number }[] = [];
  let clock = profile?.args?.data?.startTime ?? 0;
  for (const e of events.filter((x) => x.name === 'ProfileChunk' && profile && x.id === profile.id)) {
    for (const n of e.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (e.args?.data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node, ms: (deltas[i + 1] ?? deltas[i] ?? 0) / 1000 });
    });
  }
  const maps = new Map<string, SourceMapConsumer | null>();
  // A node's name, looked up once: every sample walks its whole stack.
  const labels = new Map<number, Promise<string>>();
  const label = (id: number): Promise<string> => {
    if (!labels.has(id)) labels.set(id, nodeLabel(id));
    return labels.get(id)!;
  };
  async function nodeLabel(id: number): Promise<string> {
    const f = nodes.get(id)?.callFrame;
    if (!f) return '?';
    if (!f.url?.includes('/assets/')) return f.functionName || '(anonymous)';
    if (!maps.has(f.url)) {
      const file = path.join(root, 'apps/web/dist', new URL(f.url).pathname + '.map');
      maps.set(f.url, existsSync(file) ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as ConstructorParameters<typeof SourceMapConsumer>[0]) : null);
    }
    const o = maps.get(f.url)?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (!o?.source) return `${f.functionName} ${f.url.split('/').pop()}`;
    return `${o.name ?? f.functionName} ${o.source.replace(/^(\.\.\/)+/, '').replace(/.*node_modules\//, '')}:${o.line}`;
  }

  for (const t of long) {
    const inTask = samples.filter((s) => s.ts >= t.ts && s.ts <= t.ts + t.dur!);
    // Self time per function, and time inclusive of our own code and React's phases on the sampled stacks.
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const s of inTask) {
      const own = await label(s.node);
      self.set(own, (self.get(own) ?? 0) + s.ms);
      const seen = new Set<string>();
      for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent) {
        const l = await label(id);
        if (seen.has(l) || !/ src\/|^(commitRoot|renderRootSync|renderRootConcurrent|flushPassiveEffects) /.test(l)) continue;
        seen.add(l);
        inclusive.set(l, (inclusive.get(l) ?? 0) + s.ms);
      }
    }
    const list = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
    console.log(`\ntask at ${at(t.ts)}, ${(t.dur! / 1000).toFixed(0)} ms${fcp && t.ts >= fcp.ts ? ' (after FCP)' : ''}`);
    for (const [l, ms] of list(self, top)) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${l}`);
    const incl = list(inclusive, top).map(([l, ms]) => `${l.replace(/ \S*?src\//, ' ').replace(/ react-dom\/\S+/, '')} ${ms.toFixed(0)}`);
    if (incl.length) console.log(`  including: ${incl.join(' | ')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
