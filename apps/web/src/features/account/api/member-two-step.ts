import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { memberSecurityAnswer, memberTwoStepBody } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

type Answer = z.infer<typeof memberSecurityAnswer>;

/** GET /v1/member/twoStep: a member's own second step (members only). */
export const memberTwoStepQuery = queryOptions({ queryKey: ['account', 'memberTwoStep'], queryFn: ({ signal }) => http<Answer>('/v1/member/twoStep', { signal }) });

export function useMemberTwoStep(enabled: boolean) {
  return useQuery({ ...memberTwoStepQuery, enabled });
}

/** PUT /v1/member/twoStep { twoStep, password (hashed as sign-in sends it) }. */
export function useSetMemberTwoStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof memberTwoStepBody>) => http<Answer>('/v1/member/twoStep', { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(memberTwoStepQuery.queryKey, data),
  });
}
