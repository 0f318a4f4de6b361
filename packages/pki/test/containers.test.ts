// PKCS#12, PKCS#7 and PKCS#8 as other tools write them: BER with indefinite lengths, hostile iteration counts,
// Unicode passwords. Every file is checked against the openssl binary as well as read back here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildPkcs12,
  certificatesToPem,
  exportPrivateKeyPem,
  isPkcs12,
  isPkcs7,
  iterationCount,
  MAX_ITERATIONS,
  pemDecode,
  pemEncode,
  PkiError,
  publicKeyFromPrivate,
  readCertBundle,
  readPkcs12,
  readPkcs7,
  readPrivateKey,
  type Bytes,
} from '../src/index.ts';
import { hex, toIndefiniteBer } from './fixtures/ber.ts';
import { INDEFINITE_PFX_PASSWORD } from './fixtures/make-indefinite-pfx.ts';
import { openssl, opensslAll, TempDir } from './openssl.ts';

const dir = new TempDir();
afterAll(() => dir.remove());

const fixturePath = join(import.meta.dirname, 'fixtures', 'indefinite-length.pfx');
const fixture = new Uint8Array(readFileSync(fixturePath));
const passArg = (pw: string) => `pass:${pw}`;
const pemCerts = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----\n/g) ?? [];
const derOfPem = (pem: string) => pemDecode(pem).der;
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof PkiError ? e.code : String(e)),
  );

// The leaf key and chain the fixture holds, as openssl extracts them: the material for the other tests.
const keyPem = openssl(['pkcs12', '-in', fixturePath, '-passin', passArg(INDEFINITE_PFX_PASSWORD), '-nocerts', '-nodes']);
const chainPem = pemCerts(openssl(['pkcs12', '-in', fixturePath, '-passin', passArg(INDEFINITE_PFX_PASSWORD), '-nokeys'])).join('');
const keyPath = dir.write('key.pem', keyPem);
const chainPath = dir.write('chain.pem', chainPem);
const leafPath = dir.write('leaf.pem', pemCerts(chainPem)[0]!);

describe('BER with indefinite lengths (Windows / Java style exports)', () => {
  it('the committed fixture really is BER: indefinite lengths and chunked OCTET STRINGs at every layer', () => {
    expect([fixture[0], fixture[1]]).toEqual([0x30, 0x80]);
    const dump = openssl(['asn1parse', '-inform', 'DER', '-in', fixturePath]);
    expect(dump).toMatch(/l=inf\s+cons: SEQUENCE/);
    expect(dump).toMatch(/l=inf\s+cons:\s+OCTET STRING/);
  });

  it('openssl pkcs12 opens the fixture (MAC verified) and so does readPkcs12, with the same certificates and key', async () => {
    const info = opensslAll(['pkcs12', '-info', '-in', fixturePath, '-passin', passArg(INDEFINITE_PFX_PASSWORD), '-nodes']);
    expect(info).toContain('MAC: sha256');
    expect(info).not.toMatch(/verify error/i);
    expect(pemCerts(info)).toHaveLength(2);

    expect(isPkcs12(fixture)).toBe(true);
    const p12 = await readPkcs12(fixture, INDEFINITE_PFX_PASSWORD);
    expect(certificatesToPem(p12.certificates)).toBe(chainPem);
    expect(p12.privateKeys).toHaveLength(1);
    const spki = await publicKeyFromPrivate(p12.privateKeys[0]!);
    const theirs = openssl(['pkey', '-in', keyPath, '-pubout']);
    expect(pemEncode('PUBLIC KEY', spki)).toBe(theirs);
  });

  it('the conversion tool reads it as a bundle, and a wrong password is told apart', async () => {
    const bundle = await readCertBundle(fixture, INDEFINITE_PFX_PASSWORD);
    expect(bundle.source).toBe('pkcs12');
    expect(bundle.certificates).toHaveLength(2);
    expect(bundle.privateKey).not.toBeNull();
    expect(await code(readCertBundle(fixture, 'wrong-password'))).toBe('BAD_PASSWORD');
    expect(await code(readCertBundle(fixture, ''))).toBe('PASSWORD_REQUIRED');
  });

  it('reads a PKCS#7 re-encoded with indefinite lengths, which openssl pkcs7 also lists', async () => {
    openssl(['crl2pkcs7', '-nocrl', '-certfile', chainPath, '-outform', 'DER', '-out', dir.file('chain.p7b')]);
    const der = new Uint8Array(dir.read('chain.p7b'));
    const ber = toIndefiniteBer(der, new Map(), new Set(pemCerts(chainPem).map((c) => hex(derOfPem(c)))));
    expect(ber[1]).toBe(0x80);
    const berPath = dir.write('chain-ber.p7b', ber);
    expect(pemCerts(openssl(['pkcs7', '-inform', 'DER', '-in', berPath, '-print_certs']))).toHaveLength(2);
    expect(isPkcs7(ber)).toBe(true);
    expect(certificatesToPem(readPkcs7(ber))).toBe(chainPem);
    expect((await readCertBundle(ber)).source).toBe('pkcs7');
  });

  it('reads an encrypted PKCS#8 key re-encoded with indefinite lengths', async () => {
    const encrypted = openssl(['pkcs8', '-topk8', '-in', keyPath, '-v2', 'aes-256-cbc', '-passout', 'pass:key-pass']);
    const ber = toIndefiniteBer(derOfPem(encrypted));
    expect(openssl(['pkey', '-inform', 'DER', '-passin', 'pass:key-pass', '-pubout'], ber)).toContain('BEGIN PUBLIC KEY');
    const key = await readPrivateKey(ber, 'key-pass');
    expect(key.encrypted).toBe(true);
    expect(pemEncode('PUBLIC KEY', await publicKeyFromPrivate(key.pkcs8))).toBe(openssl(['pkey', '-in', keyPath, '-pubout']));
  });
});

