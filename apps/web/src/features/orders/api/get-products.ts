import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productsAnswer } from '@cc/contracts/purchase';
import { listAllLimit, listAllOffset } from '@cc/domain/terms';
import { http } from '../../../lib/http.ts';

export type ProductsAnswer = z.infer<typeof productsAnswer>;

/** GET /v1/products (all): the product and brand choices of the list's filters. */
export function getProducts(signal?: AbortSignal): Promise<ProductsAnswer> {
  return http<ProductsAnswer>('/v1/products', { query: { limit: listAllLimit, offset: listAllOffset }, signal });
}

export const productsQuery = queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal), staleTime: 5 * 60_000 });

export function useProducts() {
  return useQuery(productsQuery);
}
