import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { dnsListenHost, loadConfig, schemeOf, startupNotices } from './config.ts';
import { openDatabase } from './start.ts';
import { buildApp } from './app.ts';
import { startAuthoritativeDns } from './adapters/dns/authoritative.ts';

const config = loadConfig();
const notices = startupNotices(config);
for (const w of notices.warnings) console.warn(`WARNING: ${w}`);
await mkdir(path.resolve(config.DATA_DIR), { recursive: true });
const db = await openDatabase(config);
const app = await buildApp({ config, db });

let closing = false;
/**
 * Stops accepting, lets in-flight requests and the running job finish, closes the database, exits. A request or job
 * that hangs does not keep the process alive: past SHUTDOWN_TIMEOUT_MS it exits anyway, saying so.
 */
function shutdown(reason: string, exitCode: number) {
  if (closing) return;
  closing = true;
  const deadlineMs = config.SHUTDOWN_TIMEOUT_MS;
  app.log.info({ reason, deadlineMs }, 'shutting down');
  setTimeout(() => {
    app.log.warn({ reason, deadlineMs }, 'shutdown deadline passed with requests or jobs still running: exiting anyway');
    process.exit(1);
  }, deadlineMs);
  app.close().then(
    () => {
      app.log.info({ reason }, 'shut down');
      process.exit(exitCode);
    },
    (e: unknown) => {
      app.log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    },
  );
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (!closing) return shutdown(sig, 0);
    // A second signal (Ctrl+C twice) means now.
    app.log.warn({ signal: sig }, 'second signal during shutdown: exiting now');
    process.exit(1);
  });
}
// A throw nobody caught leaves the process in an unknown state: log it, then close as for a signal and exit 1.
process.on('uncaughtException', (e, origin) => {
  app.log.fatal({ err: e, origin }, 'uncaught exception');
  shutdown('uncaughtException', 1);
});
// A rejected promise nobody awaited left nothing half-done in this process: log it and keep serving.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection');
});

for (const line of notices.info) app.log.info(line);
// The authoritative DNS server answers from the database: every instance may run one (DNS_HOST=off: none here).
// A port already taken (mDNS holds 5353 on many desktops) leaves this instance without DNS, said loudly, not down.
const dnsHost = dnsListenHost(config);
if (dnsHost) {
  try {
    const dns = await startAuthoritativeDns(db, { host: dnsHost, port: config.DNS_PORT, log: app.log, rrl: config.DNS_RRL ? { responsesPerSecond: config.DNS_RRL } : undefined });
    app.addHook('preClose', () => dns.close());
    app.log.info(`authoritative DNS on ${dnsHost}:${dns.port} (UDP and TCP${config.DNS_RRL ? `, at most ${config.DNS_RRL} answers/s per source network over UDP` : ''})`);
  } catch (e) {
    app.log.error({ err: e }, `authoritative DNS could not listen on ${dnsHost}:${config.DNS_PORT}: set DNS_PORT to a free port (or DNS_HOST=off to run none here)`);
  }
}
await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
app.log.info(`CertHub console on ${schemeOf(config)}://${shown}:${port} (${db.kind === 'pglite' ? `embedded database in ${path.resolve(config.DATA_DIR)}` : 'PostgreSQL'})`);
