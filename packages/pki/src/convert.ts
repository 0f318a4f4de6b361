/** Reading certificate bundles in any form and writing them as PEM, DER, PKCS#7 or PKCS#12. */
import { Certificate } from '@peculiar/asn1-x509';
import { tryParseBer } from './asn.ts';
import { decodeInput } from './detect.ts';
import { pemEncode, type Bytes } from './encoding.ts';
import { PkiError, withCode } from './errors.ts';
import { readPrivateKey } from './keys.ts';
import { isPkcs7, readPkcs7 } from './pkcs7.ts';
import { isPkcs12, readPkcs12 } from './pkcs12.ts';

export type BundleSource = 'pem' | 'der' | 'pkcs7' | 'pkcs12';

export interface CertBundle {
  source: BundleSource;
  certificates: Bytes[];
  /** PKCS#8 DER of the key found in the input (PEM key block or PKCS#12), if any. */
  privateKey: Bytes | null;
}

/** PEM header lines (legacy encrypted keys) put back after the BEGIN line. */
function headerLines(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return lines.length ? `\n${lines.join('\n')}\n\n` : '\n';
}

/** A certificate, not a request or another structure that happens to be a SEQUENCE. */
const looksLikeCertificate = (der: Uint8Array): boolean => tryParseBer(der, Certificate) !== null;

/**
 * Certificates (and a key, when present) from PEM text (any mix of CERTIFICATE, PKCS7 and key blocks), DER,
 * base64 or hex of a certificate, a PKCS#7 or a PKCS#12 file. PKCS#12 and encrypted keys need the password.
 */
export function readCertBundle(input: string | Uint8Array, password = '', crypto: Crypto = globalThis.crypto): Promise<CertBundle> {
  return withCode('UNRECOGNIZED_INPUT', () => readCertBundleUnsafe(input, password, crypto));
}

async function readCertBundleUnsafe(input: string | Uint8Array, password: string, crypto: Crypto): Promise<CertBundle> {
  const decoded = decodeInput(input);
  const certificates: Bytes[] = [];
  let privateKey: Bytes | null = null;
  let source: BundleSource = decoded.format === 'pem' ? 'pem' : 'der';
  for (const item of decoded.items) {
    const label = item.label;
    if (label?.includes('PRIVATE KEY')) {
      privateKey = (await readPrivateKey(pemEncode(label, item.der).replace(/\n/, headerLines(item.headers)), password || undefined, crypto)).pkcs8;
    } else if (label === 'PKCS7' || label === 'CMS' || (label === null && isPkcs7(item.der))) {
      certificates.push(...readPkcs7(item.der));
      source = 'pkcs7';
    } else if (label === 'PKCS12' || (label === null && isPkcs12(item.der))) {
      if (!password) throw new PkiError('PASSWORD_REQUIRED');
      const p12 = await readPkcs12(item.der, password, crypto);
      certificates.push(...p12.certificates);
      privateKey = p12.privateKeys[0] ?? null;
      source = 'pkcs12';
    } else if (label === null || label.endsWith('CERTIFICATE')) {
      if (!looksLikeCertificate(item.der)) throw new PkiError('NOT_A_CERTIFICATE');
      certificates.push(item.der);
    }
  }
  if (certificates.length === 0 && !privateKey) throw new PkiError('NOT_A_CERTIFICATE');
  return { source, certificates, privateKey };
}

export function certificatesToPem(certs: Bytes[], eol = '\n'): string {
  return certs.map((c) => pemEncode('CERTIFICATE', c, eol)).join('');
}
