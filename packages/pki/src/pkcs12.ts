/**
 * PKCS#12 (PFX) build and read over the @peculiar/asn1-pfx structures. Writes OpenSSL 3's default layout:
 * certificates in a PBES2/AES-256-CBC encrypted SafeContents, the key in a shrouded key bag (PBES2), and an
 * HMAC-SHA-256 MAC keyed by the PKCS#12 KDF. Reads BER too (indefinite lengths, constructed strings), as Windows
 * and Java write it.
 *
 * Passwords: the PKCS#12 KDF (MAC, legacy 3DES/RC2) takes the password as a NUL-terminated BMPString (UTF-16BE,
 * RFC 7292 B.1), PBES2 as UTF-8 (RFC 8018): what OpenSSL 3, Windows and Java do, so any Unicode password works.
 */
import { AsnPropTypes, AsnBmpStringConverter, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { DigestInfo } from '@peculiar/asn1-rsa';
import { ContentInfo, EncryptedContent, EncryptedContentInfo, ContentEncryptionAlgorithmIdentifier } from '@peculiar/asn1-cms';
import { EncryptedData as EncryptedKeyData } from '@peculiar/asn1-pkcs8';
import {
  AuthenticatedSafe,
  CertBag,
  id_certBag,
  id_keyBag,
  id_pkcs8ShroudedKeyBag,
  id_SafeContents,
  id_x509Certificate,
  MacData,
  PFX,
  PKCS12Attribute,
  PKCS8ShroudedKeyBag,
  SafeBag,
  SafeContents,
} from '@peculiar/asn1-pfx';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { asnSchema, bytesOf, parseBer, toDer, tryParseBer, type BytesLike } from './asn.ts';
import { bytesEqual, concatBytes, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';
import { encryptPkcs8, isPrivateKeyInfo, iterationCount, OID_PBES2, pbes2Decrypt, pbes2Encrypt } from './pbes2.ts';
import { desEde3Cbc } from './des.ts';
import { rc2CbcDecrypt } from './rc2.ts';

const OID_DATA = '1.2.840.113549.1.7.1';
const OID_ENCRYPTED_DATA = '1.2.840.113549.1.7.6';
const OID_FRIENDLY_NAME = '1.2.840.113549.1.9.20';
const OID_LOCAL_KEY_ID = '1.2.840.113549.1.9.21';
const OID_PBE_SHA1_3DES = '1.2.840.113549.1.12.1.3';
/** Legacy RC2 variants: key length in bytes (also the effective key bits / 8). */
const PBE_SHA1_RC2: Record<string, number> = { '1.2.840.113549.1.12.1.5': 16, '1.2.840.113549.1.12.1.6': 5 };
const DIGESTS: Record<string, { name: string; u: number; v: number; hash: (data: Uint8Array) => Uint8Array }> = {
  '1.3.14.3.2.26': { name: 'SHA-1', u: 20, v: 64, hash: sha1 },
  '2.16.840.1.101.3.4.2.1': { name: 'SHA-256', u: 32, v: 64, hash: sha256 },
  '2.16.840.1.101.3.4.2.2': { name: 'SHA-384', u: 48, v: 128, hash: sha384 },
  '2.16.840.1.101.3.4.2.3': { name: 'SHA-512', u: 64, v: 128, hash: sha512 },
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

/** EncryptedData (RFC 5652 §8): asn1-cms has EncryptedContentInfo but not this wrapper. */
class Pkcs7EncryptedData {
  version = 0;
  encryptedContentInfo = new EncryptedContentInfo();
}
asnSchema(Pkcs7EncryptedData, { version: { type: AsnPropTypes.Integer }, encryptedContentInfo: { type: EncryptedContentInfo } });

/** pkcs-12PbeParams (RFC 7292 appendix C). */
class Pkcs12PbeParams {
  salt = new OctetString();
  iterations: number | string = 1;
}
asnSchema(Pkcs12PbeParams, { salt: { type: OctetString }, iterations: { type: AsnPropTypes.Integer } });

/** UTF-16BE code units plus a terminating NUL (RFC 7292 B.1); characters beyond U+FFFF as surrogate pairs, as OpenSSL. */
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

/**
 * RFC 7292 appendix B.2 key derivation (id 1 = key, 2 = IV, 3 = MAC key). The rounds hash synchronously: one
 * WebCrypto call per round would make a high (but allowed) iteration count take minutes.
 */
export function pkcs12Kdf(password: string, salt: Uint8Array, id: 1 | 2 | 3, iterations: number, n: number, hashOid: string): Bytes {
  const h = DIGESTS[hashOid];
  if (!h) throw new PkiError('UNSUPPORTED_ENCRYPTION', `PKCS#12 digest ${hashOid} is not supported`);
  iterationCount(iterations);
  const { u, v } = h;
  const D = new Uint8Array(v).fill(id);
  const I = concatBytes(fill(salt, v), fill(bmpPassword(password), v));
  const out = new Uint8Array(Math.ceil(n / u) * u);
  for (let i = 0; i * u < n; i++) {
    let A = h.hash(concatBytes(D, I));
    for (let r = 1; r < iterations; r++) A = h.hash(A);
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

function attribute(type: string, value: Bytes): PKCS12Attribute {
  // PKCS12Attribute's constructor drops its argument, so the fields are set one by one.
  const a = new PKCS12Attribute();
  a.attrId = type;
  a.attrValues = [value.buffer];
  return a;
}
const bmpStringDer = (s: string): Bytes => new Uint8Array(AsnBmpStringConverter.toASN(s).toBER(false));

async function encryptContent(plain: Bytes, password: string, encryption: Pkcs12Encryption, iterations: number, crypto: Crypto): Promise<{ algorithm: AlgorithmIdentifier; ciphertext: Bytes }> {
  if (encryption === 'aes-256') {
    const { algorithmId, ciphertext } = await pbes2Encrypt(plain, password, iterations, crypto);
    return { algorithm: algorithmId, ciphertext };
  }
  const salt = crypto.getRandomValues(new Uint8Array(8));
  const key = pkcs12Kdf(password, salt, 1, iterations, 24, OID_SHA1);
  const iv = pkcs12Kdf(password, salt, 2, iterations, 8, OID_SHA1);
  const params = Object.assign(new Pkcs12PbeParams(), { salt: new OctetString(salt), iterations });
  return { algorithm: new AlgorithmIdentifier({ algorithm: OID_PBE_SHA1_3DES, parameters: toDer(params).buffer }), ciphertext: desEde3Cbc(key, iv, plain, true) };
}

async function decryptContent(alg: AlgorithmIdentifier, ciphertext: Bytes, password: string, crypto: Crypto): Promise<Bytes> {
  const name = alg.algorithm;
  if (name === OID_PBES2 && alg.parameters) return pbes2Decrypt(alg.parameters, ciphertext, password, crypto);
  const rc2Bytes = PBE_SHA1_RC2[name];
  if ((name === OID_PBE_SHA1_3DES || rc2Bytes) && alg.parameters) {
    const params = tryParseBer(alg.parameters, Pkcs12PbeParams);
    if (!params) throw new PkiError('UNSUPPORTED_ENCRYPTION', 'Malformed PKCS#12 PBE parameters');
    const salt = bytesOf(params.salt.buffer);
    const it = iterationCount(params.iterations);
    const key = pkcs12Kdf(password, salt, 1, it, rc2Bytes ?? 24, OID_SHA1);
    const iv = pkcs12Kdf(password, salt, 2, it, 8, OID_SHA1);
    try {
      return rc2Bytes ? rc2CbcDecrypt(key, rc2Bytes * 8, iv, ciphertext) : desEde3Cbc(key, iv, ciphertext, false);
    } catch {
      throw new PkiError('BAD_PASSWORD');
    }
  }
  throw new PkiError('UNSUPPORTED_ENCRYPTION', `PKCS#12 encryption ${name} is not supported (RC4 is obsolete); re-export with AES or 3DES`);
}

const dataContentInfo = (content: Bytes): ContentInfo => new ContentInfo({ contentType: OID_DATA, content: toDer(new OctetString(content)).buffer });
const safeBag = (bagId: string, value: Bytes, attributes: PKCS12Attribute[]): SafeBag =>
  new SafeBag({ bagId, bagValue: value.buffer, ...(attributes.length ? { bagAttributes: attributes } : {}) });

export async function buildPkcs12(
  certs: Bytes[],
  pkcs8: Bytes | null,
  password: string,
  opts: Pkcs12Options = {},
  crypto: Crypto = globalThis.crypto,
): Promise<Bytes> {
  const encryption = opts.encryption ?? 'aes-256';
  const iterations = iterationCount(opts.iterations ?? 2048);
  const leaf = certs[0];
  const keyId = leaf ? new Uint8Array(await crypto.subtle.digest('SHA-1', leaf)) : crypto.getRandomValues(new Uint8Array(20));
  // The friendly name is the alias keytool and Windows show; both bags carry it with the shared local key id.
  const leafAttrs = () => [
    ...(opts.friendlyName ? [attribute(OID_FRIENDLY_NAME, bmpStringDer(opts.friendlyName))] : []),
    attribute(OID_LOCAL_KEY_ID, toDer(new OctetString(keyId))),
  ];
  const certBags = certs.map((c, i) =>
    safeBag(id_certBag, toDer(new CertBag({ certId: id_x509Certificate, certValue: toDer(new OctetString(c)).buffer })), i === 0 && pkcs8 ? leafAttrs() : []),
  );
  const safes: ContentInfo[] = [];
  if (certBags.length > 0) {
    const { algorithm, ciphertext } = await encryptContent(toDer(new SafeContents(certBags)), password, encryption, iterations, crypto);
    const encrypted = Object.assign(new Pkcs7EncryptedData(), {
      encryptedContentInfo: new EncryptedContentInfo({
        contentType: OID_DATA,
        contentEncryptionAlgorithm: new ContentEncryptionAlgorithmIdentifier(algorithm),
        encryptedContent: new EncryptedContent({ value: new OctetString(ciphertext) }),
      }),
    });
    safes.push(new ContentInfo({ contentType: OID_ENCRYPTED_DATA, content: toDer(encrypted).buffer }));
  }
  if (pkcs8) {
    let shrouded: Bytes;
    if (encryption === 'aes-256') shrouded = await encryptPkcs8(pkcs8, password, iterations, crypto);
    else {
      const { algorithm, ciphertext } = await encryptContent(pkcs8, password, encryption, iterations, crypto);
      shrouded = toDer(new PKCS8ShroudedKeyBag({ encryptionAlgorithm: algorithm, encryptedData: new EncryptedKeyData(ciphertext) }));
    }
    safes.push(dataContentInfo(toDer(new SafeContents([safeBag(id_pkcs8ShroudedKeyBag, shrouded, leafAttrs())]))));
  }
  const authSafe = toDer(new AuthenticatedSafe(safes));
  const macHash = encryption === 'aes-256' ? OID_SHA256 : OID_SHA1;
  const salt = crypto.getRandomValues(new Uint8Array(8));
  const macKey = pkcs12Kdf(password, salt, 3, iterations, DIGESTS[macHash]!.u, macHash);
  const mac = await hmac(DIGESTS[macHash]!.name, macKey, authSafe, crypto);
  const macData = new MacData({
    mac: new DigestInfo({ digestAlgorithm: new AlgorithmIdentifier({ algorithm: macHash, parameters: null }), digest: new OctetString(mac) }),
    macSalt: new OctetString(salt),
    iterations,
  });
  return toDer(new PFX({ version: 3, authSafe: dataContentInfo(authSafe), macData }));
}

/** The PFX and its AuthenticatedSafe bytes (what the MAC covers), or null when the bytes are no password-integrity PFX. */
function readPfx(der: Uint8Array): { pfx: PFX; authSafe: Bytes } | null {
  const pfx = tryParseBer(der, PFX);
  if (!pfx || pfx.version !== 3 || pfx.authSafe.contentType !== OID_DATA) return null;
  const content = tryParseBer(pfx.authSafe.content, OctetString);
  return content ? { pfx, authSafe: bytesOf(content.buffer) } : null;
}

export function isPkcs12(der: Uint8Array): boolean {
  return readPfx(der) !== null;
}

async function readBags(safeContents: BytesLike, password: string, out: Pkcs12Contents, crypto: Crypto, depth = 0): Promise<void> {
  for (const bag of parseBer(safeContents, SafeContents)) {
    if (bag.bagId === id_certBag) {
      const cert = parseBer(bag.bagValue, CertBag);
      if (cert.certId === id_x509Certificate) out.certificates.push(bytesOf(parseBer(cert.certValue, OctetString).buffer));
    } else if (bag.bagId === id_pkcs8ShroudedKeyBag) {
      const shrouded = parseBer(bag.bagValue, PKCS8ShroudedKeyBag);
      const plain = await decryptContent(shrouded.encryptionAlgorithm, bytesOf(shrouded.encryptedData.buffer), password, crypto);
      if (!isPrivateKeyInfo(plain)) throw new PkiError('BAD_PASSWORD');
      out.privateKeys.push(plain);
    } else if (bag.bagId === id_keyBag) {
      out.privateKeys.push(bytesOf(bag.bagValue));
    } else if (bag.bagId === id_SafeContents && depth < 4) {
      await readBags(bag.bagValue, password, out, crypto, depth + 1);
    }
  }
}

function encryptedContentBytes(content: EncryptedContent | undefined): Bytes {
  if (content?.value) return bytesOf(content.value.buffer);
  // [0] IMPLICIT OCTET STRING written constructed (BER) by some exporters: the pieces joined.
  return concatBytes(...(content?.constructedValue ?? []).map((p) => bytesOf(p.buffer)));
}

export async function readPkcs12(der: Uint8Array, password: string, crypto: Crypto = globalThis.crypto): Promise<Pkcs12Contents> {
  const read = readPfx(der);
  if (!read) throw new PkiError('UNRECOGNIZED_INPUT', 'Not a PKCS#12 file');
  const { pfx, authSafe } = read;
  if (pfx.macData) {
    const hashOid = pfx.macData.mac.digestAlgorithm.algorithm;
    const h = DIGESTS[hashOid];
    if (!h) throw new PkiError('UNSUPPORTED_ENCRYPTION', `PKCS#12 MAC digest ${hashOid} is not supported`);
    const key = pkcs12Kdf(password, bytesOf(pfx.macData.macSalt.buffer), 3, iterationCount(pfx.macData.iterations), h.u, hashOid);
    const mac = await hmac(h.name, key, authSafe, crypto);
    if (!bytesEqual(mac, bytesOf(pfx.macData.mac.digest.buffer))) throw new PkiError('BAD_PASSWORD');
  }
  const out: Pkcs12Contents = { certificates: [], privateKeys: [] };
  let safes: AuthenticatedSafe;
  try {
    safes = parseBer(authSafe, AuthenticatedSafe);
  } catch {
    throw new PkiError('UNRECOGNIZED_INPUT', 'Malformed PKCS#12 AuthenticatedSafe');
  }
  for (const ci of safes) {
    if (ci.contentType === OID_DATA) {
      await readBags(parseBer(ci.content, OctetString).buffer, password, out, crypto);
    } else if (ci.contentType === OID_ENCRYPTED_DATA) {
      const eci = parseBer(ci.content, Pkcs7EncryptedData).encryptedContentInfo;
      await readBags(await decryptContent(eci.contentEncryptionAlgorithm, encryptedContentBytes(eci.encryptedContent), password, crypto), password, out, crypto);
    }
  }
  return out;
}
