import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CtAnswer, CtQuery } from '@cc/contracts/ct';
import { http } from '../../../lib/http.ts';
import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

/** GET /v1/discovery/ct: certificates logged in CT for the account's names, with the log's tree head. */
export function getCt(filter: CtQuery, signal?: AbortSignal): Promise<CtAnswer> {
  return http<CtAnswer>('/v1/discovery/ct', { query: { ...filter }, signal });
}

export const ctQueryOptions = (filter: CtQuery) =>
  queryOptions({ queryKey: ['discovery', 'ct', filter], queryFn: ({ signal }) => getCt(filter, signal), placeholderData: keepPreviousData });

export function useCt(filter: CtQuery) {
  return useQuery(ctQueryOptions(filter));
}

/** GET /v1/discovery/ct/export: the same list as CSV. */
export function exportCt(filter: CtQuery): Promise<FileAnswer> {
  return httpFile('/v1/discovery/ct/export', { query: { ...filter } });
}
