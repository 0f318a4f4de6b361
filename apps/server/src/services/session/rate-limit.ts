import type { Queryable } from '@cc/db/client';
import { sha256 } from '../../lib/crypto.ts';

/**
 * Counters kept in the database (rate_events) so that every server instance sees the same counts.
 * A limit is "at most `max` events per `windowSeconds`" under one key.
 */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * The key as stored: keys carry what a caller typed (a sign-in name, a forwarded address), and the column is
 * indexed, so a long one is kept as its SHA-256 (PostgreSQL refuses index rows over a few kilobytes).
 */
const maxKeyLength = 200;
export const storedKey = (key: string) => (key.length <= maxKeyLength ? key : `${key.slice(0, 40)}#sha256:${sha256(key)}`);

/** Seconds until one more event is allowed under this limit; 0 when it is allowed now. */
export async function waitSeconds(q: Queryable, limit: Limit): Promise<number> {
  const [row] = await q.query<{ n: number; wait: number | null }>(
    `SELECT count(*)::int AS n,
            ceil(extract(epoch FROM (min(at) + make_interval(secs => $2) - now())))::int AS wait
       FROM rate_events WHERE key = $1 AND at > now() - make_interval(secs => $2)`,
    [storedKey(limit.key), limit.windowSeconds],
  );
  if (!row || row.n < limit.max) return 0;
  return Math.max(1, row.wait ?? limit.windowSeconds);
}

/** The longest wait among several limits (0 when all allow). */
export async function longestWait(q: Queryable, limits: Limit[]): Promise<number> {
  let worst = 0;
  for (const l of limits) worst = Math.max(worst, await waitSeconds(q, l));
  return worst;
}

export async function record(q: Queryable, keys: string[]): Promise<void> {
  for (const key of keys.map(storedKey)) {
    await q.query(`INSERT INTO rate_events (key) VALUES ($1)`, [key]);
    // Old events of this key are dead weight; the longest window used is well under a day.
    await q.query(`DELETE FROM rate_events WHERE key = $1 AND at < now() - interval '1 day'`, [key]);
  }
}

export async function clear(q: Queryable, key: string): Promise<void> {
  await q.query(`DELETE FROM rate_events WHERE key = $1`, [storedKey(key)]);
}
