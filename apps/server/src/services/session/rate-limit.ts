import type { Db, Queryable } from '@cc/db/client';
import { fail } from '../../lib/app-error.ts';
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

/** Records one event under every key; answers the ids of the events written. */
export async function record(q: Queryable, keys: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const key of keys.map(storedKey)) {
    const [row] = await q.query<{ id: number }>(`INSERT INTO rate_events (key) VALUES ($1) RETURNING id`, [key]);
    ids.push(row!.id);
    // Old events of this key are dead weight; the longest window used is well under a day.
    await q.query(`DELETE FROM rate_events WHERE key = $1 AND at < now() - interval '1 day'`, [key]);
  }
  return ids;
}

export async function clear(q: Queryable, key: string): Promise<void> {
  await q.query(`DELETE FROM rate_events WHERE key = $1`, [storedKey(key)]);
}

/**
 * Check-and-record as one step: in one transaction holding an advisory lock per key (taken in key order, so two
 * callers never wait on each other crosswise), refuses with TOO_MANY_ATTEMPTS when a limit is reached, runs `then`
 * (which may refuse too, recording nothing), and records one event under every key. Concurrent callers queue on the
 * locks, so no more than `max` of them get past the check, whatever their number and whichever instance serves them.
 * Answers the ids of the events written: release them when the attempt turns out not to be a failure.
 */
export async function reserve(db: Db, limits: Limit[], then?: (q: Queryable) => Promise<void>): Promise<number[]> {
  return (await reserveIn(db, limits, then, false)).ids;
}

/**
 * `reserve`, also answering how many events the first limit's key holds in its window once this one is recorded,
 * read under the same lock: exactly one caller sees the count reach the limit (to tell someone once, say).
 */
export function reserveCounted(db: Db, limits: Limit[], then?: (q: Queryable) => Promise<void>): Promise<{ ids: number[]; count: number }> {
  return reserveIn(db, limits, then, true);
}

function reserveIn(db: Db, limits: Limit[], then: ((q: Queryable) => Promise<void>) | undefined, counted: boolean): Promise<{ ids: number[]; count: number }> {
  return db.tx(async (q) => {
    for (const key of limits.map((l) => l.key).sort()) await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`rate|${key}`]);
    const wait = await longestWait(q, limits);
    if (wait > 0) throw fail('TOO_MANY_ATTEMPTS', { minutes: Math.ceil(wait / 60) });
    await then?.(q);
    const ids = await record(q, limits.map((l) => l.key));
    const first = limits[0];
    if (!counted || !first) return { ids, count: 0 };
    const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM rate_events WHERE key = $1 AND at > now() - make_interval(secs => $2)`, [storedKey(first.key), first.windowSeconds]);
    return { ids, count: row?.n ?? 0 };
  });
}

/** Takes back events written by `reserve` for an attempt that succeeded. */
export async function release(q: Queryable, ids: number[]): Promise<void> {
  if (ids.length) await q.query(`DELETE FROM rate_events WHERE id = ANY($1::bigint[])`, [ids]);
}
