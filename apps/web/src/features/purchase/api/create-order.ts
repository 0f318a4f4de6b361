import type { z } from 'zod';
import type { createOrderAnswer, createOrderBody, CreateOrderPartialAnswer } from '@cc/contracts/purchase';
import { http, timeouts } from '../../../lib/http.ts';

export type CreateOrderInput = z.input<typeof createOrderBody>;

const path = (productNo: string, free: boolean) => (free ? '/v1/orders/free' : `/v1/orders/certificate/${encodeURIComponent(productNo)}`);
const bodyOf = (productNo: string, free: boolean, input: CreateOrderInput) => (free ? { ...input, productNo } : input);

/**
 * POST /v1/orders/certificate/{productNo}, or POST /v1/orders/free (same body + productNo) for a free product.
 * Answers the order numbers (the server joins several with commas). 20-minute limit (§9).
 */
export async function createOrder(productNo: string, free: boolean, input: CreateOrderInput): Promise<string[]> {
  const data = await http<z.infer<typeof createOrderAnswer>>(path(productNo, free), { method: 'POST', body: bodyOf(productNo, free, { ...input, partial: false }), timeout: timeouts.orderCreate, quiet: true });
  return String(data).split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The same call with `partial: true`: the valid certificates of `input.sslCerts` are created in one transaction,
 * the invalid ones answered with their errors (`index` is the position in sslCerts).
 */
export function createOrderPartial(productNo: string, free: boolean, input: CreateOrderInput): Promise<CreateOrderPartialAnswer> {
  return http<CreateOrderPartialAnswer>(path(productNo, free), { method: 'POST', body: bodyOf(productNo, free, { ...input, partial: true }), timeout: timeouts.orderCreate, quiet: true });
}
