// A corpus of 30+ certificates made by openssl with many extension combinations, each parsed and compared field by
// field with `openssl x509 -text` / `-ext`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCertificates, type CertificateView } from '../src/index.ts';
import { openssl, TempDir } from './openssl.ts';

const KEYS: Record<string, string[]> = {
  rsa2048: ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'],
  rsa3072e3: ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:3072', '-pkeyopt', 'rsa_keygen_pubexp:3'],
  p256: ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
  p384: ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-384'],
  p521: ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-521'],
  ed25519: ['-algorithm', 'ED25519'],
};

const EXTS: Record<string, string> = {
  none: '',
  server: 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:a.example.com,DNS:*.b.example.com',
  client: 'extendedKeyUsage=clientAuth,emailProtection\nsubjectAltName=email:user@example.com,URI:spiffe://example.org/x',
  ips: 'subjectAltName=IP:192.0.2.1,IP:2001:db8::53,DNS:localhost',
  ca: 'basicConstraints=critical,CA:TRUE,pathlen:2\nkeyUsage=critical,keyCertSign,cRLSign,digitalSignature',
  ca0: 'basicConstraints=critical,CA:TRUE,pathlen:0\nnameConstraints=critical,permitted;DNS:.example.com,excluded;email:.bad.example',
  codesign: 'extendedKeyUsage=codeSigning,timeStamping,OCSPSigning\nkeyUsage=digitalSignature,nonRepudiation',
  aia: 'authorityInfoAccess=OCSP;URI:http://ocsp.example.net,caIssuers;URI:http://ca.example.net/ca.cer\ncrlDistributionPoints=URI:http://crl.example.net/a.crl,URI:ldap://ldap.example.net/cn=crl',
  policies: 'certificatePolicies=2.23.140.1.2.1,1.3.6.1.4.1.44947.1.1.1\npolicyConstraints=requireExplicitPolicy:1,inhibitPolicyMapping:2\ninhibitAnyPolicy=0',
  poison: '1.3.6.1.4.1.11129.2.4.3=critical,ASN1:NULL\nsubjectAltName=DNS:pre.example.com',
  unknown: '1.3.6.1.4.1.99999.7=ASN1:SEQUENCE:seq\n2.5.29.99=critical,DER:0102ff\n[seq]\na=INTEGER:7\nb=UTF8:hello',
  mustStaple: 'tlsfeature=status_request\nkeyUsage=keyAgreement,dataEncipherment,encipherOnly\nextendedKeyUsage=anyExtendedKeyUsage',
};

interface Item {
  name: string;
  path: string;
  keyName: string;
}

const dir = new TempDir();
// openssl answers are gathered in beforeAll (generous timeout) so the assertions stay fast on a busy machine.
const answers = new Map<string, string>();
const osl = (args: string[]): string => {
  const key = args.join('\u0000');
  if (!answers.has(key)) {
    try {
      answers.set(key, openssl(args));
    } catch {
      answers.set(key, '');
    }
  }
  return answers.get(key)!;
};
const certCommands = (path: string): string[][] => [
  ...[['-serial'], ['-fingerprint', '-sha256'], ['-fingerprint', '-sha1'], ['-enddate'], ['-text'], ['-subject', '-nameopt', 'RFC2253,-esc_msb,utf8']].map((a) => ['x509', '-in', path, '-noout', ...a]),
  ...['subjectAltName', 'keyUsage', 'extendedKeyUsage', 'basicConstraints'].map((e) => ['x509', '-in', path, '-noout', '-ext', e, '-nameopt', 'utf8']),
];
const items: Item[] = [];
const views = new Map<string, CertificateView>();

