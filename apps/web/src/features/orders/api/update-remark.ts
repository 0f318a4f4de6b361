import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

/** PUT /v1/orders/remark/{orderNo}: at most 500 characters (remarkBody). */
export function updateRemark(orderNo: string, remark: string): Promise<unknown> {
  return http<unknown>(`/v1/orders/remark/${encodeURIComponent(orderNo)}`, { method: 'PUT', body: { remark } });
}

export function useUpdateRemark(orderNo: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (remark: string) => updateRemark(orderNo, remark), onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
