import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

/** POST /v1/orders/reCommit/{orderNo}: a 1003/1006 order goes back to validation. */
export function reCommitOrder(orderNo: string): Promise<unknown> {
  return http<unknown>(`/v1/orders/reCommit/${encodeURIComponent(orderNo)}`, { method: 'POST', body: {} });
}

export function useReCommitOrder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reCommitOrder, onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
