/**
 * PKCS#5 v2 password-based encryption (PBES2 with PBKDF2 and AES-CBC) over WebCrypto: what `openssl pkcs8 -topk8
 * -v2 aes-256-cbc` writes and what OpenSSL 3 uses inside PKCS#12 by default. The password goes in as UTF-8, as
 * OpenSSL and Java pass it, so any Unicode password works.
 */
import { AsnPropTypes, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { OneAsymmetricKey } from '@peculiar/asn1-asym-key';
import { EncryptedData, EncryptedPrivateKeyInfo } from '@peculiar/asn1-pkcs8';
import { asnSchema, bytesOf, parseBer, toDer, tryParseBer, type BytesLike } from './asn.ts';
import { utf8, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';

export const OID_PBES2 = '1.2.840.113549.1.5.13';
const OID_PBKDF2 = '1.2.840.113549.1.5.12';
const OID_HMAC_SHA1 = '1.2.840.113549.2.7';
const PRF_HASH: Record<string, string> = {
  [OID_HMAC_SHA1]: 'SHA-1',
  '1.2.840.113549.2.9': 'SHA-256',
  '1.2.840.113549.2.10': 'SHA-384',
  '1.2.840.113549.2.11': 'SHA-512',
};
const AES_CBC_BITS: Record<string, number> = {
  '2.16.840.1.101.3.4.1.2': 128,
  '2.16.840.1.101.3.4.1.22': 192,
  '2.16.840.1.101.3.4.1.42': 256,
};
const OID_HMAC_SHA256 = '1.2.840.113549.2.9';
const OID_AES256_CBC = '2.16.840.1.101.3.4.1.42';

/** 2048 is OpenSSL's default; higher counts slow brute force of a leaked file. */
export const DEFAULT_PBKDF2_ITERATIONS = 100_000;

/**
 * The most key-derivation rounds a file may ask for (PBKDF2 and the PKCS#12 KDF alike). Ten million is 50 times
 * the highest default in use (OpenSSL's PBKDF2 maximum is far beyond what anyone writes); a file asking for more
 * would hold the page for minutes, so it is refused.
 */
export const MAX_ITERATIONS = 10_000_000;

/** An iteration count read from a file (asn1-schema hands out large INTEGERs as strings), or the refusal. */
export function iterationCount(value: number | string | undefined, fallback = 1): number {
  const n = value === undefined ? fallback : Number(value);
  if (n > MAX_ITERATIONS) throw new PkiError('TOO_MANY_ITERATIONS', `Iteration count ${String(value)} exceeds ${MAX_ITERATIONS}`);
  if (!Number.isSafeInteger(n) || n < 1) throw new PkiError('UNSUPPORTED_ENCRYPTION', `Invalid iteration count ${String(value)}`);
  return n;
}

/** PBES2-params (RFC 8018 A.4). */
export class Pbes2Params {
  keyDerivationFunc = new AlgorithmIdentifier();
  encryptionScheme = new AlgorithmIdentifier();
}
asnSchema(Pbes2Params, { keyDerivationFunc: { type: AlgorithmIdentifier }, encryptionScheme: { type: AlgorithmIdentifier } });

/** PBKDF2-params (RFC 8018 A.2); only the `specified` salt choice exists in practice. */
export class Pbkdf2Params {
  salt = new OctetString();
  iterationCount: number | string = 1;
  keyLength?: number;
  prf?: AlgorithmIdentifier;
}
asnSchema(Pbkdf2Params, {
  salt: { type: OctetString },
  iterationCount: { type: AsnPropTypes.Integer },
  keyLength: { type: AsnPropTypes.Integer, optional: true },
  prf: { type: AlgorithmIdentifier, optional: true },
});

async function deriveAesKey(
  passphrase: string,
  salt: Bytes,
  iterations: number,
  hash: string,
  bits: number,
  usage: KeyUsage,
  crypto: Crypto,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', utf8(passphrase), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', salt, iterations, hash }, base, { name: 'AES-CBC', length: bits }, false, [usage]);
}

/** Encrypts with PBES2 and returns the AlgorithmIdentifier (object and DER) and the ciphertext. */
export async function pbes2Encrypt(
  data: Bytes,
  passphrase: string,
  iterations = DEFAULT_PBKDF2_ITERATIONS,
  crypto: Crypto = globalThis.crypto,
): Promise<{ algorithm: Bytes; algorithmId: AlgorithmIdentifier; ciphertext: Bytes }> {
  iterationCount(iterations);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const key = await deriveAesKey(passphrase, salt, iterations, 'SHA-256', 256, 'encrypt', crypto);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, data));
  const kdf = Object.assign(new Pbkdf2Params(), { salt: new OctetString(salt), iterationCount: iterations, prf: new AlgorithmIdentifier({ algorithm: OID_HMAC_SHA256, parameters: null }) });
  const params = Object.assign(new Pbes2Params(), {
    keyDerivationFunc: new AlgorithmIdentifier({ algorithm: OID_PBKDF2, parameters: toDer(kdf).buffer }),
    encryptionScheme: new AlgorithmIdentifier({ algorithm: OID_AES256_CBC, parameters: toDer(new OctetString(iv)).buffer }),
  });
  const algorithmId = new AlgorithmIdentifier({ algorithm: OID_PBES2, parameters: toDer(params).buffer });
  return { algorithm: toDer(algorithmId), algorithmId, ciphertext };
}

