// Issue 3: creating 500 orders in one batch request vs the documents' one-by-one mode (500 requests of one
// certificate each), in the same run on the real server (embedded database), plus the console's chunked mode
// (10 requests of 50 with per-certificate results); and RSA-2048 / P-256 key + CSR generation in Chromium.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { randomBytes } from 'node:crypto';
import { createDb } from '@cc/db/client';
import { launchChromium, postgresUrl, startServer, verdict, type RunningServer } from '../lib.ts';
import { benchKeyGeneration, signedInContext } from './tools.ts';

const productNo = 'GS-ALPHA-DV-SSL';
const ec = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** 500 real requests signed by ONE P-256 pair (a key pair per request would only time key generation). */
async function makeCsrs(prefix: string, n: number, keys: CryptoKeyPair): Promise<{ commonName: string; csr: string }[]> {
  x509.cryptoProvider.set(globalThis.crypto);
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const commonName = `${prefix}${i}.bench.example.com`;
      const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${commonName}`, keys, signingAlgorithm: ec });
      return { commonName, csr: csr.toString('pem') };
    }),
  );
}

async function create(server: RunningServer, token: string, body: object): Promise<{ code: number; data: unknown; msg: string }> {
  const r = await fetch(`${server.url}/v1/orders/certificate/${productNo}`, {
    method: 'POST',
    headers: { token, authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; data: unknown; msg: string };
}

const orderCount = (data: unknown) => (typeof data === 'string' ? data.split(',').filter(Boolean).length : 0);

export async function run() {
  const server = await startServer({ CAPTCHA: 'off' });
  try {
    const token = await server.signIn();
    const keys = (await globalThis.crypto.subtle.generateKey(ec, true, ['sign', 'verify'])) as CryptoKeyPair;
    const n = 500;
    const t0 = performance.now();
    const [batchCerts, singleCerts, chunkCerts] = await Promise.all([makeCsrs('b', n, keys), makeCsrs('s', n, keys), makeCsrs('c', n, keys)]);
    console.log(`# ${3 * n} CSRs signed by one P-256 pair in ${(performance.now() - t0).toFixed(0)} ms (set-up, not timed below)`);
    const base = { year: 1, dcvMethod: 'dns' };
    // Warm up the route (first-call compilation, connection) with one order.
    await create(server, token, { ...base, sslCerts: [(await makeCsrs('w', 1, keys))[0]!] });

    console.log(`\n# ${n} orders of ${productNo} for the demo account (embedded database)`);
    let t = performance.now();
    const batch = await create(server, token, { ...base, sslCerts: batchCerts });
    const batchMs = performance.now() - t;
    if (batch.code !== 200 || orderCount(batch.data) !== n) throw new Error(`batch failed: ${batch.code} ${batch.msg}`);
    console.log(`one request of ${n} (one transaction): ${batchMs.toFixed(0)} ms total, ${(batchMs / n).toFixed(2)} ms per order (aim: under 2000 ms)`);

    t = performance.now();
    let made = 0;
    for (const c of singleCerts) {
      const r = await create(server, token, { ...base, sslCerts: [c] });
      if (r.code !== 200) throw new Error(`one-by-one failed: ${r.code} ${r.msg}`);
      made += orderCount(r.data);
    }
    const singleMs = performance.now() - t;
    if (made !== n) throw new Error(`one-by-one made ${made} orders`);
    console.log(`one by one, ${n} sequential requests of 1: ${singleMs.toFixed(0)} ms total, ${(singleMs / n).toFixed(2)} ms per order`);

    t = performance.now();
    let chunked = 0;
    for (let i = 0; i < n; i += 50) {
      const r = await create(server, token, { ...base, partial: true, sslCerts: chunkCerts.slice(i, i + 50) });
      const data = r.data as { created?: unknown[]; failed?: unknown[] } | null;
      if (r.code !== 200 || data?.failed?.length) throw new Error(`chunk failed: ${r.code} ${r.msg}`);
      chunked += data?.created?.length ?? 0;
    }
    const chunkMs = performance.now() - t;
    if (chunked !== n) throw new Error(`chunked made ${chunked} orders`);
    console.log(`the console's chunked mode, ${n / 50} sequential requests of 50 (partial: true): ${chunkMs.toFixed(0)} ms total, ${(chunkMs / n).toFixed(2)} ms per order`);
    const ratio = singleMs / batchMs;
    console.log(`batch vs one by one: ${ratio.toFixed(1)}× faster (aim: at least 50×) — ${ratio >= 50 && batchMs < 2000 ? 'aim met' : 'aim NOT met'}`);

    await batchOnPostgres(keys);

    console.log('\n# Key + CSR generation in Chromium (gen-csr tool page of the built console, 5 runs each)');
    const browser = await launchChromium();
    try {
      const context = await signedInContext(browser, server.url, token);
      await benchKeyGeneration(context);
      await context.close();
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/**
 * Issue 11: the same 500-order request and the one-by-one mode on PostgreSQL (a schema of its own), each timed in
 * the same run; the batch figure is the median of three requests (each of 500 fresh CSRs).
 */
async function batchOnPostgres(keys: CryptoKeyPair) {
  const url = postgresUrl();
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const n = 500;
  console.log(`\n# ${n} orders of ${productNo} in one request vs one by one (PostgreSQL, a schema of its own)`);
  const server = await startServer({ CAPTCHA: 'off', DATABASE_URL: url, DATABASE_SCHEMA: schema });
  try {
    const token = await server.signIn();
    const base = { year: 1, dcvMethod: 'dns' };
    await create(server, token, { ...base, sslCerts: await makeCsrs('pw', 1, keys) });
    const batches: number[] = [];
    for (let round = 0; round < 3; round++) {
      const sslCerts = await makeCsrs(`pb${round}x`, n, keys);
      const t = performance.now();
      const r = await create(server, token, { ...base, sslCerts });
      batches.push(performance.now() - t);
      if (r.code !== 200 || orderCount(r.data) !== n) throw new Error(`batch failed: ${r.code} ${r.msg}`);
    }
    const batchMs = [...batches].sort((a, b) => a - b)[1]!;
    const singles = await makeCsrs('ps', n, keys);
    const t = performance.now();
    for (const c of singles) {
      const r = await create(server, token, { ...base, sslCerts: [c] });
      if (r.code !== 200) throw new Error(`one-by-one failed: ${r.code} ${r.msg}`);
    }
    const singleMs = performance.now() - t;
    console.log(`one request of ${n}: ${batches.map((ms) => ms.toFixed(0)).join(' / ')} ms; one by one: ${singleMs.toFixed(0)} ms (${(singleMs / n).toFixed(2)} ms per order)`);
    console.log(verdict(`${n} orders in one request on PostgreSQL: ${batchMs.toFixed(0)} ms`, 'at most 150 ms', batchMs <= 150));
    const ratio = singleMs / batchMs;
    console.log(verdict(`one request vs one by one on PostgreSQL: ${ratio.toFixed(1)}× faster`, 'at least 20×', ratio >= 20));
  } finally {
    await server.stop();
    const db = await createDb({ url });
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  }
}
