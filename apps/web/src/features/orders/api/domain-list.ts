import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { DomainsAnswer } from './change-dcv.ts';
import { ordersKey } from './get-orders.ts';

/**
 * POST /v1/orders/domainList/{orderNo}: new names for an order waiting for validation (the common name first; it
 * stays). No more names than were paid for: the server says so in its message.
 */
export function saveDomainList(orderNo: string, domainNames: readonly string[]): Promise<DomainsAnswer> {
  return http<DomainsAnswer>(`/v1/orders/domainList/${encodeURIComponent(orderNo)}`, { method: 'POST', body: { domainNames: domainNames.join(',') } });
}

export function useSaveDomainList(orderNo: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (names: readonly string[]) => saveDomainList(orderNo, names), onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
