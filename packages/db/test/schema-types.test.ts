import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/client.ts';
import { migrate } from '../src/migrate.ts';
import { schemaTypes } from '../src/schema-types.ts';

let db: Db;
// A fresh embedded database through every migration: slow on a loaded machine.
beforeAll(async () => {
  db = await createDb({});
  await migrate(db);
}, 60_000);
afterAll(() => db.close());

describe('row types of the tables (src/schema.gen.ts)', () => {
  it('match the migrations: after a schema change, `npm run db:types` rewrites them', async () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '../src/schema.gen.ts'), 'utf8');
    expect(committed, 'src/schema.gen.ts is stale: run `npm run db:types`').toBe(await schemaTypes(db));
  });

  it('type NULL-able columns `| null`, and a text column held to a list by a CHECK as that list', async () => {
    const types = await schemaTypes(db);
    expect(types).toMatch(/export type PaymentsRow = \{[^}]*\n  status: 'pending' \| 'succeeded' \| 'declined' \| 'expired';/);
    expect(types).toMatch(/export type OrdersRow = \{[^}]*\n  paid_at: Date \| null;/);
    expect(types).toMatch(/export type OrdersRow = \{[^}]*\n  id: number;/);
  });
});
