/** Byte/text encodings shared by the parser and the converters: base64, hex, PEM (§5, §9 of the tools spec). */

/** Bytes backed by a plain ArrayBuffer: what WebCrypto accepts as BufferSource. */
export type Bytes = Uint8Array<ArrayBuffer>;

export const PEM_WIDTH = 64;

export function toBytes(data: ArrayBuffer | ArrayBufferView): Bytes {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  const copy = new Uint8Array(data.byteLength);
  copy.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return copy;
}

export function concatBytes(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? B64[n & 63]! : '=';
  }
  return out;
}

/** Strict decoder (whitespace allowed, url-safe alphabet accepted): throws on anything else so detection can rely on it. */
export function fromBase64(text: string): Bytes {
  const s = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  const body = s.replace(/=+$/, '');
  if (s.length - body.length > 2 || body.includes('=') || body.length % 4 === 1) throw new Error('Invalid base64');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let j = 0;
  for (const ch of body) {
    const v = B64_INDEX.get(ch);
    if (v === undefined) throw new Error('Invalid base64');
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

export function toHex(bytes: Uint8Array, separator = ''): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(separator);
}

export function fromHex(text: string): Bytes {
  const s = text.replace(/[\s:]+/g, '');
  if (s.length % 2 !== 0 || /[^0-9a-f]/i.test(s)) throw new Error('Invalid hex');
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Colon-separated upper-case hex, as openssl prints fingerprints. */
export function toColonHex(bytes: Uint8Array): string {
  return toHex(bytes, ':').toUpperCase();
}

/** §9: hex shown in groups of 4 characters, a line break every 32 characters. */
export function formatHexDisplay(bytes: Uint8Array): string {
  const hex = toHex(bytes);
  const lines: string[] = [];
  for (let i = 0; i < hex.length; i += 32) {
    lines.push(hex.slice(i, i + 32).replace(/(.{4})(?=.)/g, '$1 '));
  }
  return lines.join('\n');
}

export function wrapText(text: string, width = PEM_WIDTH, eol = '\n'): string {
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += width) lines.push(text.slice(i, i + width));
  return lines.join(eol);
}

export function pemEncode(label: string, der: Uint8Array, eol = '\n'): string {
  return `-----BEGIN ${label}-----${eol}${wrapText(toBase64(der), PEM_WIDTH, eol)}${eol}-----END ${label}-----${eol}`;
}

export interface PemBlock {
  label: string;
  /** RFC 1421 headers such as Proc-Type / DEK-Info of legacy encrypted keys. */
  headers: Record<string, string>;
  der: Bytes;
}

const LABEL_RE = /^[A-Z0-9 #_-]+$/;
/** Labels are short ("NEW CERTIFICATE REQUEST"); looking no further keeps one marker's cost constant. */
const MAX_LABEL = 80;

interface PemMarker {
  pos: number;
  label: string;
  /** Index just past the closing dashes. */
  after: number;
}

function pemMarkers(text: string, word: 'BEGIN' | 'END'): PemMarker[] {
  const head = `-----${word} `;
  const out: PemMarker[] = [];
  for (let i = text.indexOf(head); i >= 0; i = text.indexOf(head, i + 1)) {
    const start = i + head.length;
    const close = text.slice(start, start + MAX_LABEL + 5).indexOf('-----');
    if (close <= 0) continue;
    const label = text.slice(start, start + close);
    if (LABEL_RE.test(label)) out.push({ pos: i, label, after: start + close + 5 });
  }
  return out;
}

export interface PemSpan {
  label: string;
  body: string;
}

/**
 * Every BEGIN … END block with the same label, in order, the first END closing each BEGIN. A scan rather than one
 * regular expression: on text full of BEGIN markers without ends (pasted garbage) a backtracking pattern took
 * cubic time and froze the page; this stays linear.
 */
export function findPemBlocks(text: string): PemSpan[] {
  const ends = new Map<string, PemMarker[]>();
  for (const m of pemMarkers(text, 'END')) {
    const list = ends.get(m.label);
    if (list) list.push(m);
    else ends.set(m.label, [m]);
  }
  const cursor = new Map<string, number>();
  const blocks: PemSpan[] = [];
  let from = 0;
  for (const b of pemMarkers(text, 'BEGIN')) {
    if (b.pos < from) continue;
    const list = ends.get(b.label);
    if (!list) continue;
    let k = cursor.get(b.label) ?? 0;
    while (k < list.length && list[k]!.pos < b.after) k++;
    cursor.set(b.label, k);
    const end = list[k];
    if (!end) continue;
    blocks.push({ label: b.label.trim(), body: text.slice(b.after, end.pos) });
    from = end.after;
  }
  return blocks;
}

/** A BEGIN marker followed somewhere by an END marker, whatever their labels (§5 "begin and end lines of any type"). */
export function hasPemMarkers(text: string): boolean {
  const begin = pemMarkers(text, 'BEGIN')[0];
  const end = pemMarkers(text, 'END').at(-1);
  return begin !== undefined && end !== undefined && end.pos >= begin.after;
}

/** Every PEM block in the text, in order; text around and between blocks is ignored. */
export function pemDecodeAll(text: string): PemBlock[] {
  return findPemBlocks(text).map(({ label, body }) => {
    const headers: Record<string, string> = {};
    const bodyLines: string[] = [];
    for (const line of body.split(/\r?\n|\r/)) {
      const h = /^([A-Za-z-]+):\s*(.*)$/.exec(line.trim());
      if (h) headers[h[1]!] = h[2]!;
      else bodyLines.push(line);
    }
    return { label, headers, der: fromBase64(bodyLines.join('')) };
  });
}

export function pemDecode(text: string): PemBlock {
  const first = pemDecodeAll(text)[0];
  if (!first) throw new Error('No PEM block found');
  return first;
}

/** Text content of bytes if they look like printable ASCII/UTF-8 (an uploaded PEM file), else null. */
export function bytesAsText(bytes: Uint8Array): string | null {
  for (const b of bytes.subarray(0, 4096)) {
    if (b < 9 || (b > 13 && b < 32) || b === 127) return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function utf8(text: string): Bytes {
  return toBytes(new TextEncoder().encode(text));
}
