import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RolesAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** GET /v1/user/roles: each role's permissions and payment limit. */
export function getRoles(signal?: AbortSignal): Promise<RolesAnswer> {
  return http<RolesAnswer>('/v1/user/roles', { signal });
}

export const rolesQuery = queryOptions({ queryKey: ['team', 'roles'], queryFn: ({ signal }) => getRoles(signal) });

export function useRoles() {
  return useQuery(rolesQuery);
}
