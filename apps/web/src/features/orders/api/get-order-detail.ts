import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrderDetail, orderDetailAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type OrderDetailAnswer = z.infer<typeof orderDetailAnswer>;
export type { OrderDetail };

/** While the CA works (issuing, or a paid re-sign under way) the page asks again at the payment polling's pace. */
export const detailPollMs = 2_000;

/** GET /v1/orders/detail/{id|orderNo}. */
export function getOrderDetail(ref: string, signal?: AbortSignal): Promise<OrderDetail> {
  return http<OrderDetailAnswer>(`/v1/orders/detail/${encodeURIComponent(ref)}`, { signal }).then((a) => a.orderInfo);
}

export const orderDetailQuery = (ref: string) =>
  queryOptions({ queryKey: [...ordersKey, 'detail', ref], queryFn: ({ signal }) => getOrderDetail(ref, signal) });

/**
 * Polls while the order is issuing (1009), while a paid order's validation is being set up (its names' records
 * are made by a background job just after payment), or while a paid re-sign awaits its new certificate.
 */
export function useOrderDetail(ref: string) {
  return useQuery({
    ...orderDetailQuery(ref),
    refetchInterval: (q) => {
      const d = q.state.data;
      if (!d || q.state.error) return false;
      const reSigning = d.reSign.request?.status === 'validating' && d.domains.every((x) => x.status === 'validated');
      const settingUp = d.orderStatus === 1002 && d.domains.length === 0;
      return d.orderStatus === 1009 || settingUp || reSigning ? detailPollMs : false;
    },
  });
}
