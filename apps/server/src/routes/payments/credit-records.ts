import { permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { creditRecordsAnswer, creditRecordsQuery } from '@cc/contracts/payments';
import { ok } from '../../lib/envelope.ts';
import { payRefusal } from '../../services/payments/errors.ts';
import { listCreditRecords } from '../../services/payments/ledger.ts';

/** Balance changes (/account/credit-records): the ledger, newest first. */
export const creditRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  permissionDefault(app, 'billing.read', 'billing.manage');
  app.get('/v1/creditChangeRecords', {
    schema: {
      tags: ['payments'],
      security: [{ token: [] }],
      summary: 'Balance changes, newest first (offset is the 1-based page); optional startTime/endTime and kind',
      querystring: creditRecordsQuery,
      response: { 200: envelope(creditRecordsAnswer) },
    },
  }, async (request) => {
    const { startTime, endTime } = request.query;
    if (startTime && endTime && startTime > endTime) throw payRefusal('INVALID_INPUT', 'pay.ledger.range', undefined, 'startTime');
    return ok(await listCreditRecords(app.db, request.account.id, request.query));
  });
};
