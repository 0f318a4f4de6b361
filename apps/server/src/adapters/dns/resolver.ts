import { Resolver } from 'node:dns/promises';
import { isIp } from '@cc/domain/domain-names';

/** What domain control validation asks of DNS; one interface so a check never knows where answers come from. */
export interface DnsLookup {
  cname(host: string): Promise<string[]>;
  /** Each record's strings joined, as RFC 7208 reads split TXT data. */
  txt(host: string): Promise<string[]>;
  /** IPv4 addresses of the host (an IP literal answers itself). */
  a(host: string): Promise<string[]>;
  /** IPv6 addresses of the host (an IP literal: none, a() answers it). */
  aaaa(host: string): Promise<string[]>;
  /** CAA properties at exactly this name (RFC 8659); empty when there are none. */
  caa?(host: string): Promise<{ critical: boolean; tag: string; value: string }[]>;
}

/** Codes that mean "no such record" rather than "the lookup failed". */
const noData = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);

export class DnsLookupError extends Error {
  constructor(readonly host: string, readonly reason: string) {
    super(`${host}: ${reason}`);
  }
}

/**
 * node:dns with the configured resolver (DNS_RESOLVER, host:port) or the system's; a short timeout and one try,
 * so a check that cannot reach DNS reports it instead of hanging a job.
 */
export function createDnsLookup(resolverAddress: string): DnsLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  if (resolverAddress) resolver.setServers([resolverAddress]);
  const run = async <T>(host: string, f: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await f();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (noData.has(code)) return [];
      throw new DnsLookupError(host, code || String(e));
    }
  };
  return {
    cname: (host) => run(host, () => resolver.resolveCname(host)).then((r) => r.map((v) => v.toLowerCase().replace(/\.$/, ''))),
    txt: (host) => run(host, () => resolver.resolveTxt(host)).then((r) => r.map((chunks) => chunks.join(''))),
    a: (host) => (isIp(host) ? Promise.resolve([host]) : run(host, () => resolver.resolve4(host))),
    aaaa: (host) => (isIp(host) ? Promise.resolve([]) : run(host, () => resolver.resolve6(host))),
    caa: (host) =>
      run(host, () => resolver.resolveCaa(host)).then((r) =>
        r.flatMap((c) => {
          const { critical, ...rest } = c as { critical: number } & Record<string, string | number>;
          return Object.entries(rest).map(([tag, value]) => ({ critical: (Number(critical) & 128) !== 0, tag, value: String(value) }));
        }),
      ),
  };
}
