import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CertsQuery, CertSummary } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';
import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

/** GET /v1/discovery/certs: the inventory, soonest end first, filtered. */
export function getCerts(filter: CertsQuery, signal?: AbortSignal): Promise<{ items: CertSummary[] }> {
  return http<{ items: CertSummary[] }>('/v1/discovery/certs', { query: { ...filter }, signal });
}

export const certsQuery = (filter: CertsQuery) =>
  queryOptions({ queryKey: ['discovery', 'certs', filter], queryFn: ({ signal }) => getCerts(filter, signal), placeholderData: keepPreviousData });

export function useCerts(filter: CertsQuery) {
  return useQuery(certsQuery(filter));
}

/** GET /v1/discovery/certs/export: the same list as CSV. */
export function exportCerts(filter: CertsQuery): Promise<FileAnswer> {
  return httpFile('/v1/discovery/certs/export', { query: { ...filter } });
}
