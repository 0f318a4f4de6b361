import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { samplePressure } from '../src/lib/pressure.ts';

const block = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy, as a synchronous query of the embedded database is
  }
};

/** The samples taken while `work` runs, read after each sample interval. */
async function samplesDuring(sampleMs: number, work: () => Promise<void>): Promise<number[]> {
  const pressure = samplePressure(sampleMs);
  const seen: number[] = [];
  const reader = setInterval(() => seen.push(pressure.loopDelayMs), sampleMs);
  try {
    await work();
    await new Promise((r) => setTimeout(r, sampleMs * 2));
  } finally {
    clearInterval(reader);
    pressure.stop();
  }
  return seen;
}

describe('the event-loop delay the server sheds load by', () => {
  it('stays near the length of a turn when every turn is long but under the limit (no sample is no overload)', async () => {
    // Turns of 40 ms for 1.5 s: the histogram often records nothing in a 60 ms sample, which under-pressure took for
    // an infinite delay (and answered 503 for a whole sample).
    const seen = await samplesDuring(60, async () => {
      for (const end = performance.now() + 1500; performance.now() < end; ) {
        block(40);
        await turn();
      }
    });
    expect(seen.length).toBeGreaterThan(5);
    // Finite and well under the server's default limit (1,000 ms): nothing is shed. Not tighter: on two cores shared
    // with a browser lane the sampling timer itself is sometimes run 200+ ms late (a CI run read 241 ms).
    expect(Math.max(...seen)).toBeLessThan(500);
  });

  it('reports a loop blocked past the limit', async () => {
    const seen = await samplesDuring(50, async () => {
      await new Promise((r) => setTimeout(r, 120));
      block(600);
    });
    expect(Math.max(...seen)).toBeGreaterThan(400);
  });

  it('forgets a stall from before a restart (the server restarts it once its start-up is over)', async () => {
    const pressure = samplePressure(300);
    try {
      block(600);
      pressure.restart();
      // Halfway to the next sample: without the restart the overdue sample has just reported the stall.
      await new Promise((r) => setTimeout(r, 150));
      expect(pressure.loopDelayMs).toBeLessThan(100);
    } finally {
      pressure.stop();
    }
  });
});
