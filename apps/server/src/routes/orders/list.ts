import { deptScopeOf } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { orderCountAnswer, orderCountQuery, orderDetailAnswer, orderListQuery, orderRefParams, ordersAnswer, orderStatus, orderStatusAnswer } from '@cc/contracts/orders';
import { maxBatchOrders } from '@cc/domain/terms';
import { ok } from '../../lib/envelope.ts';
import { ordersByNumbers } from '../../services/purchase/orders.ts';
import { countOrders, listOrders, orderDetail } from '../../services/orders/queries.ts';
import { startValidation } from '../../services/dcv/validation.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { myOrder, tags } from './common.ts';

/** The list, details, status and counts of the caller's orders. */
export const orderListRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ordersContext(app);

  app.get('/v1/orders', {
    schema: {
      tags,
      summary: 'Orders: the filtered, paged list, or the orders with given numbers',
      description:
        'Without orderNos: `{ data, total }`, newest first (the /orders/list and /orders/expiring screens). With orderNos: `{ allOrders }` of the purchase flow. Only the caller\'s orders.',
      querystring: orderListQuery,
      response: { 200: envelope(ordersAnswer) },
    },
  }, async (request) => {
    const q = request.query;
    if (q.orderNos?.length) return ok({ allOrders: await ordersByNumbers(app.db, await deptScopeOf(request), q.orderNos.slice(0, maxBatchOrders)) });
    return ok(await listOrders(app.db, await deptScopeOf(request), q, request.locale, ctx.now()));
  });

  app.get('/v1/orders/detail/:id', {
    schema: { tags, summary: 'Everything the order details page shows', params: orderRefParams, response: { 200: envelope(orderDetailAnswer) } },
  }, async (request) => {
    let o = await myOrder(ctx, await deptScopeOf(request), request.params.id);
    // A paid order whose validation has not started yet (payment just landed) gets its values now, so the page can show them.
    if (o.raw_status === orderStatus.awaitingValidation && !o.validation_started_at) {
      await startValidation(ctx, o.id);
      o = await myOrder(ctx, await deptScopeOf(request), request.params.id);
    }
    return ok({ orderInfo: await orderDetail(app.db, o, request.locale, app.config.DCV_HTTP_PORT, ctx.now()) });
  });

  app.get('/v1/orders/status/:id', {
    schema: { tags, summary: 'Status of one order (payment polling)', params: orderRefParams, response: { 200: envelope(orderStatusAnswer) } },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.params.id);
    return ok({ orderStatus: o.status, reSignStatus: o.re_sign_status });
  });

  app.get('/v1/orders/count', {
    schema: { tags, summary: 'Number of orders by status, and expiring within 30 days; with status=expired, total is the expired orders', querystring: orderCountQuery, response: { 200: envelope(orderCountAnswer) } },
  }, async (request) => {
    const c = await countOrders(app.db, await deptScopeOf(request));
    return ok(request.query.status === 'expired' ? { ...c, total: c.byStatus[String(orderStatus.expired)] ?? 0 } : c);
  });
};
