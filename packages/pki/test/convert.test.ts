import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPkcs12,
  buildPkcs7Pem,
  buildPkcs7,
  certificatesToPem,
  exportPrivateKeyDer,
  exportPrivateKeyPem,
  matchKeyPair,
  pemDecode,
  pemEncode,
  publicKeyFromPrivate,
  readCertBundle,
  readPrivateKey,
  spkiFingerprint,
  toColonHex,
} from '../src/index.ts';
import { makeFixtures, type Fixtures } from './fixtures.ts';
import { openssl, opensslAll } from './openssl.ts';

let fx: Fixtures;
let chain: string;
// openssl key generation takes a few seconds on a loaded machine.
beforeAll(() => {
  fx = makeFixtures();
  chain = fx.pem('leaf') + fx.pem('int') + fx.pem('root');
}, 60_000);
afterAll(() => fx.dir.remove());

const fingerprints = (pemText: string) =>
  [...pemText.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map((m) =>
    openssl(['x509', '-noout', '-fingerprint', '-sha256'], m[0]).trim(),
  );

describe('certificate conversions open in openssl', () => {
  it('PEM → DER → PEM round trip; DER opens in openssl x509 -inform DER', async () => {
    const bundle = await readCertBundle(chain);
    expect(bundle.certificates).toHaveLength(3);
    const derPath = fx.dir.write('leaf.der', bundle.certificates[0]!);
    expect(openssl(['x509', '-inform', 'DER', '-in', derPath, '-noout', '-fingerprint', '-sha256']).trim()).toBe(fingerprints(fx.pem('leaf'))[0]);
    const back = await readCertBundle(fx.dir.read('leaf.der'));
    expect(certificatesToPem(back.certificates)).toBe(fx.pem('leaf'));
  });

  it('builds a P7B that openssl pkcs7 -print_certs lists in order, PEM and DER', async () => {
    const { certificates } = await readCertBundle(chain);
    const p7 = buildPkcs7Pem(certificates);
    expect(p7).toMatch(/^-----BEGIN PKCS7-----\n/);
    expect(fingerprints(openssl(['pkcs7', '-print_certs'], p7))).toEqual(fingerprints(chain));
    const derPath = fx.dir.write('chain.p7b', buildPkcs7(certificates));
    expect(fingerprints(openssl(['pkcs7', '-inform', 'DER', '-in', derPath, '-print_certs']))).toEqual(fingerprints(chain));
  });

  it('reads a P7B made by openssl (PEM and DER)', async () => {
    const chainPath = fx.dir.write('chain.pem', chain);
    const p7 = openssl(['crl2pkcs7', '-nocrl', '-certfile', chainPath]);
    expect(certificatesToPem((await readCertBundle(p7)).certificates)).toBe(chain);
    openssl(['crl2pkcs7', '-nocrl', '-certfile', chainPath, '-outform', 'DER', '-out', fx.dir.file('o.p7b')]);
    const fromDer = await readCertBundle(fx.dir.read('o.p7b'));
    expect(fromDer.source).toBe('pkcs7');
    expect(certificatesToPem(fromDer.certificates)).toBe(chain);
  });

  for (const encryption of ['aes-256', '3des'] as const) {
    it(`builds a ${encryption} PFX with key and chain that openssl pkcs12 opens`, async () => {
      const { certificates } = await readCertBundle(chain);
      const key = await readPrivateKey(fx.dir.readText('leaf.key'));
      const pfx = await buildPkcs12(certificates, key.pkcs8, 's3cret-密码', { encryption, friendlyName: 'www.example.com' });
      const path = fx.dir.write(`out-${encryption}.pfx`, pfx);
      const info = opensslAll(['pkcs12', '-in', path, '-passin', 'pass:s3cret-密码', '-info', '-nodes']);
      expect(info).toContain(encryption === 'aes-256' ? 'PBES2, PBKDF2, AES-256-CBC' : 'pbeWithSHA1And3-KeyTripleDES-CBC');
      expect(info).toContain('friendlyName: www.example.com');
      expect(fingerprints(info)).toEqual(fingerprints(chain));
      const keyOut = openssl(['pkey', '-pubout'], info.slice(info.indexOf('-----BEGIN PRIVATE KEY-----')));
      expect(keyOut).toBe(openssl(['pkey', '-in', fx.keys.leaf!, '-pubout']));
      // And back: our reader gets the same certificates and key.
      const back = await readCertBundle(pfx, 's3cret-密码');
      expect(back.source).toBe('pkcs12');
      expect(certificatesToPem(back.certificates)).toBe(chain);
      expect(back.privateKey).toEqual(key.pkcs8);
    });
  }

  it('reads PFX files made by openssl (AES default, 3DES, legacy RC2) and rejects a wrong password', async () => {
    const chainPath = fx.dir.write('chain.pem', chain);
    const make = (name: string, extra: string[]) => {
      openssl(['pkcs12', '-export', '-in', fx.certs.leaf!, '-inkey', fx.keys.leaf!, '-certfile', chainPath, '-passout', 'pass:pw', '-out', fx.dir.file(name), ...extra]);
      return fx.dir.read(name);
    };
    // a: OpenSSL 3 default (AES-256); b: 3DES throughout; c: OpenSSL 1.x / -legacy (RC2-40 certificates, 3DES key).
    for (const file of [make('a.pfx', []), make('b.pfx', ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1']), make('c.pfx', ['-legacy'])]) {
      const b = await readCertBundle(file, 'pw');
      expect(b.certificates.length).toBeGreaterThanOrEqual(3);
      expect(toColonHex(new Uint8Array(await crypto.subtle.digest('SHA-256', await publicKeyFromPrivate(b.privateKey!))))).toBe(
        await spkiFingerprint(pemDecode(openssl(['pkey', '-in', fx.keys.leaf!, '-pubout'])).der),
      );
      await expect(readCertBundle(file, 'wrong')).rejects.toMatchObject({ code: 'BAD_PASSWORD' });
      await expect(readCertBundle(file)).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
    }
  });
});

describe('private key conversions', () => {
  const pub = (path: string) => openssl(['pkey', '-in', path, '-pubout']);

  it('reads PKCS#8, PKCS#1 and SEC1 keys made by openssl, PEM and DER', async () => {
    const pkcs1 = openssl(['rsa', '-in', fx.keys.leaf!, '-traditional']);
    expect(pkcs1).toContain('BEGIN RSA PRIVATE KEY');
    const sec1 = fx.dir.readText('leafec.key');
    expect(sec1).toContain('BEGIN EC PRIVATE KEY');
    expect(await readPrivateKey(pkcs1)).toMatchObject({ inputFormat: 'pkcs1', algorithm: 'RSA', bits: 3072 });
    expect(await readPrivateKey(sec1)).toMatchObject({ inputFormat: 'sec1', algorithm: 'EC', curveOid: '1.2.840.10045.3.1.7', bits: 256 });
    expect(await readPrivateKey(fx.dir.readText('int.key'))).toMatchObject({ inputFormat: 'pkcs8', algorithm: 'EC', bits: 384 });
    expect(await readPrivateKey(pemDecode(pkcs1).der)).toMatchObject({ inputFormat: 'pkcs1' });
  });

  const cases: Array<[string, 'leaf' | 'leafec' | 'int', 'pkcs1' | 'pkcs8' | 'sec1', string]> = [
    ['RSA → PKCS#1', 'leaf', 'pkcs1', 'RSA PRIVATE KEY'],
    ['RSA → PKCS#8', 'leaf', 'pkcs8', 'PRIVATE KEY'],
    ['EC P-256 SEC1 → PKCS#8', 'leafec', 'pkcs8', 'PRIVATE KEY'],
    ['EC P-384 PKCS#8 → SEC1', 'int', 'sec1', 'EC PRIVATE KEY'],
  ];
  for (const [name, key, format, label] of cases) {
    it(`${name}: openssl pkey reads PEM and DER and finds the same public key`, async () => {
      const k = await readPrivateKey(fx.dir.readText(`${key}.key`));
      const pem = await exportPrivateKeyPem(k.pkcs8, { format });
      expect(pem.startsWith(`-----BEGIN ${label}-----\n`)).toBe(true);
      expect(openssl(['pkey', '-pubout'], pem)).toBe(pub(fx.keys[key]!));
      const derPath = fx.dir.write(`${key}.${format}.der`, await exportPrivateKeyDer(k.pkcs8, { format }));
      expect(openssl(['pkey', '-inform', 'DER', '-in', derPath, '-pubout'])).toBe(pub(fx.keys[key]!));
    });
  }

  it('SEC1 output carries the curve and public key like openssl ec does', async () => {
    const k = await readPrivateKey(fx.dir.readText('int.key'));
    const ours = await exportPrivateKeyDer(k.pkcs8, { format: 'sec1' });
    const theirs = pemDecode(openssl(['ec', '-in', fx.keys.int!])).der;
    expect(ours).toEqual(theirs);
  });

  it('refuses PKCS#1 output for an EC key', async () => {
    const k = await readPrivateKey(fx.dir.readText('leafec.key'));
    await expect(exportPrivateKeyPem(k.pkcs8, { format: 'pkcs1' })).rejects.toMatchObject({ code: 'UNSUPPORTED_ALGORITHM' });
  });

  it('encrypts (openssl decrypts) and decrypts what openssl encrypted', async () => {
    const k = await readPrivateKey(fx.dir.readText('leafec.key'));
    const enc = await exportPrivateKeyPem(k.pkcs8, { format: 'pkcs8', passphrase: 'pa55' });
    expect(openssl(['pkey', '-passin', 'pass:pa55', '-pubout'], enc)).toBe(pub(fx.keys.leafec!));
    const theirs = openssl(['pkcs8', '-topk8', '-in', fx.keys.leaf!, '-v2', 'aes-128-cbc', '-v2prf', 'hmacWithSHA512', '-passout', 'pass:xyz']);
    const dec = await readPrivateKey(theirs, 'xyz');
    expect(dec).toMatchObject({ encrypted: true, algorithm: 'RSA' });
    expect(openssl(['pkey', '-pubout'], pemEncode('PRIVATE KEY', dec.pkcs8))).toBe(pub(fx.keys.leaf!));
    await expect(readPrivateKey(theirs, 'nope')).rejects.toMatchObject({ code: 'BAD_PASSWORD' });
    await expect(readPrivateKey(theirs)).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
  });

  it('reads traditional encrypted PEM keys (DEK-Info AES / 3DES) and writes ones openssl opens', async () => {
    const cases: Array<[string, string[]]> = [
      ['leaf', ['rsa', '-in', fx.keys.leaf!, '-traditional', '-aes256', '-passout', 'pass:x y']],
      ['leaf', ['rsa', '-in', fx.keys.leaf!, '-traditional', '-des3', '-passout', 'pass:x y']],
      ['leafec', ['ec', '-in', fx.keys.leafec!, '-aes128', '-passout', 'pass:x y']],
    ];
    for (const [key, args] of cases) {
      const legacy = openssl(args);
      expect(legacy).toContain('Proc-Type: 4,ENCRYPTED');
      const k = await readPrivateKey(legacy, 'x y');
      expect(k.encrypted).toBe(true);
      expect(openssl(['pkey', '-pubout'], pemEncode('PRIVATE KEY', k.pkcs8))).toBe(pub(fx.keys[key]!));
      await expect(readPrivateKey(legacy, 'wrong')).rejects.toMatchObject({ code: 'BAD_PASSWORD' });
      await expect(readPrivateKey(legacy)).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
    }
    for (const [key, format] of [['leaf', 'pkcs1'], ['int', 'sec1']] as const) {
      const k = await readPrivateKey(fx.dir.readText(`${key}.key`));
      const enc = await exportPrivateKeyPem(k.pkcs8, { format, passphrase: '秘密' });
      expect(enc).toMatch(/Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,[0-9A-F]{32}\n\n/);
      expect(openssl(['pkey', '-passin', 'pass:秘密', '-pubout'], enc)).toBe(pub(fx.keys[key]!));
    }
  });
});

describe('matchKeyPair agrees with openssl public-key comparison', () => {
  it('matches key, certificate and CSR of the same key and shows the SPKI SHA-256', async () => {
    const r = await matchKeyPair({ privateKey: fx.dir.readText('leaf.key'), certificate: fx.pem('leaf'), csr: fx.dir.readText('leaf.csr') });
    expect(r).toMatchObject({ keyMatchesCertificate: true, keyMatchesCsr: true, certificateMatchesCsr: true });
    const spki = pemDecode(openssl(['x509', '-in', fx.certs.leaf!, '-noout', '-pubkey'])).der;
    expect(r.fingerprints.certificate).toBe(openssl(['dgst', '-sha256', '-c'], spki).trim().split('= ')[1]!.toUpperCase());
  });

  it('says no when they differ, as comparing openssl -pubkey outputs does', async () => {
    const r = await matchKeyPair({ privateKey: fx.dir.readText('leafec.key'), certificate: fx.pem('leaf'), csr: fx.dir.readText('leafec.csr') });
    expect(openssl(['pkey', '-in', fx.keys.leafec!, '-pubout']) === openssl(['x509', '-in', fx.certs.leaf!, '-noout', '-pubkey'])).toBe(false);
    expect(r).toMatchObject({ keyMatchesCertificate: false, keyMatchesCsr: true, certificateMatchesCsr: false });
    const onlyCert = await matchKeyPair({ certificate: fx.pem('int') });
    expect(onlyCert.keyMatchesCertificate).toBeNull();
  });
});
