/**
 * A balance payment commits without waiting for the disk and answers only after a synchronous flush (payStatement):
 * payers at once share flushes, and none answers before a flush sent after its own statement answered. The order of
 * events is set by the test (a barrier, a flush held back), not left to the machine's speed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '@cc/db/client';
import { payStatement } from '../src/services/payments/tx.ts';

let db: Db;
beforeAll(async () => {
  db = await createDb({ url: process.env.DATABASE_URL });
});
afterAll(async () => {
  await db.close();
});

/**
 * The database as payStatement sees it, writing down when each flush is asked for (sent) and answered; `hold` may keep
 * a flush from reaching the database until the test lets it, as a slow disk would.
 */
function watched(events: string[], hold: (n: number) => Promise<void> = async () => undefined): { db: Db; flushes: () => number } {
  let flushes = 0;
  const proxy: Db = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
      return async (sql: string, params?: unknown[]) => {
        if (!sql.includes('pg_current_xact_id')) return target.query(sql, params);
        const n = flushes++;
        events.push(`flush-sent ${n}`);
        await hold(n);
        const out = await target.query(sql, params);
        events.push(`flush-done ${n}`);
        return out;
      };
    },
  });
  return { db: proxy, flushes: () => flushes };
}

/** Each payer was answered after a flush that was sent after its statement answered (and was done by then). */
function expectCovered(events: string[], payers: string[], flushes: number) {
  for (const p of payers) {
    const statement = events.indexOf(`statement ${p}`);
    const answer = events.indexOf(`answer ${p}`);
    const covering = Array.from({ length: flushes }, (_, n) => n).filter(
      (n) => events.indexOf(`flush-sent ${n}`) > statement && events.indexOf(`flush-done ${n}`) < answer,
    );
    expect(covering.length, `payer ${p}: ${events.join(', ')}`).toBeGreaterThan(0);
  }
}

const pay = (q: Db, events: string[], name: string, before: () => Promise<void> = async () => undefined) =>
  payStatement(q, async (c) => {
    await c.query(`SELECT $1::text`, [name]);
    events.push(`statement ${name}`);
    await before();
    return name;
  }).then((v) => {
    events.push(`answer ${name}`);
    return v;
  });

it('shares flushes between payers at once: sixteen whose statements answered together cost two flushes', async () => {
  const events: string[] = [];
  const w = watched(events);
  const payers = Array.from({ length: 16 }, (_, i) => String(i));
  // Every statement has answered before any payer asks for its flush: the first payer's flush is sent at once, and
  // the other fifteen, arriving while it runs, wait for one more.
  let arrived = 0;
  let release!: () => void;
  const allRan = new Promise<void>((resolve) => (release = resolve));
  const answers = await Promise.all(
    payers.map((p) =>
      pay(w.db, events, p, async () => {
        if (++arrived === payers.length) release();
        await allRan;
      }),
    ),
  );
  expect(answers).toEqual(payers);
  expect(w.flushes()).toBe(2);
  expectCovered(events, payers, w.flushes());
});

it('answers a payer whose statement answered while a flush was under way only after the next flush', async () => {
  const events: string[] = [];
  // The first flush is held until the late payer's statement has answered: that flush was sent before the statement,
  // so it cannot stand for it.
  let lateRan!: () => void;
  const lateStatement = new Promise<void>((resolve) => (lateRan = resolve));
  let firstAsked!: () => void;
  const firstFlushAsked = new Promise<void>((resolve) => (firstAsked = resolve));
  const w = watched(events, async (n) => {
    if (n !== 0) return;
    firstAsked();
    await lateStatement;
  });
  const first = pay(w.db, events, 'early');
  await firstFlushAsked;
  const late = pay(w.db, events, 'late', async () => lateRan());
  expect(await Promise.all([first, late])).toEqual(['early', 'late']);
  expect(w.flushes()).toBe(2);
  expectCovered(events, ['early', 'late'], w.flushes());
  expect(events.indexOf('answer late')).toBeGreaterThan(events.indexOf('flush-done 1'));
});
