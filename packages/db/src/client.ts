import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/**
 * A statement PostgreSQL keeps parsed and planned on each connection under its name, for hot statements whose
 * planning costs about as much as running them (a payment's one statement). The text must never change for a name.
 */
export interface Prepared {
  readonly name: string;
  readonly text: string;
}

export const prepared = (name: string, text: string): Prepared => ({ name, text });

const textOf = (sql: string | Prepared) => (typeof sql === 'string' ? sql : sql.text);

/** What the server needs of a database: queries and transactions. Both PGlite and PostgreSQL fit behind it. */
export interface Queryable {
  query<T extends Row = Row>(sql: string | Prepared, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside one transaction; rolls back on any throw. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's files as a gzipped tarball, to start others from (absent on PostgreSQL). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Hears errors of connections nobody is using (PostgreSQL restarted, a backend terminated). They are not
   * fatal: the pool drops the connection and opens a new one for the next query. Without a listener they are ignored.
   */
  onConnectionError?(listener: (e: Error) => void): void;
}

export interface DbOptions {
  /** PostgreSQL URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** A dump (`dumpDataDir`) the embedded database starts from instead of an empty cluster. */
  initialData?: Blob | undefined;
  /** PostgreSQL schema to use (tests isolate themselves by schema). */
  schema?: string | undefined;
  /** PostgreSQL application_name of this pool's connections (visible in pg_stat_activity). */
  applicationName?: string | undefined;
  /** Milliseconds to wait for a PostgreSQL connection before the query fails (default 5000). */
  connectTimeoutMs?: number | undefined;
  /** PostgreSQL statement_timeout in milliseconds; 0 means none (default 30000). */
  statementTimeoutMs?: number | undefined;
}

/**
 * The database cannot be reached right now: server down or restarting, connection lost, no connection within
 * the timeout. Nothing is wrong with the request: the caller may try again shortly.
 */
export class DbUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DbUnavailableError';
  }
}

// SQLSTATE 08xxx (connection exceptions) and these: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 53300 too_many_connections, 57014 query_canceled (our statement_timeout). Socket errors of the driver have Node's codes.
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '53300', '57014', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// The driver says these without a code: lost connection, pool connect timeout, query read timeout.
const unavailableMessages = /Connection terminated|timeout exceeded when trying to connect|is not queryable|Query read timeout/;

/** Whether an error (or one of its causes) means the database is unreachable, not that the statement is wrong. */
export function isDbUnavailable(e: unknown): boolean {
  for (let cur = e, depth = 0; cur instanceof Error && depth < 5; cur = cur.cause, depth++) {
    if (cur instanceof DbUnavailableError) return true;
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (unavailableMessages.test(cur.message)) return true;
  }
  return false;
}

const rethrow = (e: unknown): never => {
  throw isDbUnavailable(e) && !(e instanceof DbUnavailableError) ? new DbUnavailableError(e) : e;
};

export async function createDb(opts: DbOptions): Promise<Db> {
  return opts.url ? createPostgres(opts.url, opts) : createPglite(opts.dataDir, opts.initialData);
}

let turnedAt = 0;
const turn = () =>
  new Promise<void>((resolve) =>
    setImmediate(() => {
      turnedAt = performance.now();
      resolve();
    }),
  );

/**
 * A parameter as an SQL literal for EXECUTE, or undefined where only the driver's own encoding will do (arrays,
 * objects, dates, bytes, NUL). Quoted as text, as the driver sends parameters: the server reads it with the input
 * function of the parameter's type, as it would a bound value. A string is an escape string (E'...', backslashes and
 * quotes doubled), which reads the same whatever the session's standard_conforming_strings says.
 */
