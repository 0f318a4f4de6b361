import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/start.ts';
import { buildApp, type App } from '../src/app.ts';
import type { Clock } from '../src/lib/clock.ts';
import { sandboxSecret } from '../src/adapters/payment/sandbox-secret.ts';
import { noWorldResolver } from './dns-helpers.ts';

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/**
 * The PostgreSQL server that race tests run on whatever the pass: the embedded database serialises every
 * statement and would hide the race. These machines (and CI) always run PostgreSQL on 127.0.0.1:5432.
 */
export const racePostgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestAppOptions {
  /** Run on PostgreSQL even in the embedded-database pass (race tests). */
  postgres?: boolean;
  /**
   * Start another instance of this app, as a second server behind a load balancer would be: the same PostgreSQL
   * schema (its start runs migrations and seed again, as every start does), the same MASTER_KEY and payment
   * sandbox secret, a DATA_DIR of its own. Its close() leaves the schema to the first.
   */
  shareWith?: TestApp;
  /** Runs after the app is built and before it is ready: the moment a real start loads the routes' code. */
  beforeReady?: () => void;
  /** The product's clock (lib/clock.ts testClock): the test moves the whole product to a date. */
  clock?: Clock;
}

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a schema of its own on the
 * PostgreSQL server when DATABASE_URL is set (so `npm test` runs on both) or when `opts.postgres` asks for it.
 */
export async function startTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const first = opts.shareWith?.config;
  if (first && !first.DATABASE_SCHEMA) throw new Error('a second instance shares a PostgreSQL schema: start the first with { postgres: true }');
  const url = first ? first.DATABASE_URL : opts.postgres ? racePostgresUrl : process.env.DATABASE_URL;
  const schema = first ? first.DATABASE_SCHEMA : url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA: 'on',
    JOBS: 'off',
    DATABASE_URL: url,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    WEB_DIST: '/nonexistent',
    // A test worker shares two cores with others: a stall there is not overload, and must not turn calls into 503s.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Keys and files go to a folder of the test's own, never into the work tree.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cc-test-')),
    MASTER_KEY: first?.MASTER_KEY ?? randomBytes(32).toString('base64'),
    ...(first ? { PAYMENT_SANDBOX_SECRET: sandboxSecret(first).toString('utf8') } : {}),
    // Tests read codes and links there; a test of the default passes DEV_OUTBOX: '' (unset).
    DEV_OUTBOX: 'on',
    // Lookups (CAA, DCV, scans) stay on loopback unless the test brings a DNS of its own.
    DNS_RESOLVER: await noWorldResolver(),
    ...env,
  });
  const db = await openDatabase(config, { inMemory: true });
  const app = await buildApp({ config, db, ...(opts.clock ? { clock: opts.clock } : {}) });
  opts.beforeReady?.();
  await app.ready();
  return {
    app,
    config,
    async close() {
      if (schema && !first) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await app.close();
    },
  };
}
