import { useEffect, useEffectEvent, useState } from 'react';

export type AsyncState<T> = { status: 'idle' } | { status: 'busy' } | { status: 'done'; value: T } | { status: 'error'; error: unknown };

/**
 * Runs `run` whenever `request` or `lang` changes (and the request is not null), dropping stale answers: re-running
 * on a language change keeps the parsed labels in the chosen language. `run` is this render's: it may read any state.
 */
export function useAsyncResult<R, T>(request: R | null, run: (r: R) => Promise<T>, lang: string): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'idle' });
  const runLatest = useEffectEvent(run);
  useEffect(() => {
    if (request === null) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'busy' });
    runLatest(request).then(
      (value) => live && setState({ status: 'done', value }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [request, lang]);
  return state;
}
