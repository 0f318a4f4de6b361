import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { translate } from '@cc/contracts/messages';
import { callbackAnswer } from '@cc/contracts/payments';
import { signatureHeader, timestampHeader } from '../../adapters/payment/sandbox.ts';
import { paymentsContext } from '../../services/payments/context.ts';
import { applyGatewayEvent, logRefusedCallback } from '../../services/payments/external.ts';
import { ipLimitGroup } from '../../plugins/ip-limit.ts';

/** Gateways' notifications. Public: trusted only by their signature, checked against the raw body. */
export const paymentCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = paymentsContext(app);
  // A gateway sends every callback from a few addresses, and a lost one delays a payment: the signature guards these, not the per-address limit.
  ipLimitGroup(app, false);
  // The signature covers the bytes sent: keep them, parse afterwards (this scope only).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    request.rawBody = String(body);
    done(null, request.rawBody);
  });

  /** Every answer is the envelope: code is the HTTP status, msg says why in the caller's language. */
  const answer = (status: 200 | 400 | 401, locale: 'zh' | 'en', data: { received: boolean; applied: boolean; reason: string }) => ({
    code: status,
    data,
    msg: translate(locale, `pay.callback.${data.reason}`),
  });

  app.post('/payment-callbacks/sandbox', {
    // The signature is checked over the bytes as sent, whatever they hold: the input guard leaves the body alone.
    config: { verbatimBody: true },
    schema: {
      tags: ['payments'],
      summary: 'Signed callback of the sandbox gateway (applied once; replays and late events answered 200 and ignored)',
      description:
        `JSON { eventId, paymentId, merchantRef, status: succeeded|declined|expired, amount, currency, occurredAt }. Headers ${timestampHeader} (unix seconds, within 300 s) and ` +
        `${signatureHeader} = hex HMAC-SHA256(PAYMENT_SANDBOX_SECRET, "{timestamp}.{raw body}"). 401: bad signature or stale timestamp; 400: malformed, unknown payment, wrong amount or currency.`,
      body: z.string().describe('raw JSON body'),
      response: { 200: envelope(callbackAnswer), 400: envelope(callbackAnswer), 401: envelope(callbackAnswer) },
    },
  }, async (request, reply) => {
    const gateway = ctx.sandbox;
    const v = gateway.verifyCallback(request.headers, request.rawBody ?? '');
    if (!v.ok) {
      await logRefusedCallback(app.db, gateway.name, v.reason, (request.rawBody ?? '').slice(0, 500));
      request.log.warn({ reason: v.reason }, 'payment callback refused');
      const status = v.reason === 'malformed' ? 400 : 401;
      return reply.status(status).send(answer(status, request.locale, { received: false, applied: false, reason: v.reason }));
    }
    const r = await applyGatewayEvent(ctx, gateway, v.event);
    // What the payment queued (a domain registration, an order's validation) starts now, not at the next poll.
    if (r.applied) app.jobs.kick();
    return reply.status(r.httpStatus).send(answer(r.httpStatus, request.locale, { received: r.httpStatus === 200, applied: r.applied, reason: r.reason }));
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, on routes that verify a signature over it. */
    rawBody?: string;
  }
}
