import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DnsZone } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/dns/zones/{zone}/check: whether the domain is delegated to our nameservers yet. */
export function checkZone(zone: string): Promise<DnsZone> {
  return http<DnsZone>(`/dm-serv/v1/dns/zones/${encodeURIComponent(zone)}/check`, { method: 'POST', body: {} });
}

export function useCheckZone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: checkZone, onSuccess: () => qc.invalidateQueries({ queryKey: ['dns'] }) });
}
