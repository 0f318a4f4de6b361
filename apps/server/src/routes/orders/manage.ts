import { ordersByNos } from '../../services/orders/queries.ts';
import type { FastifyRequest } from 'fastify';
import { deptScopeOf } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { translate } from '@cc/contracts/messages';
import {
  autoDetectAnswer,
  autoDetectQuery,
  cancelAnswer,
  dcvAutopilotAnswer,
  dcvAutopilotBody,
  dcvAutopilotQuery,
  dcvChangeBody,
  domainListBody,
  domainsAnswer,
  idNumberParams,
  msslDomainsBody,
  orderNoParams,
  orderNosBody,
  orderRefParams,
  remarkBody,
  resendAnswer,
  validatedDomainsAnswer,
  validatedDomainsQuery,
} from '@cc/contracts/orders';
import { dcvMethodAllowedOn, dcvMethods, validationLapsesAt, type DcvMethod } from '@cc/domain/dcv';
import { ok } from '../../lib/envelope.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';
import { likePattern, pageOffset } from '../../services/purchase/paging.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { cancelOrders, reCommit, setDomains, setRemark } from '../../services/orders/actions.ts';
import { domainStates, type OrderRow } from '../../services/orders/queries.ts';
import { changeMethod, checkOrder, loadDcvOrder, resendApprovalMails, reusableValidations, setAutopilot } from '../../services/dcv/validation.ts';
import { hostedZonesOf } from '../../services/dns/dcv-autopilot.ts';
import { checkDepsOf, checkDomain } from '../../services/dcv/checks.ts';
import { newDcvValues } from '../../services/dcv/values.ts';
import { myOrder, tags } from './common.ts';


