import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@cc/db/client';
import Fastify from 'fastify';
import { enqueue, insertJob, startWorker, type JobHandler, type JobSettler } from '../src/services/jobs/queue.ts';
import { busyRequests, jobRetentionJob, registerJobs } from '../src/plugins/jobs.ts';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const seen: string[] = [];
let flaky = 0;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('durable jobs', () => {
  it('runs a job once, dedupes pending work, retries failures with back-off and waits when asked', async () => {
    const { app } = t;
    // Kinds are registered before the worker starts; this test app's worker starts on first drain.
    app.jobs.registerUnchecked('test.say', async (job) => {
      seen.push(String(job.payload.word));
    });
    app.jobs.registerUnchecked('test.flaky', async () => {
      flaky++;
      if (flaky === 1) throw new Error('first try fails');
    });
    app.jobs.registerUnchecked('test.wait', async () => ({ retryInSeconds: 3600 }));

    await insertJob(app.db, 'test.say', { word: 'hello' }, { dedupeKey: 'k1' });
    expect(await insertJob(app.db, 'test.say', { word: 'again' }, { dedupeKey: 'k1' })).toBeNull();
    await insertJob(app.db, 'test.flaky', {});
    await insertJob(app.db, 'test.wait', {});
    await app.jobs.drain();
    expect(seen).toEqual(['hello']);
    expect(flaky).toBe(1);

    const rows = await app.db.query<{ kind: string; status: string; attempts: number; last_error: string | null; later: boolean }>(
      `SELECT kind, status, attempts, last_error, run_at > now() AS later FROM jobs WHERE kind LIKE 'test.%' ORDER BY id`,
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['test.say', 'done'],
      ['test.flaky', 'pending'],
      ['test.wait', 'pending'],
    ]);
    expect(rows[1]).toMatchObject({ attempts: 1, last_error: 'first try fails', later: true });
    expect(rows[2]).toMatchObject({ attempts: 0, later: true });

    // Once its back-off has passed the failed job runs again and succeeds.
    await app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'test.flaky'`);
    await app.jobs.drain();
    expect(flaky).toBe(2);
    const [f] = await app.db.query<{ status: string }>(`SELECT status FROM jobs WHERE kind = 'test.flaky'`);
    expect(f?.status).toBe('done');
    // With the first job done, the same key may be queued again.
    expect(await insertJob(app.db, 'test.say', { word: 'later' }, { dedupeKey: 'k1' })).not.toBeNull();
  });

  it('settles a final failure in the transaction that marks the job failed, and keeps a job whose settlement failed until it settles', async () => {
    const { app } = t;
    let settleFails = 1;
    const settled: string[] = [];
    const handlers: Record<string, JobHandler> = { 'test.doomed': async () => { throw new Error('never works'); } };
    const settlers: Record<string, JobSettler> = {
      'test.doomed': async (q, job, error) => {
        // Written with the job's failure, or not at all.
        await insertJob(q, 'test.settledMark', { of: job.id });
        if (settleFails-- > 0) throw new Error('settlement down');
        settled.push(`${String(job.payload.n)}: ${error}`);
      },
    };
    const errors: string[] = [];
    const w = startWorker(app.db, handlers, { autoStart: false, settlers, onSettleError: (e) => errors.push(String(e)) });
    const id = (await insertJob(app.db, 'test.doomed', { n: 1 }, { maxAttempts: 2 }))!;
    const due = () => app.db.query(`UPDATE jobs SET run_at = now() WHERE id = $1`, [id]);
    const state = async () => (await app.db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM jobs WHERE id = $1`, [id]))[0];
    await w.drain();
    expect(await state()).toEqual({ status: 'pending', attempts: 1 });
    // The last attempt fails; its settlement fails too: nothing of it stays, the job is kept.
    await due();
    await w.drain();
    expect(await state()).toEqual({ status: 'pending', attempts: 2 });
    expect(errors).toEqual(['Error: settlement down']);
    expect(await app.db.query(`SELECT 1 FROM jobs WHERE kind = 'test.settledMark'`)).toEqual([]);
    // Run again past its attempts: it fails, and now settles with the failure.
    await due();
    await w.drain();
    expect(await state()).toEqual({ status: 'failed', attempts: 3 });
    expect(settled).toEqual(['1: never works']);
    expect((await app.db.query(`SELECT 1 FROM jobs WHERE kind = 'test.settledMark'`)).length).toBe(1);
    await w.stop();
  });

  it('refuses to start a server where a job kind for paid goods has no settlement', async () => {
    const bare = Fastify();
    bare.decorate('config', { JOBS: 'off' } as never);
    bare.decorate('db', {} as never);
    registerJobs(bare);
    bare.jobs.register('domains.complete', async () => undefined);
    await expect(bare.ready()).rejects.toThrow(/domains\.complete/);
    const settled = Fastify();
    settled.decorate('config', { JOBS: 'off' } as never);
    settled.decorate('db', { query: async () => [] } as never);
    registerJobs(settled);
    settled.jobs.register('domains.complete', async () => undefined, { settle: async () => undefined });
    await expect(settled.ready()).resolves.toBeDefined();
    await settled.close();
  });

  it("a product job's payload is checked by its kind's schema: refused when queued, and a stored one that does not fit fails with the reason", async () => {
    const { app } = t;
    await expect(enqueue(app.db, 'dcv.check', { orderId: 'SSL1' } as never)).rejects.toThrow();
    expect((await app.db.query(`SELECT 1 FROM jobs WHERE kind = 'dcv.check' AND payload->>'orderId' = 'SSL1'`)).length).toBe(0);

    // A row as another release might have written it: the orders area's handler never runs on it.
    const id = (await insertJob(app.db, 'dcv.check', { order: 7 }, { maxAttempts: 1 }))!;
    await app.jobs.drain();
    const [row] = await app.db.query<{ status: string; last_error: string }>(`SELECT status, last_error FROM jobs WHERE id = $1`, [id]);
    expect(row?.status).toBe('failed');
    expect(row?.last_error).toContain('orderId');
  });
});

