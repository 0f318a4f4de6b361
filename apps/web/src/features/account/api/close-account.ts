import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { closeAccountAnswer, CloseAccountBody } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';

/** POST /v1/account/close: password (hashed as sign-in sends it) and the code; every session ends on success. */
export function closeAccount(body: CloseAccountBody): Promise<z.infer<typeof closeAccountAnswer>> {
  return http('/v1/account/close', { method: 'POST', body });
}

export function useCloseAccount() {
  return useMutation({ mutationFn: closeAccount });
}
