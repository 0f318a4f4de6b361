import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileProgress } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';

/** GET /v1/profile/progress: what a complete profile has, and what this one has. */
export function getProfileProgress(signal?: AbortSignal): Promise<ProfileProgress> {
  return http<ProfileProgress>('/v1/profile/progress', { signal });
}

export const profileProgressQuery = queryOptions({ queryKey: ['account', 'profile', 'progress'], queryFn: ({ signal }) => getProfileProgress(signal) });

export function useProfileProgress() {
  return useQuery(profileProgressQuery);
}
