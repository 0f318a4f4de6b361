import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogAnswer, AuditLogQuery } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

export type AuditFilter = Omit<AuditLogQuery, 'limit' | 'offset'>;

/** GET /v1/user/auditLogs: who did what, when, from where, on which object; newest first. */
export function getAuditLogs(q: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogAnswer> {
  return http<AuditLogAnswer>('/v1/user/auditLogs', { signal, query: q as Record<string, string | number | undefined> });
}

export const auditLogsQuery = (q: AuditLogQuery) => queryOptions({ queryKey: ['team', 'audit', q], queryFn: ({ signal }) => getAuditLogs(q, signal), placeholderData: keepPreviousData });

export function useAuditLogs(q: AuditLogQuery) {
  return useQuery(auditLogsQuery(q));
}
