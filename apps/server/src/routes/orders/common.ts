import type { Viewer } from '../../services/team/scope.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';
import { findOrder, type OrderRow } from '../../services/orders/queries.ts';
import type { OrdersContext } from '../../services/orders/context.ts';

export const tags = ['orders'];

/** The caller's order by id or number, or "not found" (another account's order included, and one of a department the member does not see). */
export async function myOrder(ctx: OrdersContext, who: Viewer | number, ref: string): Promise<OrderRow> {
  const o = await findOrder(ctx.db, who, ref);
  if (!o) throw new RuleError('NOT_FOUND', said('orders.notFound'));
  return o;
}
