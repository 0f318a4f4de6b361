import 'reflect-metadata';
import { createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { textFault } from '@cc/contracts/input';
import type { KeyParams } from '@cc/domain/key-options';
import { said, type Said } from './rule-error.ts';

x509.cryptoProvider.set(globalThis.crypto);

export interface ParsedCsr {
  pem: string;
  /** The subject CN as written in the request ('' when absent). */
  commonName: string;
  keyParams: KeyParams;
  /** SubjectPublicKeyInfo DER, to match a private key against. */
  spki: Buffer;
}

const curveNames: Record<string, string> = { prime256v1: 'P256', secp384r1: 'P384', secp521r1: 'P521' };

/** Reads and verifies a PEM certificate request; answers what is wrong with it as a message. */
export async function parseCsr(text: string): Promise<ParsedCsr | Said> {
  const pem = text.trim();
  if (!pem) return said('purchase.csr.required');
  if (!/^-----BEGIN (NEW )?CERTIFICATE REQUEST-----/.test(pem)) return said('purchase.csr.invalid');
  const parts = readCommonCsr(pem);
  return (parts && (await checkCommonCsr(pem, parts))) ?? parseAnyCsr(pem);
}

/** Any request @peculiar/x509 reads: other string types, RSA-PSS, EdDSA, unusual encodings. */
async function parseAnyCsr(pem: string): Promise<ParsedCsr | Said> {
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(pem);
  } catch {
    return said('purchase.csr.invalid');
  }
  const spki = Buffer.from(csr.publicKey.rawData);
  let key: PublicKey;
  let verified = false;
  try {
    key = publicKeyOf(spki);
    verified = verifyFast(csr, key.key) ?? (await csr.verify());
  } catch {
    return said('purchase.csr.signature');
  }
  if (!verified) return said('purchase.csr.signature');
  const hash = (csr.signatureAlgorithm as { hash?: { name?: string } }).hash?.name ?? '';
  return described(pem, csr.subjectName.getField('CN')[0] ?? '', key, hash, spki);
}

function described(pem: string, commonName: string, key: PublicKey, hash: string, spki: Buffer): ParsedCsr | Said {
  // The request's own text reaches the database: a CN with U+0000 or a lone surrogate is no name at all.
  if (textFault(commonName)) return said('purchase.csr.invalid');
  return { pem, commonName, keyParams: { ...key.params, signature: hash.replace('-', '') } as KeyParams, spki };
}

interface PublicKey {
  key: KeyObject;
  params: Omit<KeyParams, 'signature'>;
}

/**
 * Public keys by their SubjectPublicKeyInfo: importing one (a point check for EC) costs more than verifying a
 * signature, and a batch often signs many requests with one key. Public data derived from public data, so
 * keeping it is safe; bounded, and emptied when full.
 */
const publicKeys = new Map<string, PublicKey>();

