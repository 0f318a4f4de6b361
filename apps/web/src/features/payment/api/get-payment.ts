import type { z } from 'zod';
import type { paymentAnswer } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type Payment = z.infer<typeof paymentAnswer>;

/** GET /v1/payments/{id}: any of the account's payments (a purchase's is polled until it succeeds). */
export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return http<Payment>(`/v1/payments/${encodeURIComponent(id)}`, { signal, quiet: true });
}
