import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteCodeBody } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';
import { inviteCodeQuery, type InviteCode } from './get-invite-code.ts';

export type SetInviteCodeInput = z.input<typeof inviteCodeBody>;

/** PUT /v1/inviteCode { inviteCode }: 4~128 letters or digits, not taken by another account. */
export function setInviteCode(input: SetInviteCodeInput): Promise<InviteCode> {
  return http<InviteCode>('/v1/inviteCode', { method: 'PUT', body: input });
}

export function useSetInviteCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setInviteCode,
    onSuccess: (data) => qc.setQueryData(inviteCodeQuery.queryKey, data),
  });
}
