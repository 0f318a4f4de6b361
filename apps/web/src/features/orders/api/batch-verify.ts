import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { batchVerifyAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type BatchVerifyAnswer = z.infer<typeof batchVerifyAnswer>;

/** Checking hundreds of orders' names against DNS and HTTP takes a while. */
const batchVerifyTimeoutMs = 5 * 60_000;

/** POST /v1/orders/batch/verify: "verify now" for several orders; each order's counts after the check. */
export function batchVerify(orderNos: readonly string[]): Promise<BatchVerifyAnswer> {
  return http<BatchVerifyAnswer>('/v1/orders/batch/verify', { method: 'POST', body: { orderNos }, timeout: batchVerifyTimeoutMs });
}

export function useBatchVerify() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: batchVerify, onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
