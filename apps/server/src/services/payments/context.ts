import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Db } from '@cc/db/client';
import type { ExternalPayWay } from '@cc/contracts/payments';
import type { PaymentGateway } from '../../adapters/payment/gateway.ts';
import { createSandboxGateway, notifyJob, sandboxExpireJob, type SandboxGateway } from '../../adapters/payment/sandbox.ts';
import { sandboxSecret } from '../../adapters/payment/sandbox-secret.ts';
import { batchPayJob, resumeBatchQueues, runBatchQueue, settleBatchQueue } from './batch.ts';
import { expirePayment, paymentExpireJob } from './external.ts';

export interface PaymentsContext {
  db: Db;
  log: FastifyBaseLogger;
  /** The gateway that collects a method; every method goes through the sandbox until a real provider is configured. */
  gatewayFor(method: ExternalPayWay): PaymentGateway;
  gatewayByName(name: string): PaymentGateway | undefined;
  sandbox: SandboxGateway;
  /** Outside production the pay result names the sandbox's hosted page, so the console can offer it as a link. */
  showSandboxPage: boolean;
}

const contexts = new WeakMap<Db, PaymentsContext>();

/**
 * Where the gateway sends callbacks: PUBLIC_URL, else this process over loopback on the port it really listens on
 * (tests listen on port 0), else PORT.
 */
export function serverBaseUrl(app: FastifyInstance): string {
  if (app.config.PUBLIC_URL) return app.config.PUBLIC_URL.replace(/\/+$/, '');
  const addr = app.server.listening ? (app.server.address() as AddressInfo | null) : null;
  const wildcard = ['0.0.0.0', '::', ''].includes(app.config.HOST);
  const host = wildcard || !addr ? '127.0.0.1' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr?.port ?? app.config.PORT}`;
}

/** The payments area's gateway and jobs, made once per app (both route plugins share it). */
export function paymentsContext(app: FastifyInstance): PaymentsContext {
  const known = contexts.get(app.db);
  if (known) return known;
  const sandbox = createSandboxGateway({ db: app.db, secret: sandboxSecret(app.config) });
  const ctx: PaymentsContext = {
    db: app.db,
    log: app.log,
    gatewayFor: () => sandbox,
    gatewayByName: (name) => (name === sandbox.name ? sandbox : undefined),
    sandbox,
    showSandboxPage: app.config.NODE_ENV !== 'production',
  };
  contexts.set(app.db, ctx);
  app.jobs.register(notifyJob, async (job) => {
    await sandbox.deliver(job.payload.id, serverBaseUrl(app));
  });
  app.jobs.register(sandboxExpireJob, async (job) => {
    const id = job.payload.id;
    if (await sandbox.expire(id)) return;
    const row = await sandbox.find(id);
    const left = row && (row.status === 'pending' || row.status === 'approved') ? Math.ceil((new Date(row.expires_at).getTime() - Date.now()) / 1000) : 0;
    return left > 0 ? { retryInSeconds: left } : undefined;
  });
  app.jobs.register(paymentExpireJob, (job) => expirePayment(ctx, job.payload.id));
  // A long batch yields between slices (due again at once) so callbacks and other jobs are not held up behind it.
  app.jobs.register(batchPayJob, async (job, run) => {
    const r = await runBatchQueue(ctx, job.payload.queueId, { signal: run.signal, size: app.config.PAY_BATCH_CHUNK });
    return r === 'more' ? { retryInSeconds: 0 } : r === 'held' ? { retryInSeconds: 2 } : undefined;
  }, { settle: (q, job) => settleBatchQueue(q, job.payload.queueId) });
  // "Resumes at start": a batch cut short by a crash goes on now, not when the dead run's lease runs out.
  const bootId = randomBytes(6).toString('hex');
  app.addHook('onReady', async () => {
    const n = await resumeBatchQueues(ctx, bootId);
    if (n) app.log.info({ queues: n }, 'resuming unfinished payment queues');
  });
  return ctx;
}