/** Cancel, remark, resubmit, names, and domain control validation of the caller's orders. */
export const orderManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ordersContext(app);
  const domainsOf = async (o: OrderRow, locale: 'zh' | 'en') => {
    const fresh = await myOrderById(o.id, o.account_id);
    return { orderNo: o.order_no, orderStatus: fresh.s, autopilot: fresh.autopilot, domains: await domainStates(app.db, o.id, locale, app.config.DCV_HTTP_PORT) };
  };
  const myOrderById = async (id: number, accountId: number) => {
    const [r] = await app.db.query<{ s: number; autopilot: boolean }>(`SELECT order_status AS s, dcv_autopilot AS autopilot FROM orders WHERE id = $1 AND account_id = $2`, [id, accountId]);
    return r ?? { s: 0, autopilot: false };
  };

  app.post('/v1/orders/cancel', {
    schema: {
      tags,
      summary: 'Cancel orders waiting for payment (1001) or validation (1002) that have no certificate',
      description: 'Each order on its own; answers which were cancelled and why the others were not. When none could be cancelled the call fails with the first reason.',
      body: orderNosBody,
      response: { 200: envelope(cancelAnswer) },
    },
  }, async (request) => {
    // A member cancels only orders it sees (its departments'); another's is simply not found.
    const viewer = await deptScopeOf(request);
    if (viewer.depts !== null) {
      const [all, seen] = await Promise.all([ordersByNos(app.db, request.account.id, request.body.orderNos), ordersByNos(app.db, viewer, request.body.orderNos)]);
      if (seen.length < all.length) throw new RuleError('NOT_FOUND', said('orders.notFound'));
    }
    const r = await cancelOrders(ctx, request.account.id, request.body.orderNos);
    if (!r.cancelled.length && r.failed[0]) throw new RuleError('INVALID_INPUT', r.failed[0].said);
    return ok({ cancelled: r.cancelled, refunded: r.refunded, failed: r.failed.map((f) => ({ orderNo: f.orderNo, msg: translate(request.locale, f.said.key, f.said.params) })) });
  });

  app.put('/v1/orders/remark/:orderNo', {
    schema: { tags, summary: 'Set the order\'s remark (500 characters at most)', params: orderNoParams, body: remarkBody, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await setRemark(ctx, await myOrder(ctx, await deptScopeOf(request), request.params.orderNo), request.body.remark);
    return ok(null);
  });

  app.post('/v1/orders/reCommit/:orderNo', {
    schema: { tags, summary: 'Resubmit an order in 1003/1006: back to 1002, validation restarts for the names not yet validated', params: orderNoParams, response: { 200: envelope(domainsAnswer) } },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.params.orderNo);
    await reCommit(ctx, o);
    return ok(await domainsOf(o, request.locale));
  });

  app.get('/v1/orders/domainList/:orderNo', {
    schema: { tags, summary: 'Names of an order with their validation state and instructions', params: orderNoParams, response: { 200: envelope(domainsAnswer) } },
  }, async (request) => ok(await domainsOf(await myOrder(ctx, await deptScopeOf(request), request.params.orderNo), request.locale)));

  app.post('/v1/orders/domainList/:orderNo', {
    schema: {
      tags,
      summary: 'Change the names of an order waiting for validation (the common name stays; not more names than paid for)',
      params: orderNoParams,
      body: domainListBody,
      response: { 200: envelope(domainsAnswer) },
    },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.params.orderNo);
    await setDomains(ctx, o, request.body.domainNames);
    return ok(await domainsOf(o, request.locale));
  });

  const changeDcv = async (request: FastifyRequest<{ Body: z.infer<typeof dcvChangeBody> }>) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.body.orderNo);
    const d = await loadDcvOrder(app.db, o.id);
    if (!d) throw new RuleError('NOT_FOUND', said('orders.notFound'));
    await changeMethod(ctx, d, request.body.dcvMethod, request.body.domain, request.body.email);
    return ok(await domainsOf(o, request.locale));
  };
  const dcvSchema = {
    tags,
    summary: 'Change the validation method of one pending name, or of all',
    description: 'New random values are drawn (a record made for the old request does not count). email/email_dns need `email` (a role name or an address); the approval mail goes out at once for email.',
    body: dcvChangeBody,
    response: { 200: envelope(domainsAnswer) },
  };
  app.post('/v1/orders/dcv', { schema: dcvSchema }, changeDcv);
  app.put('/v1/orders/dcv', { schema: dcvSchema }, changeDcv);

  app.get('/v1/orders/dcvAutopilot', {
    schema: {
      tags,
      summary: 'DCV autopilot: which of these names live in a zone the account hosts here (the order screen offers the autopilot for them)',
      querystring: dcvAutopilotQuery,
      response: { 200: envelope(dcvAutopilotAnswer) },
    },
  }, async (request) => ok({ names: await hostedZonesOf(app.db, request.account.id, request.query.names) }));

  app.put('/v1/orders/dcvAutopilot/:orderNo', {
    schema: {
      tags,
      summary: 'Switch the DCV autopilot of an order on or off',
      description: 'On: the pending names in zones hosted here get their records published, checked and, after issuance, removed. Off: records it published are removed and validation is left to the caller.',
      params: orderNoParams,
      body: dcvAutopilotBody,
      response: { 200: envelope(domainsAnswer) },
    },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.params.orderNo);
    await setAutopilot(ctx, o.id, request.body.on);
    app.jobs.kick();
    return ok(await domainsOf(o, request.locale));
  });

  app.put('/v1/orders/reSendDcvEmail/:id', {
    schema: { tags, summary: 'Send the approval e-mail again (new link) for every pending e-mail name', params: orderRefParams, response: { 200: envelope(resendAnswer) } },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.params.id);
    return ok({ sent: await resendApprovalMails(ctx, o.id) });
  });

  app.put('/v1/orders/verifyDomains/:id', {
    schema: {
      tags,
      summary: '"Verify now": check every pending name at once',
      description: 'Answers the names\' state after the check; when every name passed the order is 1009 (issuing) and the certificate follows from the job queue.',
      params: orderRefParams,
      response: { 200: envelope(domainsAnswer) },
    },
  }, async (request) => {
    const o = await myOrder(ctx, await deptScopeOf(request), request.params.id);
    await checkOrder(ctx, o.id);
    // Every name passed: the issue job was just queued; run it now rather than at the next poll.
    app.jobs.kick();
    return ok(await domainsOf(o, request.locale));
  });

  app.get('/v1/autoDetectDomain', {
    schema: {
      tags,
      summary: 'Which validation record is already in place for an order\'s pending names, or whether a name is validated for the account',
      querystring: autoDetectQuery,
      response: { 200: envelope(autoDetectAnswer) },
    },
  }, async (request) => {
    const now = ctx.now();
    if (request.query.orderNo) {
      const o = await myOrder(ctx, await deptScopeOf(request), request.query.orderNo);
      const rows = await app.db.query<{ domain: string; method: DcvMethod; token: string; value: string; email: string; status: string; validated_at: Date | null }>(
        `SELECT domain, method, token, value, email, status, validated_at FROM order_domains WHERE order_id = $1 ORDER BY id`,
        [o.id],
      );
      const domains = await Promise.all(
        rows.map(async (r) => {
          if (r.status === 'validated') return { domain: r.domain, detected: r.method, validated: true, lapsesAt: r.validated_at ? validationLapsesAt({ method: r.method, name: r.domain, validatedAt: r.validated_at }).toISOString() : null };
          const res = await checkDomain(r, checkDepsOf(ctx));
          return { domain: r.domain, detected: res.ok ? r.method : null, validated: false, lapsesAt: null };
        }),
      );
      return ok({ domains });
    }
    const name = request.query.domain;
    if (!name) return ok({ domains: [] });
    const reuse = await reusableValidations(app.db, { account_id: request.account.id, org_id: null, product_type: 'ssl', cert_type: 'DV' }, [name], now);
    const r = reuse.get(name);
    return ok({ domains: [{ domain: name, detected: null, validated: !!r, lapsesAt: r ? r.expiresAt.toISOString() : null }] });
  });

  const validatedList = async (accountId: number, orgId: number | null, q: z.infer<typeof validatedDomainsQuery>) => {
    // expires_at holds the lapse the rules table gives (written with the validation, refreshed daily); the clock's time decides.
    const params: unknown[] = [accountId, orgId, q.domain ? likePattern(q.domain) : null, q.limit, pageOffset(q), ctx.now()];
    const rows = await app.db.query<{ id: number; domain: string; method: string; org_id: number | null; order_no: string | null; validated_at: Date; expires_at: Date; total: number }>(
      `SELECT v.id, v.domain, v.method, v.org_id, o.order_no, v.validated_at, v.expires_at, count(*) OVER ()::int AS total
         FROM validated_domains v LEFT JOIN orders o ON o.id = v.order_id
        WHERE v.account_id = $1 AND ($2::int IS NULL OR v.org_id = $2) AND ($3::text IS NULL OR v.domain ILIKE $3) AND v.expires_at > $6
        ORDER BY v.domain LIMIT $4 OFFSET $5`,
      params,
    );
    return {
      data: rows.map((r) => ({ id: r.id, domain: r.domain, method: r.method, orgId: r.org_id, orderNo: r.order_no, validatedAt: new Date(r.validated_at).toISOString(), lapsesAt: new Date(r.expires_at).toISOString() })),
      total: rows[0]?.total ?? 0,
    };
  };

  app.get('/v1/orders/org/:id/domains', {
    schema: { tags, summary: 'Names validated for one of the caller\'s companies (reused by its later OV/EV orders until lapsesAt)', params: idNumberParams, querystring: validatedDomainsQuery, response: { 200: envelope(validatedDomainsAnswer) } },
  }, async (request) => {
    const [org] = await app.db.query(`SELECT 1 FROM organizations WHERE id = $1 AND account_id = $2`, [request.params.id, request.account.id]);
    if (!org) throw new RuleError('NOT_FOUND', said('orders.org.notFound'));
    return ok(await validatedList(request.account.id, request.params.id, request.query));
  });

  app.get('/v1/mssl/domains', {
    schema: { tags, summary: 'Names validated for the account (managed SSL domains), with their lapse dates', querystring: validatedDomainsQuery, response: { 200: envelope(validatedDomainsAnswer) } },
  }, async (request) => ok(await validatedList(request.account.id, null, request.query)));

  app.post('/v1/mssl/domains', {
    schema: {
      tags,
      summary: 'Validation state of names for the account, with fresh dns_txt values to pre-validate them',
      description: 'Answers each name: validated (and until when) or not; pre-validation itself happens through an order.',
      body: msslDomainsBody,
      response: {
        200: envelope(
          z.object({
            domains: z.array(z.object({ domain: z.string(), validated: z.boolean(), lapsesAt: z.string().nullable(), methods: z.array(z.enum(dcvMethods)), suggestedTxtValue: z.string() })),
          }),
        ),
      },
    },
  }, async (request) => {
    const now = ctx.now();
    const reuse = await reusableValidations(app.db, { account_id: request.account.id, org_id: null, product_type: 'ssl', cert_type: 'DV' }, request.body.domains, now);
    // The methods that still validate a name today (the rules table ends the e-mail ones).
    const methods = dcvMethods.filter((m) => dcvMethodAllowedOn(m, now));
    return ok({
      domains: request.body.domains.map((d) => {
        const r = reuse.get(d);
        return { domain: d, validated: !!r, lapsesAt: r ? r.expiresAt.toISOString() : null, methods, suggestedTxtValue: newDcvValues('dns_txt').value };
      }),
    });
  });
};
