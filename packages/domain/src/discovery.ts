import { isDomain, isIp, isIPv4, parseIPv4, toAscii } from './domain-names.ts';

/**
 * Discovery scan targets as the user types them, one per line: a host name (IDN allowed), an IP address or an
 * IPv4 CIDR range, each optionally followed by ":port" (or "[v6]:port"). The console previews with this and the
 * server stores what it answers.
 */
export type TargetLine =
  | { ok: true; kind: 'host' | 'ip' | 'cidr'; value: string; port: number | null }
  | { ok: false; reason: 'line' | 'cidr' };

export function parseTargetLine(line: string, maxAddresses: number): TargetLine {
  let text = line.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/$/, '');
  let port: number | null = null;
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(text);
  if (withPort) {
    text = withPort[1]!;
    port = Number(withPort[2]);
    if (port < 1 || port > 65535) return { ok: false, reason: 'line' };
  }
  text = text.replace(/^\[(.*)\]$/, '$1');
  const cidr = /^([\d.]+)\/(\d{1,2})$/.exec(text);
  if (cidr) {
    const bits = Number(cidr[2]);
    if (!isIPv4(cidr[1]!) || bits > 32) return { ok: false, reason: 'line' };
    if (2 ** (32 - bits) > maxAddresses) return { ok: false, reason: 'cidr' };
    return { ok: true, kind: 'cidr', value: `${networkOf(cidr[1]!, bits)}/${bits}`, port };
  }
  if (isIp(text)) return { ok: true, kind: 'ip', value: text.toLowerCase(), port };
  let host: string;
  try {
    host = toAscii(text.replace(/\.$/, ''));
  } catch {
    return { ok: false, reason: 'line' };
  }
  if (!isDomain(host) && host !== 'localhost') return { ok: false, reason: 'line' };
  return { ok: true, kind: 'host', value: host, port };
}

const toInt = (ip: string) => parseIPv4(ip)!.reduce((n, b) => n * 256 + b, 0);
const toText = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

function networkOf(ip: string, bits: number): string {
  const size = 2 ** (32 - bits);
  return toText(Math.floor(toInt(ip) / size) * size);
}

/** Every address of an IPv4 CIDR range (network and broadcast included: a scanner does not assume a layout). */
export function expandCidr(cidr: string): string[] {
  const [ip, b] = cidr.split('/');
  const size = 2 ** (32 - Number(b));
  const start = toInt(ip!);
  return Array.from({ length: size }, (_, i) => toText(start + i));
}
