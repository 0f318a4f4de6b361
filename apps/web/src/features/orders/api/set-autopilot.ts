import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { DomainsAnswer } from './change-dcv.ts';
import { ordersKey } from './get-orders.ts';

/** PUT /v1/orders/dcvAutopilot/{orderNo}: the DCV autopilot of an order on or off. */
export function setAutopilot(v: { orderNo: string; on: boolean }): Promise<DomainsAnswer> {
  return http<DomainsAnswer>(`/v1/orders/dcvAutopilot/${encodeURIComponent(v.orderNo)}`, { method: 'PUT', body: { on: v.on } });
}

export function useSetAutopilot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setAutopilot, onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
