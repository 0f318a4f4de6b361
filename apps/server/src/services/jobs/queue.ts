import type { Db, Queryable } from '@cc/db/client';

export type JobRow = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/** What a handler may answer: nothing (done), or "run me again later" without counting a failure. */
export type JobOutcome = void | { retryInSeconds: number } | { result: Record<string, unknown> };

export type JobHandler = (job: JobRow) => Promise<JobOutcome>;

export interface EnqueueOptions {
  /** Seconds from now before the job may run. */
  delaySeconds?: number;
  /** Only one pending or running job per kind and key. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Adds a job; pass the transaction's queryable so the job exists only if the change that asked for it commits. */
export async function enqueue(q: Queryable, kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO jobs (kind, payload, dedupe_key, max_attempts, run_at)
     VALUES ($1, $2::jsonb, $3, $4, now() + make_interval(secs => $5))
     ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('pending', 'running') DO NOTHING
     RETURNING id`,
    [kind, JSON.stringify(payload), opts.dedupeKey ?? null, opts.maxAttempts ?? 10, opts.delaySeconds ?? 0],
  );
  return rows[0]?.id ?? null;
}

/** Back-off after a failure: 5 s, 10 s, 20 s ... capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));

export interface Worker {
  /** Claims and runs due jobs until none is due; answers how many ran. Tests call this to drive jobs deterministically. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs due jobs of the registered kinds. Every instance may run one; claims go through the database
 * (SKIP LOCKED plus a lease), so nothing depends on which process enqueued the job.
 */
export function startWorker(db: Db, handlers: Record<string, JobHandler>, opts: { pollMs?: number; leaseSeconds?: number; autoStart?: boolean; onError?: (e: unknown, job: JobRow) => void } = {}): Worker {
  const lease = opts.leaseSeconds ?? 120;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claim(): Promise<JobRow | undefined> {
    const kinds = Object.keys(handlers);
    if (!kinds.length) return undefined;
    const rows = await db.query<JobRow>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2), updated_at = now()
        WHERE id = (
          SELECT id FROM jobs
           WHERE kind = ANY($1::text[]) AND run_at <= now()
             AND (status = 'pending' OR (status = 'running' AND locked_until < now()))
           ORDER BY run_at, id
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts`,
      [kinds, lease],
    );
    return rows[0];
  }

  async function runOne(job: JobRow) {
    const handler = handlers[job.kind];
    try {
      const out = handler ? await handler(job) : undefined;
      if (out && 'retryInSeconds' in out) {
        // Not a failure: the work is waiting on the world (DNS not yet published, payment not yet made).
        await db.query(
          `UPDATE jobs SET status = 'pending', attempts = attempts - 1, run_at = now() + make_interval(secs => $2), locked_until = NULL, updated_at = now() WHERE id = $1`,
          [job.id, out.retryInSeconds],
        );
      } else {
        await db.query(`UPDATE jobs SET status = 'done', locked_until = NULL, result = $2::jsonb, updated_at = now() WHERE id = $1`, [
          job.id,
          JSON.stringify(out && 'result' in out ? out.result : null),
        ]);
      }
    } catch (e) {
      opts.onError?.(e, job);
      const final = job.attempts >= job.max_attempts;
      await db.query(
        `UPDATE jobs SET status = $2, last_error = $3, run_at = now() + make_interval(secs => $4), locked_until = NULL, updated_at = now() WHERE id = $1`,
        [job.id, final ? 'failed' : 'pending', String(e instanceof Error ? e.message : e).slice(0, 1000), backoffSeconds(job.attempts)],
      );
    }
  }

  async function drainOnce(): Promise<number> {
    let n = 0;
    for (;;) {
      if (stopped) return n;
      const job = await claim();
      if (!job) return n;
      await runOne(job);
      n++;
    }
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
