import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DnsZone } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/dns/zones: hosts a domain registered elsewhere. */
export function addZone(zone: string): Promise<DnsZone> {
  return http<DnsZone>('/dm-serv/v1/dns/zones', { method: 'POST', body: { zone } });
}

export function useAddZone() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addZone, onSuccess: () => qc.invalidateQueries({ queryKey: ['dns'] }) });
}
