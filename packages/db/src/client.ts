import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** What the server needs of a database: queries and transactions. Both PGlite and PostgreSQL fit behind it. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside one transaction; rolls back on any throw. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves by schema). */
  schema?: string | undefined;
}

export async function createDb(opts: DbOptions): Promise<Db> {
  return opts.url ? createPostgres(opts.url, opts.schema) : createPglite(opts.dataDir);
}

async function createPglite(dataDir?: string): Promise<Db> {
  const pgl = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params as unknown[]);
      return r.rows;
    },
  });
  const base = wrap(pgl);
  return {
    kind: 'pglite',
    query: base.query,
    tx: (fn) => pgl.transaction((t) => fn(wrap(t))),
    exec: async (sql) => {
      await pgl.exec(sql);
    },
    close: () => pgl.close(),
  };
}

async function createPostgres(url: string, schema?: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // bigint (int8) comes back as string by default; amounts in cents fit in a JS number.
  pg.types.setTypeParser(20, (v) => Number(v));
  if (schema) {
    const c = await pool.connect();
    try {
      // Two servers starting together: IF NOT EXISTS alone can still collide in the catalogue, so take turns.
      await c.query('BEGIN');
      await c.query('SELECT pg_advisory_xact_lock(728390)');
      await c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }
  return {
    kind: 'postgres',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const r = await pool.query(sql, params);
      return r.rows as T[];
    },
    async tx(fn) {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const out = await fn({
          async query<T extends Row>(sql: string, params?: unknown[]) {
            const r = await c.query(sql, params);
            return r.rows as T[];
          },
        });
        await c.query('COMMIT');
        return out;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
