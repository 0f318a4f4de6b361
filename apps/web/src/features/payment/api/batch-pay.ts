import type { z } from 'zod';
import type { batchPayAnswer } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type BatchPayAnswer = z.infer<typeof batchPayAnswer>;

/** POST /v1/orders/batch/pay { orderNos }: queues a balance payment of many orders. */
export function startBatchPay(orderNos: readonly string[]): Promise<BatchPayAnswer> {
  return http<BatchPayAnswer>('/v1/orders/batch/pay', { method: 'POST', body: { orderNos: orderNos.join(',') } });
}
