import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeInput,
  formatHexDisplay,
  fromBase64,
  isBase64Text,
  isCertificatePem,
  isCsrPem,
  isEcPrivateKeyPem,
  isHexText,
  isPkcs8PrivateKeyPem,
  isPkiError,
  isRsaPrivateKeyPem,
  matchKeyPair,
  parseCertificates,
  parseCsrs,
  pemEncode,
  readCertBundle,
  readPrivateKey,
  rewrapPem,
  splitPemChain,
  toBase64,
} from '../src/index.ts';

describe('input detection (§5)', () => {
  const pem = (label: string) => pemEncode(label, Uint8Array.from([0x30, 0x03, 0x02, 0x01, 0x00]));
  it.each([
    ['hex pairs with whitespace', '30 82 01\n0a ff', isHexText, true],
    ['odd hex digits', '308', isHexText, false],
    ['RSA key PEM', pem('RSA PRIVATE KEY'), isRsaPrivateKeyPem, true],
    ['EC key PEM', pem('EC PRIVATE KEY'), isEcPrivateKeyPem, true],
    ['PKCS#8 PEM', pem('PRIVATE KEY'), isPkcs8PrivateKeyPem, true],
    ['certificate PEM', pem('CERTIFICATE'), isCertificatePem, true],
    ['request PEM', pem('CERTIFICATE REQUEST'), isCsrPem, true],
    ['request is not a certificate', pem('CERTIFICATE REQUEST'), isCertificatePem, false],
    ['base64', 'MIIBCgKCAQEA', isBase64Text, true],
    ['not base64', 'MII*BCg', isBase64Text, false],
  ] as const)('%s', (_name, text, test, expected) => {
    expect(test(text)).toBe(expected);
  });

  it('decodes each form to the same bytes', () => {
    const der = Uint8Array.from([0x30, 0x03, 0x02, 0x01, 0x05]);
    expect(decodeInput(pemEncode('CERTIFICATE', der))).toMatchObject({ format: 'pem', items: [{ label: 'CERTIFICATE', der }] });
    expect(decodeInput('300302 0105')).toMatchObject({ format: 'hex', items: [{ der }] });
    expect(decodeInput(toBase64(der))).toMatchObject({ format: 'base64', items: [{ der }] });
    expect(decodeInput(der)).toMatchObject({ format: 'der', items: [{ der }] });
  });

  it('rewraps at 64 with CRLF and splits chains with LF', () => {
    const der = new Uint8Array(100).fill(7);
    const oneLine = `junk\n-----BEGIN CERTIFICATE-----\n${toBase64(der)}\n-----END CERTIFICATE-----\n`;
    const re = rewrapPem(oneLine + oneLine);
    expect(re.split('\r\n')[1]).toHaveLength(64);
    expect(splitPemChain(re)).toHaveLength(2);
    expect(splitPemChain(re)[0]).not.toContain('\r');
  });

  it('shows hex in groups of 4, 32 characters a line', () => {
    expect(formatHexDisplay(new Uint8Array(20).fill(0xab))).toBe('abab abab abab abab abab abab abab abab\nabab abab');
  });

  it('names the problem for empty, truncated and garbage input', async () => {
    await expect(parseCertificates('  ')).rejects.toMatchObject({ code: 'EMPTY_INPUT' });
    await expect(parseCertificates('-----BEGIN CERTIFICATE-----\nMIIB')).rejects.toMatchObject({ code: 'UNRECOGNIZED_INPUT' });
    await expect(parseCertificates('hello world!')).rejects.toMatchObject({ code: 'UNRECOGNIZED_INPUT' });
    expect(() => fromBase64('abc*')).toThrow();
  });
});

describe('PEM-like garbage is read in linear time (a pasted mess must not freeze the page)', () => {
  // Each of these took seconds (the first grows with the cube of its length) with the backtracking PEM pattern.
  const inputs: Array<[string, string]> = [
    ['BEGIN markers only', '-----BEGIN '.repeat(1500)],
    ['blocks without an end', '-----BEGIN CERTIFICATE-----\nMIIB\n'.repeat(20000)],
    ['ends with another label', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END X-----\n'.repeat(20000)],
  ];
  it.each(inputs)('%s: every tool answers with a PkiError in well under a second', async (_name, text) => {
    for (const tool of [parseCertificates, parseCsrs, (i: string) => readPrivateKey(i, 'x'), (i: string) => readCertBundle(i, 'x'), (i: string) => matchKeyPair({ certificate: i })]) {
      const started = performance.now();
      await expect(tool(text)).rejects.toSatisfy(isPkiError);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('still finds blocks among the mess, each closed by the first END of its own label', () => {
    const der = Uint8Array.from([0x30, 0x03, 0x02, 0x01, 0x09]);
    const text = `-----BEGIN \n-----BEGIN X-----\n${pemEncode('CERTIFICATE', der)}-----END Y-----\n${pemEncode('PRIVATE KEY', der)}`;
    expect(decodeInput(text).items.map((i) => i.label)).toEqual(['CERTIFICATE', 'PRIVATE KEY']);
    expect(isCertificatePem(text) && isPkcs8PrivateKeyPem(text) && !isCsrPem(text)).toBe(true);
  });
});

describe('fuzzed input never escapes as anything but a PkiError', () => {
  const tools = [
    (i: string | Uint8Array) => parseCertificates(i),
    (i: string | Uint8Array) => parseCsrs(i),
    (i: string | Uint8Array) => readPrivateKey(i, 'x'),
    (i: string | Uint8Array) => readCertBundle(i, 'x'),
    (i: string | Uint8Array) => matchKeyPair({ certificate: i }),
  ];
  const inputs = fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => toBase64(b)),
    fc.uint8Array({ maxLength: 200 }).map((b) => `-----BEGIN CERTIFICATE-----\n${toBase64(Uint8Array.of(0x30, 0x82, ...b))}\n-----END CERTIFICATE-----`),
    fc.uint8Array({ maxLength: 120 }).map((b) => Uint8Array.of(0x30, 0x81, b.length, ...b)),
  );
  it('for every tool', async () => {
    await fc.assert(
      fc.asyncProperty(inputs, fc.integer({ min: 0, max: tools.length - 1 }), async (input, t) => {
        try {
          await tools[t]!(input);
        } catch (e) {
          if (!isPkiError(e)) throw e;
        }
      }),
      { numRuns: 400 },
    );
  }, 30_000);
});
