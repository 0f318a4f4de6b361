import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '@cc/db/client';
import type { OrderEventDetail, OrderEventKind } from '@cc/contracts/order-events';
import { publicBaseUrl, type Config } from '../../config.ts';
import type { Messenger } from '../../adapters/messaging/messenger.ts';
import { createDnsLookup, type DnsLookup } from '../../adapters/dns/resolver.ts';
import { createBuiltinCa, type BuiltinCa } from '../../adapters/ca/builtin.ts';
import { secretBox, type SecretBox } from '../../lib/secret-box.ts';
import { submitChain } from '../ct/log.ts';

/** What the orders area's services need, made once per app (per database) and shared by routes and jobs. */
export interface OrdersContext {
  db: Db;
  config: Config;
  messenger: Messenger;
  box: SecretBox;
  dns: DnsLookup;
  ca: BuiltinCa;
  /** This server's public address: approval links, AIA and CRL URLs. */
  baseUrl: string;
  now: () => Date;
}

const contexts = new WeakMap<Db, OrdersContext>();

export function ordersContext(app: FastifyInstance): OrdersContext {
  let ctx = contexts.get(app.db);
  if (!ctx) {
    const box = secretBox(app.config);
    const baseUrl = publicBaseUrl(app.config);
    ctx = {
      db: app.db,
      config: app.config,
      messenger: app.messenger,
      box,
      dns: createDnsLookup(app.config.DNS_RESOLVER),
      ca: createBuiltinCa({ db: app.db, box, baseUrl, now: () => app.clock.now(), ctSubmit: (chain) => submitChain(app.db, box, chain, 'x509', true) }),
      baseUrl,
      // The product's clock (lib/clock.ts): validity by the signing day, DCV reuse, the methods offered, plan reissues.
      now: () => app.clock.now(),
    };
    contexts.set(app.db, ctx);
  }
  return ctx;
}

/** One line of the order's timeline: a kind of contracts order-events.ts with the detail it names. */
export async function addEvent<K extends OrderEventKind>(
  q: Queryable,
  orderId: number,
  kind: K,
  ...[detail]: object extends OrderEventDetail<K> ? [detail?: OrderEventDetail<K>] : [detail: OrderEventDetail<K>]
): Promise<void> {
  await q.query(`INSERT INTO order_events (order_id, kind, detail) VALUES ($1, $2, $3::jsonb)`, [orderId, kind, JSON.stringify(detail ?? {})]);
}
