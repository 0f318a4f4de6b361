import type { Call } from '../../../lib/api/calls.ts';
import { firstPageParams } from '../lib/list-view.ts';

/** The list's filters, as GET /v1/orders takes them (offset is the 1-based page). */
export interface OrderListParams {
  limit: number;
  offset: number;
  status?: number;
  productNo?: string;
  brand?: string;
  domain?: string;
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
  expiring?: boolean;
  renewalFailed?: boolean;
}

/** GET /v1/orders for one page of the list, as the list asks for it (api/get-orders.ts). */
export const ordersCall = (params: OrderListParams): Call => ({ path: '/v1/orders', query: { ...params, expiring: params.expiring ? true : undefined } });

/**
 * The list call of the first page an address (/orders/list?status=1002...) opens: the route starts it with the
 * page's code (app/preload.ts), so that the rows come with the page instead of after it has rendered once.
 */
export const firstOrdersPageCall = (search: Record<string, unknown>): Call => ordersCall(firstPageParams(search));
