import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoStepAuthBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';
import { twoStepAuthQuery } from './get-two-step-auth.ts';

export type SetTwoStepAuthInput = z.input<typeof twoStepAuthBody>;

/** POST /v1/twoStepAuth { authType, status, authCode }. */
export function setTwoStepAuth(input: SetTwoStepAuthInput): Promise<unknown> {
  return http('/v1/twoStepAuth', { method: 'POST', body: input });
}

export function useSetTwoStepAuth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setTwoStepAuth,
    onSuccess: () => qc.invalidateQueries({ queryKey: twoStepAuthQuery.queryKey }),
  });
}
