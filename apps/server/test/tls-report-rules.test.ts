import { describe, expect, it } from 'vitest';
import type { ChainChecks, CipherSuiteInfo, HstsInfo, ReportCertificate, TlsVersion } from '@cc/contracts/tls-report';
import { describeSuite } from '../src/services/tls-report/ciphers.ts';
import { fixesFor, matchProfile } from '../src/services/tls-report/fixes.ts';
import { gradeReport, type GradeInput } from '../src/services/tls-report/grade.ts';
import { clientHello, parseCertificateMessage, ScanBudget } from '../src/services/tls-report/probe.ts';
import { readHsts } from '../src/services/tls-report/scan.ts';
import { checkTarget, normalizeTarget } from '../src/services/tls-report/target.ts';
import { AppError } from '../src/lib/app-error.ts';

describe('cipher suites are described from their IANA names', () => {
  it.each([
    ['TLS_AES_128_GCM_SHA256', { strength: 128, forwardSecrecy: true, aead: true, weak: false, keyExchange: 'any' }],
    ['TLS_CHACHA20_POLY1305_SHA256', { strength: 256, aead: true }],
    ['TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384', { strength: 256, keyExchange: 'ECDHE', forwardSecrecy: true, aead: true, weak: false }],
    ['TLS_DHE_RSA_WITH_AES_128_CBC_SHA256', { keyExchange: 'DHE', forwardSecrecy: true, aead: false, weak: false }],
    ['TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA', { forwardSecrecy: true, aead: false, weak: true, insecure: false }],
    ['TLS_RSA_WITH_AES_128_GCM_SHA256', { keyExchange: 'RSA', forwardSecrecy: false, aead: true, weak: false }],
    ['TLS_RSA_WITH_3DES_EDE_CBC_SHA', { strength: 112, weak: true, insecure: false }],
    ['TLS_RSA_WITH_RC4_128_SHA', { strength: 128, weak: true, insecure: false }],
    ['TLS_RSA_EXPORT_WITH_RC4_40_MD5', { strength: 40, weak: true, insecure: true }],
    ['TLS_RSA_WITH_NULL_SHA256', { strength: 0, weak: true, insecure: true }],
    ['TLS_ECDH_anon_WITH_AES_128_CBC_SHA', { keyExchange: 'anon', forwardSecrecy: false, insecure: true }],
    ['TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8', { aead: true, weak: false }],
  ] as const)('%s', (name, expected) => {
    expect(describeSuite(name, 'x')).toMatchObject(expected);
  });
});

describe('HSTS header', () => {
  it.each([
    ['max-age=31536000; includeSubDomains; preload', { present: true, maxAge: 31536000, includeSubDomains: true, preload: true }],
    ['MAX-AGE="600"', { present: true, maxAge: 600, includeSubDomains: false }],
    ['max-age=0', { present: false, maxAge: 0 }],
    ['includeSubDomains', { present: false, maxAge: null, includeSubDomains: true }],
  ] as const)('%s', (header, expected) => {
    expect(readHsts(header, 200)).toMatchObject(expected);
  });
  it('absent', () => expect(readHsts(null, null)).toEqual({ present: false, maxAge: null, includeSubDomains: false, preload: false, header: null, httpStatus: null }));
});

