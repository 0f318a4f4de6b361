import type { FastifyInstance } from 'fastify';
import type { Queryable } from '@cc/db/client';
import { paidGoodsKinds, parseJobPayload, type JobKind } from '../services/jobs/kinds.ts';
import { enqueue, purgeFinishedJobs, startWorker, type Job, type JobHandler, type JobOutcome, type JobRun, type JobSettler, type Worker } from '../services/jobs/queue.ts';

/** The recurring job that deletes finished jobs past their retention (services/jobs/queue.ts jobRetention). */
export const jobRetentionJob = 'jobs.retention' satisfies JobKind;
const retentionEverySeconds = 3600;

export interface Jobs {
  /**
   * Areas register their job kinds while the app is built; a kind of paidGoodsKinds with what its final failure
   * settles (services/jobs/queue.ts JobSettler), inside the transaction that marks it failed.
   */
  register<K extends JobKind>(kind: K, handler: (job: Job<K>, run: JobRun) => Promise<JobOutcome>, opts?: { settle: (q: Queryable, job: Job<K>, error: string) => Promise<void> }): void;
  /** Any kind, with the payload as stored: for the queue's own tests. */
  registerUnchecked(kind: string, handler: JobHandler): void;
  /** Runs every due job now (tests, and "verify now"-style calls that want the queue moved at once). */
  drain(): Promise<number>;
  /** Starts a drain without waiting for it, when this instance's worker runs: work a call just queued starts now, not at the next poll. */
  kick(): void;
  /**
   * Whether this instance is answering few requests now: background work spreads over several lanes only then, so
   * that a burst of calls (a customer paying 3,000 orders one by one) is not slowed by the work it queues.
   */
  quiet(): boolean;
}

/** Requests in flight at which this instance counts as busy: more than one page's calls at once. */
export const busyRequests = 4;
/** The pause between background jobs while busy: at most 20 jobs a second then, caught up as soon as calls quieten. */
const busyPauseMs = 50;

/** The job worker of this instance; starts when the app is ready unless JOBS=off (tests drive it by drain()). */
export function registerJobs(app: FastifyInstance) {
  const settlers: Record<string, JobSettler> = {};
  const handlers: Record<string, JobHandler> = {
    [jobRetentionJob]: async () => {
      await purgeFinishedJobs(app.db);
      return { retryInSeconds: retentionEverySeconds };
    },
  };
  let worker: Worker | undefined;
  // Requests this instance is answering, counted on the Node server (every route, whatever its plugin context);
  // 'close' follows every response, sent or cut off.
  let inFlight = 0;
  app.server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
  const quiet = () => inFlight < busyRequests;
  const jobs: Jobs = {
    register(kind, handler, opts) {
      handlers[kind] = (row, run) => handler({ ...row, kind, payload: parseJobPayload(kind, row.payload) }, run);
      const settle = opts?.settle;
      if (settle) settlers[kind] = (q, row, error) => settle(q, { ...row, kind, payload: parseJobPayload(kind, row.payload) }, error);
      else delete settlers[kind];
    },
    registerUnchecked(kind, handler) {
      handlers[kind] = handler;
    },
    drain: () => (worker ?? ensure(false)).drain(),
    quiet,
    kick() {
      if (app.config.JOBS === 'on' && worker) void worker.drain().catch((e: unknown) => app.log.warn({ err: e }, 'job drain failed'));
    },
  };
  function ensure(autoStart: boolean): Worker {
    worker ??= startWorker(app.db, handlers, {
      autoStart,
      // The embedded database runs one statement at a time: lanes would only wait for each other there.
      concurrency: app.config.JOB_CONCURRENCY ?? (app.db.kind === 'pglite' ? 1 : 4),
      // People first: while the instance is busy answering, its background work keeps to one lane.
      lanesNow: () => (quiet() ? Infinity : 1),
      // and that lane leaves a moment between jobs, in which the waiting calls are answered first.
      pauseMs: () => (quiet() ? 0 : busyPauseMs),
      settlers,
      onError: (e, job) => app.log.warn({ err: e, jobId: job.id, kind: job.kind }, 'job failed'),
      onSettleError: (e, job) => app.log.error({ err: e, jobId: job.id, kind: job.kind }, 'a failed job\'s settlement (refund, message) failed; it is tried again'),
      onLeaseLost: (job) => app.log.warn({ jobId: job.id, kind: job.kind }, 'job run outlived its lease; another worker owns the job now, this outcome was dropped'),
    });
    return worker;
  }
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    // A job for paid goods that can fail without settling would leave a customer paid and without goods.
    const unsettled = paidGoodsKinds.filter((k) => handlers[k] && !settlers[k]);
    if (unsettled.length) throw new Error(`job kinds for paid goods without a final-failure settlement: ${unsettled.join(', ')} (services/jobs/kinds.ts paidGoodsKinds)`);
    // One row for every instance: the dedupe key keeps a single pending retention job in the database.
    await enqueue(app.db, jobRetentionJob, {}, { dedupeKey: jobRetentionJob });
    ensure(app.config.JOBS === 'on');
  });
  // preClose: the worker finishes its job before the database closes (onClose hooks close it).
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}
