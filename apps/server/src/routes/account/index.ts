import { memberAnswer, memberById } from '../../services/team/member-sign-in.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import {
  accountAnswer,
  codeSentAnswer,
  googleAuthAnswer,
  inviteCodeAnswer,
  inviteCodeBody,
  twoStepAuthBody,
  twoStepAuthCodeQuery,
  twoStepStatus,
} from '@cc/contracts/session';
import { fail } from '../../lib/app-error.ts';
import { compiledAnswer } from '../../lib/compiled-answer.ts';
import { ok } from '../../lib/envelope.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';
import { accountRowOf } from '../../plugins/auth.ts';
import { accountAnswerOf } from '../../services/session/accounts.ts';
import { sendTwoStepCode, setTwoStep, startGoogleAuth, twoStepStatusOf } from '../../services/session/two-step.ts';

const tags = ['account'];
const security = [{ token: [] }];

/** The signed-in account: overview, invite code and second-step settings. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Second-step settings are security: no API key reaches them. The overview and the invite code are declared open.
  keyScopeDefault(app, 'never');
  // The holder's own second step and invite code: the owner's alone (GET /v1/account answers every member).
  permissionDefault(app, 'account.owner');
  // Document 02: "GET and POST /v1/account", both the current account. A POST reads too (its body is ignored).
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/v1/account',
      schema: {
        tags,
        summary: `The current account; lastLoginIP/lastLoginTime are those of the sign-in before the current one (China Standard Time)${method === 'POST' ? '. The same as GET' : ''}`,
        security,
        response: { 200: envelope(accountAnswer) },
      },
      config: { accountRow: true, apiKey: 'read', permission: 'self' },
      // Every console page asks for it: its answer is written by a compiled serializer, not validated by zod.
      serializerCompiler: compiledAnswer,
      handler: async (request) => {
        const answer = accountAnswerOf(accountRowOf(request));
        if (!request.account.member) return ok(answer);
        // A member sees its own contact details, never the holder's identity.
        return ok(memberAnswer(answer, await memberById(app.db, request.account.member.id)));
      },
    });
  }

  app.get(
    '/v1/inviteCode',
    { schema: { tags, summary: 'The account invite code', security, response: { 200: envelope(inviteCodeAnswer) } }, config: { accountRow: true, apiKey: 'read' }, serializerCompiler: compiledAnswer },
    async (request) => ok({ inviteCode: accountRowOf(request).invite_code ?? '' }),
  );

  app.put(
    '/v1/inviteCode',
    { schema: { tags, summary: 'Changes the invite code (4~128 letters or digits, unique)', security, body: inviteCodeBody, response: { 200: envelope(inviteCodeAnswer) } }, config: { apiKey: 'full' } },
    async (request) => {
      const { inviteCode } = request.body;
      const taken = await app.db.query(`SELECT 1 FROM accounts WHERE invite_code = $1 AND id <> $2`, [inviteCode, request.account.id]);
      if (taken.length) throw fail('INVITE_CODE_TAKEN', undefined, { inviteCode: 'err.inviteCodeTaken' });
      try {
        await app.db.query(`UPDATE accounts SET invite_code = $2 WHERE id = $1`, [request.account.id, inviteCode]);
      } catch (e) {
        // Another account took it between the check and the write.
        if ((e as { code?: unknown }).code === '23505') throw fail('INVITE_CODE_TAKEN', undefined, { inviteCode: 'err.inviteCodeTaken' });
        throw e;
      }
      return ok({ inviteCode });
    },
  );

  app.get(
    '/v1/twoStepAuth',
    { schema: { tags, summary: 'Which second-step methods are on', security, response: { 200: envelope(twoStepStatus) } }, config: { accountRow: true }, serializerCompiler: compiledAnswer },
    async (request) => ok(twoStepStatusOf(accountRowOf(request))),
  );

  app.get(
    '/v1/twoStepAuthCode',
    { schema: { tags, summary: "Sends a code to the account's own phone (tel) or address (email)", security, querystring: twoStepAuthCodeQuery, response: { 200: envelope(codeSentAnswer) } } },
    async (request) => ok(await sendTwoStepCode(app, request, request.query.authType)),
  );

  app.get(
    '/v1/googleAuth',
    { schema: { tags, summary: 'A new pending authenticator secret and its QR code; active once POST /v1/twoStepAuth confirms a code', security, response: { 200: envelope(googleAuthAnswer) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await startGoogleAuth(app, request));
    },
  );

  app.post(
    '/v1/twoStepAuth',
    {
      schema: {
        tags,
        summary: 'Turns a second-step method on or off; google checks a code of the pending secret (on) or the active one (off)',
        security,
        body: twoStepAuthBody,
        response: { 200: envelope(twoStepStatus) },
      },
    },
    async (request) => ok(await setTwoStep(app, request, request.body)),
  );
};
