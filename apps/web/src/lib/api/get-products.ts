import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productsAnswer } from '@cc/contracts/purchase';
import { http } from '../http.ts';
import { callOptions, calls } from './calls.ts';

export type ProductsAnswer = z.infer<typeof productsAnswer>;

/**
 * GET /v1/products?limit=1000&offset=1: the visible catalogue (xGlobalsignBrands applied by the server) and its
 * brands: the order screen's products, the price list, the order list's product and brand filters.
 */
export function getProducts(signal?: AbortSignal): Promise<ProductsAnswer> {
  return http<ProductsAnswer>(calls.products.path, callOptions(calls.products, signal));
}

export const productsQuery = queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal), staleTime: 5 * 60_000 });

/** The catalogue (~50 kB), once `wanted`: the order list asks only when a filter is opened or set from its address. */
export function useProducts(wanted = true) {
  return useQuery({ ...productsQuery, enabled: wanted });
}
