import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recoveryCodesAnswer, regenerateRecoveryBody } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';
import { recoveryStatusQuery } from './get-recovery-status.ts';

/** POST /v1/googleAuth/recoveryCodes { authCode }: 10 new codes, the old ones stop working. */
export function regenerateRecoveryCodes(body: z.input<typeof regenerateRecoveryBody>): Promise<z.infer<typeof recoveryCodesAnswer>> {
  return http('/v1/googleAuth/recoveryCodes', { method: 'POST', body });
}

export function useRegenerateRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => qc.invalidateQueries({ queryKey: recoveryStatusQuery.queryKey }) });
}
