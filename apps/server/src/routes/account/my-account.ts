import { permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { closeAccountAnswer, closeAccountBody, closeCodeQuery, manageAnswer } from '@cc/contracts/account';
import { codeSentAnswer } from '@cc/contracts/session';
import { closeAccount, manageOf, sendCloseCode } from '../../services/account/manage.ts';
import { checkBalanceLow, informBalanceJob, informSendJob, sendInform } from '../../services/account/inform-events.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { informAnswer, informBody, logExportLimit, logExportQuery, logListAnswer, logQuery, profileAnswer, profileBody, profileProgress } from '@cc/contracts/account';
import { ok } from '../../lib/envelope.ts';
import { getProfile, profileProgress as progressOf, saveProfile } from '../../services/account/profile.ts';
import { getInform, setInform } from '../../services/account/inform.ts';
import { exportLog, listLog } from '../../services/account/activity-log.ts';

const security = [{ token: [] }];

/** My account (document 02 §2): personal profile, notification settings, the account's activity log. */
export const myAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Profile, notification settings and closing are the holder's; the activity log is read with audit.read (below).
  permissionDefault(app, 'account.owner');
  const tags = ['account'];
  const informDeps = { db: app.db, messenger: app.messenger, baseUrl: ordersContext(app).baseUrl };
  app.jobs.register(informSendJob, async (job) => {
    await sendInform(informDeps, job.payload);
  });
  app.jobs.register(informBalanceJob, async (job) => {
    await checkBalanceLow(app.db, job.payload.accountId);
  });

  app.get('/v1/profile', {
    schema: { tags, summary: 'The personal profile, with its checklist (progress)', security, response: { 200: envelope(profileAnswer) } },
  }, async (request) => ok(await getProfile(app.db, request.account.id)));

  const save = {
    schema: {
      tags,
      summary: 'Saves the whole personal profile (POST and PUT alike); name and address complete it for the card provider (12077)',
      security,
      body: profileBody,
      response: { 200: envelope(profileAnswer) },
    },
  };
  const saveHandler = async (request: { account: { id: number }; body: z.infer<typeof profileBody> }) => {
    await app.db.tx((q) => saveProfile(q, request.account.id, request.body));
    return ok(await getProfile(app.db, request.account.id));
  };
  app.post('/v1/profile', save, saveHandler);
  app.put('/v1/profile', save, saveHandler);

  app.get('/v1/profile/progress', {
    schema: { tags, summary: 'Profile progress: the checklist of a complete profile and whether it is complete', security, response: { 200: envelope(profileProgress) } },
  }, async (request) => ok(await progressOf(app.db, request.account.id)));

  app.get('/v1/inform', {
    schema: { tags, summary: 'Which events reach the account by e-mail and SMS, reminder days and the low-balance amount', security, response: { 200: envelope(informAnswer) } },
  }, async (request) => ok(await getInform(app.db, request.account.id)));

  app.post('/v1/inform', {
    schema: {
      tags,
      summary: 'Changes one event type: a channel on or off (modifyTo + isInformed), its reminder days, or the low-balance amount',
      security,
      body: informBody,
      response: { 200: envelope(informAnswer) },
    },
  }, async (request) => ok(await setInform(app.db, request.account.id, request.body)));

  app.get('/v1/account/manage', {
    schema: { tags, summary: 'Account management: number, owner, verification, holders and whether it can be closed now (each reason it cannot)', security, response: { 200: envelope(manageAnswer) } },
  }, async (request) => ok(await manageOf(app.db, request.account.id, request.locale)));

  app.get('/v1/account/close/code', {
    schema: { tags, summary: 'Sends the closing code to the bound e-mail (email) or phone (tel); refused while something blocks closing', security, querystring: closeCodeQuery, response: { 200: envelope(codeSentAnswer) } },
    config: { apiKey: 'never' },
  }, async (request) => ok(await sendCloseCode(app, request, request.query.channel)));

  app.post('/v1/account/close', {
    schema: {
      tags,
      summary: 'Closes the account (password + code): refused with 12016 and each reason while balance, unpaid or running orders, open payments or valid certificates remain; then every session ends and sign-in answers 12015',
      security,
      body: closeAccountBody,
      response: { 200: envelope(closeAccountAnswer) },
    },
    config: { apiKey: 'never' },
  }, async (request) => ok(await closeAccount(app, request, request.body)));

  app.get('/v1/accountLogs', {
    schema: { tags, summary: 'The account\'s activity log: sign-ins, security and profile changes, orders, payments; newest first', security, querystring: logQuery, response: { 200: envelope(logListAnswer) } },
    config: { permission: 'audit.read' },
  }, async (request) => ok(await listLog(app.db, request.account.id, request.query, request.locale)));

  app.get('/v1/accountLogs/export', {
    schema: {
      tags,
      summary: `The activity log as CSV (UTF-8 with BOM), same filters, newest first, at most ${logExportLimit} rows`,
      security,
      querystring: logExportQuery,
      produces: ['text/csv'],
    },
    config: { permission: 'audit.read' },
  }, async (request, reply) => {
    const csv = await exportLog(app.db, request.account.id, request.query, request.locale, logExportLimit);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="account-log-${request.account.accountNo}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
