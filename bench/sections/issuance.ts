// Issue 5: time from "verify now" (correct records in place) to the issued certificate, and 500 orders
// validated and issued in one batch. The server's DNS validation asks a dns2 server on loopback (bench/dns.ts).
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { startDns } from '../../apps/server/test/orders-helpers.ts';

type BenchDns = Awaited<ReturnType<typeof startDns>>;
import { startServer } from '../lib.ts';

const issued = 1005;
const awaitingValidation = 1002;
const issuing = 1009;
const singleRuns = 5;
const batchSize = 500;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
interface Product {
  productNo: string;
  productType: string;
  brand: string;
  certType: string;
  pricePerYear: number;
  free: boolean;
}
type Instructions = { method: string; recordType?: string; host?: string; value?: string };
interface DomainState {
  domain: string;
  status: 'pending' | 'validated';
  checkedAt: string | null;
  instructions: Instructions;
}
interface Detail {
  orderStatus: number;
  domains: DomainState[];
}
interface HashValue {
  orderNo: string;
  domain: string;
  status: 'pending' | 'validated';
  instructions: Instructions;
}

type Api = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object) => Promise<T>;

function apiFor(url: string, token: string): Api {
  return async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<T> => {
    const headers: Record<string, string> = { token, authorization: token, lang: 'en' };
    if (body) headers['content-type'] = 'application/json';
    const r = await fetch(`${url}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await r.text();
    let env: Envelope<T>;
    try {
      env = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path}: HTTP ${r.status} ${text.slice(0, 300)}`);
    }
    if (env.code !== 200) throw new Error(`${method} ${path}: ${env.code} ${env.msg} ${text.slice(0, 300)}`);
    return env.data;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `probe` every `everyMs` until it answers a value, or fails after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, everyMs: number, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

// One P-256 pair signs every CSR: a signature costs well under a millisecond.
x509.cryptoProvider.set(globalThis.crypto);
const ec = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
let keys: Promise<CryptoKeyPair> | undefined;
async function makeCsr(commonName: string): Promise<string> {
  keys ??= globalThis.crypto.subtle.generateKey(ec, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${commonName}`, keys: await keys, signingAlgorithm: ec });
  return csr.toString('pem');
}

const txtOf = (i: Instructions): { host: string; value: string } => {
  if (i.method !== 'dns_txt' || !i.host || !i.value) throw new Error(`expected dns_txt instructions, got ${JSON.stringify(i)}`);
  return { host: i.host, value: i.value };
};

const ms = (v: number) => `${v.toFixed(0)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The cheapest paid single-name DV SSL product (all offer dns_txt without a wildcard); certum preferred, dns_txt is its default. */
async function pickProduct(api: Api): Promise<Product> {
  const r = await api<{ data: Product[] }>('GET', '/v1/products?limit=1000');
  const dv = r.data.filter((p) => ['dv_one_ssl', 'ssl'].includes(p.productType) && p.certType === 'DV' && !p.free && p.pricePerYear > 0);
  const byPrice = (a: Product, b: Product) => a.pricePerYear - b.pricePerYear;
  const p = dv.filter((x) => x.brand === 'certum').sort(byPrice)[0] ?? dv.sort(byPrice)[0];
  if (!p) throw new Error('no paid DV ssl product in the catalogue');
  return p;
}

/**
 * Publishes the TXT records only after the server's first background check has asked for them (and found
 * nothing), so the figures measure "verify now", not a background check that happened to come first.
 */
async function publishAfterFirstCheck(dns: BenchDns, records: { host: string; value: string }[], timeoutMs: number): Promise<void> {
  await until('the first background DNS checks', async () => (records.every((r) => dns.txtQueries(r.host) > 0) ? true : undefined), 20, timeoutMs);
  for (const r of records) dns.setTxt(r.host, r.value);
}

async function singleOrder(api: Api, dns: BenchDns, product: Product, tag: string): Promise<{ totalMs: number; verifyMs: number }> {
  const cn = `v${tag}.bench-issuance.example`;
  const orderNo = await api<string>('POST', `/v1/orders/certificate/${product.productNo}`, { year: 1, dcvMethod: 'dns_txt', commonName: cn, csr: await makeCsr(cn) });
  await api('POST', '/v1/orders/pay', { payWay: 'balance', aim: 'makeOrder', orderNo });
  const detail = await until(
    `${orderNo} to wait for validation with instructions`,
    async () => {
      const d = (await api<{ orderInfo: Detail }>('GET', `/v1/orders/detail/${orderNo}`)).orderInfo;
      return d.orderStatus === awaitingValidation && d.domains.length && d.domains.every((x) => x.instructions.method === 'dns_txt') ? d : undefined;
    },
    50,
    60_000,
  );
  await publishAfterFirstCheck(dns, detail.domains.map((d) => txtOf(d.instructions)), 60_000);

  const t0 = performance.now();
  const v = await api<{ orderStatus: number }>('PUT', `/v1/orders/verifyDomains/${orderNo}`, {});
  const verifyMs = performance.now() - t0;
  if (v.orderStatus !== issuing && v.orderStatus !== issued) throw new Error(`${orderNo}: verify now left it in ${v.orderStatus}`);
  await until(
    `${orderNo} to be issued`,
    async () => ((await api<{ orderStatus: number }>('GET', `/v1/orders/status/${orderNo}`)).orderStatus === issued ? true : undefined),
    10,
    60_000,
  );
  return { totalMs: performance.now() - t0, verifyMs };
}

async function batch(api: Api, dns: BenchDns, product: Product, tag: string): Promise<void> {
  let t = performance.now();
  const names = Array.from({ length: batchSize }, (_, i) => `b${i}-${tag}.bench-issuance.example`);
  const sslCerts = await Promise.all(names.map(async (commonName) => ({ commonName, csr: await makeCsr(commonName), domainNames: [] })));
  const csrMs = performance.now() - t;

  t = performance.now();
  const created = await api<string>('POST', `/v1/orders/certificate/${product.productNo}`, { year: 1, dcvMethod: 'dns_txt', sslCerts });
  const orderNos = created.split(',');
  if (orderNos.length !== batchSize) throw new Error(`asked for ${batchSize} orders, got ${orderNos.length}`);
  const createMs = performance.now() - t;

  t = performance.now();
  await api('POST', '/v1/orders/pay', { payWay: 'balance', aim: 'makeOrder', orderNo: orderNos.join(',') });
  const payMs = performance.now() - t;

  // Validation starts in the background (job orders.paid): wait until every order has its records to publish.
  t = performance.now();
  const rows = await until(
    'instructions of every order',
    async () => {
      const r = (await api<{ data: HashValue[] }>('POST', '/v1/orders/batch/hashValues', { orderNos })).data;
      return new Set(r.map((x) => x.orderNo)).size === batchSize ? r : undefined;
    },
    250,
    300_000,
  );
  const startMs = performance.now() - t;
  t = performance.now();
  await publishAfterFirstCheck(dns, rows.map((r) => txtOf(r.instructions)), 600_000);
  const firstCheckMs = performance.now() - t;
  console.log(
    `preparation: ${batchSize} CSRs ${ms(csrMs)}, create (one request) ${ms(createMs)}, pay by balance (one call) ${ms(payMs)}, ` +
      `paid → all ${rows.length} names have instructions ${ms(startMs)}, → first background check of every name done ${ms(firstCheckMs)}`,
  );

  // "Verify now" for the whole batch, then poll the batch's statuses until every order is issued.
  const t0 = performance.now();
  let verifyMs = 0;
  let firstIssuedMs = 0;
  let issuedAtVerify = -1;
  let verifyError: unknown;
  const verify = api<{ data: { orderNo: string; orderStatus: number; pending: number }[] }>('POST', '/v1/orders/batch/verify', { orderNos }).then(
    (r) => {
      verifyMs = performance.now() - t0;
      return r.data;
    },
    (e: unknown) => {
      verifyError = e;
      return [];
    },
  );
  let lastCount = 0;
  await until(
    'every order of the batch to be issued',
    async () => {
      if (verifyError) throw verifyError;
      const r = (await api<{ data: { orderNo: string; orderStatus: number }[] }>('POST', '/v1/orders/batch', { orderNos })).data;
      lastCount = r.filter((x) => x.orderStatus === issued).length;
      if (lastCount && !firstIssuedMs) firstIssuedMs = performance.now() - t0;
      if (verifyMs && issuedAtVerify < 0) issuedAtVerify = lastCount;
      return lastCount === batchSize ? true : undefined;
    },
    200,
    900_000,
  ).catch((e: unknown) => {
    throw new Error(`${e instanceof Error ? e.message : String(e)} (${lastCount}/${batchSize} issued)`);
  });
  const totalMs = performance.now() - t0;
  const verified = await verify;
  const stillPending = verified.filter((v) => v.pending > 0).length;
  console.log(`POST /v1/orders/batch/verify answered after ${ms(verifyMs)} (${verified.length} orders checked, ${stillPending} still pending after the check)`);
  console.log(`first order issued after ${ms(firstIssuedMs)}; ${issuedAtVerify} issued at the first poll after the verify call answered`);
  if (issuedAtVerify >= 0 && issuedAtVerify < batchSize && totalMs > verifyMs) {
    console.log(`issue.order jobs after the verify call: ${((batchSize - issuedAtVerify) / ((totalMs - verifyMs) / 1000)).toFixed(1)} orders/s (one job at a time in the server process)`);
  }
  console.log(`${batchSize} orders: "verify now" → all issued in ${(totalMs / 1000).toFixed(1)} s, ${ms(totalMs / batchSize)} per order on average (${(batchSize / (totalMs / 1000)).toFixed(1)} orders/s)`);
}

export async function run() {
  const dns = await startDns();
  const server = await startServer({ CAPTCHA: 'off', DNS_RESOLVER: dns.address });
  try {
    const api = apiFor(server.url, await server.signIn());
    const product = await pickProduct(api);
    const tag = randomBytes(3).toString('hex');
    console.log(`product ${product.productNo} (${product.brand}, DV ssl), dcvMethod dns_txt, server DNS_RESOLVER=${dns.address} (dns2 on loopback), JOBS on`);

    console.log(`\n# "Verify now" with correct TXT records → issued (one order, status polled every 10 ms), ${singleRuns} runs`);
    const times: number[] = [];
    for (let i = 0; i < singleRuns; i++) {
      const r = await singleOrder(api, dns, product, `${tag}-${i}`);
      times.push(r.totalMs);
      console.log(`  run ${i + 1}: ${ms(r.totalMs)} (PUT verifyDomains answered 1009 "issuing" after ${ms(r.verifyMs)}; the rest is the issue.order job: CA signing)`);
    }
    console.log(`verify now → issued: median ${ms(median(times))}, max ${ms(Math.max(...times))}`);
    console.log('  ("verify now" queues the issue job and wakes this instance\'s job worker at once; the rest is the CA signing and the status poll)');

    console.log(`\n# ${batchSize} orders validated and issued in one batch (one create, one balance payment, POST /v1/orders/batch/verify)`);
    await batch(api, dns, product, tag);
  } finally {
    await server.stop();
    await dns.close();
  }
}
