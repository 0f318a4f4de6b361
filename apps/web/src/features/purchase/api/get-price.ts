import type { z } from 'zod';
import type { priceAnswer, priceBody } from '@cc/contracts/purchase';
import { freeTermDays } from '@cc/domain/terms';
import { http } from '../../../lib/http.ts';

export type PriceInput = z.input<typeof priceBody>;
export type PriceAnswer = z.infer<typeof priceAnswer>;

/** POST /v1/orders/price/{productNo} {year, emails?, sslDomains?}: cents. Term 90 is not asked: it costs nothing (§7). */
export function getPrice(productNo: string, input: PriceInput, signal?: AbortSignal): Promise<PriceAnswer> {
  if (Number(input.year) === freeTermDays) return Promise.resolve({ allNowPrice: 0, allRawPrice: 0, discount: 100, packageCovered: 0, packageRemaining: 0 });
  return http<PriceAnswer>(`/v1/orders/price/${encodeURIComponent(productNo)}`, { method: 'POST', body: input, signal, quiet: true });
}
