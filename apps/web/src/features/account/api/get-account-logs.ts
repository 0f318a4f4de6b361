import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { logListAnswer, LogFilter } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';

export type LogList = z.infer<typeof logListAnswer>;
/** One page of the log with its filters (offset is the 1-based page). */
export type LogQuery = Partial<LogFilter> & { limit: number; offset: number };

/** GET /v1/accountLogs: the account's activity log, newest first, one page. */
export function getAccountLogs(query: LogQuery, signal?: AbortSignal): Promise<LogList> {
  return http<LogList>('/v1/accountLogs', { query, signal });
}

export const accountLogsQuery = (query: LogQuery) =>
  queryOptions({ queryKey: ['account', 'logs', query], queryFn: ({ signal }) => getAccountLogs(query, signal), placeholderData: keepPreviousData });

export function useAccountLogs(query: LogQuery) {
  return useQuery(accountLogsQuery(query));
}
