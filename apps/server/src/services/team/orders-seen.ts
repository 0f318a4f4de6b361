import type { FastifyRequest } from 'fastify';
import { deptScopeOf } from '../../plugins/permissions.ts';
import { fail } from '../../lib/app-error.ts';
import { ordersByNos } from '../orders/queries.ts';

/**
 * Before a member pays orders: they must be orders it sees (its departments). What they cost is the spending gate's
 * (services/payments/spending.ts), where the payment takes it. The owner sees every order.
 */
export async function demandOrdersSeen(request: FastifyRequest, orderNos: string[]): Promise<void> {
  if (!request.account.member) return;
  const wanted = [...new Set(orderNos)];
  const seen = await ordersByNos(request.server.db, await deptScopeOf(request), wanted);
  if (seen.length < wanted.length) throw fail('NOT_FOUND');
}
