import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, startupNotices } from './config.ts';
import { openDatabase } from './start.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const notices = startupNotices(config);
for (const w of notices.warnings) console.warn(`WARNING: ${w}`);
await mkdir(path.resolve(config.DATA_DIR), { recursive: true });
const db = await openDatabase(config);
const app = await buildApp({ config, db });

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal: sig }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then close the database.
    app.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}

for (const line of notices.info) app.log.info(line);
await app.listen({ host: config.HOST, port: config.PORT });
const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
app.log.info(`CertHub console on http://${shown}:${config.PORT} (${db.kind === 'pglite' ? `embedded database in ${path.resolve(config.DATA_DIR)}` : 'PostgreSQL'})`);
