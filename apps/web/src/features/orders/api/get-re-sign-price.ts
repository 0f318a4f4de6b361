import type { z } from 'zod';
import type { reSignPriceAnswer } from '@cc/contracts/orders';
import { http } from '../../../lib/http.ts';

export type ReSignPrice = z.infer<typeof reSignPriceAnswer>;

/** POST /v1/orders/reSignPrice/{id}: what adding names costs for the rest of the plan (cents). */
export function getReSignPrice(ref: string, domainNames?: readonly string[]): Promise<ReSignPrice> {
  return http<ReSignPrice>(`/v1/orders/reSignPrice/${encodeURIComponent(ref)}`, {
    method: 'POST',
    body: domainNames?.length ? { domainNames: domainNames.join(',') } : {},
  });
}
