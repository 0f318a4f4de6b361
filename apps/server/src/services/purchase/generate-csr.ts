import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { Curve, Encryption, KeyOptions, Signature } from '@cc/domain/key-options';
import { namedCurves, validateKeyParams } from '@cc/domain/key-options';
import { isIp, toAscii } from '@cc/domain/domain-names';
import { RuleError, said } from './rule-error.ts';

x509.cryptoProvider.set(globalThis.crypto);

export interface GenerateCsrInput {
  domain: string;
  country: string;
  province: string;
  locality: string;
  organization: string;
  orgUnit: string;
  encryption: Encryption;
  keySize: number;
  hashSign: Signature;
  keyCurve: Curve;
}

const hashNames: Record<Signature, string> = { SHA256: 'SHA-256', SHA384: 'SHA-384', SHA512: 'SHA-512' };

/**
 * A real key pair and PKCS#10 request made with WebCrypto. The subject holds CN, C, ST, L, O, OU (the empty
 * ones left out); the name also goes into subjectAltName and a subject key identifier is added (document 02 §3).
 */
export async function generateCsr(input: GenerateCsrInput, options: KeyOptions, crypto: Crypto = globalThis.crypto): Promise<{ key: string; csr: string }> {
  const keyErrors = validateKeyParams(options, { encryption: input.encryption, keyLength: input.keySize, curve: input.keyCurve, signature: input.hashSign });
  const fieldOf = { encryption: 'encryption', keyLength: 'keySize', curve: 'keyCurve', signature: 'hashSign' } as const;
  if (keyErrors.length) {
    const first = keyErrors[0]!;
    throw new RuleError('INVALID_INPUT', said(first.messageKey, first.params), Object.fromEntries(keyErrors.map((e) => [fieldOf[e.field], said(e.messageKey, e.params)])));
  }
  const domain = toAscii(input.domain);
  const hash = hashNames[input.hashSign];
  const algorithm =
    input.encryption === 'ECC'
      ? { name: 'ECDSA', namedCurve: namedCurves[input.keyCurve], hash }
      : { name: 'RSASSA-PKCS1-v1_5', modulusLength: input.keySize, publicExponent: new Uint8Array([1, 0, 1]), hash };
  const keys = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  // Typed values: as plain strings the library would read "#…" as hex and strip quotes and backslashes.
  const typed = (v: string) => (x509.Name.isPrintableString(v) ? { printableString: v } : { utf8String: v });
  const parts: [string, string][] = [['C', input.country], ['ST', input.province], ['L', input.locality], ['O', input.organization], ['OU', input.orgUnit]];
  const name = new x509.Name([{ CN: [typed(domain)] }, ...parts.filter(([, v]) => v).map(([k, v]) => ({ [k]: [typed(v)] }))]);
  const san = new x509.SubjectAlternativeNameExtension([isIp(domain) ? { type: 'ip', value: domain } : { type: 'dns', value: domain }]);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create(
    { name, keys, signingAlgorithm: algorithm, extensions: [san, await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto)] },
    crypto,
  );
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  const b64 = Buffer.from(pkcs8).toString('base64').replace(/(.{64})/g, '$1\n').trimEnd();
  return { key: `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n`, csr: csr.toString('pem') };
}

/** Country must be the two letters X.509 allows; anything else makes a request CAs refuse. */
export function checkCountry(country: string): void {
  if (!/^[A-Z]{2}$/.test(country)) throw new RuleError('INVALID_INPUT', said('purchase.csr.country'), { country: said('purchase.csr.country') });
}
