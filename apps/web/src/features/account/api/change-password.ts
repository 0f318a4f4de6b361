import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordAnswer, changePasswordBody } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';
import { sha256Hex } from '../../../lib/hash.ts';
import { sessionsQuery } from './get-sessions.ts';

export type ChangePasswordInput = { oldPassword: string; newPassword: string };

/** POST /v1/password { oldPwd, newPwd } (both hashed before sending): every other session ends. */
export async function changePassword(input: ChangePasswordInput): Promise<z.infer<typeof changePasswordAnswer>> {
  const body: z.input<typeof changePasswordBody> = { oldPwd: await sha256Hex(input.oldPassword), newPwd: await sha256Hex(input.newPassword) };
  return http('/v1/password', { method: 'POST', body });
}

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => qc.invalidateQueries({ queryKey: sessionsQuery.queryKey }) });
}
