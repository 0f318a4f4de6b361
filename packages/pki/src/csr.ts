/** CSR generator (§3 "CSR generator"): key pair in WebCrypto, PKCS#10 request via @peculiar/x509. */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { pemEncode, toBytes, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';
import { exportPrivateKeyPem } from './keys.ts';

export type HashAlg = 'SHA-256' | 'SHA-384' | 'SHA-512';
export type RsaKeySize = 2048 | 3072 | 4096;
export type EcCurve = 'P-256' | 'P-384' | 'P-521';
export type SignAlg = 'RSASSA-PKCS1-v1_5' | 'ECDSA';

export const RSA_KEY_SIZES: readonly RsaKeySize[] = [2048, 3072, 4096];
export const EC_CURVES: readonly EcCurve[] = ['P-256', 'P-384', 'P-521'];
export const HASH_ALGS: readonly HashAlg[] = ['SHA-256', 'SHA-384', 'SHA-512'];

/** §9 defaults of the key/CSR form. */
export const CSR_DEFAULTS = {
  signAlg: 'RSASSA-PKCS1-v1_5' as SignAlg,
  keySize: 2048 as RsaKeySize,
  curve: 'P-256' as EcCurve,
  hashAlg: 'SHA-256' as HashAlg,
  country: 'SG',
  province: 'Beijing',
  city: 'Beijing',
  unit: 'SSL',
};

export interface CsrRequest {
  signAlg: SignAlg;
  hashAlg: HashAlg;
  keySize?: RsaKeySize;
  curve?: EcCurve;
  /** Common name; also put first in the SANs. */
  hostname: string;
  /** Extra subject alternative names: DNS names, IP addresses or e-mail addresses. */
  sans?: string[];
  country?: string;
  province?: string;
  city?: string;
  org?: string;
  unit?: string;
  email?: string;
  /** When set, the key is written as an encrypted PKCS#8 (PBES2 / AES-256-CBC). */
  passphrase?: string;
}

export interface CsrResult {
  /** PEM CERTIFICATE REQUEST (the spec calls it publicKey). */
  csrPem: string;
  /** PEM private key: PRIVATE KEY, or ENCRYPTED PRIVATE KEY with a passphrase. */
  privateKeyPem: string;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

export function generalNameOf(value: string): x509.JsonGeneralName {
  if (IPV4.test(value) || (value.includes(':') && /^[0-9a-f:.]+$/i.test(value))) return { type: 'ip', value };
  if (value.includes('@')) return { type: 'email', value };
  return { type: 'dns', value };
}

export async function generateKeyPair(req: Pick<CsrRequest, 'signAlg' | 'hashAlg' | 'keySize' | 'curve'>, crypto: Crypto = globalThis.crypto): Promise<CryptoKeyPair> {
  if (req.signAlg === 'ECDSA') {
    const namedCurve = req.curve ?? CSR_DEFAULTS.curve;
    if (!EC_CURVES.includes(namedCurve)) throw new PkiError('INVALID_ARGUMENT', `Unsupported curve ${namedCurve}`);
    return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve }, true, ['sign', 'verify']);
  }
  const modulusLength = req.keySize ?? CSR_DEFAULTS.keySize;
  if (!RSA_KEY_SIZES.includes(modulusLength)) throw new PkiError('INVALID_ARGUMENT', `Unsupported RSA key size ${modulusLength}`);
  return crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: req.hashAlg },
    true,
    ['sign', 'verify'],
  );
}

function subjectOf(req: CsrRequest): x509.Name {
  const attrs: x509.JsonAttributeAndValue[] = [];
  const utf8 = (key: string, v: string | undefined) => {
    if (v?.trim()) attrs.push({ [key]: [{ utf8String: v.trim() }] });
  };
  // Country is PrintableString by X.520; e-mail IA5String by PKCS#9.
  if (req.country?.trim()) attrs.push({ C: [{ printableString: req.country.trim().toUpperCase() }] });
  utf8('ST', req.province);
  utf8('L', req.city);
  utf8('O', req.org);
  utf8('OU', req.unit);
  utf8('CN', req.hostname);
  if (req.email?.trim()) attrs.push({ E: [{ ia5String: req.email.trim() }] });
  return new x509.Name(attrs);
}

/** Builds the request from an existing key pair (the worker and the tests share this). */
export async function createCsr(req: CsrRequest, keys: CryptoKeyPair, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  const hostname = req.hostname.trim();
  if (!hostname) throw new PkiError('INVALID_ARGUMENT', 'hostname is required');
  const names = [hostname, ...(req.sans ?? []).map((s) => s.trim()).filter(Boolean)];
  const unique = [...new Set(names.map((n) => n.toLowerCase()))];
  // dNSName is an IA5String: a Unicode name would be written as garbage bytes, so IDNs must come in xn-- form.
  const notAscii = unique.find((n) => /[^\x20-\x7e]/.test(n));
  if (notAscii !== undefined) throw new PkiError('INVALID_ARGUMENT', `Name ${notAscii} must be given in its ASCII (xn--) form`);
  const extensions: x509.Extension[] = [
    new x509.SubjectAlternativeNameExtension(unique.map(generalNameOf)),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
  ];
  const signingAlgorithm = req.signAlg === 'ECDSA' ? { name: 'ECDSA', hash: req.hashAlg } : { name: 'RSASSA-PKCS1-v1_5', hash: req.hashAlg };
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: subjectOf(req), keys, signingAlgorithm, extensions }, crypto);
  return toBytes(csr.rawData);
}

export async function generateCsr(req: CsrRequest, crypto: Crypto = globalThis.crypto): Promise<CsrResult> {
  const keys = await generateKeyPair(req, crypto);
  const der = await createCsr(req, keys, crypto);
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKeyPem = await exportPrivateKeyPem(pkcs8, { format: 'pkcs8', passphrase: req.passphrase || undefined }, crypto);
  return { csrPem: pemEncode('CERTIFICATE REQUEST', der), privateKeyPem };
}
