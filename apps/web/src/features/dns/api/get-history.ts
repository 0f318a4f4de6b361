import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DnsHistoryAnswer } from '@cc/contracts/dns';
import { http } from '../../../lib/http.ts';

/** GET /dm-serv/v1/dns/zones/{zone}/history: every change, newest first. */
export function getHistory(zone: string, signal?: AbortSignal): Promise<DnsHistoryAnswer> {
  return http<DnsHistoryAnswer>(`/dm-serv/v1/dns/zones/${encodeURIComponent(zone)}/history`, { signal });
}

export const historyQuery = (zone: string) => queryOptions({ queryKey: ['dns', 'history', zone], queryFn: ({ signal }) => getHistory(zone, signal) });

export function useHistory(zone: string) {
  return useQuery(historyQuery(zone));
}
