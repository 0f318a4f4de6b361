import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cartAnswer, checkoutAnswer, payAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

export type Cart = z.infer<typeof cartAnswer>;
export type PayAnswer = z.infer<typeof payAnswer>;

export const cartQuery = queryOptions({ queryKey: ['domains', 'cart'], queryFn: ({ signal }) => http<Cart>('/dm-serv/v1/carts', { signal }) });
export const useCart = () => useQuery(cartQuery);

function useCartMutation<V>(fn: (v: V) => Promise<Cart>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (c) => qc.setQueryData(cartQuery.queryKey, c) });
}

/** POST /dm-serv/v1/carts */
export const useAddToCart = () => useCartMutation((v: { domains: string[]; years?: number }) => http<Cart>('/dm-serv/v1/carts', { method: 'POST', body: v }));
/** PUT /dm-serv/v1/carts/{id} */
export const useUpdateCart = () => useCartMutation((v: { id: number; years: number }) => http<Cart>(`/dm-serv/v1/carts/${v.id}`, { method: 'PUT', body: { years: v.years } }));
/** DELETE /dm-serv/v1/carts/{id} */
export const useRemoveFromCart = () => useCartMutation((id: number) => http<Cart>(`/dm-serv/v1/carts/${id}`, { method: 'DELETE' }));

export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/** POST /dm-serv/v1/pay: checkout by any pay way (balance: the orders now; outside: the pending pay result). */
export function checkoutCart(body: { cartIds: number[]; contactId: number; payWay: string; returnUrl?: string; replacePaymentId?: string }): Promise<CheckoutAnswer> {
  return http<CheckoutAnswer>('/dm-serv/v1/pay', { method: 'POST', body });
}