// --- grading, one rule at a time on an otherwise perfect server.
const suite = (name: string, openssl = name): CipherSuiteInfo => describeSuite(name, openssl);
const goodChecks: ChainChecks = { trusted: true, complete: true, extraDownload: false, orderCorrect: true, asSent: true, expired: false, notYetValid: false, expiresInDays: 80, hostnameMatch: true, selfSigned: false, keySizeOk: true, weakSignature: false };
const goodLeaf: ReportCertificate = {
  subject: 'CN=example.com', issuer: 'CN=CA', serial: '01', notBefore: '2026-01-01T00:00:00.000Z', notAfter: '2026-12-31T00:00:00.000Z', keyAlgorithm: 'EC', keySize: 256, curve: 'prime256v1',
  signatureAlgorithm: 'ecdsa-with-SHA256', sans: ['DNS:example.com', 'DNS:www.example.com'], sha256: '', selfSigned: false, pem: '', source: 'sent',
};
const goodHsts: HstsInfo = { present: true, maxAge: 63072000, includeSubDomains: true, preload: false, header: 'max-age=63072000', httpStatus: 200 };
const perfect = (): GradeInput => ({
  host: 'example.com',
  protocols: { TLSv1: false, 'TLSv1.1': false, 'TLSv1.2': true, 'TLSv1.3': true },
  suites: [
    { protocol: 'TLSv1.2', suites: [suite('TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256', 'ECDHE-ECDSA-AES128-GCM-SHA256')] },
    { protocol: 'TLSv1.3', suites: [suite('TLS_AES_128_GCM_SHA256')] },
  ],
  leaf: goodLeaf,
  checks: goodChecks,
  hsts: goodHsts,
  ocspStapling: true,
  truncated: false,
});
const only = (protocols: TlsVersion[]): GradeInput['protocols'] => ({ TLSv1: protocols.includes('TLSv1'), 'TLSv1.1': protocols.includes('TLSv1.1'), 'TLSv1.2': protocols.includes('TLSv1.2'), 'TLSv1.3': protocols.includes('TLSv1.3') });

describe('grading rules', () => {
  it.each<[string, string, string | null, (g: GradeInput) => GradeInput]>([
    ['perfect', 'A+', null, (g) => g],
    ['no HSTS', 'A', 'tls.reason.noHsts', (g) => ({ ...g, hsts: readHsts(null, 200) })],
    ['short HSTS', 'A', 'tls.reason.hstsShort', (g) => ({ ...g, hsts: readHsts('max-age=86400', 200) })],
    ['no TLS 1.3', 'A-', 'tls.reason.noTls13', (g) => ({ ...g, protocols: only(['TLSv1.2']), suites: g.suites.slice(0, 1) })],
    ['no AEAD', 'A-', 'tls.reason.noAead', (g) => ({ ...g, protocols: only(['TLSv1.2']), suites: [{ protocol: 'TLSv1.2', suites: [suite('TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256')] }] })],
    ['TLS 1.0 offered', 'B', 'tls.reason.oldProtocols', (g) => ({ ...g, protocols: only(['TLSv1', 'TLSv1.2', 'TLSv1.3']) })],
    ['no forward secrecy', 'B', 'tls.reason.noForwardSecrecy', (g) => ({ ...g, protocols: only(['TLSv1.2']), suites: [{ protocol: 'TLSv1.2', suites: [suite('TLS_RSA_WITH_AES_128_GCM_SHA256')] }] })],
    ['RSA 1024', 'B', 'tls.reason.keyWeak', (g) => ({ ...g, leaf: { ...goodLeaf, keyAlgorithm: 'RSA', keySize: 1024 }, checks: { ...goodChecks, keySizeOk: false } })],
    ['RSA 512', 'F', 'tls.reason.keyInsecure', (g) => ({ ...g, leaf: { ...goodLeaf, keyAlgorithm: 'RSA', keySize: 512 }, checks: { ...goodChecks, keySizeOk: false } })],
    ['3DES', 'C', 'tls.reason.rc4Or3des', (g) => ({ ...g, suites: [{ protocol: 'TLSv1.2', suites: [suite('TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'), suite('TLS_RSA_WITH_3DES_EDE_CBC_SHA')] }] })],
    ['anonymous suite', 'F', 'tls.reason.insecureSuites', (g) => ({ ...g, suites: [{ protocol: 'TLSv1.2', suites: [suite('TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'), suite('TLS_ECDH_anon_WITH_AES_128_CBC_SHA')] }] })],
    ['TLS 1.0 only', 'F', 'tls.reason.noModernTls', (g) => ({ ...g, protocols: only(['TLSv1']), suites: [{ protocol: 'TLSv1', suites: [suite('TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA')] }] })],
    ['CBC-SHA1 in TLS 1.2', 'A', 'tls.reason.weakCbc', (g) => ({ ...g, suites: [{ protocol: 'TLSv1.2', suites: [suite('TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'), suite('TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA')] }] })],
    ['chain out of order', 'A', 'tls.reason.chainOrder', (g) => ({ ...g, checks: { ...goodChecks, orderCorrect: false } })],
    ['intermediate downloaded over AIA', 'B', 'tls.reason.chainIncomplete', (g) => ({ ...g, checks: { ...goodChecks, complete: false, extraDownload: true } })],
    ['intermediate missing, none downloaded', 'T', 'tls.reason.chainMissingIssuer', (g) => ({ ...g, checks: { ...goodChecks, trusted: false, complete: false } })],
    ['no stapling (information only)', 'A+', 'tls.reason.noOcspStapling', (g) => ({ ...g, ocspStapling: false })],
    ['untrusted', 'T', 'tls.reason.untrusted', (g) => ({ ...g, checks: { ...goodChecks, trusted: false } })],
    ['expired', 'T', 'tls.reason.expired', (g) => ({ ...g, checks: { ...goodChecks, expired: true } })],
    ['not yet valid', 'T', 'tls.reason.notYetValid', (g) => ({ ...g, checks: { ...goodChecks, notYetValid: true } })],
    ['name mismatch', 'T', 'tls.reason.hostnameMismatch', (g) => ({ ...g, host: 'other.example', checks: { ...goodChecks, hostnameMatch: false } })],
    ['SHA-1 signature', 'T', 'tls.reason.weakSignature', (g) => ({ ...g, leaf: { ...goodLeaf, signatureAlgorithm: 'sha1WithRSAEncryption' }, checks: { ...goodChecks, weakSignature: true } })],
  ])('%s → %s', (_name, grade, reason, change) => {
    const out = gradeReport(change(perfect()));
    expect(out.grade).toBe(grade);
    if (reason) expect(out.reasons.map((r) => r.key)).toContain(reason);
    else expect(out.reasons).toEqual([]);
  });

  it('keeps the grade under T and lists trust first', () => {
    const out = gradeReport({ ...perfect(), protocols: only(['TLSv1', 'TLSv1.2', 'TLSv1.3']), checks: { ...goodChecks, trusted: false, complete: false } });
    expect(out).toMatchObject({ grade: 'T', gradeIgnoringTrust: 'B' });
    expect(out.reasons[0]!.key).toBe('tls.reason.untrusted');
    const mismatch = gradeReport({ ...perfect(), host: 'other.example', checks: { ...goodChecks, hostnameMatch: false } });
    expect(mismatch.reasons[0]!.params).toEqual({ host: 'other.example', names: 'example.com, www.example.com' });
  });
});

