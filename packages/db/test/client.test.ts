import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, prepared, type Db } from '../src/client.ts';

// The embedded database runs a Prepared statement with PREPARE and EXECUTE (parameters as quoted literals): it must
// answer exactly as the same text with bound parameters, whatever the values hold.
describe('prepared statements on the embedded database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createDb({});
    await db.exec(`CREATE TABLE notes (id int PRIMARY KEY, body text, flag boolean, amount numeric)`);
  });
  afterAll(() => db.close());

  const insert = prepared('test-insert', `INSERT INTO notes (id, body, flag, amount) VALUES ($1, $2, $3, $4) RETURNING id, body, flag, amount::float8 AS amount`);
  const byBody = prepared('test-by-body', `SELECT id, body, flag FROM notes WHERE body = $1 OR ($2::int IS NOT NULL AND id = $2) ORDER BY id`);

  it('answers as the plain text does, for quotes, backslashes, hostile text, null and booleans', async () => {
    const bodies = [`it's`, `a\\b\\'c`, `'; DROP TABLE notes; --`, `$1 $$ "x"`, '中文 ✓', ''];
    for (const [i, body] of bodies.entries()) {
      const [row] = await db.query(insert, [i + 1, body, i % 2 === 0, 12.5]);
      expect(row).toEqual({ id: i + 1, body, flag: i % 2 === 0, amount: 12.5 });
    }
    await db.query(insert, [99, null, null, null]);
    for (const body of bodies) {
      expect(await db.query(byBody, [body, null])).toEqual(await db.query(byBody.text, [body, null]));
      expect((await db.query(byBody, [body, null]))[0]?.body).toBe(body);
    }
    expect(await db.query(byBody, ['nothing', 99])).toEqual([{ id: 99, body: null, flag: null }]);
    expect(await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notes`)).toEqual([{ n: bodies.length + 1 }]);
  });

  it('reads backslashes as they are whatever the session says of standard_conforming_strings', async () => {
    const body = String.raw`C:\new\table \' \\x`;
    await db.query(insert, [300, body, true, 1]);
    try {
      await db.exec(`SET standard_conforming_strings = off`);
      expect(await db.query(byBody, [body, null])).toEqual([{ id: 300, body, flag: true }]);
      await db.query(insert, [301, body, false, 1]);
    } finally {
      await db.exec(`SET standard_conforming_strings = on`);
    }
    expect(await db.query(byBody.text, [body, null])).toEqual([
      { id: 300, body, flag: true },
      { id: 301, body, flag: false },
    ]);
  });

  it('is planned once on the connection and run by name', async () => {
    await db.query(byBody, ['x', null]);
    const names = await db.query<{ name: string }>(`SELECT name FROM pg_prepared_statements ORDER BY name`);
    expect(names.map((n) => n.name)).toEqual(expect.arrayContaining(['test-by-body', 'test-insert']));
  });

  it('runs an array of strings by name too (batched look-ups by key), elements read exactly as bound', async () => {
    const inBodies = prepared('test-in-bodies', `SELECT id, body FROM notes WHERE body = ANY($1::text[]) ORDER BY id`);
    const bodies = [`it's`, `a\\b\\'c`, `$1 $$ "x"`, '中文 ✓', '', 'a,b', '{x}', 'NULL', 'nothing like it'];
    expect(await db.query(inBodies, [bodies])).toEqual(await db.query(inBodies.text, [bodies]));
    expect((await db.query<{ body: string }>(inBodies, [bodies])).map((r) => r.body).sort()).toEqual(bodies.slice(0, 5).sort());
    expect(await db.query(inBodies, [[]])).toEqual([]);
    const names = await db.query<{ name: string }>(`SELECT name FROM pg_prepared_statements`);
    expect(names.map((n) => n.name)).toContain('test-in-bodies');
  });

  it('takes the plain path for values without a plain literal (arrays, NUL) and inside a transaction', async () => {
    const anyOf = prepared('test-any-of', `SELECT id FROM notes WHERE id = ANY($1::int[]) ORDER BY id`);
    expect(await db.query(anyOf, [[1, 2, 99]])).toEqual([{ id: 1 }, { id: 2 }, { id: 99 }]);
    await expect(db.query(byBody, ['a\0b', null])).rejects.toThrow();
    const inTx = await db.tx(async (q) => {
      await q.query(insert, [200, 'in a transaction', true, 1]);
      return q.query(byBody, ['in a transaction', null]);
    });
    expect(inTx).toEqual([{ id: 200, body: 'in a transaction', flag: true }]);
    await expect(
      db.tx(async (q) => {
        await q.query(insert, [201, 'rolled back', true, 1]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.query(byBody, ['rolled back', null])).toEqual([]);
  });
});
