import type { z } from 'zod';
import type { ordersByNumbersAnswer } from '@cc/contracts/purchase';
import { http } from '../../../lib/http.ts';

/** The answer of POST /createorderrenew (declared by the server's renewal routes, not in contracts). */
export interface CreateRenewalAnswer {
  orderNo: string;
  renewedFrom: string;
}

/** POST /createorderrenew: the renewal order of a ticket (same product, term, names, contact, company and CSR). */
export function createRenewal(ticket: string): Promise<CreateRenewalAnswer> {
  return http<CreateRenewalAnswer>('/createorderrenew', { method: 'POST', body: { ticket } });
}

/** GET /v1/orders?orderNos=: what the new order costs, so that the payment dialog opens as after a purchase. */
export async function payAmountOf(orderNo: string): Promise<number> {
  const a = await http<z.infer<typeof ordersByNumbersAnswer>>('/v1/orders', { query: { orderNos: orderNo } });
  return a.allOrders.find((o) => o.orderNo === orderNo)?.payAmount ?? 0;
}
