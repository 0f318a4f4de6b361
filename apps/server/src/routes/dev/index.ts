import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { outboxAnswer, outboxQuery } from '@cc/contracts/session';
import { ok } from '../../lib/envelope.ts';
import { ipLimitGroup } from '../../plugins/ip-limit.ts';

/**
 * Registered only with DEV_OUTBOX=on (refused in production): the newest mail and SMS sent to an address, so people
 * trying the product and tests can read codes on a machine with no mail server. Anyone reaching the server reads
 * anyone's codes here, hence off by default.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  // A development tool that tests poll: not counted by the per-address limit.
  ipLimitGroup(app, false);
  app.get(
    '/dev/outbox',
    { schema: { tags: ['dev'], summary: 'Newest messages sent to an address (only with DEV_OUTBOX=on, never in production)', querystring: outboxQuery, response: { 200: envelope(outboxAnswer) } } },
    async (request) => {
      const to = request.query.to;
      // "+86138..." in a query string arrives as " 86138..." when the + was not encoded; digits alone match an SMS number too.
      const digits = /^\+?\d{5,19}$/.test(to) ? to.replace(/^\+/, '') : null;
      const rows = await app.db.query<{ id: number; channel: 'mail' | 'sms'; to_addr: string; subject: string; body: string; created_at: Date | string }>(
        `SELECT id, channel, to_addr, subject, body, created_at FROM outbox
          WHERE to_addr = $1 OR lower(to_addr) = lower($1)
             OR ($2::text IS NOT NULL AND channel = 'sms' AND (to_addr = '+' || $2 OR to_addr ~ ('^\\+[0-9]{1,4}' || $2 || '$')))
          ORDER BY id DESC LIMIT 20`,
        [to, digits],
      );
      return ok(rows.map((r) => ({ id: Number(r.id), channel: r.channel, to: r.to_addr, subject: r.subject, body: r.body, createdAt: new Date(r.created_at).toISOString() })));
    },
  );
};
