import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount } from './purchase-helpers.ts';

/**
 * API keys on two servers over one PostgreSQL (always the server, whatever the pass: the embedded database runs
 * one statement at a time and would hide the race): a hot key used on both at once writes its last use and its
 * activity-log entry once a minute, and a key revoked through one server is refused by the other on its next call.
 * Calls that arrive in one turn share one look-up statement (lib/batched-lookup.ts): each is still answered as its own
 * caller.
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

describe('signed-in calls that arrive together', () => {
  it('each is answered as its own caller: sessions and keys of several accounts, with and without the account row, a revoked one refused', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => newAccount(a.app)));
    const [first] = accounts;
    expect((await client(a.app, first!.token).post('/v1/developer', { agree: true })).body.code).toBe(200);
    const key = ((await client(a.app, first!.token).post('/v1/apiKey', { name: 'together', scope: 'read' })).body.data as { secret: string }).secret;
    const gone = await newAccount(a.app);
    expect((await client(a.app, gone.token).get('/v1/logout')).body.code).toBe(200);
    const numbers = await a.app.db.query<{ id: number; account_no: string }>(`SELECT id, account_no FROM accounts WHERE id = ANY($1)`, [accounts.map((x) => x.id)]);
    const accountNo = new Map(numbers.map((r) => [r.id, r.account_no]));

    // /v1/account reads the account row with the session, /v1/orders/count only the session: both kinds in one turn.
    const calls = Array.from({ length: 48 }, (_, i) => {
      const who = accounts[(i >> 1) % accounts.length]!;
      const credential = (i >> 1) % 6 === 5 ? `Bearer ${key}` : i % 5 === 3 ? gone.token : who.token;
      const expected = credential === gone.token ? undefined : credential === who.token ? who : first!;
      return { url: i % 2 ? '/v1/account' : '/v1/orders/count', credential, expected };
    });
    const answers = await Promise.all(calls.map((c) => a.app.inject({ method: 'GET', url: c.url, headers: { authorization: c.credential } })));
    answers.forEach((r, i) => {
      const c = calls[i]!;
      if (!c.expected) return expect(r.statusCode).toBe(401);
      expect(r.statusCode).toBe(200);
      if (c.url === '/v1/account') expect(r.json().data.accountInfo.accountNo).toBe(accountNo.get(c.expected.id));
    });
    expect(answers.filter((r) => r.statusCode === 401).length).toBeGreaterThan(0);
  });
});
