import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubAccountCreateBody, SubAccountUpdateBody } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** POST /v1/user/subAccounts: invites a member (a link by e-mail or SMS); PUT changes one (role, department, suspend, ...). */
export function saveSubAccount(body: SubAccountCreateBody | SubAccountUpdateBody): Promise<{ subAccountID: number }> {
  const update = 'subAccountID' in body;
  return http<{ subAccountID: number }>('/v1/user/subAccounts', { method: update ? 'PUT' : 'POST', body });
}

/** Any change to the team refreshes members, departments and roles (their counts move together). */
export function useSaveSubAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSubAccount, onSuccess: () => qc.invalidateQueries({ queryKey: ['team'] }) });
}
