import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { eabKeyCreateBody, eabKeyIdParams, eabKeySecretAnswer, eabKeysAnswer } from '@cc/contracts/acme';
import { ok } from '../../lib/envelope.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { createEabKey, listEabKeys, revokeEabKey } from '../../services/acme-server/eab.ts';
import { caller } from '../account/api-keys.ts';

/** EAB keys of the ACME server on /account/developer: like API keys, no key may call these, and they need keys.manage. */
export const eabKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  keyScopeDefault(app, 'never');
  permissionDefault(app, 'keys.manage');
  const tags = ['developer'];

  app.get('/v1/acme/eabKeys', {
    schema: { tags, summary: 'The account\'s External Account Binding keys for ACME clients (never their HMAC keys)', response: { 200: envelope(eabKeysAnswer) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await listEabKeys(app.db, request.account.id, ordersContext(app).baseUrl));
  });

  app.post('/v1/acme/eabKeys', {
    schema: { tags, summary: 'Creates an EAB key (optionally for some products, a spending limit, a company); the HMAC key is in this answer only', body: eabKeyCreateBody, response: { 200: envelope(eabKeySecretAnswer) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await createEabKey(app.db, ordersContext(app).box, caller(request), request.body));
  });

  app.delete('/v1/acme/eabKeys/:id', {
    schema: { tags, summary: 'Revokes an EAB key: the ACME accounts registered with it can no longer order', params: eabKeyIdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await revokeEabKey(app.db, caller(request), request.params.id);
    return ok(null);
  });
};
