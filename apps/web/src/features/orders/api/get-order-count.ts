import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderCountAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';
import { unlessJustAnswered } from '../../../lib/api/first-answers.ts';

export type OrderCount = z.infer<typeof orderCountAnswer>;

/** GET /v1/orders/count: totals per status (the list's tabs) and the expiring count. */
export function getOrderCount(signal?: AbortSignal): Promise<OrderCount> {
  return http<OrderCount>(calls.orderCount.path, callOptions(calls.orderCount, signal));
}

export const orderCountQuery = queryOptions({ queryKey: [...ordersKey, 'count'], queryFn: ({ signal }) => getOrderCount(signal), refetchOnMount: unlessJustAnswered });

export function useOrderCount() {
  return useQuery(orderCountQuery);
}
