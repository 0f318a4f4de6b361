import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@cc/contracts/dashboard';
import { http } from '../../../lib/http.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';
import { unlessJustAnswered } from '../../../lib/api/first-answers.ts';

/** GET /v1/dashboard: what needs action, the renewal calendar, spending. */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => http<DashboardAnswer>(calls.dashboard.path, callOptions(calls.dashboard, signal)),
  // The page waits for the first answer (useFirstAnswers) and mounts without asking again.
  refetchOnMount: unlessJustAnswered,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
