import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ordersByNumbersAnswer } from '@cc/contracts/purchase';
import { http } from '../../../lib/http.ts';

export type OrdersByNumbers = z.infer<typeof ordersByNumbersAnswer>;
export type PayableOrder = OrdersByNumbers['allOrders'][number];

/** GET /v1/orders?orderNos=a,b: the orders the dialog pays ({ allOrders }). */
export function getOrdersByNumbers(orderNos: readonly string[]): Promise<OrdersByNumbers> {
  return http<OrdersByNumbers>('/v1/orders', { query: { orderNos: orderNos.join(',') } });
}

export const ordersByNumbersQuery = (orderNos: readonly string[]) =>
  queryOptions({ queryKey: ['orders', 'byNumbers', orderNos.join(',')], queryFn: () => getOrdersByNumbers(orderNos) });

export function useOrdersByNumbers(orderNos: readonly string[], enabled = true) {
  return useQuery({ ...ordersByNumbersQuery(orderNos), enabled: enabled && orderNos.length > 0 });
}
