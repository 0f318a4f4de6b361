import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportServer, TlsReport } from '@cc/contracts/tls-report';
import { http } from '../../../lib/http.ts';

/** Which report: by id (just started), or the latest of a host (optionally on one port). */
export type ReportKey = { id: string } | { host: string; port?: number };

/** Polling while the server scans (doc 02 §9 polls payment status every 2 s; the same pace here). */
export const reportPollMs = 2000;

/** GET /v1/tools/report/{id} or GET /v1/tools/report?host=&port=; fix snippets written for `server`. */
export function getReport(key: ReportKey, server: ReportServer): Promise<TlsReport> {
  if ('id' in key) {
    const id = encodeURIComponent(key.id);
    return http<TlsReport>(`/v1/tools/report/${id}`, { query: { server }, quiet: true });
  }
  return http<TlsReport>('/v1/tools/report', { query: { host: key.host, port: key.port, server }, quiet: true });
}

export const reportQuery = (key: ReportKey, server: ReportServer) =>
  queryOptions({
    queryKey: ['tools', 'report', key, server],
    queryFn: () => getReport(key, server),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : q.state.error ? false : reportPollMs),
  });

export function useReport(key: ReportKey | null, server: ReportServer) {
  // The previous answer stays on screen while the snippets are fetched for another server.
  return useQuery({ ...reportQuery(key ?? { host: '' }, server), enabled: key !== null, placeholderData: keepPreviousData });
}
