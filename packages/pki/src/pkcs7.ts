/** Certificates-only PKCS#7 / CMS SignedData (a .p7b file), over the @peculiar/asn1-cms structures; BER accepted. */
import { AsnArray, AsnPropTypes, AsnTypeTypes } from '@peculiar/asn1-schema';
import { ContentInfo, DigestAlgorithmIdentifiers, EncapsulatedContentInfo, id_data, id_signedData, SignerInfos } from '@peculiar/asn1-cms';
import { asnSchema, bytesOf, toDer, tryParseBer } from './asn.ts';
import { pemEncode, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';

/**
 * The certificate set as the elements' own bytes: decoding each certificate and encoding it again could change
 * bytes its signature covers (a DEFAULT written out, a string type), so they are carried untouched.
 */
class RawCertificateSet extends AsnArray<ArrayBuffer> {}
asnSchema(RawCertificateSet, {}, { type: AsnTypeTypes.Set, itemType: AsnPropTypes.Any });

/** SignedData (RFC 5652 §5.1) with the parts a certificate bundle does not use left as they are. */
class CertsOnlySignedData {
  version = 1;
  digestAlgorithms: ArrayBuffer = toDer(new DigestAlgorithmIdentifiers()).buffer;
  encapContentInfo: ArrayBuffer = toDer(new EncapsulatedContentInfo({ eContentType: id_data })).buffer;
  certificates?: RawCertificateSet;
  crls?: ArrayBuffer;
  signerInfos: ArrayBuffer = toDer(new SignerInfos()).buffer;
}
asnSchema(CertsOnlySignedData, {
  version: { type: AsnPropTypes.Integer },
  digestAlgorithms: { type: AsnPropTypes.Any },
  encapContentInfo: { type: AsnPropTypes.Any },
  certificates: { type: RawCertificateSet, context: 0, implicit: true, optional: true },
  crls: { type: AsnPropTypes.Any, context: 1, implicit: true, optional: true },
  signerInfos: { type: AsnPropTypes.Any },
});

const SEQUENCE = 0x30;

export function buildPkcs7(certs: Bytes[]): Bytes {
  if (certs.length === 0) throw new PkiError('INVALID_ARGUMENT', 'No certificates');
  const signedData = Object.assign(new CertsOnlySignedData(), { certificates: new RawCertificateSet(certs.map((c) => c.slice().buffer)) });
  return toDer(new ContentInfo({ contentType: id_signedData, content: toDer(signedData).buffer }));
}

/** PEM labelled PKCS7 (not CMS) because `openssl pkcs7` only reads that label. */
export function buildPkcs7Pem(certs: Bytes[]): string {
  return pemEncode('PKCS7', buildPkcs7(certs));
}

function signedData(der: Uint8Array): CertsOnlySignedData | null {
  const info = tryParseBer(der, ContentInfo);
  if (!info || info.contentType !== id_signedData) return null;
  return tryParseBer(info.content, CertsOnlySignedData);
}

export function isPkcs7(der: Uint8Array): boolean {
  return signedData(der) !== null;
}

/** The certificates of a SignedData, in stored order. */
export function readPkcs7(der: Uint8Array): Bytes[] {
  const sd = signedData(der);
  if (!sd) throw new PkiError('UNRECOGNIZED_INPUT', 'Not a PKCS#7 SignedData');
  // Only plain certificates (SEQUENCE); attribute certificates and other choices ([1], [2], [3]) are skipped.
  return (sd.certificates ?? []).map(bytesOf).filter((c) => c[0] === SEQUENCE);
}
