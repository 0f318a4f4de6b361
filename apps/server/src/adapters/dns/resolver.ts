import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import * as packet from 'dns-packet';
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

/** One question straight to one server, with no recursion asked (as a resolver asks a parent); null on no answer. */
export async function askServer(address: string, port: number, name: string, type: 'NS' | 'SOA', timeoutMs = 3000): Promise<packet.DecodedPacket | null> {
  const socket = dgram.createSocket(net.isIPv6(address) ? 'udp6' : 'udp4');
  const id = randomInt(1, 65535);
  try {
    return await new Promise<packet.DecodedPacket | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      socket.on('error', () => {
        clearTimeout(timer);
        resolve(null);
      });
      socket.on('message', (msg) => {
        let res: packet.DecodedPacket;
        try {
          res = packet.decode(msg);
        } catch {
          return;
        }
        if (res.id !== id || res.type !== 'response') return;
        clearTimeout(timer);
        resolve(res);
      });
      socket.send(packet.encode({ type: 'query', id, flags: 0, questions: [{ name, type, class: 'IN' }] }), port, address);
    });
  } finally {
    socket.close();
  }
}

/** The nameservers the parent zone delegates a zone to (sorted, lowercase); empty when none could be seen. */
export type DelegationLookup = (zone: string) => Promise<string[]>;

/**
 * The delegation at the parent, as a registry's own servers say it: the parent zone is the nearest ancestor the
 * resolver (DNS_RESOLVER) knows nameservers of; those servers are asked directly, without recursion, for the
 * zone's NS, and the referral (or their own answer) is the delegation. Asking the resolver for the zone's NS
 * instead would reach the zone's own servers, which for a claim here are ours: a pending zone answers nothing
 * (a lame delegation, SERVFAIL), and answering it would be the claim vouching for itself. `port` is 53 but in
 * tests (DNS_DELEGATION_PORT).
 */
export function createDelegationLookup(resolverAddress: string, port = 53): DelegationLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  if (resolverAddress) resolver.setServers([resolverAddress]);
  const bare = (n: string) => n.toLowerCase().replace(/\.$/, '');
  return async (zone) => {
    const labels = zone.split('.');
    for (let i = 1; i < labels.length; i++) {
      const parent = labels.slice(i).join('.');
      let servers: string[];
      try {
        servers = await resolver.resolveNs(parent);
      } catch (e) {
        // Not a zone apex (no NS there): the parent is further up. Any other failure: nothing is seen.
        if (noData.has((e as NodeJS.ErrnoException).code ?? '')) continue;
        return [];
      }
      if (!servers.length) continue;
      const addresses = (await Promise.all(servers.slice(0, 4).map((ns) => resolver.resolve4(ns).catch(() => [] as string[])))).flat().slice(0, 4);
      for (const address of addresses) {
        const res = await askServer(address, port, zone, 'NS');
        // NOERROR (0) or NXDOMAIN (3) is the parent's word; REFUSED, SERVFAIL: ask the next of its servers.
        const rcode = (res?.flags ?? 0) & 0xf;
        if (!res || (rcode !== 0 && rcode !== 3)) continue;
        const ns = [...(res.answers ?? []), ...(res.authorities ?? [])].filter((r) => r.type === 'NS' && bare(r.name) === zone).map((r) => bare(String((r as packet.StringAnswer).data)));
        return [...new Set(ns)].sort();
      }
      return [];
    }
    return [];
  };
}
