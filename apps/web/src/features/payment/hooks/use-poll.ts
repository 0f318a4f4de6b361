import { useCallback, useEffect, useRef, useState } from 'react';
import { startPollLoop, type PollOutcome } from '../lib/poll-loop.ts';

export type { PollOutcome };
export type PollState = 'idle' | 'polling' | 'done' | 'failed' | 'timeout';

export interface PollOptions {
  /** Polling runs while this is set; a new key starts over. */
  key: string | null;
  intervalMs: number;
  /** Asks at most this many times, then gives up ('timeout'); Infinity polls until done or failed. */
  maxTimes: number;
  /** One question to the server. A thrown error (network, 5xx) counts as an attempt and polling goes on. */
  check: (signal: AbortSignal) => Promise<PollOutcome>;
  /** Ask at once, or wait one interval first. */
  immediate?: boolean;
}

/**
 * Asks `check` every `intervalMs` until it answers done or failed, or `maxTimes` questions went unanswered
 * (document 01 §4: every 2 s up to 90 times for a payment; every 5 s for a batch queue). Leaving the page
 * or changing the key stops it; `restart` asks again from zero. The loop itself is lib/poll-loop.ts.
 */
export function usePoll({ key, intervalMs, maxTimes, check, immediate = true }: PollOptions) {
  const [state, setState] = useState<PollState>('idle');
  const [attempts, setAttempts] = useState(0);
  const [round, setRound] = useState(0);
  const checkRef = useRef(check);
  useEffect(() => {
    checkRef.current = check;
  }, [check]);

  useEffect(() => {
    if (!key) {
      setState('idle');
      return;
    }
    setState('polling');
    setAttempts(0);
    return startPollLoop({ intervalMs, maxTimes, immediate, check: (signal) => checkRef.current(signal), onAttempt: setAttempts, onEnd: setState });
  }, [key, intervalMs, maxTimes, immediate, round]);

  const restart = useCallback(() => setRound((r) => r + 1), []);
  return { state, attempts, restart };
}
