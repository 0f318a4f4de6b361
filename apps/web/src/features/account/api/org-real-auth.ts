import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orgRealAuthAnswer, orgRealAuthBody } from '@cc/contracts/real-name';
import { http } from '../../../lib/http.ts';
import { accountQuery } from '../../../lib/api/get-account.ts';

export type OrgRealAuth = z.infer<typeof orgRealAuthAnswer>;
export type OrgRealAuthInput = z.input<typeof orgRealAuthBody>;

/** GET /v1/orgRealAuth: the newest enterprise verification. */
export function getOrgRealAuth(): Promise<OrgRealAuth> {
  return http<OrgRealAuth>('/v1/orgRealAuth');
}

/** POST /v1/orgRealAuth: the application (company, code, legal person, bank account), or { authno, balance } to confirm the deposit. */
export function submitOrgRealAuth(input: OrgRealAuthInput): Promise<OrgRealAuth> {
  return http<OrgRealAuth>('/v1/orgRealAuth', { method: 'POST', body: input });
}

export const orgRealAuthQuery = queryOptions({ queryKey: ['orgRealAuth'], queryFn: getOrgRealAuth });

export function useOrgRealAuth(opts: { poll?: boolean } = {}) {
  return useQuery({ ...orgRealAuthQuery, refetchInterval: (q) => (opts.poll && q.state.data?.step === 'review' ? 3000 : false) });
}

export function useSubmitOrgRealAuth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitOrgRealAuth,
    onSuccess: (data) => {
      qc.setQueryData(orgRealAuthQuery.queryKey, data);
      void qc.invalidateQueries({ queryKey: accountQuery.queryKey });
    },
    // A wrong amount counts an attempt (or ends the verification): show the new state.
    onError: () => qc.invalidateQueries({ queryKey: orgRealAuthQuery.queryKey }),
  });
}
