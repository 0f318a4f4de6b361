// Issue 15: availability search of 500 names (one POST /dm-serv/v1/domains/available) and a batch renewal of 500
// names (one POST /dm-serv/v1/orders/renew: priced, paid from the balance and renewed at the sandbox registry in one
// transaction). In-process through app.inject on the embedded database, or PostgreSQL when DATABASE_URL is set.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/start.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/plugins/auth.ts';

const names = 500;

export async function run(): Promise<void> {
  const schema = process.env.DATABASE_URL ? `bench_dm_${randomBytes(4).toString('hex')}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'warn', JOBS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'cc-bench-dm-')), WEB_DIST: '/nonexistent',
    DATABASE_URL: process.env.DATABASE_URL, ...(schema ? { DATABASE_SCHEMA: schema } : {}), MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const db = await openDatabase(config, { inMemory: true });
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    // An account with money, signed in by a session token made the way sign-in makes one.
    const tag = randomBytes(4).toString('hex');
    const [acc] = await db.query<{ id: number }>(
      `INSERT INTO accounts (account_no, root_uuid, email, password_hash, balance) VALUES ($1, $2, $3, 'x', 100000000) RETURNING id`,
      [`B${tag}`, randomUUID(), `bench-${tag}@example.com`],
    );
    const token = await createSession(db, acc!.id, '127.0.0.1', 'bench');
    const call = async (method: 'GET' | 'POST', url: string, body?: object) => {
      const r = await app.inject({ method, url, headers: { token, authorization: token }, ...(body ? { payload: body } : {}) });
      const e = r.json() as { code: number; msg: string; data: unknown };
      if (e.code !== 200) throw new Error(`${url}: ${e.code} ${e.msg}`);
      return e.data;
    };
    const list = Array.from({ length: names }, (_, i) => `bench${tag}n${i}.${['com', 'net', 'top', 'xyz', 'org'][i % 5]}`);
    const contact = (await call('POST', '/dm-serv/v1/contacts', { name: 'Bench', email: 'bench@example.com', telephone: '13912345678' })) as { id: number };

    let t0 = performance.now();
    const avail = (await call('POST', '/dm-serv/v1/domains/available', { domains: list })) as { available: boolean }[];
    const searchMs = performance.now() - t0;
    console.log(`availability search of ${names} names (one call): ${searchMs.toFixed(0)} ms, ${avail.filter((a) => a.available).length} available`);

    t0 = performance.now();
    for (let i = 0; i < names; i += 100) {
      const cart = (await call('POST', '/dm-serv/v1/carts', { domains: list.slice(i, i + 100) })) as { items: { id: number }[] };
      await call('POST', '/dm-serv/v1/pay', { cartIds: cart.items.map((c) => c.id), contactId: contact.id });
    }
    console.log(`registration of ${names} names (5 checkouts of 100): ${(performance.now() - t0).toFixed(0)} ms`);

    t0 = performance.now();
    const renewed = (await call('POST', '/dm-serv/v1/orders/renew', { domains: list, years: 2 })) as { orders: unknown[]; amount: number };
    const renewMs = performance.now() - t0;
    console.log(`batch renewal of ${names} names for 2 years (one call, one transaction): ${renewMs.toFixed(0)} ms, ${renewed.orders.length} orders, ¥${(renewed.amount / 100).toFixed(2)}`);
  } finally {
    await app.close();
    if (schema) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  }
}
