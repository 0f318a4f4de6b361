import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberSignOutAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** POST /v1/user/subAccounts/{id}/signOut: every live session of the member ends now; it signs in again as usual. */
export function signOutSubAccount(id: number): Promise<MemberSignOutAnswer> {
  return http<MemberSignOutAnswer>(`/v1/user/subAccounts/${id}/signOut`, { method: 'POST', body: {} });
}

export function useSignOutSubAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: signOutSubAccount, onSuccess: () => qc.invalidateQueries({ queryKey: ['team'] }) });
}
