import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/services/jobs/queue.ts';
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
    app.jobs.register('test.say', async (job) => {
      seen.push(String(job.payload.word));
    });
    app.jobs.register('test.flaky', async () => {
      flaky++;
      if (flaky === 1) throw new Error('first try fails');
    });
    app.jobs.register('test.wait', async () => ({ retryInSeconds: 3600 }));

    await enqueue(app.db, 'test.say', { word: 'hello' }, { dedupeKey: 'k1' });
    expect(await enqueue(app.db, 'test.say', { word: 'again' }, { dedupeKey: 'k1' })).toBeNull();
    await enqueue(app.db, 'test.flaky', {});
    await enqueue(app.db, 'test.wait', {});
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
    expect(await enqueue(app.db, 'test.say', { word: 'later' }, { dedupeKey: 'k1' })).not.toBeNull();
  });
});
