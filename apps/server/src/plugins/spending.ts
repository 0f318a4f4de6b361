import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { translate } from '@cc/contracts/messages';
import type { Spender } from '../services/payments/spending.ts';

/**
 * Calls that move money out of an account say so on the route, as they say their permission (plugins/permissions.ts):
 * `config: { spends: true }`. Such a call pays what it buys through the spending gate
 * (services/payments/spending.ts passSpendingGate): a member within its role's pay limit. The services that take
 * money require a Spender, and a request yields one only on a route that declares it (spenderOf), so a route that
 * moves money cannot leave the declaration out, and the test that walks the declared routes (spending-gate.test.ts)
 * checks each against a member with a small limit. A route that pays (permission orders.pay) and declares nothing
 * stops the server from starting.
 */

const pays = (r: RouteOptions) => r.config?.permission === 'orders.pay';

/** Refuses to start when a paying route of `scope` does not declare that it spends (checked at ready, as permissions are). */
export function checkSpendingDeclared(scope: FastifyInstance) {
  const routes: RouteOptions[] = [];
  scope.addHook('onRoute', (route) => {
    routes.push(route);
  });
  scope.addHook('onReady', async () => {
    const missing = routes.filter((r) => pays(r) && !r.config?.spends).map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    if (missing.length) throw new Error(`paying routes that do not declare config.spends: ${missing.join('; ')} (plugins/spending.ts).`);
  });
}

/** The API reference marks each call that spends (`x-spends`, within the member's pay limit), from its declaration. */
export function documentSpending<S extends Record<string, unknown> | undefined>(schema: S, config: FastifyContextConfig | undefined): S {
  if (!schema || !config?.signedIn || !config.spends) return schema;
  return { ...schema, 'x-spends': true };
}

/** Who spends in this call, for the spending gate. Only on a route that declares `spends`: anywhere else a bug. */
export function spenderOf(request: FastifyRequest): Spender {
  if (!request.routeOptions.config.spends) {
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} moves money but does not declare config.spends (plugins/spending.ts)`);
  }
  const accountId = request.account.id;
  const m = request.account.member;
  if (!m) return { by: 'owner', accountId };
  return { by: 'member', accountId, memberId: m.id, roleName: translate(request.locale, `role.${m.roleCode}`), payLimitCents: m.payLimitCents };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call moves money out of the account: it passes the spending gate (plugins/spending.ts). */
    spends?: true;
  }
}
