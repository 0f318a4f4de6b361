import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { verifyTokenAnswer } from '@cc/contracts/session';
import { ok } from '../../lib/envelope.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';

const tags = ['session'];

/** Token check and sign-out; the session guard has already answered 401 for a bad token. */
export const signedInSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sessions are the console's: no API key signs out or manages them (checking a key is fine).
  keyScopeDefault(app, 'never');
  // Every signed-in member checks and ends its own session.
  permissionDefault(app, 'self');
  app.post(
    '/verify_token',
    { schema: { tags, summary: 'Whether the token is valid (HTTP 401 when not)', security: [{ token: [] }], response: { 200: envelope(verifyTokenAnswer) } }, config: { apiKey: 'read' } },
    async (request) => ok({ valid: true, accountNo: request.account.accountNo }),
  );

  app.get(
    '/v1/logout',
    { schema: { tags, summary: 'Revokes the current session', security: [{ token: [] }], response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      await app.db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1`, [request.account.tokenHash]);
      // The guard echoed the token back; a revoked one must not be handed to the client again.
      reply.removeHeader('authorization');
      return ok(null);
    },
  );
};
