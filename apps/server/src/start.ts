import path from 'node:path';
import { createDb, type Db } from '@cc/db/client';
import { migrate } from '@cc/db/migrate';
import { seed } from '@cc/db/seed';
import { migratedTemplate } from '@cc/db/template';
import type { Config } from './config.ts';

/** Opens the configured database, brings its schema up to date and seeds what a fresh one needs. */
export async function openDatabase(config: Config, opts: { inMemory?: boolean } = {}): Promise<Db> {
  const db = await createDb({
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    dataDir: opts.inMemory ? undefined : path.resolve(config.DATA_DIR, 'db'),
    // Tests start many in-memory databases: from a migrated dump rather than a new cluster each.
    initialData: opts.inMemory && !config.DATABASE_URL ? await migratedTemplate() : undefined,
    applicationName: config.DATABASE_APP_NAME,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  await migrate(db);
  await seed(db);
  return db;
}
