import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, newAccount, pkcs8Pem, testKeys } from './purchase-helpers.ts';
import { drainAll, run, startDns } from './orders-helpers.ts';
import { csrNames } from '../src/services/issuance/acme.ts';

type Dns = Awaited<ReturnType<typeof startDns>>;
type Domain = { domain: string; method: string; status: string; lastError: string; instructions: { host?: string; value?: string; recordType?: string } };
type Detail = { orderStatus: number; statusReason: string; statusReasonText: string; domains: Domain[]; timeline: { kind: string; text: string }[] };
type Cert = { cert: string; chain: string; root: string; serial: string; notBefore: string; notAfter: string };

const dir = mkdtempSync(path.join(tmpdir(), 'cc-acme-'));
const file = (name: string, body: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, body);
  return p;
};
const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const freeFlex = { productNo: 'T-LE-FLEX', productType: 'flex', brand: 'letsencrypt', subBrand: 'letsencrypt', certType: 'DV', pricePerYear: 0, maxYear: 0, free: true };

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Debian's pebble on loopback with a TLS certificate of our own; resolves once it says it listens. */
async function startPebble(dnsAddress: string) {
  const which = await run('sh', ['-c', 'command -v pebble']).catch(() => null);
  if (!which?.stdout.trim()) throw new Error('pebble (the ACME test server) is not installed: apt-get install -y pebble (.ci/run installs it)');
  const certPath = path.join(dir, 'pebble-cert.pem');
  const keyPath = path.join(dir, 'pebble-key.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', keyPath, '-out', certPath, '-days', '2', '-subj', '/CN=pebble', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']);
  const [port, mgmt] = [await freePort(), await freePort()];
  const config = file('pebble.json', JSON.stringify({
    pebble: {
      listenAddress: `127.0.0.1:${port}`, managementListenAddress: `127.0.0.1:${mgmt}`, certificate: certPath, privateKey: keyPath,
      httpPort: await freePort(), tlsPort: await freePort(), ocspResponderURL: '', externalAccountBindingRequired: false,
      // Let's Encrypt's 90 days.
      certificateValidityPeriod: 7776000,
    },
  }));
  const child: ChildProcess = spawn('pebble', ['-config', config, '-dnsserver', dnsAddress], {
    // No random validation sleeps, no rejected nonces, no authorization reuse: the same run every time.
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      log += b.toString();
      if (log.includes('Listening on:')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`pebble exited (${code}): ${log}`)));
  });
  const ca = readFileSync(certPath, 'utf8');
  const get = (p: string) =>
    new Promise<string>((resolve, reject) => {
      https.get({ host: '127.0.0.1', port: mgmt, path: p, ca: [ca] }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    });
  return {
    directoryUrl: `https://127.0.0.1:${port}/dir`,
    caFile: certPath,
    /** Pebble makes a new root each start; its management interface tells which. */
    root: () => get('/roots/0'),
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

let dns: Dns;
let pebble: Awaited<ReturnType<typeof startPebble>>;
let t: TestApp;
let me: ReturnType<typeof client>;

beforeAll(async () => {
  dns = await startDns();
  pebble = await startPebble(dns.address);
  t = await startTestApp({ DNS_RESOLVER: dns.address, ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_FILE: pebble.caFile, ACME_EMAIL: 'ops@certhub.test' });
  await addProducts(t.app, [freeFlex]);
  me = client(t.app, (await newAccount(t.app)).token);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await pebble?.stop();
  await dns?.close();
});

async function csrFor(names: string[], withSans: boolean): Promise<string> {
  const keys = await testKeys();
  const extensions = withSans ? [new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: 'dns' as const, value })))] : [];
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${names[0]}`, keys, signingAlgorithm: rsa, extensions });
  return csr.toString('pem');
}

/** A free order through the purchase API, its validation started and the ACME order placed. */
async function freeOrder(names: string[], opts: { sans?: boolean; key?: boolean } = {}): Promise<{ orderNo: string; detail: Detail }> {
  const body = { productNo: freeFlex.productNo, year: 90, dcvMethod: 'dns_txt', csr: await csrFor(names, opts.sans ?? true), commonName: names[0], domainNames: names.slice(1).join(','), ...(opts.key ? { key: await pkcs8Pem(await testKeys()) } : {}) };
  const r = await me.post('/v1/orders/free', body);
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = r.body.data as string;
  expect((await me.get(`/v1/orders/detail/${orderNo}`)).body.code).toBe(200);
  await drainAll(t.app);
  return { orderNo, detail: await detail(orderNo) };
}
const detail = async (orderNo: string) => ((await me.get(`/v1/orders/detail/${orderNo}`, { lang: 'en' })).body.data as { orderInfo: Detail }).orderInfo;

/** What the customer does: every TXT value under its host (a name and its wildcard share one). */
function publish(d: Detail) {
  const byHost = new Map<string, string[]>();
  for (const x of d.domains) byHost.set(x.instructions.host!, [...(byHost.get(x.instructions.host!) ?? []), x.instructions.value!]);
  for (const [host, values] of byHost) dns.setTxt(host, ...values);
}

async function verifiesAgainstPebble(c: Cert): Promise<string> {
  const { stdout } = await run('openssl', ['verify', '-CAfile', file(`root${Math.random()}.pem`, await pebble.root()), '-untrusted', file(`chain${Math.random()}.pem`, c.chain), file(`leaf${Math.random()}.pem`, c.cert)]);
  return stdout;
}

describe('ACME adapter against pebble', () => {
  it('issues example.com and *.example.com: challenge values as DCV instructions, the customer\'s TXT records, a chain that verifies', async () => {
    const { orderNo, detail: d } = await freeOrder(['example.com', '*.example.com']);
    expect(d.orderStatus).toBe(1002);
    expect(d.domains.map((x) => [x.domain, x.method, x.instructions.recordType, x.instructions.host])).toEqual([
      ['example.com', 'dns_txt', 'TXT', '_acme-challenge.example.com'],
      ['*.example.com', 'dns_txt', 'TXT', '_acme-challenge.example.com'],
    ]);
    // base64url SHA-256 digests (RFC 8555 §8.4), one per authorization.
    for (const x of d.domains) expect(x.instructions.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.domains[0]!.instructions.value).not.toBe(d.domains[1]!.instructions.value);
    expect(d.timeline.map((e) => e.kind)).toContain('acme_ordered');

    publish(d);
    const v = await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    expect(v.body.code, v.body.msg).toBe(200);
    await drainAll(t.app);
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toEqual({ orderStatus: 1005, reSignStatus: 0 });

    const c = (await me.get(`/v1/orders/cert/${orderNo}`)).body.data as Cert;
    expect(await verifiesAgainstPebble(c)).toContain('OK');
    // The root is not in an ACME chain: none is made up (the built-in CA's would be wrong).
    expect(c.root).toBe('');
    const leaf = new X509Certificate(c.cert);
    expect(leaf.subjectAltName?.split(', ').sort()).toEqual(['DNS:*.example.com', 'DNS:example.com']);
    expect(leaf.issuer).toContain('Pebble Intermediate CA');
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', (await testKeys()).publicKey));
    expect(leaf.publicKey.export({ type: 'spki', format: 'der' }).equals(spki)).toBe(true);
    expect(c.serial).toBe(leaf.serialNumber.toLowerCase());
    expect(Math.round((new Date(c.notAfter).getTime() - new Date(c.notBefore).getTime()) / 86400_000)).toBe(90);
    const after = await detail(orderNo);
    expect(after.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['acme_ordered', 'issuing', 'issued']));

    // One account per directory, its key stored sealed.
    const accounts = await t.app.db.query<{ key_sealed: string; account_url: string }>(`SELECT key_sealed, account_url FROM acme_accounts`);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.key_sealed).toMatch(/^v1:/);
    expect(accounts[0]!.key_sealed).not.toContain('PRIVATE KEY');
    expect(accounts[0]!.account_url).toContain('127.0.0.1');
  });

  it('keeps an order pending with a clear reason while the record is missing, and fixes the method to DNS TXT', async () => {
    const { orderNo } = await freeOrder(['missing.example.org', 'www.missing.example.org']);
    await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    await drainAll(t.app);
    const d = await detail(orderNo);
    expect(d.orderStatus).toBe(1002);
    expect(d.domains[0]).toMatchObject({ status: 'pending', lastError: 'No TXT record found at _acme-challenge.missing.example.org' });
    const change = await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'file' }, { lang: 'en' });
    expect(change.body).toMatchObject({ code: 10001, msg: 'Free certificates are issued over ACME and validate by DNS TXT record only' });
    // Still the same account: no second registration.
    expect(await t.app.db.query(`SELECT 1 FROM acme_accounts`)).toHaveLength(1);
  });

  it('goes back to validation when a record disappears before the CA is asked, then issues', async () => {
    const { orderNo, detail: d } = await freeOrder(['gone.example.org', 'www.gone.example.org']);
    publish(d);
    await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    // Validated by our check (1009); the record goes away before the issue job runs.
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toMatchObject({ orderStatus: 1009 });
    dns.setTxt('_acme-challenge.gone.example.org');
    await drainAll(t.app);
    const back = await detail(orderNo);
    expect(back.orderStatus).toBe(1002);
    expect(back.domains[0]).toMatchObject({ status: 'pending', lastError: 'No TXT record found at _acme-challenge.gone.example.org' });
    publish(back);
    await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    await drainAll(t.app);
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toMatchObject({ orderStatus: 1005 });
  });

  it('makes the CSR from the held key when the order\'s CSR names only the common name', async () => {
    const names = ['held.example.net', '*.held.example.net'];
    const { orderNo, detail: d } = await freeOrder(names, { sans: false, key: true });
    publish(d);
    await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    await drainAll(t.app);
    const c = (await me.get(`/v1/orders/cert/${orderNo}`)).body.data as Cert;
    expect(await verifiesAgainstPebble(c)).toContain('OK');
    const leaf = new X509Certificate(c.cert);
    expect(leaf.subjectAltName?.split(', ').sort()).toEqual(['DNS:*.held.example.net', 'DNS:held.example.net']);
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', (await testKeys()).publicKey));
    expect(leaf.publicKey.export({ type: 'spki', format: 'der' }).equals(spki)).toBe(true);
    const [row] = await t.app.db.query<{ csr: string }>(`SELECT a.csr FROM acme_orders a JOIN orders o ON o.id = a.order_id WHERE o.order_no = $1`, [orderNo]);
    expect([...csrNames(row!.csr)].sort()).toEqual(['*.held.example.net', 'held.example.net']);
  });

  it('stops with 1003 and the reason when the CSR lacks names and no key is held', async () => {
    const { orderNo, detail: d } = await freeOrder(['nokey.example.net', 'www.nokey.example.net'], { sans: false });
    expect(d.orderStatus).toBe(1003);
    expect(d.statusReason).toBe('acme_csr_names');
    // In words on the page and in the timeline, not the code.
    expect(d.statusReasonText).toBe('The CSR does not name the order\'s domains and the server holds no key: resubmit the order');
    expect(d.timeline.find((e) => e.kind === 'acme_failed')?.text).toBe(`The CA did not issue: ${d.statusReasonText}`);
    expect(d.domains[0]!.lastError).toContain('The CSR does not name exactly the order\'s domains');
    expect(await t.app.db.query(`SELECT 1 FROM acme_orders a JOIN orders o ON o.id = a.order_id WHERE o.order_no = $1`, [orderNo])).toHaveLength(0);
  });
});
