import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderCountAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';

export type OrderCount = z.infer<typeof orderCountAnswer>;

/** GET /v1/orders/count: the account overview reads the expired count (status 1007) from it. */
export function getOrderCount(signal?: AbortSignal): Promise<OrderCount> {
  return http<OrderCount>(calls.orderCount.path, callOptions(calls.orderCount, signal));
}

export const accountOrderCountQuery = queryOptions({ queryKey: ['orders', 'count'], queryFn: ({ signal }) => getOrderCount(signal) });

export function useOrderCount() {
  return useQuery(accountOrderCountQuery);
}
