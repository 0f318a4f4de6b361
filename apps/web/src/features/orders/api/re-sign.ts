import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reSignAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type ReSignAnswer = z.infer<typeof reSignAnswer>;
export interface ReSignInput {
  orderNo: string;
  csr: string;
  key?: string;
  domainNames?: readonly string[];
}

/** POST /v1/orders/reSign: re-sign status 5004; a price difference above zero is paid with aim reSign. */
export function reSign(input: ReSignInput): Promise<ReSignAnswer> {
  const { domainNames, ...rest } = input;
  return http<ReSignAnswer>('/v1/orders/reSign', { method: 'POST', body: { ...rest, ...(domainNames?.length ? { domainNames: domainNames.join(',') } : {}) } });
}

export function useReSign() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reSign, onSettled: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
