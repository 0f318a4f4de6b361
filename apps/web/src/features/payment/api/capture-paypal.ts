import type { z } from 'zod';
import type { paypalCaptureAnswer, paypalCaptureBody } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type CaptureInput = z.input<typeof paypalCaptureBody>;
export type CaptureAnswer = z.infer<typeof paypalCaptureAnswer>;

/** POST /v1/orders/paypal/capture: completes a PayPal payment once the payer is back with token and PayerID (idempotent). */
export function capturePaypal(input: CaptureInput): Promise<CaptureAnswer> {
  return http<CaptureAnswer>('/v1/orders/paypal/capture', { method: 'POST', body: input });
}
