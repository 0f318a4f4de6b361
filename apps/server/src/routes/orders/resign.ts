import { deptScopeOf } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { orderRefParams, reSignAnswer, reSignBody, reSignPriceAnswer, reSignPriceBody, reSignRecordsAnswer, reSignRecordsQuery } from '@cc/contracts/orders';
import { ok } from '../../lib/envelope.ts';
import { pageOffset } from '../../services/purchase/paging.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { reSignPrice, requestReSign } from '../../services/orders/actions.ts';
import { myOrder, tags } from './common.ts';

/** Re-sign (reissue) of an issued order with a new CSR and names. */
export const orderReSignRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ordersContext(app);

  app.post('/v1/orders/reSignPrice/:id', {
    schema: { tags, summary: 'Price difference of a re-sign with these names (cents)', params: orderRefParams, body: reSignPriceBody, response: { 200: envelope(reSignPriceAnswer) } },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.params.id);
    return ok(await reSignPrice(app.db, o, request.body.domainNames, ctx.now()));
  });

  app.post('/v1/orders/reSign', {
    schema: {
      tags,
      summary: 'Re-sign an issued order: reSignStatus 5004 and reSignPriceDiff',
      description:
        'With a zero difference the order goes straight back through validation (names whose validation is still reusable by the rules table are reused) and a new certificate is issued. Otherwise it waits for POST /v1/orders/pay with aim reSign, which sets the order\'s re_sign_paid_at. The current certificate stays downloadable until the new one replaces it.',
      body: reSignBody,
      response: { 200: envelope(reSignAnswer) },
    },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.body.orderNo);
    const { priceDiff } = await requestReSign(ctx, o, request.body);
    const after = await myOrder(ctx, await deptScopeOf(request), request.body.orderNo);
    return ok({ orderNo: o.order_no, reSignStatus: after.re_sign_status, reSignPriceDiff: priceDiff, orderStatus: after.status });
  });

  app.get('/v1/orders/reSign/records', {
    schema: { tags, summary: 'Re-sign requests of the caller\'s orders, newest first', querystring: reSignRecordsQuery, response: { 200: envelope(reSignRecordsAnswer) } },
  }, async (request) => {
    const q = request.query;
    const rows = await app.db.query<{ id: number; order_no: string; domain_names: string[]; price_diff: number; status: 'awaiting_payment' | 'validating' | 'done' | 'cancelled'; created_at: Date; done_at: Date | null; total: number }>(
      `SELECT r.id, o.order_no, r.domain_names, r.price_diff::float8 AS price_diff, r.status, r.created_at, r.done_at, count(*) OVER ()::int AS total
         FROM re_sign_requests r JOIN orders o ON o.id = r.order_id
        WHERE o.account_id = $1 AND ($2::text IS NULL OR o.order_no = $2)
        ORDER BY r.id DESC LIMIT $3 OFFSET $4`,
      [request.account.id, q.orderNo ?? null, q.limit, pageOffset(q)],
    );
    return ok({
      data: rows.map((r) => ({
        id: r.id,
        orderNo: r.order_no,
        domainNames: r.domain_names,
        priceDiff: Number(r.price_diff),
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        doneAt: r.done_at ? new Date(r.done_at).toISOString() : null,
      })),
      total: rows[0]?.total ?? 0,
    });
  });
};
