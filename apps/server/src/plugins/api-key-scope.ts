import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { apiKeyScopes, type ApiKeyScope } from '@cc/contracts/api-keys';
import { translate, type Locale, type MessageKey } from '@cc/contracts/messages';

/**
 * What an API key may call is declared on the routes (route `config.apiKey`), never worked out from URLs:
 * - read: GET calls (the default of every GET);
 * - orders: read + ordering, validation and payment (the default an area sets with keyScopeDefault);
 * - full: everything else a key may call (the default of any other method);
 * - never: no key, whatever its scope: managing keys, password, second step, sessions, closing the account.
 */
export type KeyAccess = ApiKeyScope | 'never';

const rank: Record<ApiKeyScope, number> = { read: 0, orders: 1, full: 2 };
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The access a route needs: declared on it (or by its area), else by its method. */
export function keyAccessOf(config: FastifyContextConfig | undefined, method: string): KeyAccess {
  return config?.apiKey ?? (isRead(method) ? 'read' : 'full');
}

/** The scopes that may call a route needing `access` (empty for never). */
export const scopesFor = (access: KeyAccess): ApiKeyScope[] => (access === 'never' ? [] : apiKeyScopes.filter((s) => rank[s] >= rank[access]));

/** Why a key of `scope` may not make `call`, in the caller's language; null when it may. */
export function keyRefusal(scope: ApiKeyScope, access: KeyAccess, call: string, locale: Locale): { key: MessageKey; params: Record<string, string> } | null {
  if (access === 'never') return { key: 'err.apiKeyNever', params: { call } };
  if (rank[scope] >= rank[access]) return null;
  const name = (s: ApiKeyScope) => translate(locale, `apiKey.scope.${s}`);
  const quoted = scopesFor(access).map((s) => (locale === 'zh' ? `“${name(s)}”` : `"${name(s)}"`));
  return { key: 'err.apiKeyScope', params: { scope: name(scope), call, needed: quoted.join(translate(locale, 'apiKey.or')) } };
}

/**
 * Gives every route registered in `scope` (and the plugins it registers afterwards) the access `access` unless the
 * route declares its own; a GET in an area that keys may use stays readable with a read-only key.
 */
export function keyScopeDefault(scope: FastifyInstance, access: KeyAccess) {
  scope.addHook('onRoute', (route) => {
    if (route.config?.apiKey) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const read = methods.every(isRead);
    route.config = { ...route.config, apiKey: read && access !== 'never' ? 'read' : access };
  });
}

type Schema = Record<string, unknown> & { description?: string };

/**
 * The API reference's view of a signed-in route: both ways to authenticate (session token, API key) unless no key
 * may call it, the scopes that may (`x-api-key-scopes`), and a sentence saying so.
 */
export function documentKeyAccess(schema: Schema | undefined, config: FastifyContextConfig | undefined, method: string | string[]): Schema | undefined {
  if (!schema || !config?.signedIn) return schema;
  const access = keyAccessOf(config, Array.isArray(method) ? (method[0] ?? 'GET') : method);
  const scopes = scopesFor(access);
  const note = scopes.length ? `API key scopes: ${scopes.join(', ')}.` : 'Not open to API keys: signed-in console sessions only.';
  return {
    ...schema,
    security: scopes.length ? [{ token: [] }, { apiKey: [] }] : [{ token: [] }],
    description: schema.description ? `${schema.description}\n\n${note}` : note,
    'x-api-key-scopes': scopes,
  };
}
