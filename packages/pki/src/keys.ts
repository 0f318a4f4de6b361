/** Private keys: reading any common form, PKCS#1 / PKCS#8 / SEC1 conversions, public key extraction. */
import { OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { OneAsymmetricKey } from '@peculiar/asn1-asym-key';
import { RSAPrivateKey, RSAPublicKey } from '@peculiar/asn1-rsa';
import { ECParameters, ECPrivateKey } from '@peculiar/asn1-ecc';
import { EncryptedPrivateKeyInfo, PrivateKeyInfo } from '@peculiar/asn1-pkcs8';
import { bytesOf, parseBer, toDer, tryParseBer } from './asn.ts';
import { decodeInput } from './detect.ts';
import { fromBase64, pemEncode, toBytes, toColonHex, type Bytes } from './encoding.ts';
import { PkiError, withCode } from './errors.ts';
import { CURVES } from './names.ts';
import { decryptLegacyPem, encryptLegacyPem } from './legacy-pem.ts';
import { decryptPkcs8, encryptPkcs8 } from './pbes2.ts';

export const OID_RSA = '1.2.840.113549.1.1.1';
export const OID_RSA_PSS = '1.2.840.113549.1.1.10';
export const OID_EC = '1.2.840.10045.2.1';
export const OID_ED25519 = '1.3.101.112';

export type KeyAlgorithm = 'RSA' | 'EC' | 'Ed25519' | 'other';
export type PrivateKeyFormat = 'pkcs1' | 'pkcs8' | 'sec1';

export interface PrivateKeyData {
  /** Unencrypted PrivateKeyInfo DER: the form every conversion starts from. */
  pkcs8: Bytes;
  algorithm: KeyAlgorithm;
  algorithmOid: string;
  /** Curve OID for EC keys. */
  curveOid: string | null;
  /** Modulus bits for RSA, curve bits for EC. */
  bits: number | null;
}

export interface ReadPrivateKeyResult extends PrivateKeyData {
  /** The form it was given in. */
  inputFormat: PrivateKeyFormat;
  encrypted: boolean;
}

interface Pkcs8Parts {
  algOid: string;
  /** The AlgorithmIdentifier's parameters, as encoded (null for NULL, undefined when absent). */
  algParams: ArrayBuffer | null | undefined;
  /** The privateKey OCTET STRING's content: RSAPrivateKey, ECPrivateKey or the raw key. */
  inner: Bytes;
  /** OneAsymmetricKey (RFC 5958) may carry the public key as [1]. */
  publicKey: Bytes | null;
}

function pkcs8Parts(pkcs8: Uint8Array): Pkcs8Parts {
  const k = parseBer(pkcs8, OneAsymmetricKey);
  return { algOid: k.privateKeyAlgorithm.algorithm, algParams: k.privateKeyAlgorithm.parameters, inner: bytesOf(k.privateKey), publicKey: k.publicKey ? bytesOf(k.publicKey) : null };
}

/** The named curve of EC parameters, or null (absent, NULL, or explicit parameters). */
function namedCurve(params: ArrayBuffer | null | undefined): string | null {
  if (!params) return null;
  return tryParseBer(params, ECParameters)?.namedCurve ?? null;
}

function rsaBits(modulus: Uint8Array): number {
  let i = 0;
  while (i < modulus.length - 1 && modulus[i] === 0) i++;
  const first = modulus[i] ?? 0;
  return (modulus.length - i - 1) * 8 + (first === 0 ? 0 : Math.floor(Math.log2(first)) + 1);
}

export function describePkcs8(pkcs8: Bytes): PrivateKeyData {
  let parts: Pkcs8Parts;
  try {
    parts = pkcs8Parts(pkcs8);
  } catch {
    throw new PkiError('NOT_A_PRIVATE_KEY');
  }
  const { algOid, algParams, inner } = parts;
  if (algOid === OID_RSA || algOid === OID_RSA_PSS) {
    const rsa = parseBer(inner, RSAPrivateKey);
    return { pkcs8, algorithm: 'RSA', algorithmOid: algOid, curveOid: null, bits: rsaBits(bytesOf(rsa.modulus)) };
  }
  if (algOid === OID_EC) {
    const curveOid = namedCurve(algParams) ?? tryParseBer(inner, ECPrivateKey)?.parameters?.namedCurve ?? null;
    return { pkcs8, algorithm: 'EC', algorithmOid: algOid, curveOid, bits: curveOid ? (CURVES[curveOid]?.bits ?? null) : null };
  }
  if (algOid === OID_ED25519) return { pkcs8, algorithm: 'Ed25519', algorithmOid: algOid, curveOid: null, bits: 256 };
  return { pkcs8, algorithm: 'other', algorithmOid: algOid, curveOid: null, bits: null };
}

const privateKeyInfo = (algorithm: AlgorithmIdentifier, inner: Bytes): Bytes =>
  toDer(new PrivateKeyInfo({ version: 0, privateKeyAlgorithm: algorithm, privateKey: new OctetString(inner) }));
const ecAlgorithm = (curveOid: string) => new AlgorithmIdentifier({ algorithm: OID_EC, parameters: toDer(new ECParameters({ namedCurve: curveOid })).buffer });

export function pkcs1ToPkcs8(pkcs1: Uint8Array): Bytes {
  return privateKeyInfo(new AlgorithmIdentifier({ algorithm: OID_RSA, parameters: null }), toBytes(pkcs1));
}

/** SEC1 ECPrivateKey → PKCS#8; the curve moves to the algorithm parameters as RFC 5915 expects. */
export function sec1ToPkcs8(sec1: Uint8Array): Bytes {
  const ec = parseBer(sec1, ECPrivateKey);
  if (!ec.parameters) throw new PkiError('UNSUPPORTED_ALGORITHM', 'EC key without named curve parameters');
  if (!ec.parameters.namedCurve) throw new PkiError('UNSUPPORTED_ALGORITHM', 'Explicit EC curve parameters are not supported');
  const inner = new ECPrivateKey({ version: ec.version, privateKey: ec.privateKey, ...(ec.publicKey ? { publicKey: ec.publicKey } : {}) });
  return privateKeyInfo(ecAlgorithm(ec.parameters.namedCurve), toDer(inner));
}

export function pkcs8ToPkcs1(pkcs8: Bytes): Bytes {
  const { algOid, inner } = pkcs8Parts(pkcs8);
  if (algOid !== OID_RSA) throw new PkiError('UNSUPPORTED_ALGORITHM', 'PKCS#1 holds RSA keys only');
  return inner;
}

export async function pkcs8ToSec1(pkcs8: Bytes, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  const { algOid, algParams, inner } = pkcs8Parts(pkcs8);
  const curveOid = algOid === OID_EC ? namedCurve(algParams) : null;
  if (!curveOid) throw new PkiError('UNSUPPORTED_ALGORITHM', 'SEC1 holds EC keys only');
  const ec = parseBer(inner, ECPrivateKey);
  const publicKey = ec.publicKey ?? (await ecPointFromPkcs8(pkcs8, curveOid, crypto)).buffer;
  return toDer(new ECPrivateKey({ version: ec.version, privateKey: ec.privateKey, parameters: new ECParameters({ namedCurve: curveOid }), publicKey }));
}

const NIST_BY_OID: Record<string, string> = { '1.2.840.10045.3.1.7': 'P-256', '1.3.132.0.34': 'P-384', '1.3.132.0.35': 'P-521' };

function b64urlToBytes(s: string | undefined): Bytes {
  if (!s) throw new PkiError('NOT_A_PRIVATE_KEY');
  return fromBase64(s);
}

/** Public point of an EC key whose SEC1 body omits it: WebCrypto derives it on import. */
async function ecPointFromPkcs8(pkcs8: Bytes, curveOid: string, crypto: Crypto): Promise<Bytes> {
  const namedCurve = NIST_BY_OID[curveOid];
  if (!namedCurve) throw new PkiError('UNSUPPORTED_ALGORITHM', `Curve ${curveOid} is not supported here`);
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve }, true, ['sign']);
  const jwk = await crypto.subtle.exportKey('jwk', key);
  return toBytes(Uint8Array.of(4, ...b64urlToBytes(jwk.x), ...b64urlToBytes(jwk.y)));
}

