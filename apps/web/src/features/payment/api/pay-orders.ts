import type { z } from 'zod';
import type { payBody, payResult } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type PayInput = z.input<typeof payBody>;
export type PayResult = z.infer<typeof payResult>;

/**
 * POST /v1/orders/pay: balance pays at once (status 'paid'); an outside way answers the provider's fields
 * (status 'pending') and the order status is polled. `quiet`: the caller handles network loss itself.
 */
export function payOrders(input: PayInput, opts: { quiet?: boolean; signal?: AbortSignal } = {}): Promise<PayResult> {
  return http<PayResult>('/v1/orders/pay', { method: 'POST', body: input, quiet: opts.quiet, signal: opts.signal });
}
