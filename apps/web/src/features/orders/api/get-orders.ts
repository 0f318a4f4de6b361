import { useDeferredValue } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrderListItem, orderListAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { callOptions } from '../../../lib/api/calls.ts';
import { ordersCall, type OrderListParams } from './orders-call.ts';
import { unlessJustAnswered } from '../../../lib/api/first-answers.ts';

export type OrderList = z.infer<typeof orderListAnswer>;
export type { OrderListItem };

export type { OrderListParams };

/** GET /v1/orders: one page of the caller's orders, newest first. */
export function getOrders(params: OrderListParams, signal?: AbortSignal): Promise<OrderList> {
  const call = ordersCall(params);
  return http<OrderList>(call.path, callOptions(call, signal));
}

export const ordersKey = ['orders'] as const;
export const ordersQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', params],
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
    // The page's first rows come in before it mounts (app/compose, useFirstAnswers): not asked again as it does.
    refetchOnMount: unlessJustAnswered,
  });

export function useOrders(params: OrderListParams) {
  const query = useQuery(ordersQuery(params));
  // A page of orders is a table of many cells: its arrival renders in a deferred (interruptible) render rather than
  // blocking the page for one long task; the table shows its loading state until that render is in.
  const data = useDeferredValue(query.data);
  // Only what the list shows: spreading the whole result would read (and so re-render on) every field of it, its
  // turning stale included.
  return { data, error: query.error, isFetching: query.isFetching || data !== query.data };
}
