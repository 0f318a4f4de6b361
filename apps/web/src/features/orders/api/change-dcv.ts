import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dcvChangeBody, domainsAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type DcvChange = z.input<typeof dcvChangeBody>;
export type DomainsAnswer = z.infer<typeof domainsAnswer>;

/** PUT /v1/orders/dcv: a new method for one name, or for every pending name when `domain` is absent. */
export function changeDcv(body: DcvChange): Promise<DomainsAnswer> {
  return http<DomainsAnswer>('/v1/orders/dcv', { method: 'PUT', body });
}

export function useChangeDcv() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeDcv, onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
