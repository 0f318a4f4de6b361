import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Permission } from '@cc/contracts/team';
import { translate } from '@cc/contracts/messages';
import { fail } from '../lib/app-error.ts';
import type { Viewer } from '../services/team/scope.ts';

/**
 * What a member may call is declared on the routes, never worked out from URLs (the same way as API key scopes,
 * plugins/api-key-scope.ts):
 * - a route says `config: { permission: 'orders.pay' }`;
 * - or its area says, in one line, what its reads and its writes need: `permissionDefault(app, 'orders.read', 'orders.manage')`.
 * A signed-in route that ends up with neither stops the server from starting (checkPermissionsDeclared), so a
 * forgotten declaration fails every test. The owner holds every permission; a member those of its role
 * (table roles); an API key those of the member it belongs to.
 */

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
/** Routes whose permission came from an area's default (not declared on the route). */
const defaulted = new WeakSet<object>();

/**
 * Gives every route registered in `scope` (and in the plugins it registers afterwards) the permission `read` when
 * it only reads (GET) and `write` otherwise, unless the route declares its own.
 */
export function permissionDefault(scope: FastifyInstance, read: Permission, write: Permission = read) {
  scope.addHook('onRoute', (route) => {
    // An enclosing area's default runs first: an inner area's replaces it, a route's own declaration stays.
    if (route.config?.permission && !defaulted.has(route)) return;
    defaulted.add(route);
    const methods = [route.method].flat();
    route.config = { ...route.config, permission: methods.every(isRead) ? read : write };
  });
}

/**
 * Collects the signed-in routes of `scope` as they are declared and, before the server is ready, refuses to start
 * when one of them has no permission. (Checked at ready, not at declaration: the area's own default is an onRoute
 * hook of the area, which runs after this one of the enclosing scope.)
 */
export function checkPermissionsDeclared(scope: FastifyInstance) {
  const routes: RouteOptions[] = [];
  scope.addHook('onRoute', (route) => {
    routes.push(route);
  });
  scope.addHook('onReady', async () => {
    const missing = routes.filter((r) => !r.config?.permission).map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    if (missing.length) {
      throw new Error(
        `signed-in routes without a permission: ${missing.join('; ')}. Declare config.permission on the route or permissionDefault() in its area (plugins/permissions.ts).`,
      );
    }
  });
}

/** The API reference names each signed-in call's permission (`x-permission`), from its declaration. */
export function documentPermission<S extends Record<string, unknown> | undefined>(schema: S, config: { permission?: Permission; signedIn?: boolean } | undefined): S {
  if (!schema || !config?.signedIn || !config.permission) return schema;
  return { ...schema, 'x-permission': config.permission };
}

/** What the signed-in caller is: the owner (member null) or a member with its role. */
export interface Caller {
  member: null | {
    id: number;
    name: string;
    deptId: number | null;
    roleCode: string;
    permissions: ReadonlySet<string>;
    payLimitCents: number | null;
  };
}

/** Whether the caller holds `permission` (the owner holds all; every signed-in caller holds self). */
export function holds(request: FastifyRequest, permission: Permission): boolean {
  const m = request.account.member;
  return !m || permission === 'self' || m.permissions.has(permission);
}

const roleName = (request: FastifyRequest) => translate(request.locale, `role.${request.account.member?.roleCode ?? 'owner'}`);

/** Refuses the call (HTTP 403, code 14000, naming the role and the permission) unless the caller holds `permission`. */
export function demand(request: FastifyRequest, permission: Permission): void {
  if (holds(request, permission)) return;
  throw fail('PERMISSION_DENIED', { role: roleName(request), permission: translate(request.locale, `perm.${permission}`) });
}

/** The route's declared permission, checked once the caller is known (plugins/auth.ts calls this). */
export function demandRoutePermission(request: FastifyRequest): void {
  const p = request.routeOptions.config.permission;
  // A route with none never gets this far: the server does not start (checkPermissionsDeclared).
  if (p) demand(request, p);
}


/** The departments whose objects the caller sees: null for all (owner, or a role with scope.all). */
export async function deptScopeOf(request: FastifyRequest): Promise<Viewer> {
  const m = request.account.member;
  const base = { id: request.account.id, memberId: m?.id ?? null, deptId: m?.deptId ?? null };
  if (!m || m.permissions.has('scope.all')) return { ...base, depts: null };
  if (request.deptScope) return request.deptScope;
  const rows =
    m.deptId === null
      ? []
      : await request.server.db.query<{ id: number }>(
          `WITH RECURSIVE t AS (SELECT id FROM depts WHERE id = $1 AND account_id = $2
             UNION ALL SELECT d.id FROM depts d JOIN t ON d.parent_id = t.id)
           SELECT id FROM t`,
          [m.deptId, request.account.id],
        );
  request.deptScope = { ...base, depts: rows.map((r) => r.id) };
  return request.deptScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    deptScope?: Viewer;
  }
  interface FastifyContextConfig {
    /** What the caller's role must hold to make the call (plugins/permissions.ts); every signed-in route has one. */
    permission?: Permission;
  }
}
