import DataLoader from 'dataloader';
import type { Prepared, Queryable, Row } from '@cc/db/client';

/**
 * Look-ups of rows by one unique key, gathered per turn of the event loop: the keys asked for while the server reads
 * its sockets are read with one statement. Under load a server answers many signed-in calls with one round trip
 * to the database instead of one each (each costs a socket write, a backend wake-up and a statement run); alone, a
 * call waits for nothing more than the rest of its turn.
 *
 * `sql` takes the keys as its first parameter (a text array: `WHERE x = ANY($1::text[])`) and `rest` after it, and
 * answers each row's key in `keyColumn`. Nothing is kept between turns: every look-up reads the database, so a
 * session revoked on another instance fails on its next call here.
 */
export function batchedLookup<R extends Row>(db: Queryable, sql: Prepared, keyColumn: keyof R & string, rest: readonly unknown[] = []) {
  const loader = new DataLoader<string, R | undefined>(
    async (keys) => {
      // One key asked by several calls (a page's calls, a client's burst) is read once.
      const rows = await db.query<R>(sql, [[...new Set(keys)], ...rest]);
      const byKey = new Map(rows.map((r) => [r[keyColumn] as string, r]));
      return keys.map((k) => byKey.get(k));
    },
    // setImmediate runs after the poll phase: every call whose request was read in this turn is in the batch.
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 200 },
  );
  return (key: string) => loader.load(key);
}
