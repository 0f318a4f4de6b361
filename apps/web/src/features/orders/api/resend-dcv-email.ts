import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resendAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';
import { ordersKey } from './get-orders.ts';

export type ResendAnswer = z.infer<typeof resendAnswer>;

/** PUT /v1/orders/reSendDcvEmail/{id}: the approval e-mails of the pending e-mail names go out again. */
export function resendDcvEmail(ref: string): Promise<ResendAnswer> {
  return http<ResendAnswer>(`/v1/orders/reSendDcvEmail/${encodeURIComponent(ref)}`, { method: 'PUT', body: {} });
}

export function useResendDcvEmail() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resendDcvEmail, onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }) });
}
