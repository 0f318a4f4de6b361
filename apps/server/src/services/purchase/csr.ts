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
  let csr: x509.Pkcs10CertificateRequest;
  try {
    if (!/^-----BEGIN (NEW )?CERTIFICATE REQUEST-----/.test(pem)) throw new Error('not a PEM request');
    csr = new x509.Pkcs10CertificateRequest(pem);
  } catch {
    return said('purchase.csr.invalid');
  }
  const spki = Buffer.from(csr.publicKey.rawData);
  let key: KeyObject;
  let verified = false;
  try {
    key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    verified = verifyFast(csr, key) ?? (await csr.verify());
  } catch {
    return said('purchase.csr.signature');
  }
  if (!verified) return said('purchase.csr.signature');
  const details = key.asymmetricKeyDetails ?? {};
  const hash = (csr.signatureAlgorithm as { hash?: { name?: string } }).hash?.name ?? '';
  const signature = hash.replace('-', '');
  const keyParams: KeyParams =
    key.asymmetricKeyType === 'ec'
      ? { encryption: 'ECC', curve: curveNames[details.namedCurve ?? ''] ?? details.namedCurve ?? '', signature }
      : { encryption: key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss' ? 'RSA' : String(key.asymmetricKeyType).toUpperCase(), keyLength: details.modulusLength ?? 0, signature };
  const commonName = csr.subjectName.getField('CN')[0] ?? '';
  // The request's own text reaches the database: a CN with U+0000 or a lone surrogate is no name at all.
  if (textFault(commonName)) return said('purchase.csr.invalid');
  return { pem, commonName, keyParams, spki };
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
