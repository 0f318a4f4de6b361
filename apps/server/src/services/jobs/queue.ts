import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '@cc/db/client';
import { parseJobPayload, type JobKind, type JobPayload } from './kinds.ts';

export type JobRow = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/** A job of kind K as its handler sees it: the payload parsed by the kind's schema (kinds.ts). */
export type Job<K extends JobKind> = Omit<JobRow, 'kind' | 'payload'> & { kind: K; payload: JobPayload<K> };

/** What a handler may answer: nothing (done), or "run me again later" without counting a failure. */
export type JobOutcome = void | { retryInSeconds: number } | { result: Record<string, unknown> };

/** What a run knows besides its job: `signal` aborts when the run has lost its lease to another worker. */
export interface JobRun {
  signal: AbortSignal;
}

/**
 * A handler may run more than once for one job (a run that outlives its lease is claimed again elsewhere, and a
 * crash after the work but before the job is marked done retries it): handlers are written to tolerate that.
 */
export type JobHandler = (job: JobRow, run: JobRun) => Promise<JobOutcome>;

/**
 * What a job's last failure leaves to settle (a refund for paid goods it could not deliver, a message): runs in the
 * transaction that marks the job failed, so the two happen together. Must be idempotent. If it throws, the job is
 * kept (attempts spent, due again after the back-off): its next run either delivers or fails and settles again.
 */
export type JobSettler = (q: Queryable, job: JobRow, error: string) => Promise<void>;

/** After this many runs past its attempts, a job whose settlement keeps failing is left failed, unsettled, and logged. */
const settleTries = 5;

