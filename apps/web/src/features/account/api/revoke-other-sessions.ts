import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { revokedAnswer } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';
import { sessionsQuery } from './get-sessions.ts';

/** POST /v1/sessions/revokeOthers: signs every other session out. */
export function revokeOtherSessions(): Promise<z.infer<typeof revokedAnswer>> {
  return http('/v1/sessions/revokeOthers', { method: 'POST' });
}

export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeOtherSessions, onSettled: () => qc.invalidateQueries({ queryKey: sessionsQuery.queryKey }) });
}
