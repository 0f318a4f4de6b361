import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditByOf } from '../../services/team/audit.ts';
import { envelope } from '@cc/contracts/envelope';
import { payBody, paymentAnswer, paymentParams, payResult, payWaysAnswer, payWaysQuery, paypalCaptureAnswer, paypalCaptureBody } from '@cc/contracts/payments';
import { ok } from '../../lib/envelope.ts';
import { compiledAnswer } from '../../lib/compiled-answer.ts';
import { paymentsContext } from '../../services/payments/context.ts';
import { capturePaypal, listPayWays, paymentStatus, payOrders } from '../../services/payments/pay.ts';
import { siteOrigin } from './origin.ts';
import { demandOrdersSeen } from '../../services/team/orders-seen.ts';
import { spenderOf } from '../../plugins/spending.ts';

const tags = ['payments'];
const security = [{ token: [] }];

/** Pay ways, paying orders, and the wallet capture (document 01 §5, §7). */
export const payRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = paymentsContext(app);

  app.get('/v1/orders/payWays', {
    schema: {
      tags, security,
      summary: 'Pay ways the dialog offers: switched on only, balance first; several orders: balance only; usdt/usdc never for an order',
      querystring: payWaysQuery,
      response: { 200: envelope(payWaysAnswer) },
    },
  }, async (request) => {
    const count = request.query.orderNos?.length ?? request.query.count ?? 1;
    return ok({ payWays: await listPayWays(app.db, { count, scene: request.query.scene }) });
  });

  app.post('/v1/orders/pay', {
    schema: {
      tags, security,
      summary: 'Pay orders: balance at once (all or none, status 1002), or one order through an outside way (pay result)',
      description:
        'balance: every order is checked (the caller\'s, status 1001 — or for aim reSign: reSignStatus 5004 not yet paid), the balance is debited by one ledger entry per order and the orders move to 1002, in one transaction; answers status "paid". ' +
        'Outside ways (one order only): answers status "pending" and the provider\'s fields; poll the order status until 1002. Pressing pay again answers the same live payment, unless replacePaymentId names it (the payer saw it declined). ' +
        'stripe, stripe_alipay, stripe_wechat need a complete personal profile (GET /v1/profile/progress): code 12077.',
      body: payBody,
      response: { 200: envelope(payResult) },
    },
    config: { spends: true },
    // Where users wait (and a balance payment answers many times a second): written by a compiled serializer.
    serializerCompiler: compiledAnswer,
  }, async (request) => {
    await demandOrdersSeen(request, request.body.orderNo);
    return ok(await payOrders(ctx, spenderOf(request), request.body, siteOrigin(request), request.locale, auditByOf(request)));
  });

  app.get('/v1/payments/:id', {
    schema: {
      tags, security,
      summary: "One of the caller's payments: status, and once succeeded what it paid for (outcome, orderNos)",
      description: 'What the payment dialog polls for a purchase that has no certificate order before it is paid (a domain checkout, a certificate package).',
      params: paymentParams,
      response: { 200: envelope(paymentAnswer) },
    },
  }, async (request) => ok(await paymentStatus(ctx, request.account.id, request.params.id)));

  app.post('/v1/orders/paypal/capture', {
    schema: {
      tags, security,
      summary: 'Completes a PayPal payment after the payer approved it and came back with token and PayerID',
      description: 'Idempotent: capturing again answers the same result. Applies the payment (order → 1002, or top-up → balance) before answering.',
      body: paypalCaptureBody,
      response: { 200: envelope(paypalCaptureAnswer) },
    },
    config: { spends: true },
  }, async (request) => ok(await capturePaypal(ctx, spenderOf(request), request.body.token, request.body.PayerID)));
};
