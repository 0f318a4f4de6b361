import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RolePayLimitBody, RolesAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** PUT /v1/user/roles: the owner's payment limit of a role, in cents (0: cannot pay; null: no limit). */
export function setRolePayLimit(body: RolePayLimitBody): Promise<RolesAnswer> {
  return http<RolesAnswer>('/v1/user/roles', { method: 'PUT', body });
}

export function useSetRolePayLimit() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setRolePayLimit, onSuccess: () => qc.invalidateQueries({ queryKey: ['team'] }) });
}
