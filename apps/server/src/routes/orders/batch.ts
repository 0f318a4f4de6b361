import { deptScopeOf } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { batchCertsAnswer, batchHashValuesAnswer, batchOrdersAnswer, batchVerifyAnswer, orderNosBody } from '@cc/contracts/orders';
import { ok } from '../../lib/envelope.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { domainStates, ordersByNos, toListItem } from '../../services/orders/queries.ts';
import { checkOrder } from '../../services/dcv/validation.ts';
import { certBundle } from '../../services/issuance/downloads.ts';
import { tags } from './common.ts';

/** Calls on many orders at once; numbers that are not the caller's are ignored. */
export const orderBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ordersContext(app);

  app.post('/v1/orders/batch', {
    schema: { tags, summary: 'List items of the given orders (for bulk pay, cancel, download)', body: orderNosBody, response: { 200: envelope(batchOrdersAnswer) } },
  }, async (request) => {
    const rows = await ordersByNos(app.db, await deptScopeOf(request), request.body.orderNos);
    return ok({ data: rows.map((r) => toListItem(r, request.locale, ctx.now())) });
  });

  app.post('/v1/orders/batch/certs', {
    schema: { tags, summary: 'PEM certificate, chain and held key of each issued order', body: orderNosBody, response: { 200: envelope(batchCertsAnswer) } },
  }, async (request) => {
    const rows = await ordersByNos(app.db, await deptScopeOf(request), request.body.orderNos);
    const data = [];
    for (const o of rows) if (o.certificate_id) data.push(await certBundle(ctx, o));
    const found = new Set(data.map((d) => d.orderNo));
    return ok({ data, missing: request.body.orderNos.filter((n) => !found.has(n)) });
  });

  app.post('/v1/orders/batch/verify', {
    schema: { tags, summary: '"Verify now" for several orders; answers each order\'s counts after the check', body: orderNosBody, response: { 200: envelope(batchVerifyAnswer) } },
  }, async (request) => {
    const rows = await ordersByNos(app.db, await deptScopeOf(request), request.body.orderNos);
    const data = [];
    for (const o of rows) {
      const s = await checkOrder(ctx, o.id);
      data.push({ orderNo: o.order_no, orderStatus: s.orderStatus, validated: s.validated, pending: s.pending });
      // Issue what is ready while the rest is still being checked.
      app.jobs.kick();
    }
    return ok({ data });
  });

  app.post('/v1/orders/batch/hashValues', {
    schema: {
      tags,
      summary: 'Validation instructions (records, files, mailboxes) of every name of several orders, one row per name',
      description: 'For publishing many DNS records at once.',
      body: orderNosBody,
      response: { 200: envelope(batchHashValuesAnswer) },
    },
  }, async (request) => {
    const rows = await ordersByNos(app.db, await deptScopeOf(request), request.body.orderNos);
    const data = [];
    for (const o of rows) {
      for (const d of await domainStates(app.db, o.id, request.locale, app.config.DCV_HTTP_PORT)) data.push({ orderNo: o.order_no, domain: d.domain, status: d.status, instructions: d.instructions });
    }
    return ok({ data });
  });
};
