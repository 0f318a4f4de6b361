import type { z } from 'zod';
import type { certAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

export type CertAnswer = z.infer<typeof certAnswer>;

/** GET /v1/orders/cert/{orderNo}: PEM certificate, chain, full chain, root, and the key when the server holds it. */
export function getCert(orderNo: string): Promise<CertAnswer> {
  return http<CertAnswer>(`/v1/orders/cert/${encodeURIComponent(orderNo)}`);
}
