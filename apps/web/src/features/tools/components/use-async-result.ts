import { useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'idle' } | { status: 'busy' } | { status: 'done'; value: T } | { status: 'error'; error: unknown };

/**
 * Runs `run` whenever `request` changes (and is not null), dropping stale answers: re-running on a language change
 * keeps the parsed labels in the chosen language.
 */
export function useAsyncResult<R, T>(request: R | null, run: (r: R) => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'idle' });
  useEffect(() => {
    if (request === null) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'busy' });
    run(request).then(
      (value) => live && setState({ status: 'done', value }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // The caller lists what `run` depends on besides the request.
  }, [request, ...deps]);
  return state;
}
