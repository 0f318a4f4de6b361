import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TlsReport } from '@cc/contracts/tls-report';
import { aiaLimits, caIssuersUrls, fetchAia, readCertificates } from '../src/services/tls-report/aia.ts';
import { defaultLimits, scanTls } from '../src/services/tls-report/scan.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { signUpByEmail } from './session-helpers.ts';

// --- certificates made with openssl in a folder of the test's own: root -> intermediate -> leaves.
const dir = mkdtempSync(path.join(tmpdir(), 'tls-report-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const read = (name: string) => readFileSync(file(name), 'utf8');

function ecKey(name: string) {
  openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file(`${name}.key`));
}
/** Signs `name`.csr with `ca`; `days` may be negative for a certificate that has already expired. */
function sign(name: string, ca: string, days: number, ext: string) {
  writeFileSync(file(`${name}.ext`), ext);
  openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file(`${ca}.pem`), '-CAkey', file(`${ca}.key`), '-CAcreateserial', '-days', String(days), '-sha256', '-extfile', file(`${name}.ext`), '-out', file(`${name}.pem`));
}
/** `aia`: CA Issuers URLs, in order. */
function leaf(name: string, ca: string, days: number, opts: { rsa?: boolean; san?: string; aia?: string[] } = {}) {
  if (opts.rsa) openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', file(`${name}.key`));
  else ecKey(name);
  openssl('req', '-new', '-key', file(`${name}.key`), '-subj', `/CN=${name}`, '-out', file(`${name}.csr`));
  const aia = opts.aia ? `authorityInfoAccess=${opts.aia.map((u) => `caIssuers;URI:${u}`).join(',')}\n` : '';
  sign(name, ca, days, `basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=${opts.san ?? 'DNS:localhost'}\n${aia}`);
}

