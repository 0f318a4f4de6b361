import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderListAnswer, payAnswer, renewPriceAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

export type RenewQuote = z.infer<typeof renewPriceAnswer>;
export type OrderList = z.infer<typeof orderListAnswer>;

/** POST /dm-serv/v1/orders/renew/price */
export const useRenewPrice = (domains: string[], years: number) =>
  useQuery({
    queryKey: ['domains', 'renewPrice', domains, years],
    queryFn: () => http<RenewQuote>('/dm-serv/v1/orders/renew/price', { method: 'POST', body: { domains, years } }),
    enabled: domains.length > 0,
    retry: false,
  });

/** POST /dm-serv/v1/orders/renew */
export function useRenew() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { domains: string[]; years: number }) => http<z.infer<typeof payAnswer>>('/dm-serv/v1/orders/renew', { method: 'POST', body: v }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['domains'] }), qc.invalidateQueries({ queryKey: ['account'] })]),
  });
}

/** GET orders/renew/records, orders (registrations) or transferIn: the account's domain orders of a kind. */
export const useDomainOrders = (path: 'orders/renew/records' | 'orders' | 'transferIn', page: { limit: number; offset: number }) =>
  useQuery({ queryKey: ['domains', 'orders', path, page], queryFn: ({ signal }) => http<OrderList>(`/dm-serv/v1/${path}`, { query: page, signal }) });
