import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { requiredText } from '@cc/contracts/input';
import { ok } from '../../lib/envelope.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';
import { parse } from '../../services/domains/names.ts';
import { domainsContext } from './index.ts';

const nameBody = z.object({ domain: requiredText(300, 'dm.v.name') });

/**
 * The sandbox registry's other registrar, for people trying the product and for tests (only with DEV_OUTBOX=on,
 * never in production): a name held elsewhere with its auth code (to transfer in), and another registrar asking for
 * one of ours (a transfer out).
 */
export const registrySandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = domainsContext(app);
  const name = (d: string) => {
    const p = parse(d);
    if (!p) throw new RuleError('INVALID_INPUT', said('dm.name.invalid', { domains: d }), { domain: said('dm.name.invalid', { domains: d }) });
    return p.ascii;
  };
  app.post('/dev/registry/elsewhere', {
    schema: { tags: ['dev'], summary: 'Sandbox registry: a name held at another registrar, and its auth code (DEV_OUTBOX=on only)', body: nameBody, response: { 200: envelope(z.object({ domain: z.string(), authCode: z.string(), expiresAt: z.string() })) } },
  }, async (request) => {
    const d = await ctx.registry.plantElsewhere(app.db, name(request.body.domain));
    return ok({ domain: d.name, authCode: d.authCode, expiresAt: d.expiresAt.toISOString() });
  });
  app.post('/dev/registry/transferOut', {
    schema: { tags: ['dev'], summary: 'Sandbox registry: another registrar requests a name of ours with its auth code (DEV_OUTBOX=on only)', body: nameBody.extend({ authCode: requiredText(64) }), response: { 200: envelope(z.object({ id: z.number(), actBy: z.string() })) } },
  }, async (request) => {
    const r = await app.db.tx((q) => ctx.registry.requestFromElsewhere(q, name(request.body.domain), request.body.authCode));
    if (!r.ok) throw new RuleError('DOMAIN_REFUSED', said('dm.registry.refused', { reason: r.reason }));
    return ok({ id: r.transfer.id, actBy: r.transfer.actBy.toISOString() });
  });
};
