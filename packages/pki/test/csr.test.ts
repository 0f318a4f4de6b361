import { afterAll, describe, expect, it } from 'vitest';
import { generateCsr, CSR_DEFAULTS, type CsrRequest } from '../src/index.ts';
import { openssl, TempDir } from './openssl.ts';

const dir = new TempDir();
afterAll(() => dir.remove());

const base: CsrRequest = {
  ...CSR_DEFAULTS,
  signAlg: 'RSASSA-PKCS1-v1_5',
  hashAlg: 'SHA-256',
  hostname: 'www.example.com',
  sans: ['example.com', '192.0.2.7', 'admin@example.com'],
  org: '示例公司',
  email: 'admin@example.com',
};

describe('generateCsr', () => {
  const cases: Array<[string, Partial<CsrRequest>, RegExp]> = [
    ['RSA 2048 SHA-256', { keySize: 2048 }, /Public-Key: \(2048 bit\)[\s\S]*sha256WithRSAEncryption/],
    ['RSA 3072 SHA-384', { keySize: 3072, hashAlg: 'SHA-384' }, /Public-Key: \(3072 bit\)[\s\S]*sha384WithRSAEncryption/],
    ['ECDSA P-256 SHA-256', { signAlg: 'ECDSA', curve: 'P-256' }, /prime256v1[\s\S]*ecdsa-with-SHA256/],
    ['ECDSA P-384 SHA-384', { signAlg: 'ECDSA', curve: 'P-384', hashAlg: 'SHA-384' }, /secp384r1[\s\S]*ecdsa-with-SHA384/],
    ['ECDSA P-521 SHA-512', { signAlg: 'ECDSA', curve: 'P-521', hashAlg: 'SHA-512' }, /secp521r1[\s\S]*ecdsa-with-SHA512/],
  ];
  for (const [name, overrides, pattern] of cases) {
    it(`${name}: openssl verifies the request and reads the key`, async () => {
      const { csrPem, privateKeyPem } = await generateCsr({ ...base, ...overrides });
      const text = openssl(['req', '-verify', '-noout', '-text', '-nameopt', 'utf8,sep_comma_plus_space'], csrPem);
      expect(text).toMatch(pattern);
      expect(text).toContain('C=SG, ST=Beijing, L=Beijing, O=示例公司, OU=SSL, CN=www.example.com, emailAddress=admin@example.com');
      expect(text).toMatch(/DNS:www\.example\.com, DNS:example\.com, IP Address:192\.0\.2\.7, email:admin@example\.com/);
      expect(text).toContain('X509v3 Subject Key Identifier');
      expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
      dir.write('k.pem', privateKeyPem);
      dir.write('r.pem', csrPem);
      // The request's public key is the key's public key.
      expect(openssl(['pkey', '-in', dir.file('k.pem'), '-pubout'])).toBe(openssl(['req', '-in', dir.file('r.pem'), '-noout', '-pubkey']));
    }, 30_000);
  }

  it('RSA 4096 with a passphrase: openssl decrypts the PKCS#8 key', async () => {
    const { csrPem, privateKeyPem } = await generateCsr({ ...base, keySize: 4096, hashAlg: 'SHA-512', passphrase: 'p@ss 中文' });
    expect(openssl(['req', '-verify', '-noout'], csrPem)).toBe('');
    expect(privateKeyPem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----\n/);
    expect(privateKeyPem.split('\n').every((l) => l.length <= 64)).toBe(true);
    dir.write('enc.pem', privateKeyPem);
    const info = openssl(['asn1parse', '-in', dir.file('enc.pem')]);
    expect(info).toMatch(/PBES2[\s\S]*PBKDF2[\s\S]*hmacWithSHA256[\s\S]*aes-256-cbc/);
    const plain = openssl(['pkey', '-in', dir.file('enc.pem'), '-passin', 'pass:p@ss 中文', '-text', '-noout']);
    expect(plain).toMatch(/Private-Key: \(4096 bit/);
  }, 30_000);

  it('refuses a Unicode name instead of writing it as garbage bytes into the SAN', async () => {
    await expect(generateCsr({ ...base, hostname: '例子.com', sans: [] })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(generateCsr({ ...base, sans: ['bücher.example'] })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const { csrPem } = await generateCsr({ ...base, signAlg: 'ECDSA', hostname: 'xn--fsqu00a.com', sans: [] });
    expect(openssl(['req', '-noout', '-text'], csrPem)).toMatch(/CN = xn--fsqu00a\.com[\s\S]*DNS:xn--fsqu00a\.com/);
  });
});
