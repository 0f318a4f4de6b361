import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DnsZonesAnswer } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** GET /dm-serv/v1/dns/zones: the zones the account hosts, and our nameservers. */
export function getZones(signal?: AbortSignal): Promise<DnsZonesAnswer> {
  return http<DnsZonesAnswer>('/dm-serv/v1/dns/zones', { signal });
}

export const zonesQuery = queryOptions({ queryKey: ['dns', 'zones'], queryFn: ({ signal }) => getZones(signal) });

export function useZones() {
  return useQuery(zonesQuery);
}
