import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** DELETE /v1/discovery/targets/{id}: removes a target and what its scans saw at its endpoints. */
export function deleteTarget(id: number): Promise<null> {
  return http<null>(`/v1/discovery/targets/${id}`, { method: 'DELETE' });
}

export function useDeleteTarget() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteTarget, onSuccess: () => qc.invalidateQueries({ queryKey: ['discovery'] }) });
}
