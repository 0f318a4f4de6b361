import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myPricesAnswer } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';

/** GET /v1/products/myPrices: the account's own price of each product and term (one name), by "productNo:term". */
export const useMyPrices = () =>
  useQuery({
    queryKey: ['purchase', 'myPrices'],
    queryFn: async ({ signal }) => {
      const { data } = await http<z.infer<typeof myPricesAnswer>>('/v1/products/myPrices', { signal });
      return new Map(data.map((p) => [`${p.productNo}:${p.term}`, p.myPrice] as const));
    },
  });
