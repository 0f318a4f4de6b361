import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentPollIntervalMs, paymentPollMaxTimes } from '@cc/domain/terms';
import { startPollLoop, type PollEnd, type PollOutcome } from './poll-loop.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A loop over scripted answers ('throw' rejects), recording when each question was asked. */
function run(answers: (PollOutcome | 'throw')[], opts: { slowMs?: number; maxTimes?: number } = {}) {
  const asked: number[] = [];
  const ends: PollEnd[] = [];
  const start = Date.now();
  const stop = startPollLoop({
    intervalMs: paymentPollIntervalMs,
    maxTimes: opts.maxTimes ?? paymentPollMaxTimes,
    check: async () => {
      asked.push(Date.now() - start);
      const a = answers[asked.length - 1] ?? 'continue';
      if (opts.slowMs) await new Promise((r) => setTimeout(r, opts.slowMs));
      if (a === 'throw') throw new Error('network');
      return a;
    },
    onEnd: (e) => ends.push(e),
  });
  return { asked, ends, stop };
}

describe('payment polling (document 01 §4, §9)', () => {
  it('asks every 2 s, 90 times at most, then gives up', async () => {
    const { asked, ends } = run([]);
    await vi.advanceTimersByTimeAsync(2_000 * 100);
    expect(asked).toHaveLength(90);
    expect(asked.slice(0, 3)).toEqual([0, 2_000, 4_000]);
    expect(asked.at(-1)).toBe(89 * 2_000);
    expect(ends).toEqual(['timeout']);
  });

  it('finishes at the first "done" (status 1002) and asks no more', async () => {
    const { asked, ends } = run(['continue', 'continue', 'done']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(3);
    expect(ends).toEqual(['done']);
  });

  it('a failed question (network, 5xx) counts as an attempt and polling goes on', async () => {
    const { asked, ends } = run(['throw', 'throw', 'done']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([0, 2_000, 4_000]);
    expect(ends).toEqual(['done']);
  });

  it('waits for each answer: a slow server stretches the interval, questions never overlap or get skipped', async () => {
    const { asked, ends } = run(['continue', 'continue', 'done'], { slowMs: 5_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([0, 7_000, 14_000]);
    expect(ends).toEqual(['done']);
  });

  it('stops when told (the dialog closed): no more questions, no end reported', async () => {
    const { asked, ends, stop } = run([]);
    await vi.advanceTimersByTimeAsync(4_500);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(3);
    expect(ends).toEqual([]);
  });
});
