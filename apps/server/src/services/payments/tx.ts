import type { Db, Queryable } from '@cc/db/client';
import { pgErrorOf } from './errors.ts';

/** serialization_failure, deadlock_detected: PostgreSQL rolled the whole transaction back, so running it again is safe. */
const retriable = new Set(['40001', '40P01']);
const attempts = 3;

/**
 * Runs a money movement, again should PostgreSQL pick it as a deadlock victim (row locks, orders then the account,
 * keep concurrent payers in line, but it may still happen), in one place rather than surfacing as a 500.
 * `fn` must only touch the database: it may run more than once.
 */
export async function retried<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const { code } = pgErrorOf(e);
      if (attempt >= attempts || code === undefined || !retriable.has(code)) throw e;
    }
  }
}

/** The transaction of a money movement of several statements. */
export const payTx = <T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> => retried(() => db.tx(fn));