const spki = (algorithm: AlgorithmIdentifier, publicKey: Uint8Array): Bytes => toDer(new SubjectPublicKeyInfo({ algorithm, subjectPublicKey: toBytes(publicKey).buffer }));

/** SubjectPublicKeyInfo DER of a private key, built from the key itself (no signing involved). */
export async function publicKeyFromPrivate(pkcs8: Bytes, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  const { algOid, algParams, inner, publicKey } = pkcs8Parts(pkcs8);
  if (algOid === OID_RSA || algOid === OID_RSA_PSS) {
    const rsa = parseBer(inner, RSAPrivateKey);
    // rsaEncryption keeps its NULL parameters; RSASSA-PSS keys keep their parameters, or none (RFC 4055 §3.1).
    const algorithm = new AlgorithmIdentifier({ algorithm: algOid, parameters: algOid === OID_RSA ? null : (algParams ?? undefined) });
    return spki(algorithm, toDer(new RSAPublicKey({ modulus: rsa.modulus, publicExponent: rsa.publicExponent })));
  }
  if (algOid === OID_EC) {
    const curveOid = namedCurve(algParams);
    if (!curveOid) throw new PkiError('UNSUPPORTED_ALGORITHM', 'Explicit EC curve parameters are not supported');
    const pub = parseBer(inner, ECPrivateKey).publicKey;
    return spki(ecAlgorithm(curveOid), pub ? bytesOf(pub) : await ecPointFromPkcs8(pkcs8, curveOid, crypto));
  }
  if (algOid === OID_ED25519) {
    let point = publicKey;
    if (!point) {
      const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
      point = b64urlToBytes((await crypto.subtle.exportKey('jwk', key)).x);
    }
    return spki(new AlgorithmIdentifier({ algorithm: OID_ED25519 }), point);
  }
  throw new PkiError('UNSUPPORTED_ALGORITHM', `Key algorithm ${algOid} is not supported`);
}

