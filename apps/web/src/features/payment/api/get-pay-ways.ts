import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payWaysAnswer } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type PayWaysAnswer = z.infer<typeof payWaysAnswer>;
export type PayWayOption = PayWaysAnswer['payWays'][number];

/** GET /v1/orders/payWays: switched-on ways, balance first (several orders: balance only; deposit: no balance). */
export function getPayWays(scene: 'order' | 'deposit', count = 1): Promise<PayWaysAnswer> {
  return http<PayWaysAnswer>('/v1/orders/payWays', { query: { scene, count } });
}

export const payWaysQuery = (scene: 'order' | 'deposit', count = 1) =>
  queryOptions({ queryKey: ['payWays', scene, scene === 'deposit' ? 1 : Math.min(count, 2)], queryFn: () => getPayWays(scene, count), staleTime: 60_000 });

export function usePayWays(scene: 'order' | 'deposit', count = 1, enabled = true) {
  return useQuery({ ...payWaysQuery(scene, count), enabled });
}
