/**
 * Statements run many times a busy minute must read a few index entries, however many rows lie behind them and however
 * stale PostgreSQL's statistics are: the worker's claim of the next job (migration 0157), and every lookup of an
 * account's orders or names by number or name (lib/owned-ids.ts). Each once read everything when the statistics lagged
 * a burst. They are made to lag here as they do in production: analysed while the table is nearly empty, then a burst
 * of rows. What a statement read is PostgreSQL's own count for the transaction (pg_stat_get_xact_*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '@cc/db/client';
import { startTestApp, type TestApp } from './harness.ts';
import { fundedAccount, payableOrders } from './payment-helpers.ts';
import { lockPayableOrders, payOrdersFromBalance } from '../src/services/payments/order-payment.ts';
import { checkVerificationForOrders } from '../src/services/payments/verification.ts';
import { findOrder, ordersByNos } from '../src/services/orders/queries.ts';
import { ordersByNumbers } from '../src/services/purchase/orders.ts';
import { notifyAccount } from '../src/services/messages/notify.ts';
import { createDomainsContext } from '../src/services/domains/context.ts';
import { renewQuotes } from '../src/services/domains/orders.ts';
import { setForSale, setRemark } from '../src/services/domains/manage.ts';

let t: TestApp;
beforeAll(async () => {
  // Always PostgreSQL: the embedded database has the same planner, but these counters are about PostgreSQL's.
  t = await startTestApp({}, { postgres: true });
});
afterAll(() => t?.close());

const burst = 3000;

/**
 * Index entries and heap rows read through this connection's counters, per index or table of `table`: not yet sent to
 * the statistics, they may still hold earlier transactions' reads, so what a statement read is a difference of two.
 */
