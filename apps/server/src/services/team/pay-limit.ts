import type { FastifyRequest } from 'fastify';
import { deptScopeOf, demandPayLimit } from '../../plugins/permissions.ts';
import { fail } from '../../lib/app-error.ts';
import { ordersByNos } from '../orders/queries.ts';

/**
 * Before a member pays orders: they must be orders it sees, and their amount within its role's limit (the owner sets
 * it per role, 0: cannot pay). The owner pays without either check.
 */
export async function demandPayableByMember(request: FastifyRequest, orderNos: string[], aim: 'makeOrder' | 'reSign' = 'makeOrder'): Promise<void> {
  if (!request.account.member) return;
  const wanted = [...new Set(orderNos)];
  const seen = await ordersByNos(request.server.db, await deptScopeOf(request), wanted);
  if (seen.length < wanted.length) throw fail('NOT_FOUND');
  const cents = seen.reduce((sum, o) => sum + Number(aim === 'reSign' ? o.re_sign_price_diff : o.pay_amount), 0);
  demandPayLimit(request, cents);
}
