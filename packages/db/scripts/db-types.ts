/** `npm run db:types`: applies the migrations to a fresh in-memory database and writes src/schema.gen.ts from it. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '../src/client.ts';
import { migrate } from '../src/migrate.ts';
import { schemaTypes } from '../src/schema-types.ts';

const db = await createDb({});
try {
  await migrate(db);
  const file = path.resolve(import.meta.dirname, '../src/schema.gen.ts');
  writeFileSync(file, await schemaTypes(db));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
} finally {
  await db.close();
}
