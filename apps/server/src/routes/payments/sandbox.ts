import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { sandboxActionAnswer, sandboxParams, sandboxPayment } from '@cc/contracts/payments';
import { ok } from '../../lib/envelope.ts';
import type { SandboxAction, SandboxRow } from '../../adapters/payment/sandbox.ts';
import { paymentsContext } from '../../services/payments/context.ts';
import { payRefusal } from '../../services/payments/errors.ts';

const tags = ['payment sandbox'];

function view(row: SandboxRow) {
  const expiresAt = new Date(row.expires_at);
  // Past its expiry the payment is over, even before the expiry job has marked it.
  const lapsed = (row.status === 'pending' || row.status === 'approved') && expiresAt.getTime() <= Date.now();
  return {
    id: row.id, method: row.method, amount: row.amount, currency: row.currency, coinAmount: row.coin_amount, address: row.address,
    subject: row.subject, page: row.page, status: lapsed ? ('expired' as const) : row.status,
    expiresAt: expiresAt.toISOString(), expireTime: Math.floor(expiresAt.getTime() / 1000), returnUrl: row.return_url,
  };
}

function answer(r: SandboxAction) {
  if (r.ok) return ok({ status: r.row.status, redirectUrl: r.redirectUrl });
  if (r.reason === 'not_found') throw payRefusal('NOT_FOUND', 'pay.sandbox.notFound', undefined, 'id');
  if (r.reason === 'expired') throw payRefusal('CONFLICT', 'pay.sandbox.expired');
  throw payRefusal('CONFLICT', 'pay.sandbox.finished', { status: r.status ?? 'unknown' });
}

/** The sandbox gateway's API for its hosted pages (/payment/test, /deposit/test). Public: the id is unguessable. */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandbox } = paymentsContext(app);

  app.get('/sandbox/payments/:id', {
    schema: { tags, summary: 'What the hosted page shows', params: sandboxParams, response: { 200: envelope(sandboxPayment) } },
  }, async (request) => {
    const row = await sandbox.find(request.params.id);
    if (!row) throw payRefusal('NOT_FOUND', 'pay.sandbox.notFound', undefined, 'id');
    return ok(view(row));
  });

  app.post('/sandbox/payments/:id/approve', {
    schema: {
      tags,
      summary: 'The payer approves: the gateway notifies the server (signed callback); PayPal: authorised only, redirectUrl carries token and PayerID to capture',
      params: sandboxParams,
      response: { 200: envelope(sandboxActionAnswer) },
    },
  }, async (request) => {
    const out = answer(await sandbox.approve(request.params.id));
    // The signed callback is a queued job: deliver it now, not at the next poll.
    app.jobs.kick();
    return out;
  });

  app.post('/sandbox/payments/:id/decline', {
    schema: { tags, summary: 'The payer declines: the gateway notifies the server', params: sandboxParams, response: { 200: envelope(sandboxActionAnswer) } },
  }, async (request) => {
    const out = answer(await sandbox.decline(request.params.id));
    app.jobs.kick();
    return out;
  });
};
