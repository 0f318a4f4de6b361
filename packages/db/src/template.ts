import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from './client.ts';
import { migrate } from './migrate.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * A dump of an embedded database with every migration applied, to start in-memory databases from. Creating an
 * embedded cluster runs initdb in WebAssembly (seconds each) and the suite starts one per test app; loading a dump
 * takes a fraction of that. The dump is kept in the system's temp folder under a name that changes with the
 * migrations and the PGlite version, so test workers and later runs share it and a new migration makes a new one.
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `cc-pglite-template-${await templateKey()}.tar.gz`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet (or made by another worker right now): make one; the rename makes the last writer win whole.
  }
  const db = await createDb({});
  try {
    await migrate(db);
    const dump = await db.dumpDataDir!();
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, file);
    return dump;
  } finally {
    await db.close();
  }
}

async function templateKey(): Promise<string> {
  const h = createHash('sha256');
  // The package does not export its package.json: read it beside its entry point.
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  h.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  h.update(await readFile(fileURLToPath(new URL('./migrate.ts', import.meta.url))));
  for (const f of (await readdir(migrationsDir)).filter((n) => n.endsWith('.sql')).sort()) {
    h.update(f).update(await readFile(path.join(migrationsDir, f)));
  }
  return h.digest('hex').slice(0, 16);
}
