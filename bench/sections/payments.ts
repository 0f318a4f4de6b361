// Issue 4: balance payments per second and p99 at 16 connections (one order per request), and the total time of a
// batch payment of 500 orders through the durable queue (POST /v1/orders/batch/pay until its status is 'end').
// Issue 11's aims are judged on PostgreSQL (DATABASE_URL): at least 1,000 balance payments/s at 16 connections with
// no error, and a batch of 500 orders ending within 500 ms.
import { randomBytes } from 'node:crypto';
import { createDb } from '@cc/db/client';
import { createCsr, generateKeyPair } from '@cc/pki/csr';
import { pemEncode } from '@cc/pki/encoding';
import { load, startServer, type RunningServer } from '../lib.ts';

const product = 'PS-DV-SSL';
const singles = 3000;
const batch = 500;
const aims = { paymentsPerSecond: 1000, batchEndMs: 500 };

const verdict = (met: boolean) => (met ? 'PASS' : 'FAIL');

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

export async function measureSingles(server: RunningServer): Promise<{ perSecond: number; errors: number }> {
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
  // Errors: socket errors, answers other than code 200, and payments the ledger does not show.
  const refused = [...outcomes].filter(([c]) => c !== 200).reduce((n, [, k]) => n + k, 0);
  return { perSecond: Math.round(r.perSecond), errors: r.errors + r.non2xx + refused + Math.abs(singles - records.data.total) };
}

async function measureBatch(server: RunningServer): Promise<{ ms: number; paid: number }> {
  const token = await server.signIn();
  const batchOrders = await createOrders(server, token, batch, 'batch');
  const t0 = performance.now();
  const queued = await call<{ queueId: string }>(server, token, 'POST', '/v1/orders/batch/pay', { orderNos: batchOrders.join(',') });
  if (queued.code !== 200) throw new Error(`queueing the batch payment was refused: ${queued.code} ${queued.msg}`);
  let firstMs = 0;
  let refusedPolls = 0;
  for (;;) {
    const r = await call<{ successCount: number; failCount: number; status: string }>(server, token, 'GET', `/v1/orders/batch/pay/status?queueId=${queued.data.queueId}`);
    // An overloaded server may answer a poll 503; the console polls again, and so does this.
    if (r.code !== 200) refusedPolls++;
    const s = r.data;
    if (s && !firstMs && s.successCount + s.failCount > 0) firstMs = performance.now() - t0;
    if (s?.status === 'end') {
      const ms = performance.now() - t0;
      console.log(`batch payment of ${batch} orders: ${ms.toFixed(0)} ms to 'end' (${Math.round(batch / (ms / 1000))} orders/s; first settled after ${firstMs.toFixed(0)} ms); ` +
        `${s.successCount} paid, ${s.failCount} failed${refusedPolls ? `; ${refusedPolls} status polls refused` : ''}`);
      return { ms, paid: s.successCount };
    }
    // Polling the status call is how the console learns the end (every 5 s there; 10 ms here, to time the end closely).
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Each measure on a server of its own: the single payments leave 3000 orders' validation jobs behind them. */
export async function onServer<T>(env: Record<string, string>, measure: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer(env);
  try {
    return await measure(server);
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
  if (!url) {
    console.log('aims of issue 11 (PostgreSQL): not judged, DATABASE_URL is not set');
    return;
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  console.log('\n# Payments, PostgreSQL (DATABASE_URL, a schema of its own per server)');
  try {
    // Three rounds, each on a server and schema of its own, judged by the median: one round on this shared machine
    // ranged 834–1,506/s from one run to the next.
    const rounds: { perSecond: number; errors: number }[] = [];
    for (const r of ['a1', 'a2', 'a3']) rounds.push(await onServer({ ...common, DATABASE_URL: url, DATABASE_SCHEMA: `${schema}_${r}` }, measureSingles));
    const median = [...rounds].sort((x, y) => x.perSecond - y.perSecond)[1]!;
    const singlesPg = { perSecond: median.perSecond, errors: rounds.reduce((n, r) => n + r.errors, 0) };
    const batchPg = await onServer({ ...common, DATABASE_URL: url, DATABASE_SCHEMA: `${schema}_b` }, measureBatch);
    console.log(`aim: balance payments >= ${aims.paymentsPerSecond}/s at 16 connections, 0 errors (PostgreSQL): ` +
      `${singlesPg.perSecond}/s (median of ${rounds.map((r) => r.perSecond).join(', ')}), ${singlesPg.errors} errors — ${verdict(singlesPg.perSecond >= aims.paymentsPerSecond && singlesPg.errors === 0)}`);
    console.log(`aim: a ${batch}-order batch payment ends within ${aims.batchEndMs} ms (PostgreSQL): ` +
      `${batchPg.ms.toFixed(0)} ms, ${batchPg.paid} paid — ${verdict(batchPg.ms <= aims.batchEndMs && batchPg.paid === batch)}`);
  } finally {
    const db = await createDb({ url });
    for (const s of ['a1', 'a2', 'a3', 'b']) await db.query(`DROP SCHEMA IF EXISTS "${schema}_${s}" CASCADE`);
    await db.close();
  }
}
