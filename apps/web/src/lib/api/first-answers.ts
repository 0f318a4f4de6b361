import { use } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How long after an answer a page that waited for it mounts without asking again. */
const firstAnswerMs = 5_000;

/**
 * `refetchOnMount` of the queries a page waits for: an answer of the last few seconds (the one waited for) is not
 * asked for again as the page's own observers mount. Changing filters or pages still asks (staleTime stays 0).
 */
export const unlessJustAnswered = (query: { state: { dataUpdatedAt: number } }) => Date.now() - query.state.dataUpdatedAt > firstAnswerMs;

/** A query as `queryOptions` makes it. Its data type is the caller's: prefetchQuery's own generic type would refuse it. */
interface FirstQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/** A wait React can read at once when it is over (the status and value fields `use` looks for). */
type Wait = Promise<void> & { status?: 'fulfilled'; value?: undefined };

/**
 * One wait per set of queries a page asks for together, kept once over: a component that suspended on it calls `use`
 * with the same promise when React renders it again (it must: React replays the hooks and uses of that render), and
 * finds it over.
 */
const waits = new Map<string, Wait>();

function newWait(qc: QueryClient, queries: readonly FirstQuery[]): Wait {
  // prefetchQuery never rejects: a failed call is left in the cache as an error for the page's own query to show.
  const wait: Wait = Promise.all(queries.map((q) => qc.prefetchQuery(q as Parameters<QueryClient['prefetchQuery']>[0]))).then(() => {
    wait.status = 'fulfilled';
    wait.value = undefined;
  });
  return wait;
}

const answered = (qc: QueryClient, q: FirstQuery) => {
  const status = qc.getQueryState(q.queryKey)?.status;
  return status === 'success' || status === 'error';
};

/**
 * Suspends until the queries a page shows first have answered (or failed), unless the cache holds them: the page then
 * renders once with its rows instead of first with an empty table and again, all of it, for each answer. Its calls
 * are started with the page's code (staticData.calls), so the wait is usually over before the page's code is. The
 * queries should not refetch on mount what was just answered (`unlessJustAnswered`, or a staleTime), or the page's
 * own observers would ask again as they mount.
 */
export function useFirstAnswers(queries: readonly FirstQuery[]) {
  const qc = useQueryClient();
  const key = JSON.stringify(queries.map((q) => q.queryKey));
  let wait = waits.get(key);
  if ((!wait || wait.status === 'fulfilled') && !queries.every((q) => answered(qc, q))) {
    wait = newWait(qc, queries);
    waits.set(key, wait);
  }
  if (wait) use(wait as Promise<void>);
}