interface Pbes2Setup {
  salt: Bytes;
  iterations: number;
  hash: string;
  bits: number;
  iv: Bytes;
}

function readPbes2Params(params: BytesLike): Pbes2Setup {
  let p: Pbes2Params;
  let kdf: Pbkdf2Params;
  try {
    p = parseBer(params, Pbes2Params);
    if (p.keyDerivationFunc.algorithm !== OID_PBKDF2) throw new PkiError('UNSUPPORTED_ENCRYPTION', `Key derivation ${p.keyDerivationFunc.algorithm} is not supported; only PBKDF2 is`);
    kdf = parseBer(p.keyDerivationFunc.parameters ?? new ArrayBuffer(0), Pbkdf2Params);
  } catch (e) {
    if (e instanceof PkiError) throw e;
    throw new PkiError('UNSUPPORTED_ENCRYPTION', `Malformed PBES2 parameters: ${(e as Error).message}`);
  }
  const prfOid = kdf.prf?.algorithm ?? OID_HMAC_SHA1;
  const hash = PRF_HASH[prfOid];
  if (!hash) throw new PkiError('UNSUPPORTED_ENCRYPTION', `PBKDF2 PRF ${prfOid} is not supported`);
  const cipher = p.encryptionScheme.algorithm;
  const bits = AES_CBC_BITS[cipher];
  if (!bits) throw new PkiError('UNSUPPORTED_ENCRYPTION', `Cipher ${cipher} is not supported; re-encrypt with AES-256-CBC`);
  const iv = tryParseBer(p.encryptionScheme.parameters ?? new ArrayBuffer(0), OctetString);
  if (!iv || iv.byteLength !== 16) throw new PkiError('UNSUPPORTED_ENCRYPTION', 'Malformed AES-CBC IV');
  return { salt: bytesOf(kdf.salt.buffer), iterations: iterationCount(kdf.iterationCount), hash, bits, iv: bytesOf(iv.buffer) };
}

/** Decrypts data given the parameters of a PBES2 AlgorithmIdentifier (DER or BER of PBES2-params). */
export async function pbes2Decrypt(params: BytesLike, ciphertext: Bytes, passphrase: string, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  const { salt, iterations, hash, bits, iv } = readPbes2Params(params);
  const key = await deriveAesKey(passphrase, salt, iterations, hash, bits, 'decrypt', crypto);
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, ciphertext));
  } catch {
    // A wrong password almost always shows up as bad padding.
    throw new PkiError('BAD_PASSWORD');
  }
}

/** Whether decrypted bytes are a PrivateKeyInfo / OneAsymmetricKey: after CBC, wrong passwords give garbage. */
export function isPrivateKeyInfo(plain: Bytes): boolean {
  return tryParseBer(plain, OneAsymmetricKey) !== null;
}

/** Decrypts an EncryptedPrivateKeyInfo (PKCS#8) and returns the inner PrivateKeyInfo DER. */
export async function decryptPkcs8(encrypted: Bytes, passphrase: string, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  const epki = tryParseBer(encrypted, EncryptedPrivateKeyInfo);
  if (!epki) throw new PkiError('NOT_A_PRIVATE_KEY');
  const { algorithm, parameters } = epki.encryptionAlgorithm;
  if (algorithm !== OID_PBES2 || !parameters) throw new PkiError('UNSUPPORTED_ENCRYPTION', `Key encryption ${algorithm} is not supported; use PBES2`);
  const plain = await pbes2Decrypt(parameters, bytesOf(epki.encryptedData.buffer), passphrase, crypto);
  if (!isPrivateKeyInfo(plain)) throw new PkiError('BAD_PASSWORD');
  return plain;
}

/** EncryptedPrivateKeyInfo DER of a PrivateKeyInfo (PBES2, PBKDF2-HMAC-SHA-256, AES-256-CBC). */
export async function encryptPkcs8(
  pkcs8: Bytes,
  passphrase: string,
  iterations = DEFAULT_PBKDF2_ITERATIONS,
  crypto: Crypto = globalThis.crypto,
): Promise<Bytes> {
  const { algorithmId, ciphertext } = await pbes2Encrypt(pkcs8, passphrase, iterations, crypto);
  return toDer(new EncryptedPrivateKeyInfo({ encryptionAlgorithm: algorithmId, encryptedData: new EncryptedData(ciphertext) }));
}
