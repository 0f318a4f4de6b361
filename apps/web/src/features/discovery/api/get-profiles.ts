import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

/** GET /v1/discovery/profiles: scan profiles with their schedule and limits. */
export function getProfiles(signal?: AbortSignal): Promise<{ items: Profile[] }> {
  return http<{ items: Profile[] }>('/v1/discovery/profiles', { signal });
}

export const profilesQuery = queryOptions({ queryKey: ['discovery', 'profiles'], queryFn: ({ signal }) => getProfiles(signal) });

export function useProfiles() {
  return useQuery(profilesQuery);
}
