/**
 * PKCS#12 (PFX) build and read. Writes OpenSSL 3's default layout: certificates in a PBES2/AES-256-CBC encrypted
 * SafeContents, the key in a shrouded key bag (PBES2), and an HMAC-SHA-256 MAC keyed by the PKCS#12 KDF.
 */
import { ctx, expect, int, nul, octets, oid, readChildren, readInt, readOid, readTlv, reencode, seq, set, tlv, TAG, type Tlv } from './der.ts';
import { bytesEqual, concatBytes, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';
import { decryptPkcs8, encryptPkcs8, OID_PBES2, pbes2Decrypt, pbes2Encrypt } from './pbes2.ts';
import { desEde3Cbc } from './des.ts';
import { rc2CbcDecrypt } from './rc2.ts';

const OID_DATA = '1.2.840.113549.1.7.1';
const OID_ENCRYPTED_DATA = '1.2.840.113549.1.7.6';
const OID_KEY_BAG = '1.2.840.113549.1.12.10.1.1';
const OID_SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';
const OID_CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const OID_X509_CERT = '1.2.840.113549.1.9.22.1';
const OID_FRIENDLY_NAME = '1.2.840.113549.1.9.20';
const OID_LOCAL_KEY_ID = '1.2.840.113549.1.9.21';
const OID_PBE_SHA1_3DES = '1.2.840.113549.1.12.1.3';
/** Legacy RC2 variants: key length in bytes (also the effective key bits / 8). */
const PBE_SHA1_RC2: Record<string, number> = { '1.2.840.113549.1.12.1.5': 16, '1.2.840.113549.1.12.1.6': 5 };
const DIGESTS: Record<string, { name: string; u: number; v: number }> = {
  '1.3.14.3.2.26': { name: 'SHA-1', u: 20, v: 64 },
  '2.16.840.1.101.3.4.2.1': { name: 'SHA-256', u: 32, v: 64 },
  '2.16.840.1.101.3.4.2.2': { name: 'SHA-384', u: 48, v: 128 },
  '2.16.840.1.101.3.4.2.3': { name: 'SHA-512', u: 64, v: 128 },
};
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_SHA1 = '1.3.14.3.2.26';

export type Pkcs12Encryption = 'aes-256' | '3des';

export interface Pkcs12Options {
  /** 'aes-256' (PBES2, OpenSSL 3 default) or '3des' (pbeWithSHAAnd3-KeyTripleDES-CBC + SHA-1 MAC, for old Windows and Java). */
  encryption?: Pkcs12Encryption;
  iterations?: number;
  friendlyName?: string;
}

export interface Pkcs12Contents {
  certificates: Bytes[];
  privateKeys: Bytes[];
}

/** PKCS#12 passwords are BMPString with a terminating NUL (RFC 7292 B.1). */
function bmpPassword(password: string): Bytes {
  const out = new Uint8Array((password.length + 1) * 2);
  for (let i = 0; i < password.length; i++) {
    const c = password.charCodeAt(i);
    out[i * 2] = c >> 8;
    out[i * 2 + 1] = c & 0xff;
  }
  return out;
}

function fill(src: Uint8Array, v: number): Bytes {
  if (src.length === 0) return new Uint8Array(0);
  const out = new Uint8Array(v * Math.ceil(src.length / v));
  for (let i = 0; i < out.length; i++) out[i] = src[i % src.length]!;
  return out;
}

/** RFC 7292 appendix B.2 key derivation (id 1 = key, 2 = IV, 3 = MAC key). */
export async function pkcs12Kdf(password: string, salt: Bytes, id: 1 | 2 | 3, iterations: number, n: number, hashOid: string, crypto: Crypto): Promise<Bytes> {
  const h = DIGESTS[hashOid];
  if (!h) throw new PkiError('UNSUPPORTED_ENCRYPTION', `PKCS#12 digest ${hashOid} is not supported`);
  const { u, v } = h;
  const D = new Uint8Array(v).fill(id);
  const I = concatBytes(fill(salt, v), fill(bmpPassword(password), v));
  const out = new Uint8Array(Math.ceil(n / u) * u);
  for (let i = 0; i * u < n; i++) {
    let A = new Uint8Array(await crypto.subtle.digest(h.name, concatBytes(D, I)));
    for (let r = 1; r < iterations; r++) A = new Uint8Array(await crypto.subtle.digest(h.name, A));
    out.set(A, i * u);
    const B = fill(A, v).subarray(0, v);
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = I[j + k]! + B[k]! + carry;
        I[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return out.slice(0, n);
}

async function hmac(hashName: string, key: Bytes, data: Bytes, crypto: Crypto): Promise<Bytes> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: hashName }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data));
}

const attr = (type: string, value: Bytes): Bytes => seq(oid(type), set(value));
const bmpString = (s: string): Bytes => tlv(TAG.BMP, bmpPassword(s).subarray(0, s.length * 2));

