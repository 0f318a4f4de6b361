import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/start.ts';
import { buildApp, type App } from '../src/app.ts';

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a schema of its own on the
 * PostgreSQL server when DATABASE_URL is set (so `npm test` runs on both).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const schema = process.env.DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA: 'on',
    JOBS: 'off',
    DATABASE_URL: process.env.DATABASE_URL,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    WEB_DIST: '/nonexistent',
    // Keys and files go to a folder of the test's own, never into the work tree.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cc-test-')),
    MASTER_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
  const db = await openDatabase(config, { inMemory: true });
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    config,
    async close() {
      if (schema) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await app.close();
    },
  };
}
