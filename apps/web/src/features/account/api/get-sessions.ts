import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionItem } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';

export type { SessionItem };

/** GET /v1/sessions: the account's live sessions, the current one marked. */
export function getSessions(): Promise<SessionItem[]> {
  return http<SessionItem[]>('/v1/sessions');
}

export const sessionsQuery = queryOptions({ queryKey: ['sessions'], queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQuery);
}
