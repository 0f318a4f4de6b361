import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@cc/db/client';
import { demoAccount } from '@cc/db/seed';
import { makeEcCsr } from './purchase-helpers.ts';

// The real server as a child process, killed with SIGKILL in the middle of a batch payment of 200 orders and
// started again on the same database: the batch must resume at start and settle every order exactly once.
// Plainly on an embedded database in a folder; with DATABASE_URL on a PostgreSQL schema of its own.

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.DATABASE_URL;
const schema = pgUrl ? `t_crash_${randomBytes(5).toString('hex')}` : undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-crash-'));
const product = 'PS-DV-SSL';
const price = 8_900;

type Envelope<T> = { code: number; msg: string; data: T };
type QueueStatus = { total: number; pendingCount: number; successCount: number; failCount: number; status: 'ready' | 'pending' | 'end' };

async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const a = s.address();
  s.close();
  return typeof a === 'object' && a ? a.port : 0;
}

interface Child {
  url: string;
  proc: ChildProcess;
  exited: Promise<unknown>;
}

async function startChild(): Promise<Child> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', JOBS: 'on',
      WEB_DIST: '/nonexistent', PAYMENT_SANDBOX_SECRET: 'crash-test-sandbox-secret-0123',
      // Paid orders start DNS validation; a closed local port answers at once instead of the system resolver.
      DNS_RESOLVER: '127.0.0.1:9',
      // A test worker shares two cores with other test files: a stall there is not overload, and must not turn calls into 503s.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Chunks of 10: the run is certainly caught between two of them (whole chunks of 50 could all end between polls).
      PAY_BATCH_CHUNK: '10',
      ...(pgUrl && schema ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(proc, 'exit');
  const url = `http://127.0.0.1:${port}`;
  // Polling /healthz is waiting for the event "listening" from outside the process.
  await until(async () => {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    return (await fetch(`${url}/healthz`).catch(() => undefined))?.ok === true;
  }, 60_000, 'the server to answer /healthz');
  return { url, proc, exited };
}

