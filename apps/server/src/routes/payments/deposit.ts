import { permissionDefault } from '../../plugins/permissions.ts';
import { auditByOf } from '../../services/team/audit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { depositAnswer, depositBody, depositParams, payResult } from '@cc/contracts/payments';
import { ok } from '../../lib/envelope.ts';
import { paymentsContext } from '../../services/payments/context.ts';
import { depositStatus, startDeposit } from '../../services/payments/pay.ts';
import { siteOrigin } from './origin.ts';

const tags = ['payments'];
const security = [{ token: [] }];

/** Top-up of the balance through an outside way (/deposit, /deposit/test). */
export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  permissionDefault(app, 'billing.read', 'billing.manage');
  const ctx = paymentsContext(app);

  app.post('/v1/deposit', {
    schema: {
      tags, security,
      summary: 'Starts a top-up (100 … 10,000,000 cents) through an outside way; the balance rises when the gateway confirms',
      description: 'Answers the pay result (status "pending"); poll GET /v1/deposit/{paymentId}. Any switched-on way but balance; usdt/usdc allowed.',
      body: depositBody,
      response: { 200: envelope(payResult) },
    },
  }, async (request) => ok(await startDeposit(ctx, request.account.id, request.body, siteOrigin(request), request.locale, auditByOf(request))));

  app.get('/v1/deposit/:id', {
    schema: { tags, security, summary: 'A top-up\'s status: pending, succeeded, declined or expired', params: depositParams, response: { 200: envelope(depositAnswer) } },
  }, async (request) => ok(await depositStatus(ctx, request.account.id, request.params.id)));
};
