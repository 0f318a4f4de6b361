import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@cc/db/client';
import { defaultDnsSettings, type DnsSettings } from '../dns/zones.ts';
import { createSandboxRegistry, type SandboxRegistry } from '../../adapters/registry/sandbox.ts';

/** What the domains area's use cases need; tests make their own with a clock of their choosing. */
export interface DomainsContext {
  db: Db;
  log: FastifyBaseLogger;
  registry: SandboxRegistry;
  clock: () => Date;
  /** Our DNS hosting (DNS_NAMESERVERS, DNS_HOSTMASTER): the nameservers a name registered here gets, and its zone's SOA. */
  dns: DnsSettings;
  nameservers: string[];
}

/** This product's registrar id at the sandbox registry. */
export const ourRegistrar = 'cc-console';

export function createDomainsContext(o: { db: Db; log: FastifyBaseLogger; dns?: DnsSettings; clock?: () => Date }): DomainsContext {
  const clock = o.clock ?? (() => new Date());
  const dns = o.dns ?? defaultDnsSettings;
  return { db: o.db, log: o.log, clock, dns, nameservers: dns.nameservers, registry: createSandboxRegistry({ registrarId: ourRegistrar, clock }) };
}
