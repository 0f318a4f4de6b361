import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reSignRecordsAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type ReSignRecords = z.infer<typeof reSignRecordsAnswer>;

/** GET /v1/orders/reSign/records?orderNo=: the order's re-sign requests, newest first. */
export function getReSignRecords(orderNo: string, signal?: AbortSignal): Promise<ReSignRecords> {
  return http<ReSignRecords>('/v1/orders/reSign/records', { query: { orderNo, limit: 100, offset: 1 }, signal });
}

export const reSignRecordsQuery = (orderNo: string) =>
  queryOptions({ queryKey: [...ordersKey, 'reSignRecords', orderNo], queryFn: ({ signal }) => getReSignRecords(orderNo, signal) });

export function useReSignRecords(orderNo: string | undefined) {
  return useQuery({ ...reSignRecordsQuery(orderNo ?? ''), enabled: Boolean(orderNo) });
}
