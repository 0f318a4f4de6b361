import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

/** GET /v1/discovery/dashboard: counts by state and bucket, upcoming expiries, recent changes, alerts. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardAnswer> {
  return http<DashboardAnswer>('/v1/discovery/dashboard', { signal });
}

export const dashboardQuery = queryOptions({ queryKey: ['discovery', 'dashboard'], queryFn: ({ signal }) => getDashboard(signal) });

export function useDashboard() {
  return useQuery(dashboardQuery);
}
