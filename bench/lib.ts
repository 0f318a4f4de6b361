import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { createDb } from '@cc/db/client';
import autocannon from 'autocannon';
import { chromium, type Browser } from 'playwright-core';

export const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of /healthz. */
  startMs: number;
  /** Signs in (the server runs with CAPTCHA=off) and answers the token; the demo account by default. */
  signIn(username?: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * fetch's status, headers and text, also from a server with a certificate of its own (`ca`): Node's fetch takes no
 * CA of its own, so HTTPS goes through node:https.
 */
async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, ca?: Buffer): Promise<{ ok: boolean; headers: Headers; text: string }> {
  if (!ca) {
    const r = await fetch(url, init);
    return { ok: r.ok, headers: r.headers, text: await r.text() };
  }
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: init.method ?? 'GET', headers: init.headers, ca, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ ok: (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300, headers, text });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Loads one call at `connections` for `duration` seconds and prints req/s and latency percentiles. */
export async function load(title: string, opts: autocannon.Options) {
  // Without a callback autocannon answers its instance (an event emitter) made thenable; its types say only the promise.
  const run = autocannon({ connections: 10, duration: 5, ...opts }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  // A run of a fixed number of requests is only seen to end at autocannon's next one-second sample: its per-second
  // mean and its duration both count that last second whole. Its rate is its requests over the time to the last answer.
  const t0 = performance.now();
  let last = t0;
  run.on('response', () => {
    last = performance.now();
  });
  const r = await run;
  const seconds = (last - t0) / 1000;
  const perSecond = opts.amount ? r.requests.total / seconds : r.requests.average;
  console.log(`${title}: ${Math.round(perSecond)} req/s${opts.amount ? ` (${r.requests.total} in ${seconds.toFixed(2)} s)` : ''}, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.non2xx + r.errors} (${opts.connections ?? 10} connections)`);
  return { ...r, perSecond };
}

/** The PostgreSQL server of the figures that need one: DATABASE_URL, else the one the race tests use. */
export const postgresUrl = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A PASS/FAIL line: the figure, its aim, and whether this run met it. */
export function verdict(figure: string, aim: string, met: boolean): string {
  return `${figure} (aim: ${aim}) — ${met ? 'PASS' : 'FAIL'}`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A bare Fastify route (bench/bare-fastify.ts) in a child process started like the real server: the yardstick the
 * session figures are divided by, measured in the same run so that the machine's load cancels out.
 */
export async function startBareFastify(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('bare Fastify did not answer within 30 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the real server as `npm start` would (minus the build), on a fresh embedded database unless told otherwise. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'cc-bench-')));
  // On PostgreSQL a server gets a schema of its own (its keys and figures start clean), dropped when it stops.
  const dbUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  const ownSchema = dbUrl && !env.DATABASE_SCHEMA ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  if (ownSchema) env = { ...env, DATABASE_SCHEMA: ownSchema };
  const t0 = performance.now();
  // BENCH_SERVER_NODE_ARGS adds Node options to the servers (--cpu-prof --cpu-prof-dir=/tmp/prof to profile them).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    // CAPTCHA=off (scripted sign-ins) is refused in production; NODE_ENV changes nothing else that is measured.
    env: {
      ...process.env, NODE_ENV: env.CAPTCHA === 'off' ? 'test' : 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
      // Production on a shared database asks for the secrets every instance shares: a bench server has its own.
      MASTER_KEY: randomBytes(32).toString('base64'), PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('hex'), OPERATOR_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    // BENCH_SERVER_LOG=file keeps the servers' log (warnings: 503s under pressure, lost connections) for a look afterwards.
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore', 'inherit'],
  });
  // TLS_CERT_FILE and TLS_KEY_FILE: the server answers HTTPS (HTTP/2), with that certificate as its own CA.
  const ca = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : undefined;
  const url = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await call(`${url}/healthz`, {}, ca);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return {
    url,
    child,
    startMs,
    async signIn(username = 'demo@certhub.local', password = 'Demo@2026') {
      const r = await call(`${url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: sha256(password) }) }, ca);
      const token = r.headers.get('authorization');
      if (!token) throw new Error(`sign-in failed: ${r.text}`);
      return token;
    },
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      if (ownSchema && dbUrl) {
        const db = await createDb({ url: dbUrl });
        await db.query(`DROP SCHEMA IF EXISTS "${ownSchema}" CASCADE`);
        await db.close();
      }
    },
  };
}
