import { demandOrdersSeen } from '../../services/team/orders-seen.ts';
import { spenderOf } from '../../plugins/spending.ts';
import { auditByOf } from '../../services/team/audit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { batchPayAnswer, batchPayBody, batchQueuesAnswer, batchStatusAnswer, batchStatusQuery } from '@cc/contracts/payments';
import { ok } from '../../lib/envelope.ts';
import { createBatchQueue, queueStatus, recentQueues } from '../../services/payments/batch.ts';
import { paymentsContext } from '../../services/payments/context.ts';

const tags = ['payments'];
const security = [{ token: [] }];

/** Batch payment by balance through durable queues (/payment/batch; status polled every 5 s). */
export const batchPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = paymentsContext(app);

  app.post('/v1/orders/batch/pay', {
    config: { spends: true },
    schema: {
      tags, security,
      summary: 'Queues paying up to 500 orders by balance, many per transaction; an order that cannot be paid fails alone, with the reason',
      body: batchPayBody,
      response: { 200: envelope(batchPayAnswer) },
    },
  }, async (request) => {
    await demandOrdersSeen(request, request.body.orderNos);
    const queued = await createBatchQueue(ctx, spenderOf(request), [...new Set(request.body.orderNos)], auditByOf(request));
    // The first chunk starts now on this instance; other instances still find the job in the database when they poll.
    app.jobs.kick();
    return ok(queued);
  });

  app.get('/v1/orders/batch/pay/queues', {
    schema: { tags, security, summary: "The caller's 20 newest payment queues, newest first", response: { 200: envelope(batchQueuesAnswer) } },
  }, async (request) => ok({ queueIds: await recentQueues(ctx, request.account.id) }));

  app.get('/v1/orders/batch/pay/status', {
    schema: {
      tags, security,
      summary: 'Counts of a payment queue; status end when total = successCount + failCount',
      querystring: batchStatusQuery,
      response: { 200: envelope(batchStatusAnswer) },
    },
  }, async (request) => ok(await queueStatus(ctx, request.account.id, request.query.queueId, request.locale)));
};
