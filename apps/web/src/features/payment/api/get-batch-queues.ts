import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { batchQueuesAnswer } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type BatchQueues = z.infer<typeof batchQueuesAnswer>;

/** GET /v1/orders/batch/pay/queues: the caller's newest queues, newest first. */
export function getBatchQueues(): Promise<BatchQueues> {
  return http<BatchQueues>('/v1/orders/batch/pay/queues');
}

export const batchQueuesQuery = queryOptions({ queryKey: ['batchPay', 'queues'], queryFn: getBatchQueues });

export function useBatchQueues() {
  return useQuery(batchQueuesQuery);
}
