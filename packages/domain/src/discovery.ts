import { isDomain, isIp, isIPv4, parseIPv4, parseIPv6, toAscii } from './domain-names.ts';

/**
 * Discovery scan targets as the user types them, one per line: a host name (IDN allowed), an IP address or an
 * IPv4 or IPv6 CIDR range, each optionally followed by ":port" (or "[v6]:port"). A line starting smtp://, imap://
 * or pop3:// is scanned with STARTTLS of that protocol (its well-known port unless one is given). The console
 * previews with this and the server stores what it answers.
 */
export type Starttls = '' | 'smtp' | 'imap' | 'pop3';
export type TargetLine =
  | { ok: true; kind: 'host' | 'ip' | 'cidr'; value: string; port: number | null; starttls: Starttls }
  | { ok: false; reason: 'line' | 'cidr' };

/** The well-known ports of mail protocols that upgrade to TLS with STARTTLS (RFC 3207, 2595, 8314). */
export const starttlsPorts: Record<number, Exclude<Starttls, ''>> = { 25: 'smtp', 587: 'smtp', 143: 'imap', 110: 'pop3' };
const starttlsDefaultPort: Record<Exclude<Starttls, ''>, number> = { smtp: 25, imap: 143, pop3: 110 };

/** The STARTTLS protocol spoken before the handshake on this port: the target's own, else the port's well-known one. */
export const starttlsFor = (port: number, own: Starttls): Starttls => own || starttlsPorts[port] || '';

export function parseTargetLine(line: string, maxAddresses: number): TargetLine {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(line.trim())?.[1]?.toLowerCase() ?? '';
  const starttls: Starttls = scheme === 'smtp' || scheme === 'imap' || scheme === 'pop3' ? scheme : '';
  let text = line.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/$/, '');
  let port: number | null = null;
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(text);
  if (withPort) {
    text = withPort[1]!;
    port = Number(withPort[2]);
    if (port < 1 || port > 65535) return { ok: false, reason: 'line' };
  }
  if (starttls && port === null) port = starttlsDefaultPort[starttls];
  text = text.replace(/^\[(.*)\]$/, '$1');
  const cidr = /^([\d.]+)\/(\d{1,2})$/.exec(text);
  if (cidr) {
    const bits = Number(cidr[2]);
    if (!isIPv4(cidr[1]!) || bits > 32) return { ok: false, reason: 'line' };
    if (2 ** (32 - bits) > maxAddresses) return { ok: false, reason: 'cidr' };
    return { ok: true, kind: 'cidr', value: `${networkOf(cidr[1]!, bits)}/${bits}`, port, starttls };
  }
  const cidr6 = /^([0-9a-f:.]+)\/(\d{1,3})$/i.exec(text);
  if (cidr6) {
    const bits = Number(cidr6[2]);
    const groups = parseIPv6(cidr6[1]!);
    if (!groups || bits > 128) return { ok: false, reason: 'line' };
    if (2 ** (128 - bits) > maxAddresses) return { ok: false, reason: 'cidr' };
    const size = 1n << BigInt(128 - bits);
    return { ok: true, kind: 'cidr', value: `${v6Text((v6Int(groups) / size) * size)}/${bits}`, port, starttls };
  }
  if (isIPv4(text)) return { ok: true, kind: 'ip', value: text, port, starttls };
  if (isIp(text)) return { ok: true, kind: 'ip', value: v6Text(v6Int(parseIPv6(text)!)), port, starttls };
  let host: string;
  try {
    host = toAscii(text.replace(/\.$/, ''));
  } catch {
    return { ok: false, reason: 'line' };
  }
  if (!isDomain(host) && host !== 'localhost') return { ok: false, reason: 'line' };
  return { ok: true, kind: 'host', value: host, port, starttls };
}

const v6Int = (groups: number[]) => groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n);

/** An IPv6 address in its canonical text (RFC 5952): lower case, the longest run of two or more zero groups as ::. */
export function v6Text(n: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((n >> BigInt((7 - i) * 16)) & 0xffffn));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

const toInt = (ip: string) => parseIPv4(ip)!.reduce((n, b) => n * 256 + b, 0);
const toText = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

function networkOf(ip: string, bits: number): string {
  const size = 2 ** (32 - bits);
  return toText(Math.floor(toInt(ip) / size) * size);
}

/** Every address of a CIDR range (IPv4: network and broadcast included, a scanner does not assume a layout). */
export function expandCidr(cidr: string): string[] {
  const [ip, b] = cidr.split('/');
  const v6 = parseIPv6(ip!);
  if (v6) {
    const start = v6Int(v6);
    return Array.from({ length: 2 ** (128 - Number(b)) }, (_, i) => v6Text(start + BigInt(i)));
  }
  const size = 2 ** (32 - Number(b));
  const start = toInt(ip!);
  return Array.from({ length: size }, (_, i) => toText(start + i));
}
