import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@cc/db/client';
import { createSandboxRegistry, type SandboxRegistry } from '../../adapters/registry/sandbox.ts';

/** What the domains area's use cases need; tests make their own with a clock of their choosing. */
export interface DomainsContext {
  db: Db;
  log: FastifyBaseLogger;
  registry: SandboxRegistry;
  clock: () => Date;
  /** Nameservers a name registered here gets (DOMAIN_NAMESERVERS: the product's own DNS hosting). */
  nameservers: string[];
}

/** This product's registrar id at the sandbox registry. */
export const ourRegistrar = 'cc-console';

export function createDomainsContext(o: { db: Db; log: FastifyBaseLogger; nameservers: string[]; clock?: () => Date }): DomainsContext {
  const clock = o.clock ?? (() => new Date());
  return { db: o.db, log: o.log, clock, nameservers: o.nameservers, registry: createSandboxRegistry({ registrarId: ourRegistrar, clock }) };
}