async function encryptContent(plain: Bytes, password: string, encryption: Pkcs12Encryption, iterations: number, crypto: Crypto): Promise<{ algorithm: Bytes; ciphertext: Bytes }> {
  if (encryption === 'aes-256') return pbes2Encrypt(plain, password, iterations, crypto);
  const salt = crypto.getRandomValues(new Uint8Array(8));
  const key = await pkcs12Kdf(password, salt, 1, iterations, 24, OID_SHA1, crypto);
  const iv = await pkcs12Kdf(password, salt, 2, iterations, 8, OID_SHA1, crypto);
  return { algorithm: seq(oid(OID_PBE_SHA1_3DES), seq(octets(salt), int(iterations))), ciphertext: desEde3Cbc(key, iv, plain, true) };
}

async function decryptContent(alg: Tlv, ciphertext: Bytes, password: string, crypto: Crypto): Promise<Bytes> {
  const [algOid, params] = readChildren(expect(alg, TAG.SEQUENCE).value);
  const name = readOid(expect(algOid, TAG.OID));
  if (name === OID_PBES2 && params) return pbes2Decrypt(params, ciphertext, password, crypto);
  const rc2Bytes = PBE_SHA1_RC2[name];
  if ((name === OID_PBE_SHA1_3DES || rc2Bytes) && params) {
    const [salt, iter] = readChildren(expect(params, TAG.SEQUENCE).value);
    const s = expect(salt, TAG.OCTET_STRING).value;
    const it = readInt(expect(iter, TAG.INTEGER));
    const key = await pkcs12Kdf(password, s, 1, it, rc2Bytes ?? 24, OID_SHA1, crypto);
    const iv = await pkcs12Kdf(password, s, 2, it, 8, OID_SHA1, crypto);
    try {
      return rc2Bytes ? rc2CbcDecrypt(key, rc2Bytes * 8, iv, ciphertext) : desEde3Cbc(key, iv, ciphertext, false);
    } catch {
      throw new PkiError('BAD_PASSWORD');
    }
  }
  throw new PkiError('UNSUPPORTED_ENCRYPTION', `PKCS#12 encryption ${name} is not supported (RC4 is obsolete); re-export with AES or 3DES`);
}

export async function buildPkcs12(
  certs: Bytes[],
  pkcs8: Bytes | null,
  password: string,
  opts: Pkcs12Options = {},
  crypto: Crypto = globalThis.crypto,
): Promise<Bytes> {
  const encryption = opts.encryption ?? 'aes-256';
  const iterations = opts.iterations ?? 2048;
  const leaf = certs[0];
  const keyId = leaf ? new Uint8Array(await crypto.subtle.digest('SHA-1', leaf)) : crypto.getRandomValues(new Uint8Array(20));
  const leafAttrs = (withKey: boolean) =>
    set(...(opts.friendlyName ? [attr(OID_FRIENDLY_NAME, bmpString(opts.friendlyName))] : []), ...(withKey ? [attr(OID_LOCAL_KEY_ID, octets(keyId))] : []));
  const certBags = certs.map((c, i) =>
    seq(oid(OID_CERT_BAG), ctx(0, seq(oid(OID_X509_CERT), ctx(0, octets(c)))), ...(i === 0 && pkcs8 ? [leafAttrs(true)] : [])),
  );
  const safes: Bytes[] = [];
  if (certBags.length > 0) {
    const { algorithm, ciphertext } = await encryptContent(seq(...certBags), password, encryption, iterations, crypto);
    safes.push(seq(oid(OID_ENCRYPTED_DATA), ctx(0, seq(int(0), seq(oid(OID_DATA), algorithm, tlv(0x80, ciphertext))))));
  }
  if (pkcs8) {
    let shrouded: Bytes;
    if (encryption === 'aes-256') shrouded = await encryptPkcs8(pkcs8, password, iterations, crypto);
    else {
      const { algorithm, ciphertext } = await encryptContent(pkcs8, password, encryption, iterations, crypto);
      shrouded = seq(algorithm, octets(ciphertext));
    }
    const keyBag = seq(oid(OID_SHROUDED_KEY_BAG), ctx(0, shrouded), leafAttrs(true));
    safes.push(seq(oid(OID_DATA), ctx(0, octets(seq(keyBag)))));
  }
  const authSafe = seq(...safes);
  const macHash = encryption === 'aes-256' ? OID_SHA256 : OID_SHA1;
  const salt = crypto.getRandomValues(new Uint8Array(8));
  const macKey = await pkcs12Kdf(password, salt, 3, iterations, DIGESTS[macHash]!.u, macHash, crypto);
  const mac = await hmac(DIGESTS[macHash]!.name, macKey, authSafe, crypto);
  const macData = seq(seq(seq(oid(macHash), nul()), octets(mac)), octets(salt), int(iterations));
  return seq(int(3), seq(oid(OID_DATA), ctx(0, octets(authSafe))), macData);
}

