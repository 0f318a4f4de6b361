import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { organizationsKey } from './get-organizations.ts';

/** DELETE /v1/organizations/{id}. */
export function deleteOrganization(id: number): Promise<unknown> {
  return http(`/v1/organizations/${id}`, { method: 'DELETE' });
}

export function useDeleteOrganization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteOrganization, onSuccess: () => qc.invalidateQueries({ queryKey: organizationsKey }) });
}
