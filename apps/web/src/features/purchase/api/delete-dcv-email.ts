import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { dcvEmailsQuery } from './get-dcv-emails.ts';

/** DELETE /v1/emailDnsEmails/{id}. */
export function deleteDcvEmail(id: number): Promise<unknown> {
  return http(`/v1/emailDnsEmails/${id}`, { method: 'DELETE' });
}

export function useDeleteDcvEmail() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteDcvEmail, onSuccess: () => qc.invalidateQueries({ queryKey: dcvEmailsQuery.queryKey }) });
}
