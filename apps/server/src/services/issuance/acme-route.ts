import type { Queryable } from '@cc/db/client';
import { acmeAdapterFor, challengeHost, type AcmeAdapter } from '../../adapters/acme/client.ts';
import type { OrdersContext } from '../orders/context.ts';
import type { JobKind } from '../jobs/kinds.ts';

/**
 * Which CA an order goes to, and what domain control validation does for ACME orders. Kept apart from the
 * ACME flow (acme.ts) so validation can ask without importing the flow that imports validation.
 */

/** Queued when validation of an ACME order starts: places the ACME order and shows its challenges. */
export const acmePrepareJob = 'acme.prepare' satisfies JobKind;

/** The ACME adapter when this order's product is free and ACME_DIRECTORY_URL is set; otherwise null (built-in CA). */
export async function acmeFor(ctx: Pick<OrdersContext, 'db' | 'box' | 'config'>, q: Queryable, orderId: number): Promise<AcmeAdapter | null> {
  const adapter = acmeAdapterFor(ctx);
  if (!adapter) return null;
  const [p] = await q.query<{ free: boolean }>(`SELECT p.free FROM orders o JOIN products p ON p.product_no = o.product_no WHERE o.id = $1`, [orderId]);
  return p?.free ? adapter : null;
}

/**
 * The row an ACME order's name starts with: DNS-01 whatever method was picked (the CA sets the challenge;
 * wildcards allow no other), the record's host in token, and no value until the ACME order gives one.
 */
export const acmePlaceholder = (name: string) => ({ method: 'dns_txt' as const, token: challengeHost(name), value: '' });
