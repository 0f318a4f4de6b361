import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** DELETE /v1/user/subAccounts/{id}: the member cannot sign in again; its orders stay with the account. */
export function removeSubAccount(id: number): Promise<null> {
  return http<null>(`/v1/user/subAccounts/${id}`, { method: 'DELETE' });
}

export function useRemoveSubAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeSubAccount, onSuccess: () => qc.invalidateQueries({ queryKey: ['team'] }) });
}