beforeAll(async () => {
  const f = (n: string) => dir.file(n);
  openssl(['genpkey', ...KEYS.rsa2048!, '-out', f('ca.key')]);
  openssl(['req', '-x509', '-new', '-key', f('ca.key'), '-subj', '/CN=Corpus CA', '-days', '30', '-out', f('ca.pem')]);
  for (const [k, args] of Object.entries(KEYS)) openssl(['genpkey', ...args, '-out', f(`${k}.key`)]);
  const keyNames = Object.keys(KEYS);
  const extNames = Object.keys(EXTS);
  let n = 0;
  // Every extension set with three key types and rotating subjects: 36 certificates, plus the CA.
  for (const [i, ext] of extNames.entries()) {
    for (const keyName of [0, 2, 4].map((d) => keyNames[(i + d) % keyNames.length]!)) {
      const name = `c${n++}-${ext}-${keyName}`;
      const subjects = ['/CN=corpus.example.com/O=Corpus/C=CN', '/C=DE/ST=Bayern/L=München/O=Straße GmbH/OU=IT/CN=é.example.de', '/DC=com/DC=example/CN=Ünïcödé 名前', '/CN=x/serialNumber=42/title=Dr/GN=Ann/SN=Lee/initials=AL/postalCode=10115/street=Main St 1'];
      dir.write(`${name}.cnf`, `[ext]\n${EXTS[ext]}\n`);
      openssl(['req', '-new', '-key', f(`${keyName}.key`), '-subj', subjects[n % subjects.length]!, '-utf8', '-out', f(`${name}.csr`)]);
      const sign = ['-sha256', '-days', String(10 + n), '-set_serial', n % 3 === 0 ? String(n) : `0x${'ab'.repeat(n % 20 || 1)}`];
      openssl(['x509', '-req', '-in', f(`${name}.csr`), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), ...sign, '-extfile', f(`${name}.cnf`), '-extensions', 'ext', '-out', f(`${name}.pem`)]);
      items.push({ name, path: f(`${name}.pem`), keyName });
    }
  }
  for (const extra of ['ca']) items.push({ name: extra, path: f('ca.pem'), keyName: 'rsa2048' });
  for (const it of items) {
    for (const cmd of certCommands(it.path)) osl(cmd);
    const [view] = await parseCertificates(dir.readText(it.path.slice(dir.path.length + 1)), { lang: 'en' });
    views.set(it.name, view!);
  }
}, 120_000);
afterAll(() => dir.remove());