async function until(cond: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function call<T>(c: Child, token: string, method: 'GET' | 'POST', url: string, body?: object): Promise<Envelope<T>> {
  const r = await fetch(`${c.url}${url}`, {
    method, headers: { token, authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await r.json()) as Envelope<T>;
}

async function signIn(c: Child): Promise<string> {
  const password = createHash('sha256').update(demoAccount.password).digest('hex');
  const r = await fetch(`${c.url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: demoAccount.email, password }) });
  const token = r.headers.get('authorization');
  if (!token) throw new Error(`sign-in failed: ${await r.text()}`);
  return token;
}

const openDb = () => createDb(pgUrl ? { url: pgUrl, schema } : { dataDir: path.join(dataDir, 'db') });

const children: Child[] = [];
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  if (pgUrl && schema) {
    const db = await createDb({ url: pgUrl });
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  }
});

describe('a server killed during a batch payment', () => {
  it('resumes the batch at start and pays or fails each of 200 orders exactly once', { timeout: 180_000 }, async () => {
    const first = await startChild();
    children.push(first);
    const token = await signIn(first);
    const sslCerts = await Promise.all(Array.from({ length: 200 }, async (_, i) => ({ commonName: `crash${i}.example.com`, csr: await makeEcCsr(`crash${i}.example.com`) })));
    const created = await call<string>(first, token, 'POST', `/v1/orders/certificate/${product}`, { year: 1, dcvMethod: 'dns', sslCerts });
    expect(created.code, created.msg).toBe(200);
    const orders = created.data.split(',');
    expect(orders).toHaveLength(200);
    // Five are paid by hand first: the batch must fail exactly these, as already paid.
    const byHand = [orders[3]!, orders[50]!, orders[120]!, orders[121]!, orders[199]!];
    for (const orderNo of byHand) expect((await call(first, token, 'POST', '/v1/orders/pay', { payWay: 'balance', orderNo })).code).toBe(200);

    // On PostgreSQL the batch can be too quick to catch: the test holds the lock of the 101st order, so the run
    // is certainly in the middle (inside an item's transaction) when it is killed. Released right after the kill.
    let release = () => {};
    let holder: Promise<unknown> = Promise.resolve();
    let lockDb: Db | undefined;
    if (pgUrl) {
      const db = await openDb();
      lockDb = db;
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      const released = new Promise<void>((r) => (release = r));
      holder = db.tx(async (q) => {
        await q.query(`SELECT 1 FROM orders WHERE order_no = $1 FOR UPDATE`, [orders[100]]);
        locked();
        await released;
      });
      await isLocked;
    }

    const queued = await call<{ queueId: string; total: number }>(first, token, 'POST', '/v1/orders/batch/pay', { orderNos: orders.join(',') });
    expect(queued.data.total).toBe(200);
    const status = async (c: Child, t: string) => (await call<QueueStatus>(c, t, 'GET', `/v1/orders/batch/pay/status?queueId=${queued.data.queueId}`)).data;
    let seen: QueueStatus | undefined;
    await until(async () => {
      seen = await status(first, token);
      if (seen.status === 'end') throw new Error('the batch ended before it could be interrupted');
      // Well into the batch: on PostgreSQL all 100 items before the held order, on PGlite a good part.
      return seen.pendingCount > 0 && seen.successCount + seen.failCount >= (pgUrl ? 100 : 60);
    }, 60_000, 'the batch to be under way');
    first.proc.kill('SIGKILL');
    await first.exited;
    release();
    await holder;
    await lockDb?.close();
    console.log(`killed at ${seen!.successCount} paid, ${seen!.failCount} failed, ${seen!.pendingCount} pending`);

    const second = await startChild();
    children.push(second);
    const token2 = await signIn(second);
    let end: QueueStatus | undefined;
    await until(async () => (end = await status(second, token2)).status === 'end', 120_000, 'the resumed batch to end');
    expect(end).toMatchObject({ total: 200, pendingCount: 0, successCount: 195, failCount: 5 });
    second.proc.kill('SIGTERM');
    await second.exited;

    const db = await openDb();
    try {
      const items = await db.query<{ order_no: string; status: string; reason_key: string | null }>(`SELECT order_no, status, reason_key FROM pay_queue_items WHERE queue_id = $1`, [queued.data.queueId]);
      expect(items.filter((i) => i.status === 'fail').map((i) => i.order_no).sort()).toEqual([...byHand].sort());
      expect(items.filter((i) => i.status === 'fail').every((i) => i.reason_key === 'pay.order.alreadyPaid')).toBe(true);
      const perOrder = await db.query<{ ref: string; n: number }>(
        `SELECT ref, count(*)::int AS n FROM ledger_entries WHERE kind = 'order_payment' AND ref = ANY($1::text[]) GROUP BY ref`, [orders]);
      expect(perOrder).toHaveLength(200);
      expect(perOrder.every((r) => r.n === 1)).toBe(true);
      const [paid] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_no = ANY($1::text[]) AND order_status <> 1001 AND paid_at IS NOT NULL`, [orders]);
      expect(paid!.n).toBe(200);
      // The demo account's opening balance is the seed's adjustment entry; its ledger explains the whole balance.
      const [acc] = await db.query<{ balance: number; sum: number; n: number; last: number }>(
        `SELECT a.balance::float8 AS balance, coalesce(sum(l.amount), 0)::float8 AS sum, count(l.id)::int AS n,
                (SELECT balance_after::float8 FROM ledger_entries WHERE account_id = a.id ORDER BY id DESC LIMIT 1) AS last
           FROM accounts a LEFT JOIN ledger_entries l ON l.account_id = a.id WHERE a.email = $1 GROUP BY a.id`,
        [demoAccount.email],
      );
      expect(acc).toEqual({ balance: demoAccount.balance - 200 * price, sum: demoAccount.balance - 200 * price, n: 201, last: demoAccount.balance - 200 * price });
    } finally {
      await db.close();
    }
  });
});
