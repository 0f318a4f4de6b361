import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Resolution of the event-loop histogram in ms. */
const resolution = 10;

export interface Pressure {
  /** The event-loop delay (ms) of the last sample. */
  readonly loopDelayMs: number;
  /** Heap in use (bytes) at the last sample. */
  readonly heapUsed: number;
  /** Forgets what was sampled so far and starts a new sample now (see app.ts: the process's own start-up). */
  restart(): void;
  stop(): void;
}

/**
 * Samples the event loop's delay and the heap in use every `sampleMs`, for shedding load while the process is
 * overloaded (app.ts answers 503 past the limits).
 *
 * The delay is the mean of perf_hooks' histogram over the sample, as @fastify/under-pressure (used before) took it,
 * except for a sample in which the histogram recorded nothing. It records one delay per loop turn, from its second
 * tick after a reset: on a loop whose turns are long but well under the limit (the embedded database answers queued
 * queries in one turn), a sample can hold no value at all. under-pressure counts that as an infinite delay and sheds
 * a whole sample of calls that would have been answered in time. Here the sampling timer's own lateness stands for
 * it, and is taken when larger: a turn that did block past the limit delays that timer past the limit too.
 */
export function samplePressure(sampleMs: number): Pressure {
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  let loopDelayMs = 0;
  let heapUsed = process.memoryUsage().heapUsed;
  let due = performance.now() + sampleMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = Math.max(0, now - due);
    due = now + sampleMs;
    // A mean dilutes one long block among many short turns; the timer's lateness does not.
    loopDelayMs = Math.max(late, histogram.count > 0 ? histogram.mean / 1e6 - resolution : 0);
    histogram.reset();
    heapUsed = process.memoryUsage().heapUsed;
  }, sampleMs);
  timer.unref();
  return {
    get loopDelayMs() {
      return loopDelayMs;
    },
    get heapUsed() {
      return heapUsed;
    },
    restart() {
      loopDelayMs = 0;
      histogram.reset();
      due = performance.now() + sampleMs;
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
