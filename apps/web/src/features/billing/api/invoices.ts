import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invoiceAppliedAnswer, invoiceApplyBody, invoiceListAnswer } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';
import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

export type InvoiceList = z.infer<typeof invoiceListAnswer>;
export type Invoice = InvoiceList['data'][number];
export type InvoiceApply = z.input<typeof invoiceApplyBody>;

/** GET /v1/invoices: applications with toBeInvoicedAmount. */
export const useInvoices = (q: { limit: number; offset: number }) =>
  useQuery({ queryKey: ['billing', 'invoices', q], queryFn: ({ signal }) => http<InvoiceList>('/v1/invoices', { query: q, signal }), placeholderData: keepPreviousData });

/** POST /v1/invoices. */
export function useApplyInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: InvoiceApply) => http<z.infer<typeof invoiceAppliedAnswer>>('/v1/invoices', { method: 'POST', body: b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['billing', 'invoices'] }),
  });
}

/** DELETE /v1/invoices/{id}: while pending. */
export function useCancelInvoice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => http<null>(`/v1/invoices/${id}`, { method: 'DELETE' }), onSuccess: () => qc.invalidateQueries({ queryKey: ['billing', 'invoices'] }) });
}

/** GET /v1/invoices/{id}/pdf. */
export const downloadInvoicePdf = (id: number): Promise<FileAnswer> => httpFile(`/v1/invoices/${id}/pdf`);
