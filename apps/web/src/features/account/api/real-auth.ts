import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { realAuthAnswer, realAuthBody } from '@cc/contracts/real-name';
import { http } from '../../../lib/http.ts';
import { accountQuery } from '../../../lib/api/get-account.ts';

export type RealAuth = z.infer<typeof realAuthAnswer>;
export type RealAuthInput = z.input<typeof realAuthBody>;

/** GET /v1/realAuth: the personal verification. */
export function getRealAuth(): Promise<RealAuth> {
  return http<RealAuth>('/v1/realAuth');
}

/** POST /v1/realAuth { name, idCard }: submits it to the verifier. */
export function submitRealAuth(input: RealAuthInput): Promise<RealAuth> {
  return http<RealAuth>('/v1/realAuth', { method: 'POST', body: input });
}

export const realAuthQuery = queryOptions({ queryKey: ['realAuth'], queryFn: getRealAuth });

export function useRealAuth(opts: { poll?: boolean } = {}) {
  // While the verifier reviews, the decision arrives by its callback: look again every few seconds.
  return useQuery({ ...realAuthQuery, refetchInterval: (q) => (opts.poll && q.state.data?.status === 'pending' ? 3000 : false) });
}

export function useSubmitRealAuth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitRealAuth,
    onSuccess: (data) => {
      qc.setQueryData(realAuthQuery.queryKey, data);
      void qc.invalidateQueries({ queryKey: accountQuery.queryKey });
    },
  });
}
