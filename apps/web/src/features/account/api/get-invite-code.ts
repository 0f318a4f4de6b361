import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteCodeAnswer } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type InviteCode = z.infer<typeof inviteCodeAnswer>;

/** GET /v1/inviteCode: the account's invite code. */
export function getInviteCode(): Promise<InviteCode> {
  return http<InviteCode>('/v1/inviteCode');
}

export const inviteCodeQuery = queryOptions({ queryKey: ['inviteCode'], queryFn: getInviteCode });

export function useInviteCode() {
  return useQuery(inviteCodeQuery);
}