/** IPv6 in one spelling: openssl 3.0 prints 2001:DB8:0:0:0:0:0:53, we print RFC 5952 2001:db8::53. */
const normalizeIps = (s: string) =>
  s.replace(/IP Address:([0-9A-Fa-f:]+:[0-9A-Fa-f:]*)/g, (_m, ip: string) => {
    const [head = '', tail] = ip.split('::');
    const h = head ? head.split(':') : [];
    const t = tail !== undefined && tail ? tail.split(':') : [];
    const groups = tail !== undefined ? [...h, ...new Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
    return `IP Address:${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}`;
  });

const extText = (path: string, ext: string) => osl(['x509', '-in', path, '-noout', '-ext', ext, '-nameopt', 'utf8']);

describe('corpus parsed like openssl x509 -text', () => {
  it('has at least 30 certificates', () => {
    expect(items.length).toBeGreaterThanOrEqual(30);
  });

  it('agrees on serial, fingerprints, validity, key and signature', () => {
    for (const it of items) {
      const c = views.get(it.name)!;
      const o = (...a: string[]) => osl(['x509', '-in', it.path, '-noout', ...a]).trim();
      expect(`serial=${c.serialNumber}`, it.name).toBe(o('-serial'));
      expect(`sha256 Fingerprint=${c.fingerprints.sha256}`).toBe(o('-fingerprint', '-sha256'));
      expect(`sha1 Fingerprint=${c.fingerprints.sha1}`).toBe(o('-fingerprint', '-sha1'));
      expect(new Date(c.notAfter).getTime()).toBe(new Date(o('-enddate').slice(9)).getTime());
      const text = o('-text');
      expect(text).toContain(`Signature Algorithm: ${c.signatureAlgorithm}`);
      if (it.keyName === 'ed25519') expect(text).toContain('ED25519 Public-Key');
      else expect(text, it.name).toContain(`Public-Key: (${c.publicKey.keySize} bit)`);
      if (c.publicKey.curve) expect(text).toContain(`ASN1 OID: ${c.publicKey.curve}`);
      if (it.keyName.startsWith('rsa')) expect(text).toContain(`Exponent: ${c.publicKey.exponent}`);
      // Every extension openssl lists is in our list, with the same criticality.
      const section = text.includes('X509v3 extensions:') ? text.slice(text.indexOf('X509v3 extensions:'), text.lastIndexOf('Signature Algorithm:')) : '';
      const listed = [...section.matchAll(/^ {12}(\S.*?):( critical)?\s*$/gm)];
      expect(c.extensions.length, it.name).toBe(listed.length);
      expect(c.extensions.filter((e) => e.critical).length).toBe(listed.filter((m) => m[2]).length);
    }
  });

  it('agrees on subject names', () => {
    for (const it of items) {
      const c = views.get(it.name)!;
      const rfc = osl(['x509', '-in', it.path, '-noout', '-subject', '-nameopt', 'RFC2253,-esc_msb,utf8']).trim().slice(8);
      expect(c.subject.map((e) => e.value).reverse(), it.name).toEqual(rfc.split(/(?<!\\),/).map((p) => p.slice(p.indexOf('=') + 1).replace(/\\(.)/g, '$1')));
    }
  });

  it('agrees on SAN, key usage, extended key usage and basic constraints', () => {
    for (const it of items) {
      const c = views.get(it.name)!;
      const v = (oid: string) => c.extensions.find((e) => e.oid === oid)?.values;
      const body = (ext: string) => extText(it.path, ext).split('\n').slice(1).join(' ').trim();
      const san = body('subjectAltName');
      expect(normalizeIps((v('2.5.29.17') ?? []).map((s) => s.replace(/^IP:/, 'IP Address:')).join(', ')), it.name).toBe(normalizeIps(san));
      expect((v('2.5.29.15') ?? []).join(', ')).toBe(body('keyUsage'));
      expect((v('2.5.29.37') ?? []).map((s) => s.replace(/ \([\d.]+\)$/, '')).join(', ')).toBe(body('extendedKeyUsage'));
      expect((v('2.5.29.19') ?? []).join(', ')).toBe(body('basicConstraints'));
    }
  });

  it('reads policies, AIA, CRL points, constraints, the poison and unknown extensions', () => {
    const byExt = (ext: string) => items.filter((i) => i.name.includes(`-${ext}-`)).map((i) => views.get(i.name)!);
    for (const c of byExt('aia')) {
      expect(c.extensions.find((e) => e.oid === '1.3.6.1.5.5.7.1.1')?.values).toEqual(['OCSP - URI:http://ocsp.example.net', 'CA Issuers - URI:http://ca.example.net/ca.cer']);
      expect(c.extensions.find((e) => e.oid === '2.5.29.31')?.values).toEqual(['Full Name: URI:http://crl.example.net/a.crl', 'Full Name: URI:ldap://ldap.example.net/cn=crl']);
    }
    for (const c of byExt('policies')) {
      expect(c.extensions.find((e) => e.oid === '2.5.29.36')?.values).toEqual(['Require Explicit Policy: 1', 'Inhibit Policy Mapping: 2']);
      expect(c.extensions.find((e) => e.oid === '2.5.29.54')?.values).toEqual(['0']);
    }
    for (const c of byExt('ca0')) expect(c.extensions.find((e) => e.oid === '2.5.29.30')?.values).toEqual(['Permitted: DNS:.example.com', 'Excluded: email:.bad.example']);
    for (const c of byExt('unknown')) {
      expect(c.extensions.filter((e) => !e.known).map((e) => [e.oid, e.critical])).toEqual([
        ['1.3.6.1.4.1.99999.7', false],
        ['2.5.29.99', true],
      ]);
      expect(c.extensions.find((e) => e.oid === '2.5.29.99')?.values).toEqual(['0102 ff']);
    }
    for (const c of byExt('poison')) expect(c.extensions.find((e) => e.oid === '1.3.6.1.4.1.11129.2.4.3')?.values).toEqual(['NULL']);
    for (const c of byExt('mustStaple')) expect(c.extensions.find((e) => e.oid === '1.3.6.1.5.5.7.1.24')?.values).toEqual(['status_request (5)']);
  });
});
