/**
 * A balance payment commits without waiting for the disk and answers only after a synchronous flush (payStatement):
 * payers at once share flushes, and none answers before a flush sent after its own statement answered.
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

it('shares flushes between payers at once, and answers each payer only after a flush sent after its statement', async () => {
  const events: string[] = [];
  let flushes = 0;
  // The database as payStatement sees it, writing down when each flush is sent and answered.
  const watched: Db = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
      return async (sql: string, params?: unknown[]) => {
        if (!sql.includes('pg_current_xact_id')) return target.query(sql, params);
        const n = flushes++;
        events.push(`flush-sent ${n}`);
        const out = await target.query(sql, params);
        events.push(`flush-done ${n}`);
        return out;
      };
    },
  });
  const payers = 16;
  const answers = await Promise.all(
    Array.from({ length: payers }, (_, i) =>
      payStatement(watched, async (q) => {
        await q.query(`SELECT $1::int`, [i]);
        events.push(`statement ${i}`);
        return i;
      }).then((v) => {
        events.push(`answer ${i}`);
        return v;
      }),
    ),
  );
  expect(answers).toEqual(Array.from({ length: payers }, (_, i) => i));
  expect(flushes).toBeGreaterThanOrEqual(1);
  // PostgreSQL answers payers at once together; the embedded database runs one statement at a time, each answered
  // before the next is run, so there a flush may follow each.
  if (db.kind === 'postgres') expect(flushes).toBeLessThan(payers / 2);
  for (let i = 0; i < payers; i++) {
    const statement = events.indexOf(`statement ${i}`);
    const answer = events.indexOf(`answer ${i}`);
    // Some flush was sent after this payer's statement answered and was done before the payer was answered.
    const covering = Array.from({ length: flushes }, (_, n) => n).filter(
      (n) => events.indexOf(`flush-sent ${n}`) > statement && events.indexOf(`flush-done ${n}`) < answer,
    );
    expect(covering.length, `payer ${i}: ${events.join(', ')}`).toBeGreaterThan(0);
  }
});
