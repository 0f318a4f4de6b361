import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { dcvEmailBody, dcvEmailListAnswer, dcvEmailListQuery, dcvEmailSavedAnswer, dcvEmailUpdateBody, idParams } from '@cc/contracts/purchase';
import { ok } from '../../lib/envelope.ts';
import { deleteDcvEmail, listDcvEmails, saveDcvEmail, updateDcvEmail } from '../../services/purchase/dcv-emails.ts';

/** Saved validation e-mails for the email_dns method (/ssl/dcv/email). */
export const dcvEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['purchase'];

  app.get('/v1/emailDnsEmails', {
    schema: { tags, summary: 'Saved validation e-mails', querystring: dcvEmailListQuery, response: { 200: envelope(dcvEmailListAnswer) } },
  }, async (request) => ok(await listDcvEmails(app.db, request.account.id, request.query)));

  app.post('/v1/emailDnsEmails', {
    schema: { tags, summary: 'Save a validation e-mail (idempotent)', body: dcvEmailBody, response: { 200: envelope(dcvEmailSavedAnswer) } },
  }, async (request) => ok({ id: await saveDcvEmail(app.db, request.account.id, request.body.email) }));

  app.put('/v1/emailDnsEmails', {
    schema: { tags, summary: 'Change a saved validation e-mail; changed to one already saved, answers that one\'s id', body: dcvEmailUpdateBody, response: { 200: envelope(dcvEmailSavedAnswer) } },
  }, async (request) => ok({ id: await updateDcvEmail(app.db, request.account.id, request.body.id, request.body.email) }));

  app.delete('/v1/emailDnsEmails/:id', {
    schema: { tags, summary: 'Delete a saved validation e-mail', params: idParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await deleteDcvEmail(app.db, request.account.id, request.params.id);
    return ok(null);
  });
};
