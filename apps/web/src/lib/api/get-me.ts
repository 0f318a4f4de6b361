import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeAnswer, Permission } from '@cc/contracts/team';
import { http } from '../http.ts';
import { callOptions, calls } from './calls.ts';

/** GET /v1/user/me: the signed-in member's role and permissions (the owner holds all). The server refuses the rest. */
export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return http<MeAnswer>(calls.me.path, callOptions(calls.me, signal));
}

export const meQuery = queryOptions({ queryKey: ['account', 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 30_000 });

export function useMe() {
  return useQuery(meQuery);
}

/**
 * Whether the signed-in member may do something, for hiding menus and buttons. Until the answer is in, everything
 * shows, as it does for the owner (most sessions): the menu does not empty and refill on each load, and the server
 * refuses what a member's role lacks either way.
 */
export function useCan(): (p: Permission) => boolean {
  const { data } = useMe();
  return (p) => p === 'self' || !data || data.permissions.includes(p);
}
