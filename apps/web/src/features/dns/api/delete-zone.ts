import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** DELETE /dm-serv/v1/dns/zones/{zone}: stops hosting a zone. */
export function deleteZone(zone: string): Promise<null> {
  return http<null>(`/dm-serv/v1/dns/zones/${encodeURIComponent(zone)}`, { method: 'DELETE' });
}

export function useDeleteZone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteZone, onSuccess: () => qc.invalidateQueries({ queryKey: ['dns'] }) });
}
