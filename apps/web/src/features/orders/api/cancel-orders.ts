import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cancelAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type CancelAnswer = z.infer<typeof cancelAnswer>;

/** POST /v1/orders/cancel: paid orders are refunded to the balance; each refusal comes back in `failed`. */
export function cancelOrders(orderNos: readonly string[]): Promise<CancelAnswer> {
  return http<CancelAnswer>('/v1/orders/cancel', { method: 'POST', body: { orderNos } });
}

export function useCancelOrders() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelOrders, onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
