import type { z } from 'zod';
import type { batchStatusAnswer } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type BatchStatus = z.infer<typeof batchStatusAnswer>;

/** GET /v1/orders/batch/pay/status?queueId=: counts, failed orders, and ready | pending | end. */
export function getBatchStatus(queueId: string, signal?: AbortSignal): Promise<BatchStatus> {
  return http<BatchStatus>('/v1/orders/batch/pay/status', { query: { queueId }, signal, quiet: true });
}