export function isPkcs12(der: Uint8Array): boolean {
  try {
    const [version, authSafe] = readChildren(expect(readTlv(der), TAG.SEQUENCE).value);
    return readInt(expect(version, TAG.INTEGER)) === 3 && readOid(expect(readChildren(expect(authSafe, TAG.SEQUENCE).value)[0], TAG.OID)) === OID_DATA;
  } catch {
    return false;
  }
}

async function readBags(safeContents: Bytes, password: string, out: Pkcs12Contents, crypto: Crypto): Promise<void> {
  for (const bag of readChildren(expect(readTlv(safeContents), TAG.SEQUENCE).value)) {
    const [bagId, bagValue] = readChildren(expect(bag, TAG.SEQUENCE).value);
    const id = readOid(expect(bagId, TAG.OID));
    const value = readTlv(expect(bagValue, 0xa0).value);
    if (id === OID_CERT_BAG) {
      const [certType, certValue] = readChildren(expect(value, TAG.SEQUENCE).value);
      if (readOid(expect(certType, TAG.OID)) === OID_X509_CERT) out.certificates.push(expect(readTlv(expect(certValue, 0xa0).value), TAG.OCTET_STRING).value);
    } else if (id === OID_SHROUDED_KEY_BAG) {
      const [alg, data] = readChildren(expect(value, TAG.SEQUENCE).value);
      const algOid = readOid(expect(readChildren(expect(alg, TAG.SEQUENCE).value)[0], TAG.OID));
      out.privateKeys.push(
        algOid === OID_PBES2 ? await decryptPkcs8(reencode(value), password, crypto) : await decryptContent(alg!, expect(data, TAG.OCTET_STRING).value, password, crypto),
      );
    } else if (id === OID_KEY_BAG) {
      out.privateKeys.push(reencode(value));
    }
  }
}

export async function readPkcs12(der: Uint8Array, password: string, crypto: Crypto = globalThis.crypto): Promise<Pkcs12Contents> {
  let parts: Tlv[];
  let authSafe: Bytes;
  try {
    parts = readChildren(expect(readTlv(der), TAG.SEQUENCE).value);
    const [, content] = readChildren(expect(parts[1], TAG.SEQUENCE).value);
    authSafe = expect(readTlv(expect(content, 0xa0).value), TAG.OCTET_STRING).value;
  } catch {
    throw new PkiError('UNRECOGNIZED_INPUT', 'Not a PKCS#12 file');
  }
  const macData = parts[2];
  if (macData) {
    const [digestInfo, salt, iter] = readChildren(expect(macData, TAG.SEQUENCE).value);
    const [digestAlg, digest] = readChildren(expect(digestInfo, TAG.SEQUENCE).value);
    const hashOid = readOid(expect(readChildren(expect(digestAlg, TAG.SEQUENCE).value)[0], TAG.OID));
    const h = DIGESTS[hashOid];
    if (!h) throw new PkiError('UNSUPPORTED_ENCRYPTION', `PKCS#12 MAC digest ${hashOid} is not supported`);
    const iterations = iter ? readInt(iter) : 1;
    const key = await pkcs12Kdf(password, expect(salt, TAG.OCTET_STRING).value, 3, iterations, h.u, hashOid, crypto);
    const mac = await hmac(h.name, key, authSafe, crypto);
    if (!bytesEqual(mac, expect(digest, TAG.OCTET_STRING).value)) throw new PkiError('BAD_PASSWORD');
  }
  const out: Pkcs12Contents = { certificates: [], privateKeys: [] };
  for (const ci of readChildren(expect(readTlv(authSafe), TAG.SEQUENCE).value)) {
    const [type, content] = readChildren(expect(ci, TAG.SEQUENCE).value);
    const t = readOid(expect(type, TAG.OID));
    const inner = readTlv(expect(content, 0xa0).value);
    if (t === OID_DATA) {
      await readBags(expect(inner, TAG.OCTET_STRING).value, password, out, crypto);
    } else if (t === OID_ENCRYPTED_DATA) {
      const [, eci] = readChildren(expect(inner, TAG.SEQUENCE).value);
      const [, alg, enc] = readChildren(expect(eci, TAG.SEQUENCE).value);
      // encryptedContent is [0] IMPLICIT OCTET STRING, sometimes constructed (BER) by old exporters.
      const ciphertext = enc!.tag === 0x80 ? enc!.value : concatBytes(...readChildren(enc!.value).map((c) => c.value));
      await readBags(await decryptContent(alg!, ciphertext, password, crypto), password, out, crypto);
    }
  }
  return out;
}
