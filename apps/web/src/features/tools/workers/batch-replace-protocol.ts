import { useEffect, useRef, useState } from 'react';
import { BadRuleError, batchReplace, type ReplaceResult, type ReplaceRule } from '../lib/batch-replace.ts';

export type ReplaceOutcome =
  | { status: 'done'; result: ReplaceResult }
  | { status: 'badRule'; index: number; message: string }
  | { status: 'timeout' }
  | { status: 'failed'; message: string };

export interface ReplaceRequest {
  id: number;
  text: string;
  rules: ReplaceRule[];
}
export interface ReplaceReply {
  id: number;
  outcome: ReplaceOutcome;
}

/** Longer than any sane replacement of pasted text takes; a regex still running then is taken to be runaway. */
export const REPLACE_TIME_LIMIT_MS = 2000;

function runInline(text: string, rules: ReplaceRule[]): ReplaceOutcome {
  try {
    return { status: 'done', result: batchReplace(text, rules) };
  } catch (e) {
    return e instanceof BadRuleError ? { status: 'badRule', index: e.index, message: e.message } : { status: 'failed', message: String(e) };
  }
}

/**
 * The live preview of batch-replace, computed in a worker that is stopped (and the user told) when it runs past
 * the time limit. The last outcome stays on screen while the next is computed.
 */
export function useBatchReplace(text: string, rules: ReplaceRule[]): ReplaceOutcome {
  const [outcome, setOutcome] = useState<ReplaceOutcome>({ status: 'done', result: { output: text, count: 0, changes: [] } });
  const worker = useRef<Worker | null>(null);
  const busy = useRef(false);
  const seq = useRef(0);
  useEffect(() => () => worker.current?.terminate(), []);
  useEffect(() => {
    if (typeof Worker === 'undefined') {
      setOutcome(runInline(text, rules));
      return;
    }
    const id = ++seq.current;
    // A worker still on the previous text may be stuck: a fresh one answers sooner than waiting for it.
    if (busy.current) {
      worker.current?.terminate();
      worker.current = null;
    }
    const w = (worker.current ??= new Worker(new URL('./batch-replace.worker.ts', import.meta.url), { type: 'module' }));
    busy.current = true;
    const timer = setTimeout(() => {
      w.terminate();
      if (worker.current === w) worker.current = null;
      busy.current = false;
      setOutcome({ status: 'timeout' });
    }, REPLACE_TIME_LIMIT_MS);
    w.onmessage = (e: MessageEvent<ReplaceReply>) => {
      if (e.data.id !== id) return;
      clearTimeout(timer);
      busy.current = false;
      setOutcome(e.data.outcome);
    };
    w.postMessage({ id, text, rules } satisfies ReplaceRequest);
    return () => clearTimeout(timer);
  }, [text, rules]);
  return outcome;
}
