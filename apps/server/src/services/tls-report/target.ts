import { lookup } from 'node:dns/promises';
import { isDomain, isIp, isIPv4, isPrivateAddress, isPublicIp, toAscii } from '@cc/domain/domain-names';
import { RuleError, said } from '../purchase/rule-error.ts';

export interface Target {
  host: string;
  port: number;
  /** Whether a port was given (as a field or inside the text), rather than 443 by default. */
  portGiven: boolean;
}

/**
 * Reads what the user typed: a name (IDN allowed), an IP literal ([v6] too), "host:port" or a whole URL.
 * An explicit `port` wins over one inside the text.
 */
export function normalizeTarget(input: string, port?: number): Target {
  let text = input.trim();
  let portInText: number | undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const u = new URL(text);
      text = u.hostname;
      if (u.port) portInText = Number(u.port);
    } catch {
      throw badHost();
    }
  } else {
    const withPort = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(text);
    if (withPort) {
      text = withPort[1]!;
      portInText = Number(withPort[2]);
    }
  }
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const host = isIp(bare) ? bare.toLowerCase() : toAscii(bare);
  // localhost is no domain, but saying "private address" about it is more helpful than "invalid".
  const named = isDomain(host) || host === 'localhost' || host.endsWith('.localhost');
  if (!isIp(host) && !named) throw badHost();
  const p = port ?? portInText ?? 443;
  if (!Number.isInteger(p) || p < 1 || p > 65535) throw new RuleError('INVALID_INPUT', said('tls.v.port'), { port: said('tls.v.port') });
  return { host, port: p, portGiven: port !== undefined || portInText !== undefined };
}

const badHost = () => new RuleError('INVALID_INPUT', said('tls.v.host'), { host: said('tls.v.host') });

/** Resolves with the system resolver (as a browser would), every address, IPv4 first. */
export type Resolve = (host: string) => Promise<string[]>;
export const systemResolve: Resolve = async (host) => {
  const all = await lookup(host, { all: true, verbatim: true });
  return all.map((a) => a.address).sort((a, b) => Number(isIPv4(b)) - Number(isIPv4(a)));
};

/**
 * The rule of every outbound fetch a user can aim (TLS report, discovery, AIA downloads, file validation): no address
 * of the host may be private, loopback, link-local or otherwise non-public, since one internal address among public
 * ones would let it be reached. Answers the first such address. Callers then connect to an address they checked,
 * never to the name again (a second resolution could answer otherwise).
 */
export const internalAddress = (addresses: readonly string[]): string | undefined => addresses.find((a) => !isPublicIp(a));

/**
 * Answers the address to connect to. Users may not point the scanner at internal networks: a private, loopback,
 * link-local or otherwise non-public literal is refused, and so is a name of which ANY address is (a name with one
 * public and one internal address would let the second be reached). `allowPrivate` is for tests only.
 */
export async function checkTarget(host: string, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<string> {
  if (isIp(host)) {
    if (!allowPrivate && internalAddress([host])) throw new RuleError('INVALID_INPUT', said('tls.err.privateIp', { host }), { host: said('tls.err.privateIp', { host }) });
    return host;
  }
  if (!allowPrivate && isPrivateAddress(host)) throw new RuleError('INVALID_INPUT', said('tls.err.privateIp', { host }), { host: said('tls.err.privateIp', { host }) });
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (!addresses.length) throw new RuleError('INVALID_INPUT', said('tls.err.resolve', { host }), { host: said('tls.err.resolve', { host }) });
  if (!allowPrivate) {
    const inside = internalAddress(addresses);
    if (inside) throw new RuleError('INVALID_INPUT', said('tls.err.privateHost', { host, ip: inside }), { host: said('tls.err.privateHost', { host, ip: inside }) });
  }
  return addresses[0]!;
}
