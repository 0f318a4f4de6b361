import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { translate } from '@cc/contracts/messages';
import { verificationCallbackAnswer, verificationSandboxAnswer, verificationSandboxDecision, verificationSandboxParams, verificationSandboxView } from '@cc/contracts/real-name';
import { ok } from '../../lib/envelope.ts';
import { ipLimitGroup } from '../../plugins/ip-limit.ts';
import { verificationSignatureHeader, verificationTimestampHeader, type SandboxReviewAction } from '../../adapters/verification/sandbox.ts';
import { realNameContext } from '../../services/real-name/context.ts';
import { applyVerificationEvent, refusal } from '../../services/real-name/verifications.ts';

const tags = ['verification sandbox'];

function answer(r: SandboxReviewAction) {
  if (r.ok) return ok({ status: r.row.status as 'approved' | 'declined' });
  if (r.reason === 'not_found') throw refusal('NOT_FOUND', 'realName.sandbox.notFound', 'id');
  if (r.reason === 'awaiting_deposit') throw refusal('CONFLICT', 'realName.sandbox.awaitingDeposit');
  throw refusal('CONFLICT', 'realName.sandbox.finished', undefined, { status: r.status ?? 'unknown' });
}

/** The sandbox verifier's API for its hosted review page (/verify/test). Public: the id is unguessable, as a provider's review link is. */
export const verificationSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandbox } = realNameContext(app);

  app.get('/sandbox/verifications/:id', { schema: { tags, summary: 'What the review page shows', params: verificationSandboxParams, response: { 200: envelope(verificationSandboxView) } } }, async (request) => {
    const row = await sandbox.find(request.params.id);
    if (!row) throw refusal('NOT_FOUND', 'realName.sandbox.notFound', 'id');
    return ok({ id: row.id, kind: row.kind, status: row.status, subject: row.subject, depositCents: row.deposit_cents, depositConfirmed: row.deposit_confirmed, reason: row.reason });
  });

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/sandbox/verifications/:id/${action}`,
      {
        schema: {
          tags,
          summary: `The reviewer ${action}s; the verifier notifies the server by a signed callback${action === 'approve' ? ' (enterprise: only once the deposit amount was confirmed)' : ''}`,
          params: verificationSandboxParams,
          body: verificationSandboxDecision,
          response: { 200: envelope(verificationSandboxAnswer) },
        },
      },
      async (request) => {
        const out = answer(await sandbox.decide(request.params.id, action === 'approve' ? 'approved' : 'declined', action === 'decline' ? request.body.reason : ''));
        // The signed callback is a queued job: deliver it now, not at the next poll.
        app.jobs.kick();
        return out;
      },
    );
  }
};

/** The verifier's notifications. Public: trusted only by their signature, checked against the raw body. */
export const verificationCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = realNameContext(app);
  ipLimitGroup(app, false);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (request, body, done) => {
    request.rawBody = String(body);
    done(null, request.rawBody);
  });
  const reply = (status: 200 | 400 | 401, locale: 'zh' | 'en', data: { received: boolean; applied: boolean; reason: string }) => ({
    code: status,
    data,
    msg: translate(locale, `realName.callback.${data.reason}`),
  });

  app.post('/verification-callbacks/sandbox', {
    config: { verbatimBody: true },
    schema: {
      tags: ['account'],
      summary: 'Signed callback of the sandbox verifier (applied once; replays answered 200 and ignored)',
      description:
        `JSON { eventId, reviewId, merchantRef, status: approved|declined, reason, occurredAt }. Headers ${verificationTimestampHeader} (unix seconds, within 300 s) and ` +
        `${verificationSignatureHeader} = hex HMAC-SHA256(key derived from PAYMENT_SANDBOX_SECRET, "{timestamp}.{raw body}"). 401: bad signature or stale timestamp; 400: malformed or unknown verification.`,
      body: z.string().describe('raw JSON body'),
      response: { 200: envelope(verificationCallbackAnswer), 400: envelope(verificationCallbackAnswer), 401: envelope(verificationCallbackAnswer) },
    },
  }, async (request, res) => {
    const v = ctx.sandbox.verifyCallback(request.headers, request.rawBody ?? '');
    if (!v.ok) {
      request.log.warn({ reason: v.reason }, 'verification callback refused');
      const status = v.reason === 'malformed' ? 400 : 401;
      return res.status(status).send(reply(status, request.locale, { received: false, applied: false, reason: v.reason }));
    }
    const r = await applyVerificationEvent(ctx, ctx.sandbox.name, v.event);
    return res.status(r.httpStatus).send(reply(r.httpStatus, request.locale, { received: r.httpStatus === 200, applied: r.applied, reason: r.reason }));
  });
};
