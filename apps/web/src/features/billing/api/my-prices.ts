import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myPricesAnswer } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';

export type MyPrice = z.infer<typeof myPricesAnswer>['data'][number];

/** GET /v1/products/myPrices: the account's own prices, every product and term. */
export const useMyPrices = () => useQuery({ queryKey: ['billing', 'myPrices'], queryFn: ({ signal }) => http<z.infer<typeof myPricesAnswer>>('/v1/products/myPrices', { signal }) });
