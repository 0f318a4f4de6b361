import type { Db, Queryable } from '@cc/db/client';
import { pgErrorOf } from './errors.ts';

/** serialization_failure, deadlock_detected: PostgreSQL rolled the whole transaction back, so running it again is safe. */
const retriable = new Set(['40001', '40P01']);
const attempts = 3;

/**
 * The transaction of every money movement. Row locks (orders, then the account) keep concurrent payers in line;
 * should PostgreSQL still pick one of them as a deadlock victim, it is run again here, in one place, rather than
 * surfacing as a 500. `fn` must only touch the database: it may run more than once.
 */
export async function payTx<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.tx(fn);
    } catch (e) {
      const { code } = pgErrorOf(e);
      if (attempt >= attempts || code === undefined || !retriable.has(code)) throw e;
    }
  }
}