export interface EnqueueOptions {
  /** Seconds from now before the job may run. */
  delaySeconds?: number;
  /** Only one pending or running job per kind and key. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Adds a job of a kind of kinds.ts, its payload checked by the kind's schema; pass the transaction's queryable so
 * the job exists only if the change that asked for it commits. Answers null when the dedupe key is taken.
 */
export async function enqueue<K extends JobKind>(q: Queryable, kind: K, payload: JobPayload<K>, opts: EnqueueOptions = {}): Promise<number | null> {
  return insertJob(q, kind, parseJobPayload(kind, payload), opts);
}

/** The queue itself, for any kind: the queue's own tests use it with kinds that are not the product's. */
export async function insertJob(q: Queryable, kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO jobs (kind, payload, dedupe_key, max_attempts, run_at)
     VALUES ($1, $2::jsonb, $3, $4, now() + make_interval(secs => $5))
     ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('pending', 'running') DO NOTHING
     RETURNING id`,
    [kind, JSON.stringify(payload), opts.dedupeKey ?? null, opts.maxAttempts ?? 10, opts.delaySeconds ?? 0],
  );
  return rows[0]?.id ?? null;
}

/**
 * enqueue() as a WITH part of a larger statement, for a change made in one round trip: `select` yields rows of
 * (kind text, payload jsonb), each queued due now with the default attempts; only if the statement commits.
 */
export const enqueueSql = (name: string, select: string) => `${name} AS (INSERT INTO jobs (kind, payload) ${select} RETURNING id)`;

/** Back-off after a failure: 5 s, 10 s, 20 s ... capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));

/** How long finished jobs are kept (for inspection) before the retention sweep deletes them. */
export const jobRetention = { doneDays: 7, failedDays: 30 } as const;

/** Deletes done jobs older than `doneDays` and failed ones older than `failedDays`, in bounded batches; answers how many. */
export async function purgeFinishedJobs(q: Queryable, keep: { doneDays: number; failedDays: number } = jobRetention): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await q.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM jobs WHERE id IN (
           SELECT id FROM jobs
            WHERE (status = 'done' AND updated_at < now() - make_interval(days => $1))
               OR (status = 'failed' AND updated_at < now() - make_interval(days => $2))
            LIMIT 1000)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [keep.doneDays, keep.failedDays],
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < 1000) return total;
  }
}

export interface Worker {
  /** Claims and runs due jobs until none is due; answers how many ran. Tests call this to drive jobs deterministically. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  pollMs?: number;
  /** How long a claim holds a job before another worker may take it (seconds). */
  leaseSeconds?: number;
  /** How often a running job's lease is pushed ahead (ms): under a third of the lease; 0 turns it off. */
  heartbeatMs?: number;
  autoStart?: boolean;
  onError?: (e: unknown, job: JobRow) => void;
  /** A run ended after its job had been claimed again (its lease lapsed): its outcome was dropped. */
  onLeaseLost?: (job: JobRow) => void;
  /** A heartbeat extended a running job's lease. */
  onHeartbeat?: (job: JobRow) => void;
  /** Settlements of a job's final failure, by kind (JobSettler). */
  settlers?: Record<string, JobSettler>;
  /** A final failure's settlement failed (the job is retried, or past settleTries left unsettled). */
  onSettleError?: (e: unknown, job: JobRow) => void;
  /** Jobs this worker runs at once (each claims its own through SKIP LOCKED); 1 when unset. */
  concurrency?: number;
  /**
   * The lanes allowed now, asked before each claim: a lane past it stops until the next drain (the first lane always
   * runs, so the queue never stalls). The server narrows the worker while it answers people (plugins/jobs.ts).
   */
  lanesNow?: () => number;
  /** Milliseconds a lane waits before its next claim, asked each time (0 or unset: none): background work giving way. */
  pauseMs?: () => number;
}

type Claimed = JobRow & { lease: string };

/**
 * Runs due jobs of the registered kinds. Every instance may run one; claims go through the database
 * (SKIP LOCKED plus a lease), so nothing depends on which process enqueued the job.
 *
 * Each claim writes a fresh lease token, and every later write of the run is fenced by it (`AND lease = token`):
 * a run that outlived its lease while another worker took the job over changes nothing. A heartbeat pushes the
 * lease ahead while the handler works, so only a dead or stuck process loses its jobs.
 */
export function startWorker(db: Db, handlers: Record<string, JobHandler>, opts: WorkerOptions = {}): Worker {
  const lease = opts.leaseSeconds ?? 120;
  const heartbeatMs = opts.heartbeatMs ?? Math.floor((lease * 1000) / 4);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claim(): Promise<Claimed | undefined> {
    const kinds = Object.keys(handlers);
    if (!kinds.length) return undefined;
    // claim_job (migration 0157): the first due job in (run_at, id) order, planned to walk the index whatever the
    // table's statistics say (a backlog of thousands must not be read and sorted for every claim).
    const rows = await db.query<Claimed>(
      `SELECT id, kind, payload, attempts, max_attempts, lease FROM claim_job($1::text[], $2::float8, $3::text)`,
      [kinds, lease, randomUUID()],
    );
    return rows[0];
  }

  /** Extends the lease every heartbeatMs while the handler runs; aborts the run once the lease is found lost. */
  function heartbeat(job: Claimed, abort: AbortController): () => void {
    if (heartbeatMs <= 0) return () => undefined;
    let beating = false;
    const t = setInterval(() => {
      if (beating) return;
      beating = true;
      db.query(
        `UPDATE jobs SET locked_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease = $2 AND status = 'running' RETURNING id`,
        [job.id, job.lease, lease],
      )
        .then((rows) => {
          if (rows.length) opts.onHeartbeat?.(job);
          else abort.abort();
        })
        // A missed beat is not fatal: the lease outlasts several of them, and the next tick tries again.
        .catch(() => undefined)
        .finally(() => {
          beating = false;
        });
    }, heartbeatMs);
    t.unref();
    return () => clearInterval(t);
  }

  /** Writes a run's outcome only while the run still holds the job's lease. */
  async function finish(job: Claimed, sql: string, params: unknown[]) {
    const rows = await db.query(`${sql} WHERE id = $1 AND lease = $2 RETURNING id`, [job.id, job.lease, ...params]);
    if (!rows.length) opts.onLeaseLost?.(job);
  }

  async function runOne(job: Claimed) {
    const handler = handlers[job.kind];
    const abort = new AbortController();
    const stopBeating = heartbeat(job, abort);
    try {
      const out = handler ? await handler(job, { signal: abort.signal }).finally(stopBeating) : undefined;
      if (out && 'retryInSeconds' in out) {
        // Not a failure: the work is waiting on the world (DNS not yet published, payment not yet made).
        await finish(
          job,
          `UPDATE jobs SET status = 'pending', attempts = attempts - 1, run_at = now() + make_interval(secs => $3), locked_until = NULL, lease = NULL, updated_at = now()`,
          [out.retryInSeconds],
        );
      } else {
        await finish(job, `UPDATE jobs SET status = 'done', locked_until = NULL, lease = NULL, result = $3::jsonb, updated_at = now()`, [
          JSON.stringify(out && 'result' in out ? out.result : null),
        ]);
      }
    } catch (e) {
      stopBeating();
      opts.onError?.(e, job);
      const final = job.attempts >= job.max_attempts;
      const error = String(e instanceof Error ? e.message : e).slice(0, 1000);
      const settle = final ? opts.settlers?.[job.kind] : undefined;
      if (settle && (await settled(job, settle, error))) return;
      await finish(
        job,
        `UPDATE jobs SET status = $3, last_error = $4, run_at = now() + make_interval(secs => $5), locked_until = NULL, lease = NULL, updated_at = now()`,
        [final && !settle ? 'failed' : 'pending', error, backoffSeconds(job.attempts)],
      );
    }
  }

  /**
   * A final failure with a settlement: the job marked failed and the settlement made in one transaction (fenced by
   * the lease like every write of the run). Answers false when the settlement failed and the job should stay due.
   */
  async function settled(job: Claimed, settle: JobSettler, error: string): Promise<boolean> {
    try {
      await db.tx(async (q) => {
        const mine = await q.query(
          `UPDATE jobs SET status = 'failed', last_error = $3, locked_until = NULL, lease = NULL, updated_at = now() WHERE id = $1 AND lease = $2 RETURNING id`,
          [job.id, job.lease, error],
        );
        if (!mine.length) return opts.onLeaseLost?.(job);
        await settle(q, job, error);
      });
      return true;
    } catch (e) {
      opts.onSettleError?.(e, job);
      if (job.attempts < job.max_attempts + settleTries) return false;
      await finish(job, `UPDATE jobs SET status = 'failed', last_error = $3, locked_until = NULL, lease = NULL, updated_at = now()`, [
        `${error} (settlement failed: ${String(e instanceof Error ? e.message : e)})`.slice(0, 1000),
      ]);
      return true;
    }
  }

  /**
   * Claims and runs due jobs until none is due, in `concurrency` lanes side by side (issuing 500 certificates, say).
   * A lane that finds nothing waits while another lane still runs a job (that job may queue more), so one long
   * job does not leave the others' work to a single lane.
   */
  async function drainOnce(): Promise<number> {
    let busy = 0;
    let ran = 0;
    let wake: () => void = () => undefined;
    let woken = new Promise<void>((r) => (wake = r));
    const notify = () => {
      const w = wake;
      woken = new Promise<void>((r) => (wake = r));
      w();
    };
    const lane = async (index: number) => {
      for (;;) {
        if (stopped) return;
        if (index > 0 && opts.lanesNow && index >= opts.lanesNow()) return;
        const pause = opts.pauseMs?.() ?? 0;
        if (pause > 0) await new Promise((r) => setTimeout(r, pause));
        if (stopped) return;
        const job = await claim();
        if (!job) {
          if (!busy) return notify();
          await woken;
          continue;
        }
        busy++;
        try {
          await runOne(job);
          ran++;
        } finally {
          busy--;
          notify();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, (_, i) => lane(i)));
    return ran;
  }

  let queued: Promise<number> | undefined;
  function drain(): Promise<number> {
    // One drain at a time per process; callers that arrive while one runs share the single drain queued after it.
    if (queued) return queued;
    const next = (running ?? Promise.resolve(0)).then(() => {
      queued = undefined;
      return drainOnce();
    });
    queued = next;
    // A failed claim (database gone, say) must not become an unhandled rejection; the next drain tries again.
    const settled: Promise<number> = next.catch(() => 0).finally(() => {
      if (running === settled) running = undefined;
    });
    running = settled;
    return next;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch(() => undefined)
        .finally(schedule);
    }, opts.pollMs ?? 1000);
  }
  if (opts.autoStart !== false) schedule();

  return {
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
