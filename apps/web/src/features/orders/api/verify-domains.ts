import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { DomainsAnswer } from './change-dcv.ts';
import { ordersKey } from './get-orders.ts';

/** PUT /v1/orders/verifyDomains/{id}: checks every pending name now; 1009 when all pass (the certificate follows). */
export function verifyDomains(ref: string): Promise<DomainsAnswer> {
  return http<DomainsAnswer>(`/v1/orders/verifyDomains/${encodeURIComponent(ref)}`, { method: 'PUT', body: {} });
}

export function useVerifyDomains() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: verifyDomains, onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
