import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { contactsKey } from './get-contacts.ts';

/** DELETE /v1/contacts/{id}. */
export function deleteContact(id: number): Promise<unknown> {
  return http(`/v1/contacts/${id}`, { method: 'DELETE' });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteContact, onSuccess: () => qc.invalidateQueries({ queryKey: contactsKey }) });
}
