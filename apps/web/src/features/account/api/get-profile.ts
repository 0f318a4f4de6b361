import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileAnswer } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';

/** GET /v1/profile: the personal profile with its checklist. */
export function getProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return http<ProfileAnswer>('/v1/profile', { signal });
}

export const profileQuery = queryOptions({ queryKey: ['account', 'profile'], queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQuery);
}
