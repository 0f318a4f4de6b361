import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productsAnswer } from '@cc/contracts/purchase';
import { http } from '../../../lib/http.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';

export type ProductsAnswer = z.infer<typeof productsAnswer>;

/** GET /v1/products?limit=1000&offset=1: the visible catalogue (xGlobalsignBrands applied by the server) and its brands. */
export function getProducts(): Promise<ProductsAnswer> {
  return http<ProductsAnswer>(calls.products.path, callOptions(calls.products));
}

export const productsQuery = queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 5 * 60_000 });

export function useProducts() {
  return useQuery(productsQuery);
}
