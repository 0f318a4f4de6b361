import type { FastifyPluginAsync } from 'fastify';
import { enqueue } from '../services/jobs/queue.ts';
import { ordersContext } from '../services/orders/context.ts';
import { applyReSign, reSignApplyJob, sweep, sweepJob } from '../services/orders/actions.ts';
import { checkOrders, dcvCheckHandler, dcvCheckJob, dcvStartJob, issueJob, startValidation } from '../services/dcv/validation.ts';
import { dcvSyncJob, syncZone } from '../services/dns/dcv-autopilot.ts';
import { issueOrder } from '../services/issuance/issue.ts';
import { informPaid } from '../services/account/inform-events.ts';
import { settleUndeliveredOrder } from '../services/orders/undelivered.ts';
import { eachInParallel } from '../lib/in-parallel.ts';
import { orderListRoutes } from './orders/list.ts';
import { orderManageRoutes } from './orders/manage.ts';
import { orderDownloadRoutes } from './orders/downloads.ts';
import { orderReSignRoutes } from './orders/resign.ts';
import { orderBatchRoutes } from './orders/batch.ts';
import { orderPublicRoutes } from './orders/public.ts';
import { keyScopeDefault } from '../plugins/api-key-scope.ts';
import { permissionDefault } from '../plugins/permissions.ts';


/**
 * Signed-in calls of the orders area (list, details, validation, downloads, re-sign, batch), and its jobs:
 * dcv.start (the payments area may queue it with { orderId } when an order reaches 1002), dcv.check,
 * issue.order, resign.apply and the minute sweep.
 */
export const ordersRoutes: FastifyPluginAsync = async (app) => {
  // API keys: reading needs read, everything else (validation, downloads, re-sign, cancel) the orders scope.
  keyScopeDefault(app, 'orders');
  permissionDefault(app, 'orders.read', 'orders.manage');
  const ctx = ordersContext(app);
  // Jobs that carry a paid order's goods: their last failure cancels or ends what they could not deliver and refunds
  // it (services/orders/undelivered.ts; services/jobs/kinds.ts paidGoodsKinds).
  app.jobs.register(dcvStartJob, async (job) => startValidation(ctx, job.payload.orderId), {
    settle: (q, job) => settleUndeliveredOrder(q, job.payload.orderId, 'validation'),
  });
  app.jobs.register(dcvCheckJob, async (job) => dcvCheckHandler(ctx, job.payload.orderId));
  app.jobs.register(issueJob, async (job) => issueOrder(ctx, job.payload.orderId), {
    settle: (q, job) => settleUndeliveredOrder(q, job.payload.orderId, 'issuance'),
  });
  // DCV autopilot: one change of the zone for every record asked for meanwhile, then those names checked at once.
  app.jobs.register(dcvSyncJob, async (job) => {
    await checkOrders(ctx, await syncZone(app.db, job.payload.zoneId));
  });
  app.jobs.register(reSignApplyJob, async (job) => {
    await applyReSign(ctx, job.payload.orderId);
  }, { settle: (q, job) => settleUndeliveredOrder(q, job.payload.orderId, 'validation') });
  // Queued by the payments area when orders are paid.
  app.jobs.register('orders.paid', async (job) => {
    await informPaid(app.db, job.payload);
    // Each order in its own transaction, several at once while the instance is quiet: a batch of 500 paid together
    // starts validating together.
    const lanes = app.db.kind === 'pglite' || !app.jobs.quiet() ? 1 : 8;
    await eachInParallel(job.payload.orderIds, lanes, (id) => (job.payload.aim === 'reSign' ? applyReSign(ctx, id) : startValidation(ctx, id)));
  }, {
    // Each order goes on through a job of its own (the one the minute sweep queues too), which settles itself.
    settle: async (q, job) => {
      for (const orderId of job.payload.orderIds) {
        if (job.payload.aim === 'reSign') await enqueue(q, reSignApplyJob, { orderId }, { dedupeKey: `resign:${orderId}` });
        else await enqueue(q, dcvStartJob, { orderId }, { dedupeKey: `dcv.start:${orderId}` });
      }
    },
  });
  app.jobs.register(sweepJob, async () => {
    await sweep(ctx);
    return { retryInSeconds: 60 };
  });
  app.addHook('onReady', async () => {
    await enqueue(app.db, sweepJob, {}, { dedupeKey: 'sweep' });
  });
  await app.register(orderListRoutes);
  await app.register(orderManageRoutes);
  await app.register(orderDownloadRoutes);
  await app.register(orderReSignRoutes);
  await app.register(orderBatchRoutes);
};

/** Open to visitors: the e-mail approval link's landing page and the CA's AIA/CRL files. */
export const ordersPublicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(orderPublicRoutes);
};