/** A promise and its resolver, to hold a handler until the test lets it go. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Polls a condition that no event announces (a lease lapsing on the database's clock), with a deadline. */
async function until(cond: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('background work gives way to calls', () => {
  it('a worker narrowed to one lane runs its jobs one at a time, and waits the pause it is given before each claim', async () => {
    const { app } = t;
    let running = 0;
    let most = 0;
    const slow: JobHandler = async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
    };
    const run = async (lanes: number, pauseMs: number) => {
      running = 0;
      most = 0;
      for (let i = 0; i < 6; i++) await insertJob(app.db, 'lanes.slow', { i });
      const w = startWorker(app.db, { 'lanes.slow': slow }, { autoStart: false, concurrency: 3, lanesNow: () => lanes, pauseMs: () => pauseMs });
      const t0 = performance.now();
      expect(await w.drain()).toBe(6);
      await w.stop();
      return { most, ms: performance.now() - t0 };
    };
    expect((await run(Infinity, 0)).most).toBe(3);
    const narrowed = await run(1, 30);
    expect(narrowed.most).toBe(1);
    // Six pauses of 30 ms before six claims, besides the jobs' own 20 ms each.
    expect(narrowed.ms).toBeGreaterThanOrEqual(6 * 30 + 6 * 20);
  });

  it('an instance answering several calls at once is busy until they end, open connections that finished nothing included', async () => {
    const { app } = t;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    expect(app.jobs.quiet()).toBe(true);
    // Calls whose body has not all arrived: each is a request being answered.
    const sockets = await Promise.all(Array.from({ length: busyRequests }, () => new Promise<Socket>((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.write('POST /v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
        resolve(s);
      });
    })));
    await expect.poll(() => app.jobs.quiet()).toBe(false);
    for (const s of sockets) s.destroy();
    await expect.poll(() => app.jobs.quiet()).toBe(true);
  });
});

