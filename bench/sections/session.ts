// Issue 2: server start to first answer, session call throughput, the sign-in page's first JavaScript.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { createDb } from '@cc/db/client';
import { launchChromium, load, postgresUrl, sha256, startBareFastify, startServer, verdict } from '../lib.ts';

export const demo = { username: 'demo@certhub.local', password: sha256('Demo@2026') };

export async function run() {
  console.log('# Server start to first answer (embedded database)');
  // The load comes from one address: the per-address limit on anonymous calls would answer 429 after 60 sign-ins.
  const cold = await startServer({ CAPTCHA: 'off', IP_RATE_LIMIT: 'off' });
  console.log(`fresh data dir (migrations + seed): ${cold.startMs.toFixed(0)} ms`);
  try {
    console.log('\n# Session calls at 10 connections, 5 s each (CAPTCHA=off, IP_RATE_LIMIT=off, embedded database)');
    await load('POST /login', {
      url: `${cold.url}/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demo),
    });
    const token = await cold.signIn();
    const bare = await startBareFastify();
    try {
      const [read, yardstick] = await readVsBare(cold.url, token, bare.url);
      console.log(`GET /v1/account on the embedded database: ${percent(read, yardstick)} of the bare Fastify route`);
    } finally {
      await bare.stop();
    }

    console.log('\n# JavaScript the sign-in page loads first (gzip)');
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const scripts: { url: string; gz: number }[] = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        const body = await res.body().catch(() => undefined);
        if (body) scripts.push({ url: new URL(res.url()).pathname, gz: gzipSync(body).length });
      });
      await page.goto(`${cold.url}/sign-in`, { waitUntil: 'networkidle' });
      const total = scripts.reduce((s, x) => s + x.gz, 0);
      for (const s of scripts.sort((a, b) => b.gz - a.gz).slice(0, 8)) console.log(`  ${(s.gz / 1024).toFixed(1).padStart(7)} kB  ${s.url}`);
      console.log(`sign-in page JavaScript: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.length} files (aim: under 200 kB)`);
    } finally {
      await browser.close();
    }
  } finally {
    await cold.stop();
  }

  await authenticatedReadOnPostgres();

  const warmDir = `${tmpdir()}/cc-bench-warm-${process.pid}`;
  // The second start opens what the first sealed: the same master key.
  const MASTER_KEY = randomBytes(32).toString('base64');
  const first = await startServer({ DATA_DIR: warmDir, MASTER_KEY });
  await first.stop();
  const warm = await startServer({ DATA_DIR: warmDir, MASTER_KEY });
  console.log(`\n# Restart on an existing embedded database: ${warm.startMs.toFixed(0)} ms to first answer`);
  await warm.stop();
}

const percent = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`;

/**
 * GET /v1/account and the bare Fastify route, with the same autocannon settings, in alternation (two rounds each):
 * other work on the machine weighs on both alike. Answers the requests per second of each, over both rounds.
 */
async function readVsBare(serverUrl: string, token: string, bareUrl: string): Promise<[number, number]> {
  const account = { url: `${serverUrl}/v1/account`, headers: { token, authorization: token } };
  // Warm-up (JIT, prepared statements, pool connections), not counted.
  await load('  warm-up GET /v1/account', { ...account, duration: 2 });
  let read = 0;
  let yardstick = 0;
  for (let round = 1; round <= 2; round++) {
    yardstick += (await load(`  round ${round}: bare Fastify route`, { url: bareUrl })).requests.average / 2;
    const r = await load(`  round ${round}: GET /v1/account`, account);
    if (r.non2xx + r.errors) throw new Error(`GET /v1/account failed ${r.non2xx + r.errors} times`);
    read += r.requests.average / 2;
  }
  return [read, yardstick];
}

/** Issue 11: an authenticated read against a bare Fastify route measured in the same run, on PostgreSQL. */
export async function authenticatedReadOnPostgres() {
  const url = postgresUrl();
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  console.log('\n# Authenticated read vs a bare Fastify route, same run, 10 connections, 5 s each (PostgreSQL, a schema of its own)');
  const server = await startServer({ CAPTCHA: 'off', IP_RATE_LIMIT: 'off', DATABASE_URL: url, DATABASE_SCHEMA: schema });
  const bare = await startBareFastify();
  try {
    const [read, yardstick] = await readVsBare(server.url, await server.signIn(), bare.url);
    console.log(verdict(`GET /v1/account on PostgreSQL: ${Math.round(read)} req/s, ${percent(read, yardstick)} of the bare Fastify route's ${Math.round(yardstick)} req/s`, 'at least 15%', read / yardstick >= 0.15));
  } finally {
    await bare.stop();
    await server.stop();
    const db = await createDb({ url });
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  }
}
