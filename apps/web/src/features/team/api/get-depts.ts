import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamListLimit, type DeptsAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** GET /v1/user/depts: the departments, depth-first (a department follows its parent). */
export function getDepts(signal?: AbortSignal): Promise<DeptsAnswer> {
  return http<DeptsAnswer>('/v1/user/depts', { signal, query: { limit: teamListLimit } });
}

export const deptsQuery = queryOptions({ queryKey: ['team', 'depts'], queryFn: ({ signal }) => getDepts(signal) });

export function useDepts() {
  return useQuery(deptsQuery);
}
