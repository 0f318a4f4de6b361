import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { autoDetectAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

export type AutoDetectAnswer = z.infer<typeof autoDetectAnswer>;

/** GET /v1/autoDetectDomain?orderNo=: for each name, whether its record or file is visible now (nothing changes). */
export function autoDetect(orderNo: string): Promise<AutoDetectAnswer> {
  return http<AutoDetectAnswer>('/v1/autoDetectDomain', { query: { orderNo } });
}

/** A mutation rather than a query: it runs live DNS and HTTP checks, only when the user asks. */
export function useAutoDetect() {
  return useMutation({ mutationFn: autoDetect });
}
