import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { orderNoParams } from '@cc/contracts/orders';
import { ok } from '../../lib/envelope.ts';
import { enqueue } from '../../services/jobs/queue.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';
import { acmePrepareJob } from '../../services/issuance/acme-route.ts';
import { prepareAcmeOrder } from '../../services/issuance/acme.ts';
import { createRenewal, renewalLink } from '../../services/renewal/renew.ts';
import { decodeTicket } from '../../services/renewal/ticket.ts';
import { reissueJob, reissueWithinPlan, renewalDailyJob, runDaily } from '../../services/renewal/expiry.ts';
import { createRenewBody, createRenewAnswer, renewTicketAnswer } from './schemas.ts';
import { keyScopeDefault } from '../../plugins/api-key-scope.ts';
import { permissionDefault } from '../../plugins/permissions.ts';

const tags = ['renewal'];

/**
 * Renewal (the renewal link's ticket, POST /createorderrenew), and the jobs of renewal and ACME issuance:
 * acme.prepare (queued when validation of a free order starts with ACME configured), renewal.daily (reissue
 * within plans, expiry marks, reminders; runs once a day on whichever instance claims it) and renewal.reissue.
 */
export const renewalRoutes: FastifyPluginAsyncZod = async (app) => {
  // API keys: renewing is ordering (orders scope).
  keyScopeDefault(app, 'orders');
  permissionDefault(app, 'orders.read', 'orders.manage');
  const ctx = ordersContext(app);
  app.jobs.register(acmePrepareJob, async (job) => prepareAcmeOrder(ctx, job.payload.orderId));
  app.jobs.register(reissueJob, async (job) => reissueWithinPlan(ctx, job.payload.orderId));
  app.jobs.register(renewalDailyJob, async () => {
    await runDaily(ctx);
    return { retryInSeconds: 86400 };
  });
  app.addHook('onReady', async () => {
    await enqueue(app.db, renewalDailyJob, {}, { dedupeKey: 'renewal.daily' });
  });

  app.get('/v1/orders/renewTicket/:orderNo', {
    schema: {
      tags,
      summary: 'Renewal link of an issued order: the base64 JSON ticket and the order screen address carrying it',
      description: 'The ticket is base64 of `{ v: 1, orderNo, productNo, domains }`; the console decodes it to pre-fill the order screen and sends it back to POST /createorderrenew.',
      params: orderNoParams,
      response: { 200: envelope(renewTicketAnswer) },
    },
  }, async (request) => ok(await renewalLink(ctx, request.account.id, request.params.orderNo)));

  app.post('/createorderrenew', {
    schema: {
      tags,
      summary: 'Create the renewal order of a renewal ticket: same product, term, names, contact, company and CSR, priced now',
      description:
        'The order is waiting for payment (1001), or for validation (1002) when the product is free, as after a purchase. A ticket that is not base64 JSON of the documented shape is logged as 解析JSON 串失败 and answered with code 10001.',
      body: createRenewBody,
      response: { 200: envelope(createRenewAnswer) },
    },
  }, async (request) => {
    const ticket = decodeTicket(request.body.ticket, (msg, detail) => request.log.warn(detail, msg));
    if (!ticket) throw new RuleError('INVALID_INPUT', said('renewal.ticket.invalid'), { ticket: said('renewal.ticket.invalid') });
    return ok(await createRenewal(ctx, request.account.id, ticket));
  });
};
