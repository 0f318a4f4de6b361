/**
 * A minimal DER reader/writer for the small structures the schema packages do not cover (PBES2 parameters,
 * PKCS#12 key derivation inputs, SEC1/PKCS#1 wrapping). Large structures go through @peculiar/asn1-schema.
 */
import { concatBytes, type Bytes } from './encoding.ts';

export interface Tlv {
  /** Full identifier octet (class + constructed bit + tag number < 31). */
  tag: number;
  /** The element's content octets. */
  value: Bytes;
  /** Encoded length of the whole element, header included. */
  length: number;
}

export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8: 0x0c,
  PRINTABLE: 0x13,
  IA5: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  BMP: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

export function readTlv(buf: Uint8Array, offset = 0): Tlv {
  const tag = buf[offset];
  let len = buf[offset + 1];
  if (tag === undefined || len === undefined) throw new Error('DER: truncated');
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: high tag numbers are not supported');
  let header = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('DER: unsupported length');
    len = 0;
    for (let i = 0; i < n; i++) {
      const b = buf[offset + 2 + i];
      if (b === undefined) throw new Error('DER: truncated');
      len = len * 256 + b;
    }
    header += n;
  }
  const start = offset + header;
  if (start + len > buf.length) throw new Error('DER: truncated');
  return { tag, value: buf.slice(start, start + len), length: header + len };
}

/** The elements inside a constructed element. */
export function readChildren(value: Uint8Array): Tlv[] {
  const out: Tlv[] = [];
  let off = 0;
  while (off < value.length) {
    const t = readTlv(value, off);
    out.push(t);
    off += t.length;
  }
  return out;
}

export function encodeLength(n: number): Bytes {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function tlv(tag: number, ...content: Uint8Array[]): Bytes {
  const body = concatBytes(...content);
  return concatBytes(Uint8Array.of(tag), encodeLength(body.length), body);
}

export const seq = (...items: Uint8Array[]): Bytes => tlv(TAG.SEQUENCE, ...items);
export const set = (...items: Uint8Array[]): Bytes => tlv(TAG.SET, ...items);
export const octets = (b: Uint8Array): Bytes => tlv(TAG.OCTET_STRING, b);
export const nul = (): Bytes => Uint8Array.of(5, 0);
/** Context-specific constructed [n] (explicit tagging). */
export const ctx = (n: number, ...items: Uint8Array[]): Bytes => tlv(0xa0 | n, ...items);
export const bitString = (b: Uint8Array): Bytes => tlv(TAG.BIT_STRING, Uint8Array.of(0), b);

export function int(value: number | Uint8Array): Bytes {
  let bytes: number[];
  if (typeof value === 'number') {
    bytes = [];
    for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    if (bytes.length === 0) bytes = [0];
  } else {
    let i = 0;
    while (i < value.length - 1 && value[i] === 0) i++;
    bytes = Array.from(value.subarray(i));
  }
  if ((bytes[0] ?? 0) & 0x80) bytes.unshift(0);
  return tlv(TAG.INTEGER, Uint8Array.from(bytes));
}

export function readInt(t: Tlv): number {
  if (t.tag !== TAG.INTEGER) throw new Error('DER: expected INTEGER');
  let n = 0;
  for (const b of t.value) n = n * 256 + b;
  return n;
}

/** Unsigned big-endian bytes of an INTEGER (leading sign octet dropped). */
export function intBytes(t: Tlv): Bytes {
  return t.value[0] === 0 && t.value.length > 1 ? t.value.slice(1) : t.value;
}

export function oid(dotted: string): Bytes {
  const parts = dotted.split('.').map(Number);
  const [a = 0, b = 0, ...rest] = parts;
  const out: number[] = [a * 40 + b];
  for (const p of rest) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(TAG.OID, Uint8Array.from(out));
}

export function readOid(t: Tlv): string {
  if (t.tag !== TAG.OID) throw new Error('DER: expected OBJECT IDENTIFIER');
  const parts: number[] = [];
  let v = 0;
  for (const b of t.value) {
    v = v * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      if (parts.length === 0) parts.push(Math.min(2, Math.floor(v / 40)), v - Math.min(2, Math.floor(v / 40)) * 40);
      else parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

export function expect(t: Tlv | undefined, tag: number): Tlv {
  if (!t || t.tag !== tag) throw new Error(`DER: expected tag 0x${tag.toString(16)}`);
  return t;
}

/** Encodes a read element back to DER (header + content). */
export function reencode(t: Tlv): Bytes {
  return tlv(t.tag, t.value);
}
