import type { z } from 'zod';
import type { orderStatusAnswer } from '@cc/contracts/orders';
import { http, timeouts } from '../../../lib/http.ts';

export type OrderStatus = z.infer<typeof orderStatusAnswer>;

/** GET /v1/orders/status/{orderNo}: the payment polling's question (60 s limit, §9). */
export function getOrderStatus(orderNo: string, signal?: AbortSignal): Promise<OrderStatus> {
  return http<OrderStatus>(`/v1/orders/status/${encodeURIComponent(orderNo)}`, { timeout: timeouts.orderStatus, signal, quiet: true });
}