/** An INTEGER of 4 content bytes holding n. */
const int4 = (n: number) => [0x02, 0x04, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
/** Replaces the only occurrence of an INTEGER 2048 (02 02 08 00) in BER, where lengths do not need fixing. */
function withIterations(ber: Uint8Array, n: number): Bytes | null {
  const hits: number[] = [];
  for (let i = 0; i + 4 <= ber.length; i++) if (ber[i] === 0x02 && ber[i + 1] === 0x02 && ber[i + 2] === 0x08 && ber[i + 3] === 0x00) hits.push(i);
  if (hits.length !== 1) return null;
  const at = hits[0]!;
  return Uint8Array.from([...ber.subarray(0, at), ...int4(n), ...ber.subarray(at + 4)]);
}

describe('iteration counts read from files are capped', () => {
  it('allows up to 10,000,000 and refuses more, zero or garbage', () => {
    expect(MAX_ITERATIONS).toBe(10_000_000);
    expect(iterationCount(1)).toBe(1);
    expect(iterationCount(MAX_ITERATIONS)).toBe(MAX_ITERATIONS);
    expect(() => iterationCount(MAX_ITERATIONS + 1)).toThrow(expect.objectContaining({ code: 'TOO_MANY_ITERATIONS' }));
    // asn1-schema hands INTEGERs of 4 bytes and more out as decimal strings.
    expect(() => iterationCount('4294967295')).toThrow(expect.objectContaining({ code: 'TOO_MANY_ITERATIONS' }));
    expect(() => iterationCount('123456789012345678901234567890')).toThrow(expect.objectContaining({ code: 'TOO_MANY_ITERATIONS' }));
    expect(() => iterationCount(0)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_ENCRYPTION' }));
    expect(() => iterationCount('-5')).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_ENCRYPTION' }));
  });

  it('refuses a PFX whose MAC asks for 10,000,001 rounds before spending them', async () => {
    // The fixture's last INTEGER is the MAC iteration count (2048); the PBES2 ones are inside the encryption.
    const tail = fixture.subarray(fixture.length - 8);
    expect([...tail]).toEqual([0x02, 0x02, 0x08, 0x00, 0, 0, 0, 0]);
    const hostile = Uint8Array.from([...fixture.subarray(0, fixture.length - 8), ...int4(MAX_ITERATIONS + 1), 0, 0, 0, 0]);
    const started = performance.now();
    expect(await code(readPkcs12(hostile, INDEFINITE_PFX_PASSWORD))).toBe('TOO_MANY_ITERATIONS');
    expect(await code(readCertBundle(hostile, INDEFINITE_PFX_PASSWORD))).toBe('TOO_MANY_ITERATIONS');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses an encrypted PKCS#8 key whose PBKDF2 asks for 10,000,001 rounds', async () => {
    let hostile: Bytes | null = null;
    // The random salt and IV could hold the same four bytes by chance: make another then.
    for (let tries = 0; !hostile && tries < 5; tries++) {
      const encrypted = openssl(['pkcs8', '-topk8', '-in', keyPath, '-v2', 'aes-256-cbc', '-iter', '2048', '-passout', 'pass:key-pass']);
      hostile = withIterations(toIndefiniteBer(derOfPem(encrypted)), MAX_ITERATIONS + 1);
    }
    expect(hostile).not.toBeNull();
    expect(await code(readPrivateKey(pemEncode('ENCRYPTED PRIVATE KEY', hostile!), 'key-pass'))).toBe('TOO_MANY_ITERATIONS');
  });
});

describe('Unicode passwords: BMPString for the PKCS#12 KDF, UTF-8 for PBES2, as openssl', () => {
  // CJK, Latin-1 and a character beyond U+FFFF (a surrogate pair in the BMPString).
  const password = '证书密码🔑Zürich';
  const certs = pemCerts(chainPem).map(derOfPem);

  for (const encryption of ['aes-256', '3des'] as const) {
    it(`a ${encryption} PFX we write opens in openssl with the same password, and not without the emoji`, async () => {
      const key = await readPrivateKey(keyPem);
      const pfx = await buildPkcs12(certs, key.pkcs8, password, { encryption, friendlyName: '证书' });
      const path = dir.write(`unicode-${encryption}.pfx`, pfx);
      const info = opensslAll(['pkcs12', '-info', '-in', path, '-passin', passArg(password), '-nodes']);
      expect(info).toContain('BEGIN PRIVATE KEY');
      expect(pemCerts(info)).toHaveLength(2);
      expect(() => opensslAll(['pkcs12', '-info', '-in', path, '-passin', passArg('证书密码Zürich'), '-nodes'])).toThrow();
      const back = await readPkcs12(pfx, password);
      expect(back.certificates).toHaveLength(2);
    });
  }

  it('reads PFX files openssl writes with that password (AES default and -legacy RC2/3DES)', async () => {
    for (const extra of [[], ['-legacy']]) {
      const path = dir.file(`openssl-unicode${extra.length}.pfx`);
      openssl(['pkcs12', '-export', '-in', leafPath, '-inkey', keyPath, '-certfile', chainPath, '-passout', passArg(password), '-out', path, ...extra]);
      const p12 = await readPkcs12(new Uint8Array(readFileSync(path)), password);
      expect(p12.privateKeys).toHaveLength(1);
      expect(await code(readPkcs12(new Uint8Array(readFileSync(path)), '证书密码Zürich'))).toBe('BAD_PASSWORD');
    }
  });

  it('an encrypted PKCS#8 key round-trips with openssl under that password', async () => {
    const key = await readPrivateKey(keyPem);
    const ours = await exportPrivateKeyPem(key.pkcs8, { format: 'pkcs8', passphrase: password });
    expect(openssl(['pkey', '-passin', passArg(password), '-pubout'], ours)).toBe(openssl(['pkey', '-in', keyPath, '-pubout']));
    const theirs = openssl(['pkcs8', '-topk8', '-in', keyPath, '-v2', 'aes-256-cbc', '-passout', passArg(password)]);
    expect((await readPrivateKey(theirs, password)).pkcs8).toEqual(key.pkcs8);
  });
});
