import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertDetail, CertSummary, DashboardAnswer, Profile, Target } from '@cc/contracts/discovery';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, pkcs8Pem, testKeys, testProducts } from './purchase-helpers.ts';
import { drainAll, payAndValidateByDns, startDns } from './orders-helpers.ts';
import { ordersContext } from '../src/services/orders/context.ts';

// --- certificates made with openssl: root -> intermediate -> leaves for names the test DNS points at loopback.
const dir = mkdtempSync(path.join(tmpdir(), 'discovery-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const read = (name: string) => readFileSync(file(name), 'utf8');
const ecKey = (name: string) => openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file(`${name}.key`));
function leaf(name: string, san: string, days: number) {
  ecKey(name);
  openssl('req', '-new', '-key', file(`${name}.key`), '-subj', `/CN=${san}`, '-out', file(`${name}.csr`));
  writeFileSync(file(`${name}.ext`), `basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:${san}\n`);
  openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file('inter.pem'), '-CAkey', file('inter.key'), '-CAcreateserial', '-days', String(days), '-sha256', '-extfile', file(`${name}.ext`), '-out', file(`${name}.pem`));
}
function makeCertificates() {
  ecKey('root');
  openssl('req', '-x509', '-new', '-key', file('root.key'), '-subj', '/CN=Discovery Test Root', '-days', '30', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', file('root.pem'));
  ecKey('inter');
  openssl('req', '-new', '-key', file('inter.key'), '-subj', '/CN=Discovery Test Intermediate', '-out', file('inter.csr'));
  writeFileSync(file('inter.ext'), 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n');
  openssl('x509', '-req', '-in', file('inter.csr'), '-CA', file('root.pem'), '-CAkey', file('root.key'), '-CAcreateserial', '-days', '30', '-sha256', '-extfile', file('inter.ext'), '-out', file('inter.pem'));
  leaf('valid', 'valid.example', 20);
  leaf('valid2', 'valid.example', 25);
  leaf('expired', 'expired.example', -1);
  leaf('missing', 'missing.example', 20);
  leaf('gone', 'gone.example', 40);
  ecKey('self');
  openssl('req', '-x509', '-new', '-key', file('self.key'), '-subj', '/CN=self.example', '-days', '20', '-addext', 'subjectAltName=DNS:self.example', '-out', file('self.pem'));
}

const servers: https.Server[] = [];
async function serve(key: string, cert: string): Promise<{ port: number; server: https.Server }> {
  const server = https.createServer({ key, cert, minVersion: 'TLSv1.2' }, (_q, r) => r.end('ok'));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, server };
}
/** A port with nothing listening: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

type Dns = Awaited<ReturnType<typeof startDns>>;
type Mail = { to: string; subject: string; body: string };
let t: TestApp;
let dns: Dns;
let me: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let meEmail: string;
let meToken: string;
let orderNo: string;
let orderKey: string;
const p = { valid: 0, expired: 0, self: 0, missing: 0, shop: 0, down: 0 };
let validServer: https.Server;
let shopServer: https.Server;

beforeAll(async () => {
  makeCertificates();
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test', REPORT_ALLOW_PRIVATE: 'on', REPORT_EXTRA_CA_FILE: file('trust.pem') });
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app);
  me = client(t.app, a.token);
  meToken = a.token;
  [{ email: meEmail }] = (await t.app.db.query<{ email: string }>(`SELECT email FROM accounts WHERE id = $1`, [a.id])) as [{ email: string }];
  other = client(t.app, (await newAccount(t.app)).token);
  await drainAll(t.app);

  // An order of this account, validated over the test DNS and issued by the built-in CA.
  const r = await me.post('/v1/orders/certificate/T-DV', { dcvMethod: 'dns_txt', year: 1, csr: await makeCsr('shop.example'), commonName: 'shop.example' });
  expect(r.body.code, r.body.msg).toBe(200);
  orderNo = r.body.data as string;
  await payAndValidateByDns(t.app, me, dns, orderNo);
  const [issued] = await t.app.db.query<{ cert_pem: string; chain_pem: string; brand: string }>(
    `SELECT c.cert_pem, c.chain_pem, o.brand FROM certificates c JOIN orders o ON o.id = c.order_id WHERE o.order_no = $1`,
    [orderNo],
  );
  expect(issued, 'the order was issued').toBeTruthy();
  const [root] = await t.app.db.query<{ cert_pem: string }>(`SELECT cert_pem FROM ca_keys WHERE brand = $1 AND kind = 'root'`, [issued!.brand]);
  // The scanner trusts the test root and the built-in CA's root (as a browser trusts the public roots).
  writeFileSync(file('trust.pem'), read('root.pem') + root!.cert_pem);
  orderKey = await pkcs8Pem(await testKeys());

  const v = await serve(read('valid.key'), read('valid.pem') + read('inter.pem'));
  [p.valid, validServer] = [v.port, v.server];
  p.expired = (await serve(read('expired.key'), read('expired.pem') + read('inter.pem'))).port;
  p.self = (await serve(read('self.key'), read('self.pem'))).port;
  p.missing = (await serve(read('missing.key'), read('missing.pem'))).port;
  const s = await serve(orderKey, issued!.cert_pem + issued!.chain_pem);
  [p.shop, shopServer] = [s.port, s.server];
  p.down = await closedPort();
}, 180_000);

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  await t?.close();
  await dns?.close();
  rmSync(dir, { recursive: true, force: true });
});

const mails = async (): Promise<Mail[]> => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(meEmail)}` })).json().data as Mail[];
const profiles = async (c = me) => ((await c.get('/v1/discovery/profiles')).body.data as { items: Profile[] }).items;
const targets = async (c = me) => ((await c.get('/v1/discovery/targets')).body.data as { items: Target[] }).items;
const certs = async (query = '', c = me) => ((await c.get(`/v1/discovery/certs${query}`)).body.data as { items: CertSummary[] }).items;
const stateOf = async (value: string) => (await targets()).find((x) => x.value === value)?.worstState;
async function scanNow() {
  const [pr] = await profiles();
  const r = await me.post(`/v1/discovery/profiles/${pr!.id}/scan`, {});
  expect(r.body.code, r.body.msg).toBe(200);
  await drainAll(t.app);
}
async function alertKinds(): Promise<string[]> {
  const rows = await t.app.db.query<{ kind: string; host: string }>(`SELECT a.kind, e.host FROM discovery_alerts a JOIN discovery_endpoints e ON e.id = a.endpoint_id ORDER BY a.id`);
  return rows.map((r) => `${r.kind} ${r.host}`);
}

describe('discovery: scanning real TLS servers on loopback', () => {
  it('adds targets from lines, refusing what is no target or too large a range, with the reason', async () => {
    const lines = [
      `valid.example:${p.valid}`, `expired.example:${p.expired}`, `self.example:${p.self}`, `missing.example:${p.missing}`, `shop.example:${p.shop}`,
      `down.example:${p.down}`, 'not a host!', '203.0.113.0/16',
    ];
    const r = await me.post('/v1/discovery/targets', { lines, group: 'web' }, { lang: 'en' });
    expect(r.body.code, r.body.msg).toBe(200);
    const added = r.body.data as { added: number; skipped: { line: string; msg: string }[] };
    expect(added.added).toBe(6);
    expect(added.skipped).toEqual([
      { line: 'not a host!', msg: 'Not a target: not a host! (a host name, an IP address or a CIDR range)' },
      { line: '203.0.113.0/16', msg: 'The range 203.0.113.0/16 is too large: at most 256 addresses per range' },
    ]);
    const again = (await me.post('/v1/discovery/targets', { lines: [`valid.example:${p.valid}`] }, { lang: 'en' })).body.data as { added: number; skipped: { msg: string }[] };
    expect(again).toEqual({ added: 0, skipped: [{ line: 'valid.example', msg: 'Already in the scan list' }] });
    const list = await targets();
    expect(list.map((x) => x.value).sort()).toEqual(['down.example', 'expired.example', 'missing.example', 'self.example', 'shop.example', 'valid.example']);
    expect(list.every((x) => x.group === 'web' && x.kind === 'host' && x.worstState === 'pending')).toBe(true);
    expect((await profiles())[0]).toMatchObject({ name: 'Default', everyHours: 24, concurrency: 8, targets: 6 });
  });

  it('records each endpoint\'s state, chain, protocol and certificate, and links the order\'s certificate to its order', async () => {
    await drainAll(t.app);
    expect(await stateOf('valid.example')).toBe('ok');
    expect(await stateOf('shop.example')).toBe('ok');
    expect(await stateOf('expired.example')).toBe('expired');
    expect(await stateOf('self.example')).toBe('untrusted');
    expect(await stateOf('missing.example')).toBe('untrusted');
    expect(await stateOf('down.example')).toBe('unreachable');
    const [ep] = await t.app.db.query<{ protocol: string; ip: string }>(`SELECT protocol, ip FROM discovery_endpoints WHERE host = 'valid.example'`);
    expect(ep).toEqual({ protocol: 'TLSv1.3', ip: '127.0.0.1' });

    const all = await certs();
    expect(all).toHaveLength(5);
    const shop = all.find((c) => c.names.includes('DNS:shop.example'))!;
    expect(shop).toMatchObject({ orderNo, trusted: true, bucket: 'later', endpoints: 1 });
    expect(all.filter((c) => c.orderNo)).toHaveLength(1);
    expect((await certs('?managed=yes')).map((c) => c.id)).toEqual([shop.id]);
    expect((await certs('?managed=no')).map((c) => c.subject).sort()).toEqual(['CN=expired.example', 'CN=missing.example', 'CN=self.example', 'CN=valid.example']);
    expect((await certs('?bucket=expired')).map((c) => c.subject)).toEqual(['CN=expired.example']);
    expect((await certs('?bucket=d30')).map((c) => c.subject).sort()).toEqual(['CN=missing.example', 'CN=self.example', 'CN=valid.example']);
    expect((await certs('?q=self')).map((c) => c.subject)).toEqual(['CN=self.example']);

    const detail = (await me.get(`/v1/discovery/certs/${shop.id}`)).body.data as CertDetail;
    expect(detail.pem).toContain('BEGIN CERTIFICATE');
    expect(detail.chainPem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    expect(detail.servedAt).toMatchObject([{ host: 'shop.example', port: p.shop, state: 'ok' }]);
    expect(detail.newerOrderCertificate).toBe(false);
    const missing = all.find((c) => c.subject === 'CN=missing.example')!;
    expect(((await me.get(`/v1/discovery/certs/${missing.id}`)).body.data as CertDetail).chainPem.match(/BEGIN CERTIFICATE/g)).toHaveLength(1);
  });

  it('raises the alerts once each and sends them through the account\'s notification settings', async () => {
    expect((await alertKinds()).sort()).toEqual([
      'chainInvalid missing.example', 'chainInvalid self.example', 'expiring expired.example', 'expiring missing.example', 'expiring self.example',
      'expiring valid.example', 'unreachable down.example',
    ]);
    const sent = (await mails()).filter((m) => m.subject.includes('证书监控'));
    expect(sent).toHaveLength(7);
    expect(sent.find((m) => m.subject.includes('down.example'))!.subject).toContain('endpoint unreachable');
    // The same findings on the next scan say nothing new.
    await scanNow();
    expect(await alertKinds()).toHaveLength(7);
  });

  it('sees a replaced certificate as a change, and an order reissued here but not deployed', async () => {
    validServer.setSecureContext({ key: read('valid2.key'), cert: read('valid2.pem') + read('inter.pem') });
    // The order gets a newer certificate (a reissue), still not on its server.
    const ctx = ordersContext(t.app);
    const [o] = await t.app.db.query<{ id: number; brand: string }>(`SELECT id, brand FROM orders WHERE order_no = $1`, [orderNo]);
    const now = new Date();
    const re = await ctx.ca.issue({
      brand: o!.brand, csrPem: await makeCsr('shop.example'), profile: 'DV', subject: { commonName: 'shop.example' }, dnsNames: ['shop.example'], ipAddresses: [], emails: [],
      notBefore: now, notAfter: new Date(now.getTime() + 200 * 86_400_000),
    });
    await t.app.db.query(
      `INSERT INTO certificates (order_id, serial, cert_pem, chain_pem, issuer, domains, not_before, not_after) VALUES ($1, $2, $3, $4, $5, '["shop.example"]'::jsonb, $6, $7)`,
      [o!.id, re.serial, re.certPem, re.chainPem, re.issuer, re.notBefore, re.notAfter],
    );
    await scanNow();
    const kinds = await alertKinds();
    expect(kinds).toContain('changed valid.example');
    expect(kinds).toContain('notDeployed shop.example');
    const dash = (await me.get('/v1/discovery/dashboard')).body.data as DashboardAnswer;
    expect(dash.changes.map((c) => c.host)).toEqual(['valid.example']);
    expect(dash.states).toMatchObject({ ok: 2, expired: 1, untrusted: 2, unreachable: 1 });
    expect(dash.certs).toBe(6);
    expect(dash.managed).toBe(1);
    expect(dash.upcoming[0]!.subject).toBe('CN=expired.example');
    expect(dash.alerts.length).toBeGreaterThanOrEqual(9);
    // Names bought here that no target scans: the order's names but shop.example.
    const bought = await t.app.db.query<{ name: string }>(
      `SELECT DISTINCT jsonb_array_elements_text(c.domains) AS name FROM certificates c JOIN orders o ON o.id = c.order_id WHERE o.order_no = $1`,
      [orderNo],
    );
    expect(dash.unmonitored).toEqual([...new Set(bought.map((b) => b.name.replace(/^\*\./, '')))].filter((n) => n !== 'shop.example').sort());
    await me.post('/v1/discovery/targets', { lines: ['unscanned.example'] });
    await t.app.db.query(`UPDATE certificates SET domains = '["shop.example", "unscanned.example", "api.shop.example"]'::jsonb WHERE order_id = $1 AND id = (SELECT min(id) FROM certificates WHERE order_id = $1)`, [o!.id]);
    expect(((await me.get('/v1/discovery/dashboard')).body.data as DashboardAnswer).unmonitored).toEqual(['api.shop.example']);
    await me.del(`/v1/discovery/targets/${(await targets()).find((x) => x.value === 'unscanned.example')!.id}`);
    const shopId = (await certs('?managed=yes'))[0]!.id;
    expect(((await me.get(`/v1/discovery/certs/${shopId}`)).body.data as CertDetail).newerOrderCertificate).toBe(true);

    // Deployed: the endpoint now serves the reissued certificate, which is linked to the same order.
    shopServer.setSecureContext({ key: orderKey, cert: re.certPem + re.chainPem });
    await scanNow();
    const managed = await certs('?managed=yes');
    expect(managed).toHaveLength(2);
    expect(managed.find((c) => c.endpoints === 1)!.orderNo).toBe(orderNo);
    const [changed] = await t.app.db.query<{ detail: { managed: string } }>(`SELECT a.detail FROM discovery_alerts a JOIN discovery_endpoints e ON e.id = a.endpoint_id WHERE a.kind = 'changed' AND e.host = 'shop.example'`);
    expect(changed!.detail.managed).toBe('yes');
  });

  it('exports the inventory as CSV with the same filters', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/discovery/certs/export?bucket=expired', headers: { token: meToken, authorization: meToken } });
    expect(r.headers['content-type']).toContain('text/csv');
    const rows = r.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('sha256,subject,names,issuer,serial,notBefore,notAfter,daysLeft,bucket,key,trusted,orderNo,endpoints');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('CN=expired.example');
  });
});

describe('discovery: a server that went down', () => {
  it('no longer counts as serving its certificate: not in the inventory\'s endpoints, the certificate\'s served-at list or the dashboard\'s upcoming', async () => {
    const server = https.createServer({ key: read('gone.key'), cert: read('gone.pem') + read('inter.pem'), minVersion: 'TLSv1.2' }, (_q, r) => r.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    expect((await me.post('/v1/discovery/targets', { lines: [`gone.example:${port}`] })).body.code).toBe(200);
    try {
      await scanNow();
      const gone = async () => (await certs()).find((c) => c.subject === 'CN=gone.example')!;
      const dashboard = async () => (await me.get('/v1/discovery/dashboard')).body.data as DashboardAnswer;
      const served = async (id: number) => ((await me.get(`/v1/discovery/certs/${id}`)).body.data as CertDetail).servedAt;
      expect(await stateOf('gone.example')).toBe('ok');
      const cert = await gone();
      expect(cert.endpoints).toBe(1);
      expect((await dashboard()).upcoming.map((c) => c.subject)).toContain('CN=gone.example');
      expect(await served(cert.id)).toMatchObject([{ host: 'gone.example', port, state: 'ok' }]);

      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await scanNow();
      expect(await stateOf('gone.example')).toBe('unreachable');
      expect(await alertKinds()).toContain('unreachable gone.example');
      expect((await gone()).endpoints).toBe(0);
      expect((await dashboard()).upcoming.map((c) => c.subject)).not.toContain('CN=gone.example');
      expect(await served(cert.id)).toEqual([]);
      const csv = (await t.app.inject({ method: 'GET', url: '/v1/discovery/certs/export?q=gone', headers: { token: meToken, authorization: meToken } })).body.trim().split('\r\n');
      expect(csv[1]!.split(',').at(-1)).toBe('0');
    } finally {
      server.close();
      await me.del(`/v1/discovery/targets/${(await targets()).find((x) => x.value === 'gone.example')!.id}`);
    }
  });
});

describe('discovery: input and other accounts', () => {
  it('refuses bad input with a precise message, never a 500', async () => {
    const bad = await me.post('/v1/discovery/targets', { lines: ['a.example'], ports: [70000] }, { lang: 'en' });
    expect(bad.body).toMatchObject({ code: 10001, msg: 'A port is a whole number from 1 to 65535' });
    const prof = await me.post('/v1/discovery/profiles', { name: 'fast', everyHours: 0, timeoutMs: 1000, concurrency: 4, enabled: true }, { lang: 'en' });
    expect(prof.body).toMatchObject({ code: 10001, msg: 'Scan every 1 to 720 hours' });
    const q = await me.get('/v1/discovery/certs?bucket=soon', { lang: 'en' });
    expect(q.body).toMatchObject({ code: 10001, msg: 'The expiry bucket is expired, d7, d30, d90 or later' });
    const ok = await me.post('/v1/discovery/profiles', { name: 'fast', everyHours: 1, timeoutMs: 1000, concurrency: 4, enabled: true });
    expect(ok.body.data).toMatchObject({ name: 'fast', everyHours: 1, targets: 0 });
    expect((await me.post('/v1/discovery/profiles', { name: 'fast', everyHours: 1, timeoutMs: 1000, concurrency: 4, enabled: true })).body.code).toBe(10009);
  });

  it('shows another account nothing of this one\'s, and lets it change nothing', async () => {
    const [pr] = await profiles();
    const [tg] = await targets();
    const [c] = await certs();
    expect(await profiles(other)).toEqual([]);
    expect(await targets(other)).toEqual([]);
    expect(await certs('', other)).toEqual([]);
    const dash = (await other.get('/v1/discovery/dashboard')).body.data as DashboardAnswer;
    expect(dash).toMatchObject({ certs: 0, alerts: [], changes: [], upcoming: [], unmonitored: [] });
    expect((await other.get(`/v1/discovery/certs/${c!.id}`)).body.code).toBe(14501);
    expect((await other.post(`/v1/discovery/profiles/${pr!.id}/scan`, {})).body.code).toBe(14501);
    expect((await other.put(`/v1/discovery/profiles/${pr!.id}`, { name: 'x', everyHours: 1, timeoutMs: 1000, concurrency: 1, enabled: false })).body.code).toBe(14501);
    expect((await other.post('/v1/discovery/targets', { lines: ['b.example'], profileId: pr!.id })).body.code).toBe(14501);
    expect((await other.del(`/v1/discovery/targets/${tg!.id}`)).body.code).toBe(14501);
    expect((await targets()).length).toBe(6);
  });

  it('refuses loopback and private addresses unless the test switch allows them', async () => {
    const guarded = await startTestApp();
    try {
      const a = await newAccount(guarded.app);
      const g = client(guarded.app, a.token);
      const r = (await g.post('/v1/discovery/targets', { lines: ['127.0.0.1', '10.0.0.0/30', 'localhost:8443', '93.184.216.34'] }, { lang: 'en' })).body.data as { added: number; skipped: { line: string }[] };
      expect(r.added).toBe(1);
      expect(r.skipped.map((s) => s.line)).toEqual(['127.0.0.1', '10.0.0.0/30', 'localhost:8443']);
    } finally {
      await guarded.close();
    }
  });
});