describe('leases, fencing and retention (PostgreSQL)', () => {
  let pg: TestApp;
  let dbA: Db;
  let dbB: Db;
  beforeAll(async () => {
    pg = await startTestApp({}, { postgres: true });
    // Two workers as two processes would be: each with a pool of its own on the same schema.
    dbA = await createDb({ url: pg.config.DATABASE_URL, schema: pg.config.DATABASE_SCHEMA });
    dbB = await createDb({ url: pg.config.DATABASE_URL, schema: pg.config.DATABASE_SCHEMA });
  });
  afterAll(async () => {
    await dbA.close();
    await dbB.close();
    await pg.close();
  });
  const jobRow = async (id: number) =>
    (await pg.app.db.query<{ status: string; attempts: number; result: unknown; last_error: string | null; lease: string | null }>(
      `SELECT status, attempts, result, last_error, lease FROM jobs WHERE id = $1`,
      [id],
    ))[0]!;
  const lapsed = (id: number) => async () =>
    (await pg.app.db.query<{ lapsed: boolean }>(`SELECT locked_until < now() AS lapsed FROM jobs WHERE id = $1`, [id]))[0]!.lapsed;

  it('a run that outlives its lease without a heartbeat is taken over, and its late outcome is ignored', async () => {
    let gate = deferred();
    let started = deferred();
    const lost: number[] = [];
    const slow: JobHandler = async (job) => {
      started.resolve();
      await gate.promise;
      if (job.payload.fail) throw new Error('late failure');
      return { result: { by: 'A' } };
    };
    const a = startWorker(dbA, { 'lease.slow': slow }, { autoStart: false, leaseSeconds: 1, heartbeatMs: 0, onLeaseLost: (j) => lost.push(j.id) });
    const b = startWorker(dbB, { 'lease.slow': async () => ({ result: { by: 'B' } }) }, { autoStart: false });
    const ids: number[] = [];
    try {
      // A late success, then a late failure: neither may overwrite what B wrote.
      for (const fail of [false, true]) {
        const id = (await insertJob(pg.app.db, 'lease.slow', { fail }))!;
        ids.push(id);
        const aDrain = a.drain();
        await started.promise;
        // While A's lease holds, B finds nothing to do.
        expect(await b.drain()).toBe(0);
        await until(lapsed(id));
        expect(await b.drain()).toBe(1);
        expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, result: { by: 'B' }, lease: null });
        gate.resolve();
        expect(await aDrain).toBe(1);
        expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, result: { by: 'B' }, last_error: null });
        expect(lost).toEqual(ids);
        gate = deferred();
        started = deferred();
      }
    } finally {
      gate.resolve();
      await a.stop();
      await b.stop();
    }
  });

  it('a heartbeat keeps the lease of a long run: no other worker claims it meanwhile', async () => {
    const gate = deferred();
    const beaten = deferred();
    let beats = 0;
    const b = startWorker(dbB, { 'lease.long': async () => ({ result: { by: 'B' } }) }, { autoStart: false });
    const tries: Promise<number>[] = [];
    const a = startWorker(
      dbA,
      {
        'lease.long': async () => {
          await gate.promise;
          return { result: { by: 'A' } };
        },
      },
      {
        autoStart: false,
        leaseSeconds: 1,
        heartbeatMs: 200,
        onHeartbeat: () => {
          // After every beat another worker tries to take the job.
          tries.push(b.drain());
          if (++beats === 8) beaten.resolve();
        },
      },
    );
    try {
      const id = (await insertJob(pg.app.db, 'lease.long', {}))!;
      const aDrain = a.drain();
      // Eight beats of 200 ms: well past the 1 s lease the claim took.
      await beaten.promise;
      expect(await Promise.all(tries)).toEqual(tries.map(() => 0));
      expect(await lapsed(id)()).toBe(false);
      gate.resolve();
      expect(await aDrain).toBe(1);
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, result: { by: 'A' } });
    } finally {
      gate.resolve();
      await a.stop();
      await b.stop();
    }
  });

  it('a run whose lease was taken is told so by its signal, and its failure is not written', async () => {
    const aborted = deferred();
    const lost: number[] = [];
    const a = startWorker(
      dbA,
      {
        'lease.stolen': async (_job, run) => {
          await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => resolve()));
          aborted.resolve();
          throw new Error('gave up: lease lost');
        },
      },
      { autoStart: false, leaseSeconds: 1, heartbeatMs: 100, onLeaseLost: (j) => lost.push(j.id) },
    );
    try {
      const id = (await insertJob(pg.app.db, 'lease.stolen', {}))!;
      const aDrain = a.drain();
      await until(async () => (await jobRow(id)).status === 'running');
      // What another worker's claim does to the row: a new token.
      await pg.app.db.query(`UPDATE jobs SET lease = 'another-worker' WHERE id = $1`, [id]);
      await aborted.promise;
      await aDrain;
      expect(await jobRow(id)).toMatchObject({ status: 'running', lease: 'another-worker', last_error: null });
      expect(lost).toEqual([id]);
    } finally {
      await a.stop();
    }
  });

  it('two workers draining 200 jobs at once run each exactly once', async () => {
    const ran = new Map<number, string[]>();
    const handler = (who: string, db: Db): JobHandler => async (job) => {
      ran.set(job.id, [...(ran.get(job.id) ?? []), who]);
      // A round trip, as real handlers make, so the two workers interleave.
      await db.query('SELECT 1');
    };
    const a = startWorker(dbA, { 'many.one': handler('A', dbA) }, { autoStart: false });
    const b = startWorker(dbB, { 'many.one': handler('B', dbB) }, { autoStart: false });
    try {
      const [{ first }] = (await pg.app.db.query<{ first: number }>(
        `WITH ins AS (INSERT INTO jobs (kind, payload) SELECT 'many.one', jsonb_build_object('n', g) FROM generate_series(1, 200) g RETURNING id)
         SELECT min(id)::int AS first FROM ins`,
      )) as [{ first: number }];
      const [na, nb] = await Promise.all([a.drain(), b.drain()]);
      expect(na + nb).toBe(200);
      expect(na).toBeGreaterThan(0);
      expect(nb).toBeGreaterThan(0);
      expect(ran.size).toBe(200);
      expect([...ran.values()].filter((w) => w.length !== 1)).toEqual([]);
      expect(Math.min(...ran.keys())).toBe(first);
      const [s] = await pg.app.db.query<{ done: number; n: number }>(
        `SELECT count(*) FILTER (WHERE status = 'done' AND attempts = 1)::int AS done, count(*)::int AS n FROM jobs WHERE kind = 'many.one'`,
      );
      expect(s).toEqual({ done: 200, n: 200 });
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('the retention job deletes done jobs after 7 days and failed ones after 30, and keeps the rest', async () => {
    const rows: [string, number][] = [
      ['done', 8],
      ['done', 6],
      ['failed', 31],
      ['failed', 29],
      ['pending', 90],
      ['running', 90],
    ];
    for (const [status, days] of rows) {
      await pg.app.db.query(
        `INSERT INTO jobs (kind, status, run_at, updated_at, created_at) VALUES ('keep.test', $1, now() + interval '1 day', now() - make_interval(days => $2), now() - make_interval(days => $2))`,
        [status, days],
      );
    }
    // The retention job is queued at start and runs hourly; make it due now.
    await pg.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = $1`, [jobRetentionJob]);
    await pg.app.jobs.drain();
    const left = await pg.app.db.query<{ status: string; days: number }>(
      `SELECT status, round(extract(epoch FROM now() - updated_at) / 86400)::int AS days FROM jobs WHERE kind = 'keep.test' ORDER BY id`,
    );
    expect(left.map((r) => [r.status, r.days])).toEqual([
      ['done', 6],
      ['failed', 29],
      ['pending', 90],
      ['running', 90],
    ]);
    const [again] = await pg.app.db.query<{ status: string; later: boolean }>(`SELECT status, run_at > now() + interval '50 minutes' AS later FROM jobs WHERE kind = $1`, [jobRetentionJob]);
    expect(again).toEqual({ status: 'pending', later: true });
  });
});