describe('fix snippets come from the ssl-config generator (Mozilla intermediate)', () => {
  const reasons = gradeReport({ ...perfect(), protocols: only(['TLSv1', 'TLSv1.2']), hsts: readHsts(null, 200), ocspStapling: false }).reasons;
  it.each([
    ['nginx', 'protocols', 'ssl_protocols TLSv1.2 TLSv1.3;'],
    ['nginx', 'hsts', 'add_header Strict-Transport-Security "max-age=63072000" always;'],
    ['apache', 'protocols', 'SSLProtocol             all -TLSv1 -TLSv1.1'],
    ['haproxy', 'protocols', 'ssl-min-ver TLSv1.2'],
    ['lighttpd', 'protocols', '"MinProtocol" => "TLSv1.2"'],
    ['postgresql', 'protocols', "ssl_min_protocol_version = 'TLSv1.2'"],
    ['caddy', 'protocols', 'protocols tls1.2 tls1.3'],
  ] as const)('%s %s', (server, kind, text) => {
    const { fixes, text: whole } = fixesFor(reasons, server);
    expect(fixes.find((f) => f.kind === kind)!.snippet).toContain(text);
    expect(whole).toContain(text);
  });
  it('nothing to fix, no configuration', () => {
    expect(fixesFor([], 'nginx')).toEqual({ fixes: [], text: null });
  });
  it('names the profile a server fits', () => {
    const p = perfect();
    expect(matchProfile(only(['TLSv1.3']), [p.suites[1]!])).toBe('modern');
    expect(matchProfile(p.protocols, p.suites)).toBe('intermediate');
    expect(matchProfile(only(['TLSv1', 'TLSv1.2']), [{ protocol: 'TLSv1', suites: [suite('TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA')].map((s) => ({ ...s, opensslName: 'ECDHE-ECDSA-AES128-SHA' })) }])).toBe('old');
    expect(matchProfile(p.protocols, [{ protocol: 'TLSv1.2', suites: [{ ...suite('TLS_ECDH_anon_WITH_AES_128_CBC_SHA'), opensslName: 'AECDH-AES128-SHA' }] }])).toBeNull();
  });
});

