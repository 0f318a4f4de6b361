import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invoiceContact, invoiceContactInput, invoiceOrg, invoiceOrgInput } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';

export type InvoiceOrg = z.infer<typeof invoiceOrg>;
export type InvoiceContact = z.infer<typeof invoiceContact>;
export type OrgInput = z.input<typeof invoiceOrgInput>;
export type ContactInput = z.input<typeof invoiceContactInput>;
type List<T> = { data: T[]; total: number };

/** The two kinds of template share their calls: /v1/invoiceOrganizations and /v1/invoiceContacts (full CRUD). */
export type TemplateKind = 'invoiceOrganizations' | 'invoiceContacts';

export const useTemplates = <T,>(kind: TemplateKind) =>
  useQuery({ queryKey: ['billing', kind], queryFn: ({ signal }) => http<List<T>>(`/v1/${kind}`, { query: { limit: 1000, offset: 1 }, signal }) });

export function useSaveTemplate<I extends object>(kind: TemplateKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: I & { id?: number | undefined }) => http<{ id: number }>(`/v1/${kind}`, { method: b.id ? 'PUT' : 'POST', body: b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['billing', kind] }),
  });
}

export function useDeleteTemplate(kind: TemplateKind) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => http<null>(`/v1/${kind}/${id}`, { method: 'DELETE' }), onSuccess: () => qc.invalidateQueries({ queryKey: ['billing', kind] }) });
}