/** `aiaBase`: the loopback HTTP server that serves the intermediate, for leaves whose server omits it. */
function makeCertificates(aiaBase: string) {
  ecKey('root');
  openssl('req', '-x509', '-new', '-key', file('root.key'), '-subj', '/CN=Report Test Root', '-days', '30', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', file('root.pem'));
  ecKey('inter');
  openssl('req', '-new', '-key', file('inter.key'), '-subj', '/CN=Report Test Intermediate', '-out', file('inter.csr'));
  sign('inter', 'root', 30, 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n');
  leaf('modern', 'inter', 20, { rsa: true });
  leaf('legacy', 'inter', 20);
  leaf('expired', 'inter', -1);
  leaf('aia-der', 'inter', 20, { aia: [`${aiaBase}/int.cer`] });
  leaf('aia-p7c', 'inter', 20, { aia: [`${aiaBase}/int.p7c`] });
  // The first URL fails: the second is tried.
  leaf('aia-pem', 'inter', 20, { aia: [`${aiaBase}/missing.cer`, `${aiaBase}/int.pem`] });
  leaf('aia-404', 'inter', 20, { aia: [`${aiaBase}/missing.cer`] });
  leaf('aia-slow', 'inter', 20, { aia: [`${aiaBase}/slow.cer`] });
  openssl('x509', '-in', file('inter.pem'), '-outform', 'DER', '-out', file('inter.der'));
  openssl('crl2pkcs7', '-nocrl', '-certfile', file('inter.pem'), '-outform', 'DER', '-out', file('inter.p7c'));
  openssl('crl2pkcs7', '-nocrl', '-certfile', file('inter.pem'), '-out', file('inter.p7c.pem'));
  ecKey('selfsigned');
  openssl('req', '-x509', '-new', '-key', file('selfsigned.key'), '-subj', '/CN=localhost', '-days', '20', '-addext', 'subjectAltName=DNS:localhost', '-out', file('selfsigned.pem'));
}

const servers: (https.Server | http.Server)[] = [];

/** What the AIA server was asked for, in order. */
const aiaRequests: string[] = [];
/**
 * The CA Issuers server: plain HTTP on loopback. /slow.cer never answers (a timeout), /big.cer and
 * /big-chunked.cer are over the size limit, anything unknown is a 404.
 */
async function serveAia(): Promise<number> {
  const server = http.createServer((req, res) => {
    aiaRequests.push(req.url ?? '');
    const files: Record<string, () => Buffer> = {
      '/int.cer': () => readFileSync(file('inter.der')),
      '/int.p7c': () => readFileSync(file('inter.p7c')),
      '/int.pem': () => readFileSync(file('inter.pem')),
      '/big.cer': () => Buffer.alloc(aiaLimits.maxBytes + 1, 0x30),
    };
    if (req.url === '/slow.cer') return;
    if (req.url === '/big-chunked.cer') {
      // No length given: the limit has to be counted as the body streams in.
      res.writeHead(200, { 'content-type': 'application/pkix-cert' });
      res.write(Buffer.alloc(aiaLimits.maxBytes, 0x30));
      res.end(Buffer.alloc(16, 0x30));
      return;
    }
    const body = files[req.url ?? '']?.();
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/pkix-cert' });
    res.end(body ?? 'not found');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}
/** An HTTPS server on 127.0.0.1 at a random port; answers GET / with the given headers. */
async function serve(opts: https.ServerOptions, headers: Record<string, string> = {}, onServer?: (s: https.Server) => void): Promise<number> {
  const server = https.createServer(opts, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', ...headers });
    res.end('ok');
  });
  onServer?.(server);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** Mozilla intermediate's TLS ≤ 1.2 suites, as a careful operator configures them. */
const intermediateCiphers = 'ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305';

let t: TestApp;
let guarded: TestApp;
let token: string;
let otherToken: string;
const ports = { modern: 0, legacy: 0, selfsigned: 0, expired: 0, disordered: 0, noIntermediate: 0, tls13only: 0, aia: 0, aiaDer: 0, aiaP7c: 0, aiaPem: 0, aia404: 0, aiaSlow: 0 };

beforeAll(async () => {
  ports.aia = await serveAia();
  makeCertificates(`http://127.0.0.1:${ports.aia}`);
  const chain = (name: string, ...rest: string[]) => [read(`${name}.pem`), ...rest.map(read)].join('');
  ports.modern = await serve(
    { key: read('modern.key'), cert: chain('modern', 'inter.pem'), minVersion: 'TLSv1.2', ciphers: intermediateCiphers },
    { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' },
    // Any non-empty answer counts as stapled for the client: no OCSP responder is needed to test detection.
    (s) => s.on('OCSPRequest', (_cert: Buffer, _issuer: Buffer, cb: (err: Error | null, resp: Buffer) => void) => cb(null, Buffer.from('stapled'))),
  );
  ports.legacy = await serve({ key: read('legacy.key'), cert: chain('legacy', 'inter.pem'), minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' });
  ports.selfsigned = await serve({ key: read('selfsigned.key'), cert: read('selfsigned.pem'), minVersion: 'TLSv1.2' });
  ports.expired = await serve({ key: read('expired.key'), cert: chain('expired', 'inter.pem'), minVersion: 'TLSv1.2' }, { 'strict-transport-security': 'max-age=300' });
  // The root between the leaf and its issuer: every certificate is there, in the wrong order.
  ports.disordered = await serve({ key: read('legacy.key'), cert: chain('legacy', 'root.pem', 'inter.pem'), minVersion: 'TLSv1.2' });
  ports.noIntermediate = await serve({ key: read('legacy.key'), cert: read('legacy.pem'), minVersion: 'TLSv1.2' });
  // Servers that send their leaf only; its AIA URL leads to the intermediate, or nowhere.
  ports.aiaDer = await serve({ key: read('aia-der.key'), cert: read('aia-der.pem'), minVersion: 'TLSv1.2' });
  ports.aiaP7c = await serve({ key: read('aia-p7c.key'), cert: read('aia-p7c.pem'), minVersion: 'TLSv1.2' });
  ports.aiaPem = await serve({ key: read('aia-pem.key'), cert: read('aia-pem.pem'), minVersion: 'TLSv1.2' });
  ports.aia404 = await serve({ key: read('aia-404.key'), cert: read('aia-404.pem'), minVersion: 'TLSv1.2' });
  ports.aiaSlow = await serve({ key: read('aia-slow.key'), cert: read('aia-slow.pem'), minVersion: 'TLSv1.2' });
  ports.tls13only = await serve({ key: read('legacy.key'), cert: chain('legacy', 'inter.pem'), minVersion: 'TLSv1.3' }, { 'strict-transport-security': 'max-age=31536000' });

  t = await startTestApp({ REPORT_ALLOW_PRIVATE: 'on', REPORT_EXTRA_CA_FILE: file('root.pem') });
  guarded = await startTestApp();
  token = (await signUpByEmail(t.app)).token;
  otherToken = (await signUpByEmail(t.app)).token;
}, 120_000);

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  await t?.close();
  await guarded?.close();
  rmSync(dir, { recursive: true, force: true });
});

const auth = (tk: string, lang = 'zh') => ({ token: tk, authorization: tk, lang });

async function start(host: string, port?: number, tk = token) {
  const r = await t.app.inject({ method: 'POST', url: '/v1/tools/report', headers: auth(tk), payload: port === undefined ? { host } : { host, port } });
  return r.json() as { code: number; msg: string; data: { id: string; status: string; host: string; port: number; reused: boolean } };
}
async function get(id: string, query = '', lang = 'zh', tk = token): Promise<TlsReport> {
  const r = await t.app.inject({ method: 'GET', url: `/v1/tools/report/${id}${query}`, headers: auth(tk, lang) });
  const body = r.json() as { code: number; data: TlsReport; msg: string };
  if (body.code !== 200) throw new Error(r.body);
  return body.data;
}
/** Starts a scan, runs the job, answers the report. */
async function scan(host: string, port: number, query = '', lang = 'zh'): Promise<TlsReport> {
  const s = await start(host, port);
  expect(s.code, s.msg).toBe(200);
  await t.app.jobs.drain();
  return get(s.data.id, query, lang);
}
const keys = (r: TlsReport) => r.reasons.map((x) => x.key);

describe('TLS report: scanning real servers', () => {
  it('grades a modern server (TLS 1.2 + 1.3, AEAD only, HSTS 2 years, stapling) A+', async () => {
    const s = await start('localhost', ports.modern);
    expect(s.data).toMatchObject({ status: 'pending', host: 'localhost', port: ports.modern, reused: false });
    const pending = await get(s.data.id);
    expect(pending).toMatchObject({ status: 'pending', grade: null, reasons: [], fixes: [] });
    await t.app.jobs.drain();
    const r = await get(s.data.id);
    expect(r.status).toBe('done');
    expect(r.grade).toBe('A+');
    expect(r.ip).toBe('127.0.0.1');
    expect(r.startedAt && r.finishedAt).toBeTruthy();
    expect(r.protocols).toEqual([
      { version: 'TLSv1', offered: false },
      { version: 'TLSv1.1', offered: false },
      { version: 'TLSv1.2', offered: true },
      { version: 'TLSv1.3', offered: true },
    ]);
    const tls12 = r.cipherSuites.find((c) => c.protocol === 'TLSv1.2')!.suites;
    // The RSA certificate narrows the six configured suites to the three RSA ones.
    expect(tls12.map((s) => s.name).sort()).toEqual(['TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256', 'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384', 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256']);
    expect(tls12.every((s) => s.aead && s.forwardSecrecy && !s.weak)).toBe(true);
    expect(tls12.find((s) => s.opensslName === 'ECDHE-RSA-AES256-GCM-SHA384')).toMatchObject({ strength: 256, keyExchange: 'ECDHE' });
    const tls13 = r.cipherSuites.find((c) => c.protocol === 'TLSv1.3')!.suites.map((s) => s.name);
    expect(tls13).toEqual(expect.arrayContaining(['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256']));

    expect(r.certificates).toHaveLength(2);
    expect(r.certificates[0]).toMatchObject({ subject: 'CN=modern', issuer: 'CN=Report Test Intermediate', keyAlgorithm: 'RSA', keySize: 2048, curve: null, signatureAlgorithm: 'ecdsa-with-SHA256', sans: ['DNS:localhost'], selfSigned: false });
    expect(r.certificates[0]!.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(r.certificates[0]!.pem).toContain('BEGIN CERTIFICATE');
    expect(r.certificates[1]).toMatchObject({ subject: 'CN=Report Test Intermediate', keyAlgorithm: 'EC', keySize: 256, curve: 'prime256v1' });
    expect(r.checks).toMatchObject({ trusted: true, complete: true, orderCorrect: true, asSent: true, expired: false, notYetValid: false, hostnameMatch: true, selfSigned: false, keySizeOk: true, weakSignature: false });
    expect(r.checks!.expiresInDays).toBeGreaterThanOrEqual(19);
    expect(r.hsts).toMatchObject({ present: true, maxAge: 63072000, includeSubDomains: true, preload: true, httpStatus: 200 });
    expect(r.ocspStapling).toBe(true);
    expect(r.profile).toBe('intermediate');
    // Expiring within 30 days is information only.
    expect(keys(r)).toEqual(['tls.reason.expiresSoon']);
    expect(r.fixes).toEqual([]);
    expect(r.limits!.connections).toBeLessThanOrEqual(150);
    expect(r.limits!.truncated).toBe(false);
  });

  it('caps a server that still offers TLS 1.0/1.1 at B, says why in zh and en, and gives the fix for nginx and apache', async () => {
    const r = await scan('localhost', ports.legacy);
    expect(r.grade).toBe('B');
    expect(r.protocols.filter((p) => p.offered).map((p) => p.version)).toEqual(['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3']);
    const tls10 = r.cipherSuites.find((c) => c.protocol === 'TLSv1')!.suites;
    expect(tls10.length).toBeGreaterThan(0);
    expect(tls10.every((s) => !s.aead && s.weak)).toBe(true);
    const old = r.reasons.find((x) => x.key === 'tls.reason.oldProtocols')!;
    expect(old).toMatchObject({ severity: 'cap', cap: 'B', params: { versions: 'TLS 1.0, TLS 1.1' }, message: '仍支持已淘汰的协议 TLS 1.0, TLS 1.1' });
    expect(keys(r)).toEqual(expect.arrayContaining(['tls.reason.weakCbc', 'tls.reason.noHsts', 'tls.reason.noOcspStapling']));
    expect(r.profile).toBe('old');
    const fix = r.fixes.find((f) => f.kind === 'protocols')!;
    expect(fix).toMatchObject({ server: 'nginx', profile: 'intermediate', title: '只启用 TLS 1.2 和 TLS 1.3', reasons: ['tls.reason.oldProtocols'] });
    expect(fix.snippet).toBe('ssl_protocols TLSv1.2 TLSv1.3;');
    expect(r.fixes.find((f) => f.kind === 'ciphers')!.snippet).toContain('ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:');
    expect(r.fixes.find((f) => f.kind === 'hsts')!.snippet).toContain('Strict-Transport-Security "max-age=63072000"');
    expect(r.fixConfig!.text).toContain('ssl_protocols TLSv1.2 TLSv1.3;');

    const en = await get(r.id, '?server=apache', 'en');
    expect(en.reasons.find((x) => x.key === 'tls.reason.oldProtocols')!.message).toBe('The obsolete protocols TLS 1.0, TLS 1.1 are still enabled');
    const apache = en.fixes.find((f) => f.kind === 'protocols')!;
    expect(apache).toMatchObject({ server: 'apache', title: 'Enable TLS 1.2 and TLS 1.3 only' });
    expect(apache.snippet).toContain('SSLProtocol             all -TLSv1 -TLSv1.1');
  });

  it("grades a self-signed certificate T, and says what it would get if trusted", async () => {
    const r = await scan('localhost', ports.selfsigned);
    expect(r.grade).toBe('T');
    expect(r.gradeIgnoringTrust).toMatch(/^A/);
    expect(r.checks).toMatchObject({ trusted: false, selfSigned: true, complete: true, hostnameMatch: true });
    expect(r.reasons[0]).toMatchObject({ key: 'tls.reason.selfSigned', severity: 'fatal', cap: 'T', message: '服务器证书是自签名证书' });
    expect(r.fixes.find((f) => f.kind === 'certificate')!.title).toBe('更换为受信任 CA 签发、包含该域名且在有效期内的证书');
  });

  it('reports a name the certificate does not cover', async () => {
    const r = await scan('127.0.0.1', ports.modern, '', 'en');
    expect(r.grade).toBe('T');
    expect(r.checks).toMatchObject({ trusted: true, hostnameMatch: false });
    expect(r.reasons.find((x) => x.key === 'tls.reason.hostnameMismatch')!.message).toBe('The certificate does not cover 127.0.0.1 (names on it: localhost)');
  });

  it('reports an expired certificate and a short HSTS', async () => {
    const r = await scan('localhost', ports.expired);
    expect(r.grade).toBe('T');
    expect(r.checks).toMatchObject({ trusted: true, expired: true });
    expect(r.checks!.expiresInDays).toBeLessThan(0);
    const expired = r.reasons.find((x) => x.key === 'tls.reason.expired')!;
    expect(expired.message).toBe(`证书已于 ${r.certificates[0]!.notAfter.slice(0, 10)} 过期`);
    expect(r.hsts).toMatchObject({ present: true, maxAge: 300 });
    expect(keys(r)).toContain('tls.reason.hstsShort');
  });

  it('reports a chain sent in the wrong order, and one without its intermediate', async () => {
    const disordered = await scan('localhost', ports.disordered);
    expect(disordered.certificates.map((c) => c.subject)).toEqual(['CN=legacy', 'CN=Report Test Root', 'CN=Report Test Intermediate']);
    expect(disordered.checks).toMatchObject({ trusted: true, complete: true, orderCorrect: false, asSent: true });
    expect(disordered.grade).toBe('A');
    expect(disordered.reasons.find((x) => x.key === 'tls.reason.chainOrder')).toMatchObject({ severity: 'warning', message: '证书链顺序错误：每张证书之后应紧跟其签发者证书' });
    expect(disordered.fixes.find((f) => f.kind === 'chain')!.snippet).toBe('ssl_certificate /path/to/signed_cert_plus_intermediates;');

    const missing = await scan('localhost', ports.noIntermediate);
    expect(missing.certificates).toHaveLength(1);
    expect(missing.checks).toMatchObject({ trusted: false, complete: false });
    expect(missing.grade).toBe('T');
    expect(missing.gradeIgnoringTrust).toBe('B');
    expect(keys(missing)).toEqual(expect.arrayContaining(['tls.reason.untrusted', 'tls.reason.chainMissingIssuer']));
    expect(missing.fixes.find((f) => f.kind === 'chain')!.reasons).toEqual(['tls.reason.chainMissingIssuer']);
  });

  it('fits a TLS 1.3-only server to the modern profile; its chain order cannot be read off the wire', async () => {
    const r = await scan('localhost', ports.tls13only);
    expect(r.protocols.filter((p) => p.offered).map((p) => p.version)).toEqual(['TLSv1.3']);
    expect(r.cipherSuites.map((c) => c.protocol)).toEqual(['TLSv1.3']);
    expect(r.profile).toBe('modern');
    expect(r.grade).toBe('A+');
    expect(r.certificates.map((c) => c.subject)).toEqual(['CN=legacy', 'CN=Report Test Intermediate']);
    expect(r.checks).toMatchObject({ trusted: true, complete: true, asSent: false });
  });

  it('fails a report when nothing listens, with the reason translated', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = tls.createServer({});
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const r = await scan('localhost', closed, '', 'en');
    expect(r).toMatchObject({ status: 'failed', grade: null, error: { key: 'tls.fail.connect', message: `Cannot connect to localhost:${closed} (ECONNREFUSED)` } });
    // A failed report is not reused: asking again scans again.
    const again = await start('localhost', closed);
    expect(again.data.reused).toBe(false);
    expect(again.data.id).not.toBe(r.id);
    await t.app.jobs.drain();
  });
});

describe('TLS report: an intermediate the server omits is downloaded over AIA, as SSL Labs does', () => {
  const sources = (r: TlsReport) => r.certificates.map((c) => [c.subject, c.source]);
  const incomplete = (r: TlsReport) => r.reasons.find((x) => x.key === 'tls.reason.chainIncomplete');

  it("trusts a leaf-only chain through the DER intermediate at the leaf's CA Issuers URL, incomplete: B, not T", async () => {
    const before = aiaRequests.length;
    const r = await scan('localhost', ports.aiaDer);
    expect(r.status).toBe('done');
    expect(aiaRequests.slice(before)).toEqual(['/int.cer']);
    expect(sources(r)).toEqual([
      ['CN=aia-der', 'sent'],
      ['CN=Report Test Intermediate', 'downloaded'],
    ]);
    expect(r.checks).toMatchObject({ trusted: true, complete: false, extraDownload: true, orderCorrect: true, asSent: true, hostnameMatch: true, selfSigned: false });
    expect(r.grade).toBe('B');
    expect(r.gradeIgnoringTrust).toBe('B');
    expect(keys(r)).not.toContain('tls.reason.untrusted');
    expect(incomplete(r)).toMatchObject({ severity: 'cap', cap: 'B', message: '证书链不完整：服务器没有发送中间证书，客户端需额外下载（AIA）才能验证' });
    expect(r.fixes.find((f) => f.kind === 'chain')!.reasons).toEqual(['tls.reason.chainIncomplete']);
    const en = await get(r.id, '', 'en');
    expect(incomplete(en)!.message).toBe('The chain is incomplete: the server does not send its intermediate certificates, so clients need an extra download (AIA) to verify it');
  });

  it.each([
    ['a certs-only PKCS#7 (.p7c, DER)', 'aiaP7c', 'CN=aia-p7c', ['/int.p7c']],
    ['a PEM certificate at the second URL, the first answering 404', 'aiaPem', 'CN=aia-pem', ['/missing.cer', '/int.pem']],
  ] as const)('accepts %s', async (_name, port, subject, asked) => {
    const before = aiaRequests.length;
    const r = await scan('localhost', ports[port]);
    expect(aiaRequests.slice(before)).toEqual(asked);
    expect(sources(r)).toEqual([
      [subject, 'sent'],
      ['CN=Report Test Intermediate', 'downloaded'],
    ]);
    expect(r.checks).toMatchObject({ trusted: true, complete: false, extraDownload: true });
    expect(r.grade).toBe('B');
    expect(incomplete(r)).toMatchObject({ cap: 'B' });
  });

  it('leaves the chain untrusted (T) when the CA Issuers URL answers 404', async () => {
    const r = await scan('localhost', ports.aia404);
    expect(sources(r)).toEqual([['CN=aia-404', 'sent']]);
    expect(r.checks).toMatchObject({ trusted: false, complete: false, extraDownload: false });
    expect(r.grade).toBe('T');
    expect(r.gradeIgnoringTrust).toBe('B');
    expect(keys(r)).toEqual(expect.arrayContaining(['tls.reason.untrusted', 'tls.reason.chainMissingIssuer']));
  });

  it('gives up on a CA Issuers URL that never answers after one connection timeout; the scan still finishes', async () => {
    const before = aiaRequests.length;
    const r = await scan('localhost', ports.aiaSlow);
    expect(aiaRequests.slice(before)).toEqual(['/slow.cer']);
    expect(r.status).toBe('done');
    expect(r.checks).toMatchObject({ trusted: false, complete: false, extraDownload: false });
    expect(r.grade).toBe('T');
    // The handshakes to loopback take a second or two; the download adds at most its timeout.
    expect(r.limits!.durationMs).toBeLessThan(defaultLimits.timeoutMs + 5_000);
    expect(r.limits!.durationMs).toBeGreaterThanOrEqual(defaultLimits.timeoutMs - 100);
  });

  it('reads reports stored before downloads existed: every certificate sent, no extra download', async () => {
    const r = await scan('localhost', ports.noIntermediate);
    await t.app.db.query(`UPDATE tls_reports SET result = result #- '{checks,extraDownload}' #- '{certificates,0,source}' WHERE id = $1`, [r.id]);
    const [stored] = await t.app.db.query<{ old: boolean }>(`SELECT NOT (result->'checks' ? 'extraDownload') AND NOT (result->'certificates'->0 ? 'source') AS old FROM tls_reports WHERE id = $1`, [r.id]);
    expect(stored!.old).toBe(true);
    const old = await get(r.id);
    expect(old.checks).toMatchObject({ trusted: false, complete: false, extraDownload: false });
    expect(old.certificates.map((c) => c.source)).toEqual(['sent']);
  });
});

describe('AIA downloads, piece by piece', () => {
  const base = () => `http://127.0.0.1:${ports.aia}`;
  const interDer = () => readFileSync(file('inter.der'));

  it('reads the CA Issuers URLs of a certificate, in order', () => {
    expect(caIssuersUrls(new X509Certificate(read('aia-pem.pem')))).toEqual([`${base()}/missing.cer`, `${base()}/int.pem`]);
    expect(caIssuersUrls(new X509Certificate(read('legacy.pem')))).toEqual([]);
  });

  it('reads a certificate from DER, PEM, and PKCS#7 in DER and PEM; nothing from anything else', () => {
    const want = [new X509Certificate(read('inter.pem')).fingerprint256];
    for (const name of ['inter.der', 'inter.pem', 'inter.p7c', 'inter.p7c.pem']) expect(readCertificates(readFileSync(file(name))).map((c) => c.fingerprint256), name).toEqual(want);
    expect(readCertificates(Buffer.from('<html>not found</html>'))).toEqual([]);
    expect(readCertificates(Buffer.alloc(0))).toEqual([]);
  });

  it('fetches nothing from a loopback or private address, or a name resolving to one, unless allowPrivate is on', async () => {
    const before = aiaRequests.length;
    const toLoopback = async () => ['127.0.0.1'];
    for (const url of [`${base()}/int.cer`, `http://localhost:${ports.aia}/int.cer`, `http://[::ffff:127.0.0.1]:${ports.aia}/int.cer`, `http://10.0.0.1:${ports.aia}/int.cer`]) {
      expect(await fetchAia(url, 2_000, { allowPrivate: false }), url).toBeNull();
    }
    expect(await fetchAia(`http://aia.example:${ports.aia}/int.cer`, 2_000, { allowPrivate: false, resolve: toLoopback })).toBeNull();
    expect(aiaRequests.length).toBe(before);
    // The test switch: the same URLs are fetched, a name at the address it was checked at.
    expect(await fetchAia(`${base()}/int.cer`, 2_000, { allowPrivate: true })).toEqual(interDer());
    expect(await fetchAia(`http://aia.example:${ports.aia}/int.cer`, 2_000, { allowPrivate: true, resolve: toLoopback })).toEqual(interDer());
    expect(aiaRequests.slice(before)).toEqual(['/int.cer', '/int.cer']);
  });

  it('a scan with allowPrivate off does not follow the leaf to its loopback AIA URL', async () => {
    const before = aiaRequests.length;
    const out = await scanTls({ host: 'localhost', port: ports.aiaDer, ip: '127.0.0.1' }, { extraCaFile: file('root.pem'), allowPrivate: false });
    expect(out.ok && out.facts.checks).toMatchObject({ trusted: false, complete: false, extraDownload: false });
    expect(out.ok && out.facts.certificates.map((c) => c.source)).toEqual(['sent']);
    expect(aiaRequests.length).toBe(before);
  });

  it('refuses an answer over 64 KiB, a 404, a scheme other than http(s), and an answer that does not come in time', async () => {
    const on = { allowPrivate: true };
    expect(await fetchAia(`${base()}/big.cer`, 2_000, on)).toBeNull();
    expect(await fetchAia(`${base()}/big-chunked.cer`, 2_000, on)).toBeNull();
    expect(await fetchAia(`${base()}/missing.cer`, 2_000, on)).toBeNull();
    expect(await fetchAia(`ftp://127.0.0.1:${ports.aia}/int.cer`, 2_000, on)).toBeNull();
    const started = Date.now();
    expect(await fetchAia(`${base()}/slow.cer`, 300, on)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe('TLS report: reuse, sharing, lookups', () => {
  it('answers the existing report for the same host:port within 2 minutes, also a URL pasted with the port in it', async () => {
    const a = await start('localhost', ports.modern);
    const b = await start(`https://LOCALHOST:${ports.modern}/some/page`, undefined, otherToken);
    expect(b.data).toMatchObject({ id: a.data.id, reused: true, host: 'localhost', port: ports.modern });
    // Outside the window a new scan starts.
    await t.app.db.query(`UPDATE tls_reports SET created_at = now() - interval '3 minutes' WHERE host = 'localhost' AND port = $1`, [ports.modern]);
    const c = await start('localhost', ports.modern);
    expect(c.data.reused).toBe(false);
    await t.app.jobs.drain();
  });

  it('starts one scan when two users ask for the same target at the same moment', async () => {
    const [a, b] = await Promise.all([start('127.0.0.1', ports.legacy), start('127.0.0.1', ports.legacy, otherToken)]);
    expect(a.data.id).toBe(b.data.id);
    expect([a.data.reused, b.data.reused].sort()).toEqual([false, true]);
    await t.app.jobs.drain();
  });

  it('shares reports with every signed-in user (by id and by host), never saying who asked; strangers get 401', async () => {
    const s = await start('localhost', ports.legacy);
    await t.app.jobs.drain();
    const mine = await get(s.data.id);
    const theirs = await get(s.data.id, '', 'zh', otherToken);
    expect(theirs).toEqual(mine);
    expect(JSON.stringify(theirs)).not.toMatch(/account/i);
    const byHost = await t.app.inject({ method: 'GET', url: `/v1/tools/report?host=localhost&port=${ports.legacy}`, headers: auth(otherToken) });
    expect(byHost.json().data.id).toBe(s.data.id);
    // Without a port: the newest report of the host on any port.
    const any = await t.app.inject({ method: 'GET', url: `/v1/tools/report?host=LocalHost`, headers: auth(otherToken) });
    const [newest] = await t.app.db.query<{ id: string }>(`SELECT id FROM tls_reports WHERE host = 'localhost' ORDER BY created_at DESC LIMIT 1`);
    expect(any.json().data.id).toBe(newest!.id);

    const none = await t.app.inject({ method: 'GET', url: `/v1/tools/report/nope`, headers: auth(token) });
    expect(none.json()).toMatchObject({ code: 10004, msg: '检测报告不存在' });
    const noHost = await t.app.inject({ method: 'GET', url: `/v1/tools/report?host=never-scanned.example`, headers: auth(token, 'en') });
    expect(noHost.json()).toMatchObject({ code: 10004, msg: 'Report not found' });
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/tools/report/${s.data.id}` });
    expect(anonymous.statusCode).toBe(401);
    const anonymousPost = await t.app.inject({ method: 'POST', url: '/v1/tools/report', payload: { host: 'localhost' } });
    expect(anonymousPost.statusCode).toBe(401);
  });

  it('checks the input: host and port', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/v1/tools/report', headers: auth(token), payload: { host: 'not a host!' } });
    expect(bad.json()).toMatchObject({ code: 10001, msg: '请输入有效的域名或 IP 地址', errors: { host: '请输入有效的域名或 IP 地址' } });
    const port = await t.app.inject({ method: 'POST', url: '/v1/tools/report', headers: auth(token, 'en'), payload: { host: 'example.com', port: 70000 } });
    expect(port.json()).toMatchObject({ code: 10001, msg: 'The port must be an integer between 1 and 65535' });
    const form = await t.app.inject({ method: 'POST', url: '/v1/tools/report', headers: { ...auth(token), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'host=&port=443' });
    expect(form.json().code).toBe(10001);
  });

  it('publishes the calls in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { tags: string[] }>> };
    expect(doc.paths['/v1/tools/report']!.post!.tags).toEqual(['tools']);
    expect(doc.paths['/v1/tools/report']!.get).toBeDefined();
    expect(doc.paths['/v1/tools/report/{id}']!.get).toBeDefined();
  });
});

describe('TLS report: internal networks are refused', () => {
  const post = async (host: string, lang: string, port?: number) => {
    const tk = (await signUpByEmail(guarded.app)).token;
    const r = await guarded.app.inject({ method: 'POST', url: '/v1/tools/report', headers: { token: tk, lang }, payload: port ? { host, port } : { host } });
    return r.json() as { code: number; msg: string; errors?: Record<string, string> };
  };

  it('refuses loopback, private, link-local and reserved addresses and names, in zh and en', async () => {
    expect(await post('127.0.0.1', 'zh', ports.modern)).toMatchObject({ code: 10001, msg: '127.0.0.1 是内网、环回或保留地址，不能检测内部网络', errors: { host: '127.0.0.1 是内网、环回或保留地址，不能检测内部网络' } });
    expect(await post('127.0.0.1', 'en', ports.modern)).toMatchObject({ code: 10001, msg: '127.0.0.1 is a private, loopback or reserved address; internal networks cannot be audited' });
    expect((await post('localhost', 'en')).msg).toBe('localhost is a private, loopback or reserved address; internal networks cannot be audited');
    for (const host of ['10.1.2.3', '192.168.0.1', '172.16.5.4', '169.254.169.254', '[::1]', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0', '100.64.0.1']) {
      const r = await post(host, 'zh');
      expect(r.code, host).toBe(10001);
      expect(r.msg, host).toMatch(/是内网、环回或保留地址，不能检测内部网络$/);
    }
    const [row] = await guarded.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tls_reports`);
    expect(row!.n).toBe(0);
  });
});
