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
async function retried<T>(fn: () => Promise<T>): Promise<T> {
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

/**
 * A WITH part for a money movement of one statement (payStatement): its transaction commits without waiting for the
 * disk, so the row locks it took (the account's, which every payment of the account queues on) are released at
 * commit rather than after the flush. Reference it from the statement (`FROM ..., async_commit`) so that it runs.
 */
export const asyncCommitSql = `async_commit AS (SELECT set_config('synchronous_commit', 'off', true))`;

/**
 * A transaction of its own that commits synchronously: its commit record lies after that of any statement that
 * answered before it was sent, and a synchronous commit flushes the log up to its own record, so once it answers
 * those statements are on disk too.
 */
const flushSql = `SELECT pg_current_xact_id()`;

/**
 * One flush for the payers waiting at once (group commit in this process; each instance flushes for its own): a
 * payer arriving while a flush runs waits for the next, which is sent once that one answers, for everyone who arrived
 * meanwhile. So each payer's flush is sent after its statement answered, and 16 payers at once cost a few flushes,
 * not 16 round trips. Nothing here outlives a flush: another instance needs none of it.
 */
function groupFlush(db: Db): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const flush = (): Promise<void> => {
    if (!running) {
      running = db.query(flushSql).then(
        () => { running = undefined; },
        (e: unknown) => { running = undefined; throw e; },
      );
      return running;
    }
    next ??= running.catch(() => undefined).then(() => {
      next = undefined;
      return flush();
    });
    return next;
  };
  return flush;
}
const flushers = new WeakMap<Db, () => Promise<void>>();

/** Answers once every statement that answered before the call is on disk. */
export function flushed(db: Db): Promise<void> {
  let flush = flushers.get(db);
  if (!flush) flushers.set(db, (flush = groupFlush(db)));
  return flush();
}

/**
 * A money movement that is one statement, atomic by itself: no BEGIN and COMMIT round trips around it. The
 * statement may commit without waiting for the disk (asyncCommitSql); this answers only once it is on disk.
 */
export async function payStatement<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const out = await retried(() => fn(db));
  await flushed(db);
  return out;
}