function publicKeyOf(spki: Buffer): PublicKey {
  const id = spki.toString('base64');
  let k = publicKeys.get(id);
  if (!k) {
    const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    const details = key.asymmetricKeyDetails ?? {};
    const params =
      key.asymmetricKeyType === 'ec'
        ? { encryption: 'ECC', curve: curveNames[details.namedCurve ?? ''] ?? details.namedCurve ?? '' }
        : { encryption: key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss' ? 'RSA' : String(key.asymmetricKeyType).toUpperCase(), keyLength: details.modulusLength ?? 0 };
    k = { key, params: params as PublicKey['params'] };
    if (publicKeys.size >= 2048) publicKeys.clear();
    publicKeys.set(id, k);
  }
  return k;
}

/** What the common case needs of a request, read straight from its DER. */
interface CsrParts {
  tbs: Uint8Array;
  spki: Buffer;
  commonName: string;
  kind: 'ec' | 'rsa';
  hash: 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';
  signature: Uint8Array;
}

// Signature algorithm OIDs (content bytes, hex): ECDSA and RSA PKCS#1 v1.5 with SHA-1/256/384/512.
const signatureAlgorithms: Record<string, Pick<CsrParts, 'kind' | 'hash'>> = {
  '2a8648ce3d0401': { kind: 'ec', hash: 'SHA-1' },
  '2a8648ce3d040302': { kind: 'ec', hash: 'SHA-256' },
  '2a8648ce3d040303': { kind: 'ec', hash: 'SHA-384' },
  '2a8648ce3d040304': { kind: 'ec', hash: 'SHA-512' },
  '2a864886f70d010105': { kind: 'rsa', hash: 'SHA-1' },
  '2a864886f70d01010b': { kind: 'rsa', hash: 'SHA-256' },
  '2a864886f70d01010c': { kind: 'rsa', hash: 'SHA-384' },
  '2a864886f70d01010d': { kind: 'rsa', hash: 'SHA-512' },
};
const commonNameOid = '550403';
const plainPem = /^-----BEGIN (NEW )?CERTIFICATE REQUEST-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END \1CERTIFICATE REQUEST-----$/;

/**
 * The common request (one PEM block, ECDSA or RSA PKCS#1 v1.5, the CN as a plain string) read in one pass over its
 * DER, without building the ASN.1 object tree: that tree is most of what a batch of 500 spends. Anything else,
 * or anything malformed, answers null and goes to the full parser, which has the last word.
 */
function readCommonCsr(pem: string): CsrParts | null {
  const m = plainPem.exec(pem);
  const base64 = m?.[2]!.replace(/[\r\n]/g, '');
  // The same test of the text as the full parser's (pvtsutils), so that both refuse the same requests.
  if (!base64 || !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) return null;
  const der = Buffer.from(base64, 'base64');
  try {
    const outer = derElement(der, 0);
    if (outer.tag !== 0x30 || outer.end !== der.length) return null;
    const info = derElement(der, outer.content);
    const version = derElement(der, info.content);
    const subject = derElement(der, version.end);
    const spki = derElement(der, subject.end);
    if (info.tag !== 0x30 || info.end > outer.end || spki.end > info.end) return null;
    // version 0 (v1), the only one defined.
    if (version.tag !== 0x02 || version.end - version.content !== 1 || der[version.content] !== 0 || subject.tag !== 0x30 || spki.tag !== 0x30) return null;
    if (spki.end < info.end && !commonAttributes(der, derElement(der, spki.end), info.end)) return null;
    const algId = derElement(der, info.end);
    const bits = derElement(der, algId.end);
    if (algId.tag !== 0x30 || bits.tag !== 0x03 || bits.end !== outer.end || der[bits.content] !== 0) return null;
    const oid = derElement(der, algId.content);
    if (oid.tag !== 0x06) return null;
    // Parameters: none, or NULL (RSA).
    if (oid.end !== algId.end && (der[oid.end] !== 0x05 || der[oid.end + 1] !== 0x00 || oid.end + 2 !== algId.end)) return null;
    const alg = signatureAlgorithms[der.toString('hex', oid.content, oid.end)];
    if (!alg) return null;
    const commonName = commonNameIn(der, subject);
    if (commonName === null) return null;
    return { tbs: der.subarray(info.start, info.end), spki: der.subarray(spki.start, spki.end), commonName, ...alg, signature: der.subarray(bits.content + 1, bits.end) };
  } catch {
    return null;
  }
}

const extensionRequestOid = '2a864886f70d01090e';
const subjectAltNameOid = '551d11';
const subjectKeyIdentifierOid = '551d0e';
// GeneralName choices the full parser reads as plain values: rfc822Name, dNSName, URI, iPAddress.
const plainGeneralNames = new Set([0x81, 0x82, 0x86, 0x87]);

/**
 * Whether the request's attributes ([0]) are of the shape the full parser reads without a doubt: none, or one
 * extensionRequest holding only a subjectAltName of plain names and a subjectKeyIdentifier (as the console's CSR tool
 * writes them). Anything else (other extensions, challenge passwords) goes to the full parser, so that a request it
 * would refuse is refused here too.
 */
function commonAttributes(der: Buffer, attrs: { tag: number; content: number; end: number }, infoEnd: number): boolean {
  if (attrs.tag !== 0xa0 || attrs.end !== infoEnd) return false;
  for (let at = attrs.content; at < attrs.end; ) {
    const attr = derElement(der, at);
    const type = derElement(der, attr.content);
    const values = derElement(der, type.end);
    if (attr.tag !== 0x30 || attr.end > attrs.end || type.tag !== 0x06 || values.tag !== 0x31 || values.end !== attr.end) return false;
    if (der.toString('hex', type.content, type.end) !== extensionRequestOid) return false;
    const exts = derElement(der, values.content);
    if (exts.tag !== 0x30 || exts.end !== values.end) return false;
    for (let e = exts.content; e < exts.end; ) {
      const ext = derElement(der, e);
      const oid = derElement(der, ext.content);
      let next = derElement(der, oid.end);
      if (next.tag === 0x01) {
        if (next.end - next.content !== 1) return false;
        next = derElement(der, next.end);
      }
      if (ext.tag !== 0x30 || ext.end > exts.end || oid.tag !== 0x06 || next.tag !== 0x04 || next.end !== ext.end) return false;
      if (!plainExtension(der, der.toString('hex', oid.content, oid.end), next)) return false;
      e = ext.end;
    }
    at = attr.end;
  }
  return true;
}

/** Whether an extension's value (the OCTET STRING `value`) is a subjectAltName of plain names or a subjectKeyIdentifier. */
function plainExtension(der: Buffer, oid: string, value: { content: number; end: number }): boolean {
  const inner = derElement(der, value.content);
  if (oid === subjectKeyIdentifierOid) return inner.tag === 0x04 && inner.end === value.end;
  if (oid !== subjectAltNameOid || inner.tag !== 0x30 || inner.end !== value.end) return false;
  for (let n = inner.content; n < inner.end; ) {
    const name = derElement(der, n);
    if (name.end > inner.end || !plainGeneralNames.has(name.tag) || (name.tag === 0x87 && name.end - name.content !== 4 && name.end - name.content !== 16)) return false;
    n = name.end;
  }
  return true;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The first CN of a Name (SEQUENCE OF SET OF { OID, value }); '' when absent, null for a shape left to the full parser. */
function commonNameIn(der: Buffer, name: { content: number; end: number }): string | null {
  let found: string | undefined;
  for (let at = name.content; at < name.end; ) {
    const rdn = derElement(der, at);
    if (rdn.tag !== 0x31 || rdn.end > name.end) return null;
    for (let a = rdn.content; a < rdn.end; ) {
      const atv = derElement(der, a);
      if (atv.tag !== 0x30 || atv.end > rdn.end) return null;
      const type = derElement(der, atv.content);
      const value = derElement(der, type.end);
      if (type.tag !== 0x06 || value.end !== atv.end) return null;
      if (found === undefined && der.toString('hex', type.content, type.end) === commonNameOid) {
        if (value.tag === 0x0c) found = utf8.decode(der.subarray(value.content, value.end));
        else if (value.tag === 0x13 || value.tag === 0x16) found = der.toString('latin1', value.content, value.end);
        else return null;
      }
      a = atv.end;
    }
    at = rdn.end;
  }
  return found ?? '';
}

/** Verifies a request read by readCommonCsr; null hands it to the full parser (a key of another kind than the signature's). */
async function checkCommonCsr(pem: string, parts: CsrParts): Promise<ParsedCsr | Said | null> {
  let key: PublicKey;
  try {
    key = publicKeyOf(parts.spki);
  } catch {
    return said('purchase.csr.signature');
  }
  if (key.key.asymmetricKeyType !== parts.kind) return null;
  // The callback form runs on libuv's thread pool: the requests of a batch are verified on every core.
  const verified = await new Promise<boolean>((resolve) => {
    try {
      verify(nodeHashes[parts.hash]!, parts.tbs, parts.kind === 'ec' ? { key: key.key, dsaEncoding: 'der' } : key.key, parts.signature, (e, ok) => resolve(!e && ok));
    } catch {
      resolve(false);
    }
  });
  if (!verified) return said('purchase.csr.signature');
  return described(pem, parts.commonName, key, parts.hash, Buffer.from(parts.spki));
}

/** One DER element at `at`: where its content starts and where it ends (definite lengths only). */
function derElement(der: Uint8Array, at: number): { tag: number; start: number; content: number; end: number } {
  if (at + 2 > der.length) throw new Error('truncated');
  const tag = der[at]!;
  let len = der[at + 1]!;
  let p = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n < 1 || n > 4 || p + n > der.length) throw new Error('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + der[p++]!;
  }
  if (p + len > der.length) throw new Error('truncated');
  return { tag, start: at, content: p, end: p + len };
}

const nodeHashes: Record<string, string> = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };

/**
 * The request's self-signature checked by OpenSSL (node:crypto), synchronously: about ten times quicker than
 * WebCrypto's import-then-verify per request, which is what a batch of 500 spends most of its time on.
 * Answers null for a scheme it does not handle (RSA-PSS, EdDSA), which the caller verifies the slow way.
 */
function verifyFast(csr: x509.Pkcs10CertificateRequest, key: KeyObject): boolean | null {
  const alg = csr.signatureAlgorithm as { name?: string; hash?: { name?: string } };
  const hash = nodeHashes[alg.hash?.name ?? ''];
  const ecdsa = alg.name === 'ECDSA' && key.asymmetricKeyType === 'ec';
  const pkcs1 = alg.name === 'RSASSA-PKCS1-v1_5' && key.asymmetricKeyType === 'rsa';
  if (!hash || !(ecdsa || pkcs1)) return null;
  // CertificationRequest ::= SEQUENCE { certificationRequestInfo, signatureAlgorithm, signature BIT STRING }
  const der = new Uint8Array(csr.rawData);
  const outer = derElement(der, 0);
  const info = derElement(der, outer.content);
  const algId = derElement(der, info.end);
  const bits = derElement(der, algId.end);
  if (outer.tag !== 0x30 || info.tag !== 0x30 || algId.tag !== 0x30 || bits.tag !== 0x03 || der[bits.content] !== 0) return false;
  const tbs = der.subarray(info.start, info.end);
  const signature = der.subarray(bits.content + 1, bits.end);
  return verify(hash, tbs, ecdsa ? { key, dsaEncoding: 'der' } : key, signature);
}

export const isParsedCsr = (v: ParsedCsr | Said): v is ParsedCsr => 'pem' in v;

/** A private key (PKCS#8, PKCS#1 or SEC1 PEM) must be the pair of the request's public key. */
export function checkPrivateKey(keyPem: string, csr: ParsedCsr): Said | null {
  let spki: Buffer;
  try {
    spki = createPublicKey(createPrivateKey(keyPem.trim())).export({ type: 'spki', format: 'der' });
  } catch {
    return said('purchase.key.invalid');
  }
  return spki.equals(csr.spki) ? null : said('purchase.key.mismatch');
}
