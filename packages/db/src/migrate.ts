import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './client.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Applies every migration file not applied yet, in name order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.tx(async (q) => {
    // Under the migrations' lock: two servers creating the table at once can collide even with IF NOT EXISTS.
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(728391, hashtext(current_schema()))');
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), 'utf8');
    const done = await db.tx(async (q) => {
      if (db.kind === 'postgres') {
        // A migration (or the wait for another server's) may outlast the statement timeout that guards requests.
        await q.query(`SET LOCAL statement_timeout = 0`);
        // Two servers starting on one schema: the lock makes the second wait for the first. Other schemas
        // (test files, side-by-side installs) have a lock of their own and do not wait.
        await q.query('SELECT pg_advisory_xact_lock(728391, hashtext(current_schema()))');
      }
      const seen = await q.query('SELECT 1 FROM schema_migrations WHERE version = $1', [file]);
      if (seen.length) return false;
      for (const stmt of splitSql(sql)) await q.query(stmt);
      await q.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/** Splits a migration on statement-ending semicolons outside $$ bodies and quotes. */
export function splitSql(sql: string): string[] {
  const out: string[] = [];
  let cur = '';
  let dollar = false;
  let quote = false;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (!quote && sql.startsWith('$$', i)) {
      dollar = !dollar;
      cur += '$$';
      i++;
      continue;
    }
    if (!dollar && ch === "'") quote = !quote;
    if (!dollar && !quote && ch === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? sql.length : nl;
      cur += '\n';
      continue;
    }
    if (!dollar && !quote && ch === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
