import { permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { translate } from '@cc/contracts/messages';
import { inviteConditionAnswer, orgRealAuthAnswer, orgRealAuthBody, orgRealAuthParams, realAuthAnswer, realAuthBody } from '@cc/contracts/real-name';
import { ok } from '../../lib/envelope.ts';
import { siteOrigin } from '../payments/origin.ts';
import { realNameContext } from '../../services/real-name/context.ts';
import { inviteConditionOf } from '../../services/real-name/referral.ts';
import { confirmDeposit, enterpriseOf, personalOf, submitEnterprise, submitPersonal } from '../../services/real-name/verifications.ts';

const tags = ['account'];
const security = [{ token: [] }];

/** Real-name verification of the signed-in account (personal and enterprise) and the referral programme's terms. */
export const realNameRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whether the account is verified matters to whoever orders; submitting a verification is the holder's.
  permissionDefault(app, 'orders.read', 'account.owner');
  const ctx = realNameContext(app);

  app.get('/v1/realAuth', { schema: { tags, summary: 'The personal verification: status N, pending, approved or declined', security, response: { 200: envelope(realAuthAnswer) } } }, async (request) =>
    ok(await personalOf(ctx, request.account.id, siteOrigin(request), request.locale, translate)),
  );

  app.post(
    '/v1/realAuth',
    {
      schema: {
        tags,
        summary: 'Submits the personal verification (name and identity card number, its check digit checked) to the verifier; pending until it decides',
        security,
        body: realAuthBody,
        response: { 200: envelope(realAuthAnswer) },
      },
    },
    async (request) => {
      await submitPersonal(ctx, request.account.id, request.body, siteOrigin(request));
      return ok(await personalOf(ctx, request.account.id, siteOrigin(request), request.locale, translate));
    },
  );

  app.get('/v1/orgRealAuth', { schema: { tags, summary: 'The newest enterprise verification', security, response: { 200: envelope(orgRealAuthAnswer) } } }, async (request) =>
    ok(await enterpriseOf(ctx, request.account.id, undefined, siteOrigin(request), request.locale, translate)),
  );

  app.get(
    '/v1/orgRealAuth/:id',
    { schema: { tags, summary: 'One enterprise verification of the account, by its number (authno)', security, params: orgRealAuthParams, response: { 200: envelope(orgRealAuthAnswer) } } },
    async (request) => ok(await enterpriseOf(ctx, request.account.id, request.params.id, siteOrigin(request), request.locale, translate)),
  );

  app.post(
    '/v1/orgRealAuth',
    {
      schema: {
        tags,
        summary:
          'Without authno: submits the enterprise verification (company, unified social credit code checked, legal representative, bank account); the verifier pays a small ' +
          'deposit into the account. With authno and balance (cents): confirms the amount read on the statement (3 attempts, 72 hours), then the verifier reviews',
        security,
        body: orgRealAuthBody,
        response: { 200: envelope(orgRealAuthAnswer) },
      },
    },
    async (request) => {
      const b = request.body;
      const authno = b.authno !== undefined && b.balance !== undefined ? (await confirmDeposit(ctx, request.account.id, b.authno, b.balance), b.authno) : await submitEnterprise(ctx, request.account.id, b, siteOrigin(request));
      return ok(await enterpriseOf(ctx, request.account.id, authno, siteOrigin(request), request.locale, translate));
    },
  );

  app.get(
    '/v1/inviteCondition',
    { schema: { tags, summary: 'What the inviter earns (credited to the balance once per invited account that passes real-name verification) and where invitations stand', security, response: { 200: envelope(inviteConditionAnswer) } } },
    async (request) => ok(await inviteConditionOf(app.db, request.account.id)),
  );
};
