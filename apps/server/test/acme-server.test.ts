import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeEcCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { freePort, startDnsWorld, type DnsWorld } from './dns-helpers.ts';
import { AcmeTestClient, injectTransport } from './acme-helpers.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { ordersContext } from '../src/services/orders/context.ts';
import { ruleOn, tlsMaxValidityDays } from '@cc/domain/cabf-rules';

/**
 * The ACME server against Debian's certbot and lego, unmodified, on loopback: EAB registration, DV orders validated by
 * http-01 (the client's standalone server on DCV_HTTP_PORT) and by dns-01 in a zone hosted here (no step at all),
 * renewal and revocation; every order a real, paid order of the account that openssl verifies.
 */

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'cc-acme-server-'));
const product = testProducts.dv;
let t: TestApp;
let world: DnsWorld;
let dns: AuthoritativeDns;
let proxy: tls.Server;
let base: string;
let caFile: string;
let httpPort: number;
let me: ReturnType<typeof client>;
let meId: number;

async function balance(id: number): Promise<number> {
  const [r] = await t.app.db.query<{ b: number }>(`SELECT balance::float8 AS b FROM accounts WHERE id = $1`, [id]);
  return r!.b;
}

/** A TLS front on loopback for the HTTP server (ACME clients speak HTTPS only), with a certificate made by openssl. */
async function tlsFront(port: number, target: number) {
  const key = path.join(dir, 'tls-key.pem');
  caFile = path.join(dir, 'tls-cert.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', caFile, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  const server = tls.createServer({ key: readFileSync(key), cert: readFileSync(caFile) }, (socket) => {
    const up = net.connect(target, '127.0.0.1');
    socket.pipe(up).pipe(socket);
    socket.on('error', () => up.destroy());
    up.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** A zone delegated to our nameservers and added by `api`: live at once. */
async function liveZone(api: ReturnType<typeof client>, zone: string) {
  world.delegate(zone);
  const r = await api.post('/dm-serv/v1/dns/zones', { zone });
  expect([r.body.code, (r.body.data as { status: string } | null)?.status]).toEqual([200, 'active']);
}

async function zoneWithA(api: ReturnType<typeof client>, zone: string, hosts: string[]) {
  await liveZone(api, zone);
  const recs = (await api.get(`/dm-serv/v1/dns/zones/${zone}/records`)).body.data as { zone: { serial: number } };
  const r = await api.post('/dm-serv/v1/domains/records', { zone, baseSerial: recs.zone.serial, preview: false, records: hosts.map((host) => ({ host, type: 'A', value: '127.0.0.1' })) });
  expect(r.body.code, r.body.msg).toBe(200);
}

async function eabKey(api: ReturnType<typeof client>, name: string) {
  const r = await api.post('/v1/acme/eabKeys', { name });
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as { key: { kid: string }; hmacKey: string };
}

beforeAll(async () => {
  const tlsPort = await freePort();
  httpPort = await freePort();
  base = `https://127.0.0.1:${tlsPort}`;
  // Validation asks public DNS (a world on loopback), which asks the built-in server for zones delegated to ours.
  // The clients' http-01 servers listen on loopback: file validation may fetch from it in tests only.
  world = await startDnsWorld();
  t = await startTestApp({ ...world.env, DCV_HTTP_PORT: String(httpPort), PUBLIC_URL: base, REPORT_ALLOW_PRIVATE: 'on' });
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await tlsFront(tlsPort, (t.app.server.address() as AddressInfo).port);
  await addProducts(t.app, [product, testProducts.wild]);
  const a = await newAccount(t.app, 10_000_00);
  meId = a.id;
  me = client(t.app, a.token);
  // Names the clients serve http-01 for live in a zone of another customer (so no autopilot helps): A 127.0.0.1.
  const other = client(t.app, (await newAccount(t.app)).token);
  await zoneWithA(other, 'web.test', ['certbot', 'lego', 'guarded']);
  // The zone hosted here for this customer: dns-01 with no step.
  await liveZone(me, 'hosted.test');
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await dns?.close();
  await t?.close();
  await world?.close();
});

const directory = () => `${base}/acme/${product.productNo}/directory`;

async function verifies(certPath: string, chainPath: string): Promise<string> {
  const root = path.join(dir, `root-${Math.random()}.pem`);
  writeFileSync(root, (await ordersContext(t.app).ca.hierarchy(product.brand)).rootPem);
  const { stdout } = await run('openssl', ['verify', '-CAfile', root, '-untrusted', chainPath, certPath]);
  return stdout;
}

function sh(cmd: string, args: string[], env: Record<string, string>) {
  return run(cmd, args, { env: { ...process.env, ...env }, timeout: 120_000 }).catch((e: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`${cmd} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  });
}

describe('certbot against the ACME server', () => {
  const cfg = path.join(dir, 'certbot');
  const common = ['--config-dir', cfg, '--work-dir', cfg, '--logs-dir', cfg, '--non-interactive'];
  const env = () => ({ REQUESTS_CA_BUNDLE: caFile });

  it('registers with EAB, orders a DV certificate by http-01, renews and revokes; paid from the balance, verified by openssl', async () => {
    const key = await eabKey(me, 'certbot');
    const before = await balance(meId);
    await sh('certbot', ['certonly', ...common, '--agree-tos', '-m', 'ops@example.com', '--server', directory(), '--eab-kid', key.key.kid, `--eab-hmac-key=${key.hmacKey}`,
      '--standalone', '--http-01-port', String(httpPort), '--http-01-address', '127.0.0.1', '-d', 'certbot.web.test'], env());
    const live = path.join(cfg, 'live', 'certbot.web.test');
    expect(await verifies(path.join(live, 'cert.pem'), path.join(live, 'chain.pem'))).toContain('OK');
    expect(await balance(meId)).toBe(before - product.pricePerYear);
    // A public TLS leaf: serverAuth alone (the rules table's EKU), the longest validity of the day (the classic profile).
    const eku = (await run('openssl', ['x509', '-noout', '-ext', 'extendedKeyUsage', '-in', path.join(live, 'cert.pem')])).stdout;
    expect(eku.split('\n').slice(1).join(' ').trim()).toBe('TLS Web Server Authentication');
    const leaf = new X509Certificate(readFileSync(path.join(live, 'cert.pem')));
    expect(Math.round((Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)) / 86_400_000)).toBe(ruleOn(tlsMaxValidityDays, new Date()));

    await sh('certbot', ['renew', ...common, '--force-renewal', '--no-random-sleep-on-renew'], env());
    expect(await balance(meId)).toBe(before - 2 * product.pricePerYear);
    expect(await verifies(path.join(live, 'cert.pem'), path.join(live, 'chain.pem'))).toContain('OK');

    await sh('certbot', ['revoke', ...common, '--server', directory(), '--cert-name', 'certbot.web.test', '--reason', 'keycompromise', '--no-delete-after-revoke'], env());
    const orders = await t.app.db.query<{ origin: string; order_status: number }>(`SELECT origin, order_status FROM orders WHERE common_name = 'certbot.web.test' ORDER BY id`);
    expect(orders.map((o) => [o.origin, o.order_status])).toEqual([['ACME', 1005], ['ACME', 1008]]);
    // The CRL at the certificate's distribution point lists it with the reason certbot gave, signed by its issuer.
    const crl = path.join(dir, 'certbot.crl');
    writeFileSync(crl, (await t.app.inject({ method: 'GET', url: `/ca/${product.brand}/intermediate.crl` })).rawPayload);
    const serial = (await run('openssl', ['x509', '-noout', '-serial', '-in', path.join(live, 'cert.pem')])).stdout.trim().replace(/^serial=/, '');
    const text = (await run('openssl', ['crl', '-inform', 'DER', '-in', crl, '-text', '-noout'])).stdout;
    expect(text).toMatch(/X509v3 CRL Number:\s*\n\s*\d+/);
    expect(text).toContain('X509v3 Authority Key Identifier');
    expect(text).toMatch(new RegExp(`Serial Number: ${serial}\\s*\\n\\s*Revocation Date: .+\\n\\s*CRL entry extensions:\\s*\\n\\s*X509v3 CRL Reason Code:\\s*\\n\\s*Key Compromise`));
    const verified = await run('openssl', ['crl', '-inform', 'DER', '-in', crl, '-CAfile', path.join(live, 'chain.pem'), '-noout']);
    expect(verified.stdout + verified.stderr).toContain('verify OK');
  }, 180_000);
});

describe('lego against the ACME server', () => {
  const home = path.join(dir, 'lego');
  const env = () => ({ LEGO_CA_CERTIFICATES: caFile, EXEC_PATH: '/bin/true' });
  const common = (kid: string, hmac: string) => ['--server', directory(), '--eab', `--kid=${kid}`, `--hmac=${hmac}`, '--email', 'ops@example.com', '--accept-tos', '--path', home];

  it('orders by dns-01 for a zone hosted here with no step, renews and revokes', async () => {
    const key = await eabKey(me, 'lego');
    const before = await balance(meId);
    const dnsArgs = ['--dns', 'exec', '--dns.disable-cp', '--domains', 'lego.hosted.test'];
    await sh('lego', [...common(key.key.kid, key.hmacKey), ...dnsArgs, 'run'], env());
    const certs = path.join(home, 'certificates');
    const full = readFileSync(path.join(certs, 'lego.hosted.test.crt'), 'utf8');
    const [leaf, ...chain] = full.split(/(?=-----BEGIN CERTIFICATE-----)/);
    writeFileSync(path.join(dir, 'lego-leaf.pem'), leaf!);
    writeFileSync(path.join(dir, 'lego-chain.pem'), chain.join(''));
    expect(await verifies(path.join(dir, 'lego-leaf.pem'), path.join(dir, 'lego-chain.pem'))).toContain('OK');
    expect(await balance(meId)).toBe(before - product.pricePerYear);

    await sh('lego', [...common(key.key.kid, key.hmacKey), ...dnsArgs, 'renew', '--days', '400', '--no-random-sleep'], env());
    expect(await balance(meId)).toBe(before - 2 * product.pricePerYear);
    await sh('lego', [...common(key.key.kid, key.hmacKey), '--domains', 'lego.hosted.test', 'revoke'], env());

    const r = await me.get('/v1/orders?limit=50', { lang: 'en' });
    const list = JSON.stringify(r.body.data);
    expect(list).toContain('"origin":"ACME"');
    const orders = await t.app.db.query<{ origin: string; order_status: number }>(`SELECT origin, order_status FROM orders WHERE common_name = 'lego.hosted.test' ORDER BY id`);
    expect(orders.map((o) => [o.origin, o.order_status])).toEqual([['ACME', 1005], ['ACME', 1008]]);
  }, 180_000);

  it('orders by http-01 on its own standalone server', async () => {
    const key = await eabKey(me, 'lego-http');
    await sh('lego', [...common(key.key.kid, key.hmacKey), '--http', '--http.port', `127.0.0.1:${httpPort}`, '--domains', 'lego.web.test', 'run'], env());
    expect(readFileSync(path.join(home, 'certificates', 'lego.web.test.crt'), 'utf8')).toContain('BEGIN CERTIFICATE');
  }, 180_000);
});


const injected = injectTransport(() => t.app);
class Client extends AcmeTestClient {
  constructor(alg: 'ES256' | 'ES384' | 'RS256' = 'ES256') {
    super(() => base, product.productNo, injected, alg);
  }
}
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const problem = (r: { json: Record<string, unknown> }) => [r.json.type, r.json.status];

describe('ACME protocol: error paths as RFC 8555 problem documents', () => {
  let key: { key: { kid: string }; hmacKey: string };
  const alice = new Client();
  beforeAll(async () => {
    key = await eabKey(me, 'protocol');
    await alice.register(key.key.kid, key.hmacKey);
  });

  it('advertises the profiles (classic: the longest allowed today; shortlived: 7 days) and issues by the one asked for', async () => {
    const dirDoc = (await t.app.inject({ method: 'GET', url: `/acme/${product.productNo}/directory` })).json() as { meta: { profiles: Record<string, string> } };
    expect(Object.keys(dirDoc.meta.profiles)).toEqual(['classic', 'shortlived']);
    expect(dirDoc.meta.profiles.classic).toContain(`${ruleOn(tlsMaxValidityDays, new Date())} days`);
    expect(dirDoc.meta.profiles.shortlived).toContain('7 days');

    const bad = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'short.hosted.test' }], profile: 'forever' });
    expect(problem(bad)).toEqual(['urn:ietf:params:acme:error:invalidProfile', 400]);
    expect(bad.json.detail).toContain('classic, shortlived');

    const o = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'short.hosted.test' }], profile: 'shortlived' });
    expect(o.status, o.body).toBe(201);
    expect(o.json).toMatchObject({ status: 'ready', profile: 'shortlived' });
    const csr = (await makeEcCsr('short.hosted.test')).replace(/-----[^-]+-----|\s/g, '');
    const fin = await alice.post(String(o.json.finalize), { csr: Buffer.from(csr, 'base64').toString('base64url') });
    expect(fin.json.status, fin.body).toBe('valid');
    const pem = (await alice.post(String(fin.json.certificate), '')).body;
    const leaf = new X509Certificate(pem);
    expect(Math.round((Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)) / 86_400_000)).toBe(7);
    const pemPath = path.join(dir, 'shortlived.pem');
    writeFileSync(pemPath, pem);
    const eku = (await run('openssl', ['x509', '-noout', '-ext', 'extendedKeyUsage', '-in', pemPath])).stdout;
    expect(eku.split('\n').slice(1).join(' ').trim()).toBe('TLS Web Server Authentication');
    // The client renews it (ARI): the order is one certificate, not a plan the product reissues by itself.
    const [row] = await t.app.db.query<{ order_no: string }>(`SELECT o.order_no FROM orders o WHERE o.common_name = 'short.hosted.test'`);
    const d = (await me.get(`/v1/orders/detail/${row!.order_no}`)).body.data as { orderInfo: { plan: { current: number; total: number; nextReissueAt: string | null } } };
    expect(d.orderInfo.plan).toMatchObject({ current: 1, total: 1, nextReissueAt: null });
  });

  it('refuses a made-up nonce with badNonce and a fresh nonce to retry with', async () => {
    const r = await alice.post(`acct/${alice.kid.split('/').at(-1)}`, {}, { nonce: 'bm90LWEtbm9uY2U' });
    expect(problem(r)).toEqual(['urn:ietf:params:acme:error:badNonce', 400]);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(String(r.headers['replay-nonce'])).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('refuses a replayed JWS: each nonce is used once', async () => {
    const body = await alice.jws(alice.kid, {});
    expect((await alice.send(alice.kid, body)).status).toBe(200);
    const again = await alice.send(alice.kid, body);
    expect(problem(again)).toEqual(['urn:ietf:params:acme:error:badNonce', 400]);
  });

  it('asks for External Account Binding, and refuses a wrong MAC or a revoked key', async () => {
    const bob = new Client();
    expect(problem(await bob.post('new-account', { termsOfServiceAgreed: true }, { useJwk: true }))).toEqual(['urn:ietf:params:acme:error:externalAccountRequired', 403]);
    const wrong = await bob.post('new-account', { termsOfServiceAgreed: true, externalAccountBinding: bob.eab(key.key.kid, Buffer.alloc(32, 7).toString('base64url')) }, { useJwk: true });
    expect(problem(wrong)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(wrong.json.detail).toContain('MAC');
    const other = await eabKey(me, 'revoked');
    const list = (await me.get('/v1/acme/eabKeys')).body.data as { keys: { id: number; kid: string }[] };
    const id = list.keys.find((k) => k.kid === other.key.kid)!.id;
    expect((await me.del(`/v1/acme/eabKeys/${id}`)).body.code).toBe(200);
    const revoked = await bob.post('new-account', { termsOfServiceAgreed: true, externalAccountBinding: bob.eab(other.key.kid, other.hmacKey) }, { useJwk: true });
    expect(problem(revoked)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    // A bad signature is refused whatever the key.
    const forged = await bob.post('new-account', { termsOfServiceAgreed: true, externalAccountBinding: bob.eab(key.key.kid, key.hmacKey) }, { useJwk: true, key: new Client().key.privateKey });
    expect(problem(forged)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
  });

  it('keeps another customer out of an account and its orders', async () => {
    const o = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'alice.hosted.test' }] });
    expect(o.status, o.body).toBe(201);
    const stranger = client(t.app, (await newAccount(t.app, 1_000_000)).token);
    const k = await eabKey(stranger, 'stranger');
    const mallory = new Client();
    await mallory.register(k.key.kid, k.hmacKey);
    expect(problem(await mallory.post(alice.kid, {}))).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(problem(await mallory.post(String(o.headers.location), ''))).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(problem(await mallory.post(String((o.json.authorizations as string[])[0]), ''))).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    // The name is in a zone alice hosts here: validated with no step.
    expect((await alice.post(String(o.headers.location), '')).json.status).toBe('ready');
  });

  it('makes a failed challenge invalid with its reason, with its authorization and order, and refunds the order', async () => {
    const held = await balance(meId);
    const o = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'nothere.web.test' }] });
    expect(o.status, o.body).toBe(201);
    expect(await balance(meId)).toBeLessThan(held);
    const authzUrl = String((o.json.authorizations as string[])[0]);
    const challenges = (await alice.post(authzUrl, '')).json.challenges as { type: string; url: string }[];
    // Nothing serves the file and the name has no address: the one validation attempt fails.
    const answered = await alice.post(challenges.find((c) => c.type === 'http-01')!.url, {});
    expect(answered.json.status).toBe('invalid');
    expect((answered.json.error as { type: string; detail: string }).type).toMatch(/^urn:ietf:params:acme:error:(dns|connection|incorrectResponse)$/);
    expect((await alice.post(authzUrl, '')).json.status).toBe('invalid');
    expect((await alice.post(String(o.headers.location), '')).json.status).toBe('invalid');
    // A retry is a new order: this one is cancelled and its price is back in the balance.
    expect(await balance(meId)).toBe(held);
    const [row] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.common_name = 'nothere.web.test' AND e.kind = 'refunded'`);
    expect(row!.n).toBe(1);
  });

  it.each(['RS256', 'ES384'] as const)('takes an account key signing with %s, and orders with it', async (alg) => {
    const c = new Client(alg);
    await c.register(key.key.kid, key.hmacKey);
    const o = await c.post('new-order', { identifiers: [{ type: 'dns', value: `${alg.toLowerCase()}.hosted.test` }] });
    expect(o.status, o.body).toBe(201);
    // In a zone this customer hosts here: valid with no step.
    expect((await c.post(String(o.headers.location), '')).json.status).toBe('ready');
  });

  it('validates http-01 from public addresses only: a name on loopback fails with the reason, outside tests', async () => {
    const o = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'guarded.web.test' }] });
    expect(o.status, o.body).toBe(201);
    const authzUrl = String((o.json.authorizations as string[])[0]);
    const challenges = (await alice.post(authzUrl, '')).json.challenges as { type: string; url: string }[];
    t.app.config.REPORT_ALLOW_PRIVATE = 'off';
    try {
      const answered = await alice.post(challenges.find((c) => c.type === 'http-01')!.url, {});
      expect(answered.json.status).toBe('invalid');
      expect(answered.json.error).toMatchObject({
        type: 'urn:ietf:params:acme:error:dns',
        detail: 'guarded.web.test resolves to 127.0.0.1, a private, loopback, link-local or otherwise non-public address: file validation fetches from public addresses only. Point the name at the site\'s public address, or validate by DNS',
      });
    } finally {
      t.app.config.REPORT_ALLOW_PRIVATE = 'on';
    }
  });

  it('refuses an order the balance cannot pay, with nothing charged and no order left behind', async () => {
    const poor = await newAccount(t.app, 100);
    const api = client(t.app, poor.token);
    const k = await eabKey(api, 'poor');
    const c = new Client();
    await c.register(k.key.kid, k.hmacKey);
    const r = await c.post('new-order', { identifiers: [{ type: 'dns', value: 'poor.example.com' }] });
    expect(problem(r)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(r.json.detail).toBe('Insufficient balance: this order costs ¥399.00, the balance is ¥1.00, and no certificate package of T-DV covers it');
    expect(await balance(poor.id)).toBe(100);
    expect(await t.app.db.query(`SELECT 1 FROM orders WHERE account_id = $1`, [poor.id])).toEqual([]);
    const bad = await c.post('new-order', { identifiers: [{ type: 'dns', value: 'not a name' }] });
    expect(problem(bad)).toEqual(['urn:ietf:params:acme:error:rejectedIdentifier', 400]);
    const nul = await c.post('new-order', { identifiers: [{ type: 'dns', value: 'a\u0000.example' }] });
    expect(problem(nul)).toEqual(['urn:ietf:params:acme:error:malformed', 400]);
    expect(nul.json.detail).toBe('Malformed request: payload has a NUL or unpaired surrogate at identifiers.0.value');
  });

  it('keeps an order processing while a CAA lookup fails, and issues it by the queued job once the lookup answers', async () => {
    // The parent of the name's zone is delegated to our nameservers but hosted nowhere: a lame delegation, which the
    // resolver answers SERVFAIL. No answer is no permission (RFC 8659 §3), but the order must not be left with nothing to move it.
    const name = 'inner.lame-parent.test';
    await liveZone(me, name);
    world.delegate('lame-parent.test');
    const o = await alice.post('new-order', { identifiers: [{ type: 'dns', value: name }] });
    expect(o.json.status, o.body).toBe('ready');
    // What validation queued has run, as a running worker would have done by now: only finalize can queue more.
    await t.app.jobs.drain();
    const csr = (await makeEcCsr(name)).replace(/-----[^-]+-----|\s/g, '');
    const fin = await alice.post(String(o.json.finalize), { csr: Buffer.from(csr, 'base64').toString('base64url') });
    expect(fin.json.status, fin.body).toBe('processing');
    const [order] = await t.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE common_name = $1`, [name]);
    const queued = () => t.app.db.query<{ later: boolean }>(`SELECT run_at > now() AS later FROM jobs WHERE kind = 'issue.order' AND status = 'pending' AND payload->>'orderId' = $1`, [String(order!.id)]);
    expect(await queued()).toEqual([{ later: true }]);
    const [failed] = await t.app.db.query<{ detail: Record<string, string> }>(`SELECT detail FROM order_events WHERE order_id = $1 AND kind = 'caa_lookup_failed'`, [order!.id]);
    expect(failed!.detail).toMatchObject({ domain: name, at: 'lame-parent.test', reason: 'SERVFAIL' });

    // The parent answers now (hosted, no CAA record anywhere); the job's time comes and it issues.
    await liveZone(me, 'lame-parent.test');
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'issue.order' AND status = 'pending' AND payload->>'orderId' = $1`, [String(order!.id)]);
    await t.app.jobs.drain();
    const polled = await alice.post(String(o.headers.location), '');
    expect(polled.json.status, polled.body).toBe('valid');
    expect((await alice.post(String(polled.json.certificate), '')).body).toContain('BEGIN CERTIFICATE');
  });

  it('refuses to issue when CAA forbids the CA, and issues once the record allows it; ARI tells when to renew', async () => {
    await liveZone(me, 'caa.test');
    const recs = (await me.get('/dm-serv/v1/dns/zones/caa.test/records')).body.data as { zone: { serial: number } };
    const added = await me.post('/dm-serv/v1/domains/records', { zone: 'caa.test', baseSerial: recs.zone.serial, preview: false, records: [{ host: '@', type: 'CAA', value: '0 issue "other-ca.example"' }] });
    expect(added.body.code, added.body.msg).toBe(200);
    const o = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'caa.test' }] });
    expect(o.json.status).toBe('ready');
    const csr = (await makeEcCsr('caa.test')).replace(/-----[^-]+-----|\s/g, '');
    const fin = await alice.post(String(o.json.finalize), { csr: Buffer.from(csr, 'base64').toString('base64url') });
    expect(problem(fin)).toEqual(['urn:ietf:params:acme:error:caa', 403]);
    expect(fin.json.detail).toContain('caa.test');

    const now = (await me.get('/dm-serv/v1/dns/zones/caa.test/records')).body.data as { zone: { serial: number }; records: { id: number; type: string }[] };
    const caa = now.records.find((x) => x.type === 'CAA')!;
    expect((await me.post('/dm-serv/v1/domains/recordsDel', { zone: 'caa.test', baseSerial: now.zone.serial, ids: [caa.id], preview: false })).body.code).toBe(200);
    const ok = await alice.post(String(o.json.finalize), { csr: Buffer.from(csr, 'base64').toString('base64url') });
    expect(ok.json.status, ok.body).toBe('valid');
    const pem = (await alice.post(String(ok.json.certificate), '')).body;
    expect(pem.match(/BEGIN CERTIFICATE/g)?.length).toBeGreaterThanOrEqual(2);

    const leaf = new X509Certificate(pem);
    const [row] = await t.app.db.query<{ serial: string }>(`SELECT c.serial FROM certificates c JOIN orders o ON o.certificate_id = c.id WHERE o.common_name = 'caa.test'`);
    const akiHex = execKeyId(pem);
    const serialHex = row!.serial.length % 2 ? `0${row!.serial}` : row!.serial;
    const certId = `${Buffer.from(akiHex, 'hex').toString('base64url')}.${Buffer.from(serialHex, 'hex').toString('base64url')}`;
    const ari = await t.app.inject({ method: 'GET', url: `/acme/${product.productNo}/renewal-info/${certId}` });
    expect(ari.statusCode, ari.body).toBe(200);
    const w = (ari.json() as { suggestedWindow: { start: string; end: string } }).suggestedWindow;
    expect(new Date(w.start) < new Date(w.end)).toBe(true);
    expect(new Date(w.end) < new Date(leaf.validTo)).toBe(true);

    // Renewing names the certificate replaced (RFC 9773 §5): the new order is a renewal of the old one, once.
    const old = await t.app.db.query<{ id: number; order_no: string }>(`SELECT id, order_no FROM orders WHERE common_name = 'caa.test'`);
    const renewal = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'caa.test' }], replaces: certId });
    expect(renewal.status, renewal.body).toBe(201);
    expect(renewal.json.replaces).toBe(certId);
    const [renewed] = await t.app.db.query<{ renewed_from: number }>(`SELECT o.renewed_from FROM acme_server_orders a JOIN orders o ON o.id = a.order_id WHERE a.replaces = $1`, [certId]);
    expect(renewed!.renewed_from).toBe(old[0]!.id);
    const again = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'caa.test' }], replaces: certId });
    expect(problem(again)).toEqual(['urn:ietf:params:acme:error:alreadyReplaced', 409]);
    expect(again.json.detail).toMatch(/^The certificate .+ is already replaced by order /);
    const elsewhere = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'other.hosted.test' }], replaces: certId });
    expect(problem(elsewhere)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    const unknown = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'caa.test' }], replaces: `${certId.split('.')[0]}.AQID` });
    expect(problem(unknown)).toEqual(['urn:ietf:params:acme:error:malformed', 400]);

    // Two renewals of one certificate asked for at once (a client retrying, two hosts sharing a key): one is the
    // renewal, the other hears alreadyReplaced. On PostgreSQL the two really run at once, each in its own transaction.
    const second = await alice.post('new-order', { identifiers: [{ type: 'dns', value: 'caa.test' }] });
    const issued = await alice.post(String(second.json.finalize), { csr: Buffer.from(csr, 'base64').toString('base64url') });
    expect(issued.json.status, issued.body).toBe('valid');
    const secondPem = (await alice.post(String(issued.json.certificate), '')).body;
    const [secondRow] = await t.app.db.query<{ id: number; serial: string }>(
      `SELECT o.id, c.serial FROM certificates c JOIN orders o ON o.certificate_id = c.id JOIN acme_server_orders a ON a.order_id = o.id WHERE a.id = $1`,
      [Number(String(second.json.finalize).match(/\/order\/(\d+)\/finalize/)?.[1] ?? NaN)],
    );
    const secondSerial = secondRow!.serial.length % 2 ? `0${secondRow!.serial}` : secondRow!.serial;
    const secondCertId = `${Buffer.from(execKeyId(secondPem), 'hex').toString('base64url')}.${Buffer.from(secondSerial, 'hex').toString('base64url')}`;
    const both = await Promise.all([0, 1].map(() => alice.post('new-order', { identifiers: [{ type: 'dns', value: 'caa.test' }], replaces: secondCertId })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(problem(both.find((r) => r.status === 409)!)).toEqual(['urn:ietf:params:acme:error:alreadyReplaced', 409]);
    const renewals = await t.app.db.query(`SELECT id FROM orders WHERE renewed_from = $1`, [secondRow!.id]);
    expect(renewals).toHaveLength(1);
  });

  it('holds an EAB key to its products and its spending limit', async () => {
    const unknown = await me.post('/v1/acme/eabKeys', { name: 'x', productNos: ['NOPE'] }, { lang: 'en' });
    expect(unknown.body).toMatchObject({ code: 14603, msg: 'There is no product NOPE' });
    const wildOnly = (await me.post('/v1/acme/eabKeys', { name: 'wild only', productNos: [testProducts.wild.productNo] })).body.data as { key: { kid: string }; hmacKey: string };
    const c = new Client();
    await c.register(wildOnly.key.kid, wildOnly.hmacKey);
    const refused = await c.post('new-order', { identifiers: [{ type: 'dns', value: 'scope.hosted.test' }] });
    expect(problem(refused)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(refused.json.detail).toBe('This EAB key may not order the product T-DV');

    const limited = (await me.post('/v1/acme/eabKeys', { name: 'limited', spendLimit: 50_000 })).body.data as { key: { kid: string }; hmacKey: string };
    const d = new Client();
    await d.register(limited.key.kid, limited.hmacKey);
    expect((await d.post('new-order', { identifiers: [{ type: 'dns', value: 'one.hosted.test' }] })).status).toBe(201);
    const before = await balance(meId);
    const over = await d.post('new-order', { identifiers: [{ type: 'dns', value: 'two.hosted.test' }] });
    expect(problem(over)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(over.json.detail).toBe('The spending limit of this EAB key is ¥500.00, ¥399.00 are spent, and this order (¥399.00) goes over it');
    expect(await balance(meId)).toBe(before);
    const listed = (await me.get('/v1/acme/eabKeys')).body.data as { keys: { kid: string; spent: number; accounts: number }[] };
    expect(listed.keys.find((k) => k.kid === limited.key.kid)).toMatchObject({ spent: 39_900, accounts: 1 });
  });

  it('keeps an EAB key within its spending limit when its clients order at once: exactly the orders the limit pays for', async () => {
    // ¥1,200.00 pays for three orders of ¥399.00; eight orders arrive together from three ACME accounts of the key.
    const shared = (await me.post('/v1/acme/eabKeys', { name: 'at once', spendLimit: 120_000 })).body.data as { key: { kid: string }; hmacKey: string };
    const clients = [new Client(), new Client(), new Client()];
    for (const c of clients) await c.register(shared.key.kid, shared.hmacKey);
    const before = await balance(meId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => clients[i % clients.length]!.post('new-order', { identifiers: [{ type: 'dns', value: `race${i}.hosted.test` }] })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
    for (const r of answers.filter((a) => a.status === 403)) expect(problem(r)).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(before - (await balance(meId))).toBe(3 * 39_900);
    const listed = (await me.get('/v1/acme/eabKeys')).body.data as { keys: { kid: string; spent: number; accounts: number }[] };
    expect(listed.keys.find((k) => k.kid === shared.key.kid)).toMatchObject({ spent: 3 * 39_900, accounts: 3 });
  });

  it('changes the account key, then deactivates the account', async () => {
    const c = new Client();
    await c.register(key.key.kid, key.hmacKey);
    const next = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const nextJwk = next.publicKey.export({ format: 'jwk' });
    const url = c.url('key-change');
    const inner = await c.jws(url, { account: c.kid, oldKey: c.jwk }, { useJwk: true, jwk: nextJwk, key: next.privateKey });
    const innerNoNonce = (() => {
      const h = JSON.parse(Buffer.from(inner.protected, 'base64url').toString()) as Record<string, unknown>;
      delete h.nonce;
      const prot = b64(JSON.stringify(h));
      return { protected: prot, payload: inner.payload, signature: sign('sha256', Buffer.from(`${prot}.${inner.payload}`), { key: next.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url') };
    })();
    const r = await c.post(url, innerNoNonce);
    expect(r.status, r.body).toBe(200);
    // The old key no longer signs for the account; the new one does.
    expect(problem(await c.post(c.kid, {}))).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    const d = await c.post(c.kid, { status: 'deactivated' }, { key: next.privateKey });
    expect(d.json.status).toBe('deactivated');
    expect(problem(await c.post(c.kid, {}, { key: next.privateKey }))).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
  });
});

/** The authority key identifier of a PEM certificate, hex, as openssl prints it. */
function execKeyId(pem: string): string {
  const cert = new x509.X509Certificate(pem);
  return cert.getExtension(x509.AuthorityKeyIdentifierExtension)!.keyId!;
}
