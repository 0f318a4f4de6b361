import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoStepAuthBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';
import { twoStepAuthQuery, type TwoStepStatus } from './get-two-step-auth.ts';
import { recoveryStatusQuery } from './get-recovery-status.ts';

export type SetTwoStepAuthInput = z.input<typeof twoStepAuthBody>;

/** POST /v1/twoStepAuth { authType, status, authCode }; turning the authenticator on answers its recovery codes, once. */
export function setTwoStepAuth(input: SetTwoStepAuthInput): Promise<TwoStepStatus> {
  return http('/v1/twoStepAuth', { method: 'POST', body: input });
}

export function useSetTwoStepAuth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setTwoStepAuth,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: twoStepAuthQuery.queryKey });
      await qc.invalidateQueries({ queryKey: recoveryStatusQuery.queryKey });
    },
  });
}
