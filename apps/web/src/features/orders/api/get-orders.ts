import { useDeferredValue } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrderListItem, orderListAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

export type OrderList = z.infer<typeof orderListAnswer>;
export type { OrderListItem };

/** The list's filters, as GET /v1/orders takes them (offset is the 1-based page). */
export interface OrderListParams {
  limit: number;
  offset: number;
  status?: number;
  productNo?: string;
  brand?: string;
  domain?: string;
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
  expiring?: boolean;
}

/** GET /v1/orders: one page of the caller's orders, newest first. */
export function getOrders(params: OrderListParams, signal?: AbortSignal): Promise<OrderList> {
  return http<OrderList>('/v1/orders', { query: { ...params, expiring: params.expiring ? true : undefined }, signal });
}

export const ordersKey = ['orders'] as const;
export const ordersQuery = (params: OrderListParams) =>
  queryOptions({ queryKey: [...ordersKey, 'list', params], queryFn: ({ signal }) => getOrders(params, signal), placeholderData: keepPreviousData });

export function useOrders(params: OrderListParams) {
  const query = useQuery(ordersQuery(params));
  // A page of orders is a table of many cells: its arrival renders in a deferred (interruptible) render rather than
  // blocking the page for one long task; the table shows its loading state until that render is in.
  const data = useDeferredValue(query.data);
  return { ...query, data, isFetching: query.isFetching || data !== query.data };
}
