import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteConditionAnswer } from '@cc/contracts/real-name';
import { http } from '../../../lib/http.ts';

export type InviteCondition = z.infer<typeof inviteConditionAnswer>;

/** GET /v1/inviteCondition: what the inviter earns, and where the account's invitations stand. */
export function getInviteCondition(): Promise<InviteCondition> {
  return http<InviteCondition>('/v1/inviteCondition');
}

export const inviteConditionQuery = queryOptions({ queryKey: ['inviteCondition'], queryFn: getInviteCondition });

export function useInviteCondition() {
  return useQuery(inviteConditionQuery);
}
