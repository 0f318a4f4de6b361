export type PollOutcome = 'continue' | 'done' | 'failed';
export type PollEnd = 'done' | 'failed' | 'timeout';

export interface PollLoopOptions {
  intervalMs: number;
  /** Asks at most this many times, then ends with 'timeout'; Infinity asks until done or failed. */
  maxTimes: number;
  /** One question. A thrown error (network, 5xx) counts as an attempt and the loop goes on. */
  check: (signal: AbortSignal) => Promise<PollOutcome>;
  /** Ask at once, or wait one interval first. */
  immediate?: boolean;
  onAttempt?: (count: number) => void;
  onEnd: (end: PollEnd) => void;
}

/**
 * The polling loop without React, so that its timing is testable with fake timers: the next question is scheduled
 * only once the previous one is answered, so a slow server stretches the intervals but questions never overlap and
 * none is skipped. Answers the function that stops it (aborting the question in flight).
 */
export function startPollLoop({ intervalMs, maxTimes, check, immediate = true, onAttempt, onEnd }: PollLoopOptions): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let count = 0;
  const ask = async () => {
    if (controller.signal.aborted) return;
    count++;
    onAttempt?.(count);
    let outcome: PollOutcome = 'continue';
    try {
      outcome = await check(controller.signal);
    } catch {
      // Counted as an attempt; the loop goes on unless it was stopped.
    }
    if (controller.signal.aborted) return;
    if (outcome !== 'continue') return onEnd(outcome);
    if (count >= maxTimes) return onEnd('timeout');
    timer = setTimeout(() => void ask(), intervalMs);
  };
  timer = setTimeout(() => void ask(), immediate ? 0 : intervalMs);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