describe('targets', () => {
  it.each([
    ['example.com', undefined, { host: 'example.com', port: 443, portGiven: false }],
    ['  Example.COM. ', 8443, { host: 'example.com', port: 8443, portGiven: true }],
    ['https://www.example.com:8443/path?q=1', undefined, { host: 'www.example.com', port: 8443, portGiven: true }],
    ['example.com:9443', undefined, { host: 'example.com', port: 9443 }],
    ['例子.中国', undefined, { host: 'xn--fsqu00a.xn--fiqs8s', port: 443 }],
    ['[2001:db8::1]:444', undefined, { host: '2001:db8::1', port: 444 }],
    ['2606:4700::1111', undefined, { host: '2606:4700::1111', port: 443 }],
  ] as const)('%s', (input, port, expected) => {
    expect(normalizeTarget(input, port)).toMatchObject(expected);
  });
  it.each(['intranet', 'a b.com', 'http://', 'example.com:0', '-bad.example'])('refuses %s', (input) => {
    expect(() => normalizeTarget(input)).toThrow(AppError);
  });

  const resolveTo = (...addresses: string[]) => async () => addresses;
  it('refuses a name when any of its addresses is internal, and names that address', async () => {
    await expect(checkTarget('mixed.example', false, resolveTo('93.184.216.34', '10.0.0.5'))).rejects.toMatchObject({ key: 'tls.err.privateHost', params: { host: 'mixed.example', ip: '10.0.0.5' } });
    await expect(checkTarget('v6.example', false, resolveTo('2606:4700::1111', 'fe80::1'))).rejects.toMatchObject({ key: 'tls.err.privateHost', params: { ip: 'fe80::1' } });
    await expect(checkTarget('gone.example', false, resolveTo())).rejects.toMatchObject({ key: 'tls.err.resolve' });
    await expect(checkTarget('fine.example', false, resolveTo('93.184.216.34', '2606:4700::1111'))).resolves.toBe('93.184.216.34');
    await expect(checkTarget('8.8.8.8', false, resolveTo())).resolves.toBe('8.8.8.8');
    // The test-only switch lets anything through.
    await expect(checkTarget('inside.example', true, resolveTo('10.0.0.5'))).resolves.toBe('10.0.0.5');
  });
});

describe('hand-made TLS 1.2 ClientHello and Certificate message', () => {
  it('frames a ClientHello with SNI', () => {
    const hello = clientHello('example.com');
    expect([...hello.subarray(0, 3)]).toEqual([0x16, 3, 1]);
    expect(hello.readUInt16BE(3)).toBe(hello.length - 5);
    expect(hello[5]).toBe(1);
    expect(hello.includes(Buffer.from('example.com'))).toBe(true);
    expect(clientHello(undefined).includes(Buffer.from('example.com'))).toBe(false);
  });
  it('reads the certificate list in order', () => {
    const a = Buffer.from([1, 2, 3]);
    const b = Buffer.from([4, 5]);
    const entry = (x: Buffer) => Buffer.concat([Buffer.from([0, 0, x.length]), x]);
    const list = Buffer.concat([entry(a), entry(b)]);
    const body = Buffer.concat([Buffer.from([0, 0, list.length]), list]);
    expect(parseCertificateMessage(body)).toEqual([a, b]);
  });
});

describe('scan budget', () => {
  it('runs at most maxConnections, never more than `concurrency` at once, and says it was cut short', async () => {
    const budget = new ScanBudget(5, 60_000, 2, 3_000);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        budget.run(async (timeout) => {
          active++;
          peak = Math.max(peak, active);
          await Promise.resolve();
          active--;
          return timeout;
        }),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(5);
    expect(results.filter((r) => r !== null).every((r) => r === 3_000)).toBe(true);
    expect(peak).toBeLessThanOrEqual(2);
    expect(budget).toMatchObject({ connections: 5, truncated: true });
  });
  it('starts nothing after the deadline', async () => {
    const budget = new ScanBudget(150, 0, 8, 3_000);
    expect(await budget.run(async () => 'ran')).toBeNull();
    expect(budget.truncated).toBe(true);
  });
});
