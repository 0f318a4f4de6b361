import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@cc/contracts/dashboard';
import { http } from '../../../lib/http.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';

/** GET /v1/dashboard: what needs action, the renewal calendar, spending. */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => http<DashboardAnswer>(calls.dashboard.path, callOptions(calls.dashboard, signal)),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
