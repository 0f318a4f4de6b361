import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  app.post('/payment-callbacks/sandbox', {
    schema: {
      tags: ['payments'],
      summary: 'Signed callback of the sandbox gateway (applied once; replays and late events answered 200 and ignored)',
      description:
        `JSON { eventId, paymentId, merchantRef, status: succeeded|declined|expired, amount, currency, occurredAt }. Headers ${timestampHeader} (unix seconds, within 300 s) and ` +
        `${signatureHeader} = hex HMAC-SHA256(PAYMENT_SANDBOX_SECRET, "{timestamp}.{raw body}"). 401: bad signature or stale timestamp; 400: malformed, unknown payment, wrong amount or currency.`,
      body: z.string().describe('raw JSON body'),
      response: { 200: callbackAnswer, 400: callbackAnswer, 401: callbackAnswer },
    },
  }, async (request, reply) => {
    const gateway = ctx.sandbox;
    const v = gateway.verifyCallback(request.headers, request.rawBody ?? '');
    if (!v.ok) {
      await logRefusedCallback(app.db, gateway.name, v.reason, (request.rawBody ?? '').slice(0, 500));
      request.log.warn({ reason: v.reason }, 'payment callback refused');
      return reply.status(v.reason === 'malformed' ? 400 : 401).send({ received: false, applied: false, reason: v.reason });
    }
    const r = await applyGatewayEvent(ctx, gateway, v.event);
    return reply.status(r.httpStatus).send({ received: r.httpStatus === 200, applied: r.applied, reason: r.reason });
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, on routes that verify a signature over it. */
    rawBody?: string;
  }
}
