import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { revokedAnswer } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';
import { sessionsQuery } from './get-sessions.ts';

/** DELETE /v1/sessions/{id}: signs one session out. */
export function revokeSession(id: string): Promise<z.infer<typeof revokedAnswer>> {
  return http(`/v1/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeSession, onSettled: () => qc.invalidateQueries({ queryKey: sessionsQuery.queryKey }) });
}
