/** Parser input detection and decoding (§5 "Parser input detection"). */
import { bytesAsText, findPemBlocks, fromBase64, fromHex, hasPemMarkers, pemDecodeAll, pemEncode, toBytes, type Bytes } from './encoding.ts';
import { PkiError } from './errors.ts';

export type InputFormat = 'pem' | 'hex' | 'base64' | 'der';

export interface DecodedItem {
  /** PEM label when the input was PEM, else null. */
  label: string | null;
  headers: Record<string, string>;
  der: Bytes;
}

export interface DecodedInput {
  format: InputFormat;
  items: DecodedItem[];
}

const HEX_RE = /^\s*(?:[0-9a-fA-F]{2}[\s:]*)+$/;

export const isHexText = (text: string): boolean => HEX_RE.test(text);
export const isPemText = (text: string): boolean => hasPemMarkers(text);

function hasPem(text: string, label: string): boolean {
  return findPemBlocks(text).some((b) => b.label === label);
}
export const isRsaPrivateKeyPem = (t: string): boolean => hasPem(t, 'RSA PRIVATE KEY');
export const isEcPrivateKeyPem = (t: string): boolean => hasPem(t, 'EC PRIVATE KEY');
export const isPkcs8PrivateKeyPem = (t: string): boolean => hasPem(t, 'PRIVATE KEY') || hasPem(t, 'ENCRYPTED PRIVATE KEY');
export const isCertificatePem = (t: string): boolean => hasPem(t, 'CERTIFICATE');
export const isCsrPem = (t: string): boolean => hasPem(t, 'CERTIFICATE REQUEST') || hasPem(t, 'NEW CERTIFICATE REQUEST');

export function isBase64Text(text: string): boolean {
  const s = text.replace(/\s+/g, '');
  if (!s) return false;
  try {
    fromBase64(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes pasted text or uploaded bytes. PEM may hold several blocks (a chain, a list of requests); hex and base64
 * are one item; bytes that are not text are taken as DER.
 */
export function decodeInput(input: string | Uint8Array): DecodedInput {
  if (typeof input !== 'string') {
    const text = bytesAsText(input);
    if (text === null) {
      if (input.length === 0) throw new PkiError('EMPTY_INPUT');
      return { format: 'der', items: [{ label: null, headers: {}, der: toBytes(input) }] };
    }
    input = text;
  }
  const text = input.trim();
  if (!text) throw new PkiError('EMPTY_INPUT');
  if (isPemText(text)) {
    let blocks;
    try {
      blocks = pemDecodeAll(text);
    } catch {
      throw new PkiError('UNRECOGNIZED_INPUT', 'PEM body is not valid base64');
    }
    if (blocks.length === 0) throw new PkiError('UNRECOGNIZED_INPUT', 'PEM begin and end labels differ');
    return { format: 'pem', items: blocks.map((b) => ({ label: b.label, headers: b.headers, der: b.der })) };
  }
  if (/-----BEGIN /.test(text)) throw new PkiError('UNRECOGNIZED_INPUT', 'Truncated PEM: no end line');
  if (isHexText(text)) return { format: 'hex', items: [{ label: null, headers: {}, der: fromHex(text) }] };
  if (isBase64Text(text)) return { format: 'base64', items: [{ label: null, headers: {}, der: fromBase64(text) }] };
  throw new PkiError('UNRECOGNIZED_INPUT');
}

/** Splits a pasted chain on the end-certificate marker, LF line endings, one PEM string per certificate. */
export function splitPemChain(text: string, label = 'CERTIFICATE'): string[] {
  const end = `-----END ${label}-----`;
  return text
    .replace(/\r\n?/g, '\n')
    .split(end)
    .filter((part) => part.includes(`-----BEGIN ${label}-----`))
    .map((part) => `${part.slice(part.indexOf('-----BEGIN')).trim()}\n${end}\n`);
}

/** Rewraps every PEM block at 64 characters (CRLF by default, as §5 asks), dropping text around blocks. */
export function rewrapPem(text: string, eol = '\r\n'): string {
  return pemDecodeAll(text)
    .map((b) => pemEncode(b.label, b.der, eol))
    .join('');
}
