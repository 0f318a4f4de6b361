import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';

/**
 * API keys on two servers over one PostgreSQL (always the server, whatever the pass: the embedded database runs
 * one statement at a time and would hide the race): a hot key used on both at once writes its last use and its
 * activity-log entry once a minute, and a key revoked through one server is refused by the other on its next call.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp({}, { postgres: true });
  b = await startTestApp({}, { shareWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const call = (t: TestApp, key: string) => t.app.inject({ method: 'GET', url: '/v1/orders/count', headers: { authorization: `Bearer ${key}` } });

describe('API keys on two instances', () => {
  it('records one use a minute however many calls reach both servers at once, and a revoke is seen by both at once', async () => {
    const acc = await newAccount(a.app);
    const me = client(a.app, acc.token);
    expect((await me.post('/v1/developer', { agree: true })).body.code).toBe(200);
    const created = (await me.post('/v1/apiKey', { name: 'hot', scope: 'read' })).body.data as { key: { id: number }; secret: string };
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i % 2 ? b : a, created.secret)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const [uses] = await a.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM account_log WHERE account_id = $1 AND action = 'apiKey.use'`, [acc.id]);
    expect(uses!.n).toBe(1);

    expect((await client(b.app, acc.token).del(`/v1/apiKey/${created.key.id}`)).body.code).toBe(200);
    expect((await call(a, created.secret)).statusCode).toBe(401);
    expect((await call(b, created.secret)).statusCode).toBe(401);
  });
});
