// Issue 4: balance payments per second and p99 at 16 connections (one order per request), and the total time of a
// batch payment of 500 orders through the durable queue (POST /v1/orders/batch/pay until its status is 'end').
import { randomBytes } from 'node:crypto';
import { createDb } from '@cc/db/client';
import { createCsr, generateKeyPair } from '@cc/pki/csr';
import { pemEncode } from '@cc/pki/encoding';
import { load, startServer, type RunningServer } from '../lib.ts';

const product = 'PS-DV-SSL';
const singles = 3000;
const batch = 500;

type Envelope<T> = { code: number; msg: string; data: T };

async function call<T>(server: RunningServer, token: string, method: 'GET' | 'POST', url: string, body?: object): Promise<Envelope<T>> {
  const r = await fetch(`${server.url}${url}`, {
    method, headers: { token, authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await r.json()) as Envelope<T>;
}

/** Orders waiting for payment, created 500 per call as the batch order screen does. */
async function createOrders(server: RunningServer, token: string, count: number, tag: string): Promise<string[]> {
  const keys = await generateKeyPair({ signAlg: 'ECDSA', hashAlg: 'SHA-256', curve: 'P-256' });
  const out: string[] = [];
  while (out.length < count) {
    const n = Math.min(500, count - out.length);
    const sslCerts = await Promise.all(Array.from({ length: n }, async (_, i) => {
      const commonName = `${tag}${out.length + i}.example.com`;
      return { commonName, csr: pemEncode('CERTIFICATE REQUEST', await createCsr({ signAlg: 'ECDSA', hashAlg: 'SHA-256', hostname: commonName }, keys)) };
    }));
    const r = await call<string>(server, token, 'POST', `/v1/orders/certificate/${product}`, { year: 1, dcvMethod: 'dns', sslCerts });
    if (r.code !== 200) throw new Error(`creating orders failed: ${r.msg}`);
    out.push(...r.data.split(','));
  }
  return out;
}

async function measureSingles(server: RunningServer) {
  const token = await server.signIn();
  const orders = await createOrders(server, token, singles, 'pay');
  const headers = { token, authorization: token, 'content-type': 'application/json' };

  // Each request pays the next order, so every one is a real payment (a ledger entry, the order to 1002).
  let next = 0;
  const outcomes = new Map<number, number>();
  const r = await load(`POST /v1/orders/pay (balance, ${singles} orders, one per request)`, {
    url: server.url,
    connections: 16,
    amount: singles,
    requests: [{
      method: 'POST',
      path: '/v1/orders/pay',
      headers,
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ payWay: 'balance', orderNo: orders[next++ % orders.length] }) }),
      onResponse: (_status, body) => {
        const code = (JSON.parse(body) as { code: number }).code;
        outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
      },
    }],
  });
  const records = await call<{ total: number }>(server, token, 'GET', '/v1/creditChangeRecords?kind=order_payment&limit=1');
  console.log(`  answers by code: ${[...outcomes].map(([c, n]) => `${c}×${n}`).join(', ')}; order payments in the ledger: ${records.data.total}; ` +
    `socket errors ${r.errors} (timeouts ${r.timeouts}, resets ${r.resets}), non-2xx ${r.non2xx}`);
}

async function measureBatch(server: RunningServer) {
  const token = await server.signIn();
  const batchOrders = await createOrders(server, token, batch, 'batch');
  const t0 = performance.now();
  const queued = await call<{ queueId: string }>(server, token, 'POST', '/v1/orders/batch/pay', { orderNos: batchOrders.join(',') });
  let firstMs = 0;
  for (;;) {
    const s = (await call<{ successCount: number; failCount: number; status: string }>(server, token, 'GET', `/v1/orders/batch/pay/status?queueId=${queued.data.queueId}`)).data;
    if (!firstMs && s.successCount + s.failCount > 0) firstMs = performance.now() - t0;
    if (s.status === 'end') {
      const ms = performance.now() - t0;
      console.log(`batch payment of ${batch} orders: ${(ms / 1000).toFixed(2)} s to 'end' (${Math.round(batch / (ms / 1000))} orders/s; first settled after ${firstMs.toFixed(0)} ms); ${s.successCount} paid, ${s.failCount} failed`);
      break;
    }
    // Polling the status call is how the console learns the end (every 5 s there; 50 ms here).
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Each measure on a server of its own: the single payments leave 3000 orders' validation jobs behind them. */
async function onServer(env: Record<string, string>, measure: (server: RunningServer) => Promise<void>) {
  const server = await startServer(env);
  try {
    await measure(server);
  } finally {
    await server.stop();
  }
}

export async function run() {
  // Paid orders start DNS validation in the background: a closed local port answers at once, no outside lookups.
  const common = { CAPTCHA: 'off', DNS_RESOLVER: '127.0.0.1:9' };
  console.log('# Payments, embedded database');
  await onServer({ ...common, DATABASE_URL: '' }, measureSingles);
  await onServer({ ...common, DATABASE_URL: '' }, measureBatch);

  const url = process.env.DATABASE_URL;
  if (!url) return;
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  console.log('\n# Payments, PostgreSQL (DATABASE_URL, a schema of its own per server)');
  try {
    await onServer({ ...common, DATABASE_URL: url, DATABASE_SCHEMA: `${schema}_a` }, measureSingles);
    await onServer({ ...common, DATABASE_URL: url, DATABASE_SCHEMA: `${schema}_b` }, measureBatch);
  } finally {
    const db = await createDb({ url });
    for (const s of ['a', 'b']) await db.query(`DROP SCHEMA IF EXISTS "${schema}_${s}" CASCADE`);
    await db.close();
  }
}
