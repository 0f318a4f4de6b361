/** Certificates-only PKCS#7 / CMS SignedData (a .p7b file). */
import { ctx, expect, int, oid, readChildren, readOid, readTlv, reencode, seq, set, tlv, TAG } from './der.ts';
import { pemEncode, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';

const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_DATA = '1.2.840.113549.1.7.1';

export function buildPkcs7(certs: Bytes[]): Bytes {
  if (certs.length === 0) throw new PkiError('INVALID_ARGUMENT', 'No certificates');
  const signedData = seq(int(1), set(), seq(oid(OID_DATA)), tlv(0xa0, ...certs), set());
  return seq(oid(OID_SIGNED_DATA), ctx(0, signedData));
}

/** PEM labelled PKCS7 (not CMS) because `openssl pkcs7` only reads that label. */
export function buildPkcs7Pem(certs: Bytes[]): string {
  return pemEncode('PKCS7', buildPkcs7(certs));
}

export function isPkcs7(der: Uint8Array): boolean {
  try {
    const [type] = readChildren(expect(readTlv(der), TAG.SEQUENCE).value);
    return readOid(expect(type, TAG.OID)) === OID_SIGNED_DATA;
  } catch {
    return false;
  }
}

/** The certificates of a SignedData, in stored order. */
export function readPkcs7(der: Uint8Array): Bytes[] {
  try {
    const [type, content] = readChildren(expect(readTlv(der), TAG.SEQUENCE).value);
    if (readOid(expect(type, TAG.OID)) !== OID_SIGNED_DATA) throw new Error('not SignedData');
    const sd = readChildren(expect(readTlv(expect(content, 0xa0).value), TAG.SEQUENCE).value);
    const certSet = sd.find((t) => t.tag === 0xa0);
    // Only plain certificates (SEQUENCE); attribute certificates and other choices are skipped.
    return certSet ? readChildren(certSet.value).filter((t) => t.tag === TAG.SEQUENCE).map(reencode) : [];
  } catch {
    throw new PkiError('UNRECOGNIZED_INPUT', 'Not a PKCS#7 SignedData');
  }
}