async function counters(q: Queryable, table: string): Promise<Record<string, number>> {
  const rows = await q.query<{ name: string; n: number }>(
    `SELECT relname AS name, pg_stat_get_xact_tuples_returned(oid)::int AS n FROM pg_class
      WHERE oid = to_regclass($1) OR oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = to_regclass($1))`,
    [table],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

/** Index entries read, all of `table`'s indexes together (`read` as `reads` answers it). */
const fromIndexes = (read: Record<string, number>, table: string) =>
  Object.entries(read).filter(([name]) => name !== table).reduce((n, [, k]) => n + k, 0);

/** An account whose first order the statistics know of, and a burst of `burst` more that they do not. */
async function ordersBeyondStatistics(cents: number): Promise<{ accountId: number; first: string; burstOrders: string[] }> {
  const a = await fundedAccount(t.app, cents);
  const [first] = (await payableOrders(t.app, a.id, [100])) as [string];
  await t.app.db.query(`ANALYZE orders`);
  return { accountId: a.id, first, burstOrders: await payableOrders(t.app, a.id, Array.from({ length: burst }, () => 100)) };
}

/** What `run` read of `table` (index entries per index, rows of the heap by scans), inside transaction `q`. */
async function reads(q: Queryable, table: string, run: () => Promise<void>): Promise<Record<string, number>> {
  const before = await counters(q, table);
  await run();
  const after = await counters(q, table);
  return Object.fromEntries(Object.entries(after).map(([name, n]) => [name, n - (before[name] ?? 0)]));
}

it(`the worker's claim reads a few index entries with ${burst} jobs due that the statistics do not know of`, async () => {
  const db = t.app.db;
  await db.query(`INSERT INTO jobs (kind, payload) VALUES ('plans.probe', '{}')`);
  await db.query(`ANALYZE jobs`);
  await db.query(`INSERT INTO jobs (kind, payload) SELECT 'plans.probe', '{}' FROM generate_series(1, $1)`, [burst]);
  const read = await db.tx((q) =>
    reads(q, 'jobs', async () => {
      const claimed = await q.query<{ id: number }>(`SELECT id FROM claim_job(ARRAY['plans.probe'], 30, 'probe-lease')`);
      expect(claimed).toHaveLength(1);
    }),
  );
  // The first due job (after the few of other kinds the app queued at start), and nothing read by a scan of the heap.
  expect(read.jobs_due, JSON.stringify(read)).toBeLessThanOrEqual(10);
  expect(read.jobs, JSON.stringify(read)).toBe(0);
});

it(`a balance payment reads a few index entries on an account with ${burst} orders that the statistics do not know of`, async () => {
  const { accountId, first, burstOrders } = await ordersBeyondStatistics(100_000);
  // The plan kept for the prepared statement is the generic one, built now, from the lagging statistics.
  for (const orderNo of [first, ...burstOrders.slice(0, 2)]) {
    const read = await t.app.db.tx(async (q) => {
      await q.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      return reads(q, 'orders', async () => {
        expect(await payOrdersFromBalance(q, accountId, [orderNo], 'makeOrder', { memberId: null, ip: '127.0.0.1', userAgent: 'plans' })).toBe(100);
      });
    });
    // The order asked for, found by its number and locked by its id: a handful of entries, not the account's orders.
    expect(fromIndexes(read, 'orders'), JSON.stringify(read)).toBeLessThanOrEqual(4);
    expect(read.orders, JSON.stringify(read)).toBe(0);
  }
});

describe(`the other lookups of an account's orders by number read a few index entries among ${burst} orders the statistics do not know of`, () => {
  let accountId = 0;
  let first = '';
  let some: string[] = [];
  beforeAll(async () => {
    const o = await ordersBeyondStatistics(0);
    [accountId, first, some] = [o.accountId, o.first, o.burstOrders.slice(0, 3)];
  });
  /** Each lookup, and how many orders it answers for the numbers asked (one-order lookups take the first). */
  const lookups: [string, (q: Queryable, nos: string[]) => Promise<number>, (nos: string[]) => number][] = [
    ['paying through a gateway (locks them)', async (q, nos) => (await lockPayableOrders(q, accountId, nos, 'makeOrder')).length, (nos) => nos.length],
    ['the real-name check before a gateway payment', async (q, nos) => {
      await checkVerificationForOrders(q, accountId, nos, 'makeOrder');
      return nos.length;
    }, (nos) => nos.length],
    ['the orders screen', async (q, nos) => (await ordersByNos(q, accountId, nos)).length, (nos) => nos.length],
    ['the purchase area', async (q, nos) => (await ordersByNumbers(q, accountId, nos)).length, (nos) => nos.length],
    ['one order by number', async (q, nos) => ((await findOrder(q, accountId, nos[0]!)) ? 1 : 0), () => 1],
    ['a message about an order (its department and author)', async (q, nos) => {
      await notifyAccount(q, accountId, 'orderValidation', { orderNo: nos[0]!, domain: 'plan.example.com' }, { mailAndSms: false });
      const [m] = await q.query<{ about: boolean }>(`SELECT about_object AS about FROM site_messages WHERE account_id = $1 ORDER BY id DESC LIMIT 1`, [accountId]);
      return m?.about ? 1 : 0;
    }, () => 1],
  ];
  it.each(lookups)('%s', async (_, lookup, expected) => {
    for (const nos of [[first], some]) {
      let found = 0;
      const read = await t.app.db.tx((q) => reads(q, 'orders', async () => {
        found = await lookup(q, nos);
      }));
      expect(found).toBe(expected(nos));
      expect(fromIndexes(read, 'orders'), JSON.stringify(read)).toBeLessThanOrEqual(3 * nos.length + 2);
      expect(read.orders, JSON.stringify(read)).toBe(0);
    }
  });
  it('one order by its id, and not another account\'s', async () => {
    const [{ id }] = (await t.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [first])) as [{ id: number }];
    const read = await t.app.db.tx((q) => reads(q, 'orders', async () => {
      expect((await findOrder(q, accountId, String(id)))?.order_no).toBe(first);
    }));
    expect(read.orders, JSON.stringify(read)).toBe(0);
    // An id is its decimal text exactly, as before: not with a leading zero.
    expect(await findOrder(t.app.db, accountId, `0${id}`)).toBeUndefined();
    const other = await fundedAccount(t.app, 0);
    expect(await findOrder(t.app.db, other.id, String(id))).toBeUndefined();
    expect(await findOrder(t.app.db, other.id, first)).toBeUndefined();
  });
});

describe(`lookups of the names an account holds read a few index entries among ${burst} names the statistics do not know of`, () => {
  let accountId = 0;
  let first = { name: '', orderNo: '' };
  let some: string[] = [];
  let newest = '';
  const holdNames = async (n: number) =>
    t.app.db.query<{ name: string; order_no: string }>(
      `INSERT INTO domains (account_id, order_no, name, unicode, tld, registered_at, expires_at)
       SELECT $1, 'DP' || md5(random()::text), x || '.com', x || '.com', 'com', now(), now() + interval '1 year'
         FROM (SELECT 'plans-' || md5(random()::text) AS x FROM generate_series(1, $2)) s RETURNING name, order_no`,
      [accountId, n],
    );
  beforeAll(async () => {
    accountId = (await fundedAccount(t.app, 0)).id;
    const [r] = await holdNames(1);
    first = { name: r!.name, orderNo: r!.order_no };
    await t.app.db.query(`ANALYZE domains`);
    const held = await holdNames(burst);
    some = held.slice(0, 3).map((r) => r.name);
    newest = held.at(-1)!.name;
  });
  /** The domains area's use cases, run inside the test's transaction so that its counters see their reads. */
  const inTx = (q: Queryable) => createDomainsContext({ db: { ...t.app.db, query: q.query.bind(q), tx: (fn) => fn(q) } as Db, log: t.app.log });
  /** Each use case, checking its own answer. */
  const lookups: [string, (q: Queryable) => Promise<void>][] = [
    ['renewal quotes (the held names asked for)', async (q) => {
      expect((await renewQuotes(inTx(q), accountId, [first.name, ...some], 1, 'en')).items).toHaveLength(4);
    }],
    ['listing a name for sale', async (q) => {
      expect(await setForSale(inTx(q), accountId, first.name, true)).toEqual({ domain: first.name, forSale: true });
    }],
    ['a remark by the order number', async (q) => {
      expect(await setRemark(inTx(q), accountId, first.orderNo, 'plans')).toEqual({ orderNo: first.orderNo, remark: 'plans' });
    }],
    ['a message about a name (its department and author), the name last held', async (q) => {
      await notifyAccount(q, accountId, 'domainExpiring', { domain: newest, expiresAt: '2027-01-01', notAfter: '2027-01-01', days: 30 }, { mailAndSms: false });
      const [m] = await q.query<{ about: boolean }>(`SELECT about_object AS about FROM site_messages WHERE account_id = $1 ORDER BY id DESC LIMIT 1`, [accountId]);
      expect(m?.about).toBe(true);
    }],
  ];
  it.each(lookups)('%s', async (_, lookup) => {
    const read = await t.app.db.tx((q) => reads(q, 'domains', () => lookup(q)));
    expect(fromIndexes(read, 'domains'), JSON.stringify(read)).toBeLessThanOrEqual(14);
    expect(read.domains, JSON.stringify(read)).toBe(0);
  });
});
