/**
 * PKCS#5 v2 password-based encryption (PBES2 with PBKDF2 and AES-CBC) over WebCrypto: what `openssl pkcs8 -topk8
 * -v2 aes-256-cbc` writes and what OpenSSL 3 uses inside PKCS#12 by default.
 */
import { expect, int, octets, oid, readChildren, readInt, readOid, readTlv, seq, nul, TAG, type Tlv } from './der.ts';
import { utf8, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';

export const OID_PBES2 = '1.2.840.113549.1.5.13';
const OID_PBKDF2 = '1.2.840.113549.1.5.12';
const PRF_HASH: Record<string, string> = {
  '1.2.840.113549.2.7': 'SHA-1',
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

/** Encrypts with PBES2 and returns [AlgorithmIdentifier DER, ciphertext]. */
export async function pbes2Encrypt(
  data: Bytes,
  passphrase: string,
  iterations = DEFAULT_PBKDF2_ITERATIONS,
  crypto: Crypto = globalThis.crypto,
): Promise<{ algorithm: Bytes; ciphertext: Bytes }> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const key = await deriveAesKey(passphrase, salt, iterations, 'SHA-256', 256, 'encrypt', crypto);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, data));
  const algorithm = seq(
    oid(OID_PBES2),
    seq(
      seq(oid(OID_PBKDF2), seq(octets(salt), int(iterations), seq(oid(OID_HMAC_SHA256), nul()))),
      seq(oid(OID_AES256_CBC), octets(iv)),
    ),
  );
  return { algorithm, ciphertext };
}

/** Decrypts data given the parameters of a PBES2 AlgorithmIdentifier (the SEQUENCE after the PBES2 OID). */
export async function pbes2Decrypt(params: Tlv, ciphertext: Bytes, passphrase: string, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  let salt: Bytes, iterations: number, hash: string, bits: number, iv: Bytes;
  try {
    const [kdf, enc] = readChildren(expect(params, TAG.SEQUENCE).value);
    const [kdfOid, kdfParams] = readChildren(expect(kdf, TAG.SEQUENCE).value);
    if (readOid(expect(kdfOid, TAG.OID)) !== OID_PBKDF2) throw new PkiError('UNSUPPORTED_ENCRYPTION', 'Only PBKDF2 is supported');
    const p = readChildren(expect(kdfParams, TAG.SEQUENCE).value);
    salt = expect(p[0], TAG.OCTET_STRING).value;
    iterations = readInt(expect(p[1], TAG.INTEGER));
    const prf = p.find((t) => t.tag === TAG.SEQUENCE);
    const prfOid = prf ? readOid(expect(readChildren(prf.value)[0], TAG.OID)) : '1.2.840.113549.2.7';
    const h = PRF_HASH[prfOid];
    if (!h) throw new PkiError('UNSUPPORTED_ENCRYPTION', `PBKDF2 PRF ${prfOid} is not supported`);
    hash = h;
    const [encOid, encIv] = readChildren(expect(enc, TAG.SEQUENCE).value);
    const encName = readOid(expect(encOid, TAG.OID));
    const b = AES_CBC_BITS[encName];
    if (!b) throw new PkiError('UNSUPPORTED_ENCRYPTION', `Cipher ${encName} is not supported; re-encrypt with AES-256-CBC`);
    bits = b;
    iv = expect(encIv, TAG.OCTET_STRING).value;
  } catch (e) {
    if (e instanceof PkiError) throw e;
    throw new PkiError('UNSUPPORTED_ENCRYPTION', `Malformed PBES2 parameters: ${(e as Error).message}`);
  }
  const key = await deriveAesKey(passphrase, salt, iterations, hash, bits, 'decrypt', crypto);
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, ciphertext));
  } catch {
    // A wrong password almost always shows up as bad padding.
    throw new PkiError('BAD_PASSWORD');
  }
}

/** Decrypts an EncryptedPrivateKeyInfo (PKCS#8) and returns the inner PrivateKeyInfo DER. */
export async function decryptPkcs8(encrypted: Bytes, passphrase: string, crypto: Crypto = globalThis.crypto): Promise<Bytes> {
  const [alg, data] = readChildren(expect(readTlv(encrypted), TAG.SEQUENCE).value);
  const [algOid, params] = readChildren(expect(alg, TAG.SEQUENCE).value);
  const name = readOid(expect(algOid, TAG.OID));
  if (name !== OID_PBES2 || !params) throw new PkiError('UNSUPPORTED_ENCRYPTION', `Key encryption ${name} is not supported; use PBES2`);
  const plain = await pbes2Decrypt(params, expect(data, TAG.OCTET_STRING).value, passphrase, crypto);
  try {
    const top = readChildren(expect(readTlv(plain), TAG.SEQUENCE).value);
    expect(top[0], TAG.INTEGER);
  } catch {
    throw new PkiError('BAD_PASSWORD');
  }
  return plain;
}

export async function encryptPkcs8(
  pkcs8: Bytes,
  passphrase: string,
  iterations = DEFAULT_PBKDF2_ITERATIONS,
  crypto: Crypto = globalThis.crypto,
): Promise<Bytes> {
  const { algorithm, ciphertext } = await pbes2Encrypt(pkcs8, passphrase, iterations, crypto);
  return seq(algorithm, octets(ciphertext));
}

