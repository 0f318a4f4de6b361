import type { z } from 'zod';
import type { batchHashValuesAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

export type BatchHashValues = z.infer<typeof batchHashValuesAnswer>;

/** POST /v1/orders/batch/hashValues: the validation instructions of every name of several orders, one row per name. */
export function batchHashValues(orderNos: readonly string[]): Promise<BatchHashValues> {
  return http<BatchHashValues>('/v1/orders/batch/hashValues', { method: 'POST', body: { orderNos } });
}
