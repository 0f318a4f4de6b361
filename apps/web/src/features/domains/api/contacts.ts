import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { domainContact, domainContactBody, domainContactsAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

export type DomainContact = z.infer<typeof domainContact>;
export type DomainContactBody = z.input<typeof domainContactBody>;
type Answer = z.infer<typeof domainContactsAnswer>;

export const contactsQuery = queryOptions({ queryKey: ['domains', 'contacts'], queryFn: ({ signal }) => http<Answer>('/dm-serv/v1/contacts', { signal }) });
export const useDomainContacts = () => useQuery(contactsQuery);

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: number; body: DomainContactBody }) =>
      http<DomainContact>(v.id ? `/dm-serv/v1/contacts/${v.id}` : '/dm-serv/v1/contacts', { method: v.id ? 'PUT' : 'POST', body: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactsQuery.queryKey }),
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => http<null>(`/dm-serv/v1/contacts/${id}`, { method: 'DELETE' }), onSuccess: () => qc.invalidateQueries({ queryKey: contactsQuery.queryKey }) });
}
