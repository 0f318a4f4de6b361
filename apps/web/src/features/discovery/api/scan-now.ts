import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /v1/discovery/profiles/{id}/scan: every endpoint of the profile is scanned now by the job queue. */
export function scanNow(id: number): Promise<{ queued: number }> {
  return http<{ queued: number }>(`/v1/discovery/profiles/${id}/scan`, { method: 'POST', body: {} });
}

export function useScanNow() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: scanNow, onSuccess: () => qc.invalidateQueries({ queryKey: ['discovery'] }) });
}
