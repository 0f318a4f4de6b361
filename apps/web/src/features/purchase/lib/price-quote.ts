/**
 * The price preview (document 01 §7): one price call per distinct number of billed names, since orders with as
 * many names cost the same. The call is passed in, so the arithmetic is tested without a server.
 */
import { billedCounts, type PlannedOrder } from './plan-orders.ts';

export interface Quote {
  raw: number;
  now: number;
  /** Cents of one order by its number of billed names. */
  byCount: Map<number, number>;
  /** The account's own percent (100: none). */
  discount: number;
  /** Cents certificate packages take off, and certificates left in them (of the product). */
  packageCovered: number;
  packageRemaining: number;
}

export interface PriceAnswer {
  allRawPrice: number;
  allNowPrice: number;
  discount?: number;
  packageCovered?: number;
  packageRemaining?: number;
}

export type PriceCall = (names: string[] | undefined) => Promise<PriceAnswer>;

/**
 * Prices the orders, once per distinct number of billed names. `counts` empty prices `emptyCount` orders with the
 * server's placeholder name (one in single mode, none for an empty batch).
 */
export async function quoteOrders(counts: ReturnType<typeof billedCounts>, emptyCount: number, withDomains: boolean, price: PriceCall): Promise<Quote> {
  const groups = counts.size ? [...counts.entries()] : [[1, { count: emptyCount, sample: null }] as const];
  const rs = await Promise.all(
    groups.map(async ([n, g]) => {
      const names = g.sample ? [g.sample.commonName, ...g.sample.domainNames] : undefined;
      const p = await price(withDomains ? names : undefined);
      return { n, count: g.count, p };
    }),
  );
  return {
    raw: rs.reduce((s, r) => s + r.count * r.p.allRawPrice, 0),
    now: rs.reduce((s, r) => s + r.count * r.p.allNowPrice, 0),
    byCount: new Map(rs.map((r) => [r.n, r.p.allNowPrice] as const)),
    discount: rs[0]?.p.discount ?? 100,
    packageCovered: rs.reduce((s, r) => s + r.count * (r.p.packageCovered ?? 0), 0),
    packageRemaining: rs[0]?.p.packageRemaining ?? 0,
  };
}

/**
 * What the price depends on: the product, the term and how many orders have each number of billed names, not
 * which names (typing a name does not ask again). With no order named yet, single mode prices its one order and
 * batch mode none, so the mode is part of the key.
 */
export function priceKeyOf(productNo: string | undefined, term: number, counts: ReturnType<typeof billedCounts>, mode: 'single' | 'batch'): string {
  return JSON.stringify([productNo, term, [...counts.entries()].map(([n, v]) => [n, v.count]), counts.size ? null : mode]);
}

/** What the given orders cost by a quote's price per number of billed names. */
export function totalByQuote(orders: readonly Pick<PlannedOrder, 'billed'>[], q: Pick<Quote, 'byCount'>): number {
  return orders.reduce((s, o) => s + (q.byCount.get(o.billed) ?? 0), 0);
}
