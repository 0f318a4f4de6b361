import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Target } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

/** GET /v1/discovery/targets: scan targets with their endpoint count and worst state. */
export function getTargets(signal?: AbortSignal): Promise<{ items: Target[] }> {
  return http<{ items: Target[] }>('/v1/discovery/targets', { signal });
}

export const targetsQuery = queryOptions({ queryKey: ['discovery', 'targets'], queryFn: ({ signal }) => getTargets(signal) });

export function useTargets() {
  return useQuery(targetsQuery);
}
