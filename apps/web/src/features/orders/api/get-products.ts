import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productsAnswer } from '@cc/contracts/purchase';
import { http } from '../../../lib/http.ts';
import { callOptions, calls } from '../../../lib/api/calls.ts';

export type ProductsAnswer = z.infer<typeof productsAnswer>;

/** GET /v1/products (all): the product and brand choices of the list's filters. */
export function getProducts(signal?: AbortSignal): Promise<ProductsAnswer> {
  return http<ProductsAnswer>(calls.products.path, callOptions(calls.products, signal));
}

export const productsQuery = queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal), staleTime: 5 * 60_000 });

/** The catalogue (~50 kB) only once `wanted`: a filter is opened, or the list opened filtered by product or brand. */
export function useProducts(wanted = true) {
  return useQuery({ ...productsQuery, enabled: wanted });
}
