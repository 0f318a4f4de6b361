import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { apiKey, apiKeyCreateBody, apiKeyIdParams, apiKeySecretAnswer, apiKeysAnswer, apiKeyUpdateBody, developerBody } from '@cc/contracts/api-keys';
import { ok } from '../../lib/envelope.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';
import { becomeDeveloper, createApiKey, listApiKeys, revokeApiKey, rotateApiKey, updateApiKey, type Caller } from '../../services/account/api-keys.ts';

export const caller = (request: FastifyRequest): Caller => ({ accountId: request.account.id, memberId: request.account.member?.id ?? null, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

/**
 * Developer access (/account/developer): the developer terms and the account's API keys. No key may call these,
 * whatever its scope: a key never mints, changes or lists keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  keyScopeDefault(app, 'never');
  permissionDefault(app, 'keys.manage');
  const tags = ['developer'];

  app.get('/v1/apiKey', {
    schema: { tags, summary: 'Whether the account is a developer, and its API keys in use (never their secrets)', response: { 200: envelope(apiKeysAnswer) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await listApiKeys(app.db, request.account.id, request.account.member?.id ?? null));
  });

  app.post('/v1/developer', {
    schema: { tags, summary: 'Agrees to the developer terms (agree: true): the account may then create API keys', body: developerBody, response: { 200: envelope(apiKeysAnswer) } },
  }, async (request) => ok(await becomeDeveloper(app.db, caller(request))));

  app.post('/v1/apiKey', {
    schema: {
      tags,
      summary: 'Creates an API key with a name and a scope; the answer carries the key itself, shown this once',
      body: apiKeyCreateBody,
      response: { 200: envelope(apiKeySecretAnswer) },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await createApiKey(app.db, caller(request), request.body));
  });

  app.put('/v1/apiKey/:id', {
    schema: { tags, summary: 'Renames a key or changes its scope (takes effect on its next call)', params: apiKeyIdParams, body: apiKeyUpdateBody, response: { 200: envelope(apiKey) } },
  }, async (request) => ok(await updateApiKey(app.db, caller(request), request.params.id, request.body)));

  app.post('/v1/apiKey/:id/rotate', {
    schema: { tags, summary: 'Replaces the key\'s secret: the old one stops working at once; the new one is shown this once', params: apiKeyIdParams, response: { 200: envelope(apiKeySecretAnswer) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await rotateApiKey(app.db, caller(request), request.params.id));
  });

  app.delete('/v1/apiKey/:id', {
    schema: { tags, summary: 'Revokes a key: it stops working at once', params: apiKeyIdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await revokeApiKey(app.db, caller(request), request.params.id);
    return ok(null);
  });
};
