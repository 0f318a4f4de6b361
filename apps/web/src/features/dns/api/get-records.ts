import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DnsRecordsAnswer } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** GET /dm-serv/v1/dns/zones/{zone}/records: the zone, its records and the serial the next change is based on. */
export function getRecords(zone: string, signal?: AbortSignal): Promise<DnsRecordsAnswer> {
  return http<DnsRecordsAnswer>(`/dm-serv/v1/dns/zones/${encodeURIComponent(zone)}/records`, { signal });
}

export const recordsQuery = (zone: string) => queryOptions({ queryKey: ['dns', 'records', zone], queryFn: ({ signal }) => getRecords(zone, signal) });

export function useRecords(zone: string) {
  return useQuery(recordsQuery(zone));
}