function executeLiteral(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? `'${v}'` : undefined;
  if (typeof v === 'boolean') return v ? `'t'` : `'f'`;
  if (typeof v === 'string') return v.includes('\0') ? undefined : `E'${v.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  // A one-level array of strings (batched look-ups by key) as its array text, each element quoted: {"a","b"}.
  if (Array.isArray(v) && v.every((e) => typeof e === 'string')) return executeLiteral(`{${v.map((e: string) => `"${e.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`);
  return undefined;
}

async function createPglite(dataDir?: string, initialData?: Blob): Promise<Db> {
  const pgl = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(initialData ? { loadDataDir: initialData } : {}) });
  // PGlite sends every query as an unnamed statement, planned anew each time: for the session look-up every signed-in
  // call makes, planning was 60 % of its time. A Prepared statement is PREPAREd once on the connection (PGlite has one)
  // and run with EXECUTE. PREPARE runs only outside transactions, once per name; a statement PostgreSQL cannot prepare
  // without parameter types, or a call whose parameters have no plain literal, takes the unnamed path as before.
  const statements = new Map<string, Promise<boolean>>();
  const preparedNames = new Set<string>();
  const prepare = (p: Prepared) => {
    let ready = statements.get(p.name);
    if (!ready) {
      ready = pgl.exec(`PREPARE ${statementName(p.name)} AS ${p.text}`).then(
        () => {
          preparedNames.add(p.name);
          return true;
        },
        () => false,
      );
      statements.set(p.name, ready);
    }
    return ready;
  };
  const wrap = (q: { query: PGlite['query'] }, inTransaction: boolean): Queryable => ({
    async query<T extends Row>(sql: string | Prepared, params: unknown[] = []) {
      // PGlite runs a query synchronously on this thread and answers it as a microtask: a chain of queries (the job
      // worker going through a queue of paid orders) would otherwise hold the event loop for seconds, no call
      // answered meanwhile. A query lets the loop turn first when the last turn it saw is over 5 ms ago.
      if (performance.now() - turnedAt > 5) await turn();
      if (typeof sql !== 'string') {
        const literals = params.map(executeLiteral);
        // Inside a transaction only a statement already prepared will do: PREPARE would wait for the transaction's end.
        const plain = literals.every((l) => l !== undefined);
        if (plain && (inTransaction ? preparedNames.has(sql.name) : await prepare(sql))) {
          const r = await q.query<T>(`EXECUTE ${statementName(sql.name)}${literals.length ? `(${literals.join(', ')})` : ''}`);
          return r.rows;
        }
      }
      const r = await q.query<T>(textOf(sql), params);
      return r.rows;
    },
  });
  const base = wrap(pgl, false);
  return {
    kind: 'pglite',
    query: base.query,
    tx: (fn) => pgl.transaction((t) => fn(wrap(t, true))),
    exec: async (sql) => {
      await pgl.exec(sql);
    },
    close: () => pgl.close(),
    dumpDataDir: () => pgl.dumpDataDir('gzip'),
  };
}

/** A statement's name as an identifier (names are the code's own words: letters, digits, '-' and '_'). */
function statementName(name: string): string {
  if (!/^[\w-]+$/.test(name)) throw new Error(`prepared statement name ${JSON.stringify(name)}: letters, digits, - and _ only`);
  return `"${name}"`;
}

async function createPostgres(url: string, opts: DbOptions): Promise<Db> {
  const { schema } = opts;
  const statementTimeout = opts.statementTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    application_name: opts.applicationName ?? 'certhub',
    // A server that is down or unreachable fails the request after this long instead of queuing it forever.
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
    ...(statementTimeout > 0
      ? {
          statement_timeout: statementTimeout,
          // A connection that went silent (host gone, no RST) answers nothing: give up a little after the server would have.
          query_timeout: statementTimeout + 5_000,
        }
      : {}),
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection that breaks (server restart, terminated backend) is reported here; without a listener
  // the pool's 'error' event would crash the process. The pool has already dropped it.
  let onConnectionError: (e: Error) => void = () => undefined;
  pool.on('error', (e) => onConnectionError(e));
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
    async query<T extends Row>(sql: string | Prepared, params?: unknown[]) {
      const r = await (typeof sql === 'string' ? pool.query(sql, params) : pool.query({ ...sql, values: params })).catch(rethrow);
      return r.rows as T[];
    },
    async tx(fn) {
      const c = await pool.connect().catch(rethrow);
      // A checked-out client has no pool listener: a connection lost between two statements would emit an
      // unhandled 'error' and crash the process. The next statement on it fails instead (and says why).
      const onError = (e: Error) => onConnectionError(e);
      c.on('error', onError);
      let broken = false;
      try {
        await c.query('BEGIN').catch(rethrow);
        const out = await fn({
          async query<T extends Row>(sql: string | Prepared, params?: unknown[]) {
            const r = await (typeof sql === 'string' ? c.query(sql, params) : c.query({ ...sql, values: params })).catch(rethrow);
            return r.rows as T[];
          },
        });
        await c.query('COMMIT').catch(rethrow);
        return out;
      } catch (e) {
        // A connection that cannot even roll back is not given back to the pool.
        broken = await c.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        throw e;
      } finally {
        c.removeListener('error', onError);
        // release(true) destroys the connection instead of pooling it.
        c.release(broken);
      }
    },
    exec: async (sql) => {
      await pool.query(sql).catch(rethrow);
    },
    close: () => pool.end(),
    onConnectionError(listener) {
      onConnectionError = listener;
    },
  };
}
