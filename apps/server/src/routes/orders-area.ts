import type { FastifyPluginAsync } from 'fastify';
import { enqueue } from '../services/jobs/queue.ts';
import { ordersContext } from '../services/orders/context.ts';
import { applyReSign, reSignApplyJob, sweep, sweepJob } from '../services/orders/actions.ts';
import { dcvCheckHandler, dcvCheckJob, dcvStartJob, issueJob, startValidation } from '../services/dcv/validation.ts';
import { issueOrder } from '../services/issuance/issue.ts';
import { informPaid } from '../services/account/inform-events.ts';
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
  app.jobs.register(dcvStartJob, async (job) => startValidation(ctx, job.payload.orderId));
  app.jobs.register(dcvCheckJob, async (job) => dcvCheckHandler(ctx, job.payload.orderId));
  app.jobs.register(issueJob, async (job) => issueOrder(ctx, job.payload.orderId));
  app.jobs.register(reSignApplyJob, async (job) => {
    await applyReSign(ctx, job.payload.orderId);
  });
  // Queued by the payments area when orders are paid.
  app.jobs.register('orders.paid', async (job) => {
    await informPaid(app.db, job.payload);
    for (const id of job.payload.orderIds) {
      if (job.payload.aim === 'reSign') await applyReSign(ctx, id);
      else await startValidation(ctx, id);
    }
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
