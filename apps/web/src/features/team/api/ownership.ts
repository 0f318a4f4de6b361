import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ownershipCodeAnswer, ownershipCodeQuery, ownershipTransferAnswer, ownershipTransferBody } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** GET /v1/user/owner/code?channel: a code to the owner's bound e-mail or phone, for the hand-over. */
export function getOwnershipCode(input: z.input<typeof ownershipCodeQuery>): Promise<z.infer<typeof ownershipCodeAnswer>> {
  return http('/v1/user/owner/code', { query: input });
}

/** POST /v1/user/owner: the member becomes the owner, the caller an administrator (both stay signed in). */
export function transferOwnership(body: z.input<typeof ownershipTransferBody>): Promise<z.infer<typeof ownershipTransferAnswer>> {
  return http('/v1/user/owner', { method: 'POST', body });
}

export function useTransferOwnership() {
  const qc = useQueryClient();
  // Who is who changed: every answer that depends on the caller's role is read again.
  return useMutation({ mutationFn: transferOwnership, onSuccess: () => qc.invalidateQueries() });
}