/** SHA-256 of the SubjectPublicKeyInfo DER, colon hex: the value compared by match-pair. */
export async function spkiFingerprint(spki: Bytes, crypto: Crypto = globalThis.crypto): Promise<string> {
  return toColonHex(new Uint8Array(await crypto.subtle.digest('SHA-256', spki)));
}

/** Which key structure the bytes hold, tried from the most to the least constrained. */
function sniffKeyDer(der: Bytes): PrivateKeyFormat | 'encrypted' | null {
  if (tryParseBer(der, OneAsymmetricKey)) return 'pkcs8';
  if (tryParseBer(der, EncryptedPrivateKeyInfo)) return 'encrypted';
  if (tryParseBer(der, ECPrivateKey)?.version === 1) return 'sec1';
  if (tryParseBer(der, RSAPrivateKey)) return 'pkcs1';
  return null;
}

/**
 * Reads a private key from PEM (PKCS#1, SEC1, PKCS#8, encrypted PKCS#8), base64, hex or DER bytes. An encrypted key
 * needs the passphrase; legacy OpenSSL "Proc-Type: 4,ENCRYPTED" keys are refused with a clear code.
 */
export function readPrivateKey(input: string | Uint8Array, passphrase?: string, crypto: Crypto = globalThis.crypto): Promise<ReadPrivateKeyResult> {
  return withCode('NOT_A_PRIVATE_KEY', () => readPrivateKeyUnsafe(input, passphrase, crypto));
}

async function readPrivateKeyUnsafe(input: string | Uint8Array, passphrase: string | undefined, crypto: Crypto): Promise<ReadPrivateKeyResult> {
  const decoded = decodeInput(input);
  const item = decoded.items.find((i) => i.label === null || i.label.includes('PRIVATE KEY'));
  if (!item) throw new PkiError('NOT_A_PRIVATE_KEY');
  let der = item.der;
  let encrypted = false;
  if (item.headers['Proc-Type']?.includes('ENCRYPTED')) {
    if (!passphrase) throw new PkiError('PASSWORD_REQUIRED');
    der = await decryptLegacyPem(item.headers['DEK-Info'] ?? '', item.der, passphrase, crypto);
    encrypted = true;
  }
  const kind = sniffKeyDer(der);
  // After a legacy decryption a wrong passphrase shows up as bytes that are no key.
  if (kind === null && encrypted) throw new PkiError('BAD_PASSWORD');
  if (kind === null) throw new PkiError('NOT_A_PRIVATE_KEY');
  if (kind === 'encrypted') {
    if (!passphrase) throw new PkiError('PASSWORD_REQUIRED');
    const pkcs8 = await decryptPkcs8(der, passphrase, crypto);
    return { ...describePkcs8(pkcs8), inputFormat: 'pkcs8', encrypted: true };
  }
  const pkcs8 = kind === 'pkcs1' ? pkcs1ToPkcs8(der) : kind === 'sec1' ? sec1ToPkcs8(der) : der;
  return { ...describePkcs8(pkcs8), inputFormat: kind, encrypted };
}

export const PRIVATE_KEY_PEM_LABEL: Record<PrivateKeyFormat, string> = {
  pkcs1: 'RSA PRIVATE KEY',
  pkcs8: 'PRIVATE KEY',
  sec1: 'EC PRIVATE KEY',
};

export interface ExportPrivateKeyOptions {
  format: PrivateKeyFormat;
  /**
   * PKCS#8 is encrypted as EncryptedPrivateKeyInfo (PBES2 / PBKDF2-SHA256 / AES-256-CBC); PKCS#1 and SEC1 PEM the
   * traditional OpenSSL way (DEK-Info AES-256-CBC). DER output can only be encrypted as PKCS#8.
   */
  passphrase?: string;
  iterations?: number;
}

/** DER of the key in the wanted form. */
export async function exportPrivateKeyDer(pkcs8: Bytes, opts: ExportPrivateKeyOptions, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  if (opts.passphrase) {
    if (opts.format !== 'pkcs8') throw new PkiError('INVALID_ARGUMENT', 'Only PKCS#8 DER keys can be encrypted');
    return encryptPkcs8(pkcs8, opts.passphrase, opts.iterations, crypto);
  }
  if (opts.format === 'pkcs1') return pkcs8ToPkcs1(pkcs8);
  if (opts.format === 'sec1') return pkcs8ToSec1(pkcs8, crypto);
  return pkcs8;
}

export async function exportPrivateKeyPem(pkcs8: Bytes, opts: ExportPrivateKeyOptions, crypto: Crypto = globalThis.crypto): Promise<string> {
  if (opts.passphrase && opts.format !== 'pkcs8') {
    const plain = await exportPrivateKeyDer(pkcs8, { format: opts.format }, crypto);
    return encryptLegacyPem(PRIVATE_KEY_PEM_LABEL[opts.format], plain, opts.passphrase, crypto);
  }
  const der = await exportPrivateKeyDer(pkcs8, opts, crypto);
  return pemEncode(opts.passphrase ? 'ENCRYPTED PRIVATE KEY' : PRIVATE_KEY_PEM_LABEL[opts.format], der);
}

