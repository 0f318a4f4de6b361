import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './start.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
if (config.CAPTCHA === 'off') {
  console.warn('WARNING: CAPTCHA=off. The sign-in slider check is disabled; use this only for automated tests.');
}
if (config.IP_RATE_LIMIT === 'off') {
  console.warn('WARNING: IP_RATE_LIMIT=off. Anonymous calls are not limited per address; use this only for benchmarks.');
}
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

await app.listen({ host: config.HOST, port: config.PORT });
const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
app.log.info(`CertHub console on http://${shown}:${config.PORT} (${db.kind === 'pglite' ? `embedded database in ${path.resolve(config.DATA_DIR)}` : 'PostgreSQL'})`);
