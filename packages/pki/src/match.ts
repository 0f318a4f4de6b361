/** Does this key belong to this certificate / CSR: compares SHA-256 of the SubjectPublicKeyInfo DER. */
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { decodeInput } from './detect.ts';
import { toBytes, type Bytes } from './encoding.ts';
import { PkiError, withCode } from './errors.ts';
import { publicKeyFromPrivate, readPrivateKey, spkiFingerprint } from './keys.ts';

export interface MatchInput {
  privateKey?: string | Uint8Array;
  passphrase?: string;
  certificate?: string | Uint8Array;
  csr?: string | Uint8Array;
}

export interface MatchResult {
  fingerprints: { privateKey: string | null; certificate: string | null; csr: string | null };
  /** null when one side of the pair was not given. */
  keyMatchesCertificate: boolean | null;
  keyMatchesCsr: boolean | null;
  certificateMatchesCsr: boolean | null;
}

export function certificateSpki(input: string | Uint8Array): Bytes {
  const item = decodeInput(input).items.find((i) => i.label === null || i.label.endsWith('CERTIFICATE'));
  if (!item) throw new PkiError('NOT_A_CERTIFICATE');
  try {
    return toBytes(AsnConvert.serialize(AsnConvert.parse(item.der, Certificate).tbsCertificate.subjectPublicKeyInfo));
  } catch {
    throw new PkiError('NOT_A_CERTIFICATE');
  }
}

export function csrSpki(input: string | Uint8Array): Bytes {
  const item = decodeInput(input).items.find((i) => i.label === null || i.label.endsWith('CERTIFICATE REQUEST'));
  if (!item) throw new PkiError('NOT_A_CSR');
  try {
    return toBytes(AsnConvert.serialize(AsnConvert.parse(item.der, CertificationRequest).certificationRequestInfo.subjectPKInfo));
  } catch {
    throw new PkiError('NOT_A_CSR');
  }
}

export function matchKeyPair(input: MatchInput, crypto: Crypto = globalThis.crypto): Promise<MatchResult> {
  return withCode('UNRECOGNIZED_INPUT', () => matchKeyPairUnsafe(input, crypto));
}

async function matchKeyPairUnsafe(input: MatchInput, crypto: Crypto): Promise<MatchResult> {
  const has = (v: string | Uint8Array | undefined): v is string | Uint8Array => v !== undefined && (typeof v !== 'string' || v.trim() !== '');
  const key = has(input.privateKey)
    ? await spkiFingerprint(await publicKeyFromPrivate((await readPrivateKey(input.privateKey, input.passphrase, crypto)).pkcs8, crypto), crypto)
    : null;
  const cert = has(input.certificate) ? await spkiFingerprint(certificateSpki(input.certificate), crypto) : null;
  const csr = has(input.csr) ? await spkiFingerprint(csrSpki(input.csr), crypto) : null;
  const eq = (a: string | null, b: string | null) => (a === null || b === null ? null : a === b);
  return {
    fingerprints: { privateKey: key, certificate: cert, csr },
    keyMatchesCertificate: eq(key, cert),
    keyMatchesCsr: eq(key, csr),
    certificateMatchesCsr: eq(cert, csr),
  };
}
