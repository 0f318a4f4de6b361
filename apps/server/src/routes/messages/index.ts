import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import {
  announcementIdParams,
  announcementListAnswer,
  siteMsgIdParams,
  siteMsgListAnswer,
  siteMsgListQuery,
  siteMsgReadAllAnswer,
  siteMsgReadAllBody,
  siteMsgSummary as siteMsgSummaryAnswer,
  siteMsgUnreadAnswer,
} from '@cc/contracts/site-messages';
import type { FastifyRequest } from 'fastify';
import { compiledAnswer } from '../../lib/compiled-answer.ts';
import { sessionReadOf } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { deptScopeOf, permissionDefault } from '../../plugins/permissions.ts';
import { deleteSiteMessage, listSiteMessages, readAllSiteMessages, readSiteMessage } from '../../services/messages/site-messages.ts';
import { bellRead, hideAnnouncement, listAnnouncements, readAnnouncement, siteMsgSummary, type BellRow } from '../../services/messages/announcements.ts';

/**
 * Whose messages the caller reads: all of the account's for the holder and members who see all departments; a member
 * scoped to departments reads those about orders and domains of its departments (services/messages/site-messages.ts).
 */
const inboxOf = (request: FastifyRequest) => deptScopeOf(request);

/** The message centre (/notification), the header bell and the platform's announcements: the caller's own only. */
export const siteMsgRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messages'];
  permissionDefault(app, 'self');

  app.get('/v1/siteMsg/summary', {
    schema: { tags, summary: 'The header\'s one call on every page: unread messages and the newest unread announcement', response: { 200: envelope(siteMsgSummaryAnswer) } },
    // Asked on every page: read with the session (one round trip) and written by a compiled serializer, as GET /v1/account is.
    config: { sessionRead: bellRead },
    serializerCompiler: compiledAnswer,
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await siteMsgSummary(app.db, await inboxOf(request), request.locale, sessionReadOf<BellRow>(request)));
  });

  app.get('/v1/siteMsg', {
    schema: {
      tags,
      summary: 'The account\'s messages, newest first (siteMsges, total), filtered by group, kind or read status; unread counts them all',
      querystring: siteMsgListQuery,
      response: { 200: envelope(siteMsgListAnswer) },
    },
  }, async (request) => ok(await listSiteMessages(app.db, await inboxOf(request), request.query, request.locale)));

  app.put('/v1/siteMsg/read', {
    schema: { tags, summary: 'Marks every unread message read (of one group when category is given)', body: siteMsgReadAllBody, response: { 200: envelope(siteMsgReadAllAnswer) } },
  }, async (request) => ok(await readAllSiteMessages(app.db, await inboxOf(request), request.body.category)));

  app.put('/v1/siteMsg/:id', {
    schema: { tags, summary: 'Marks one message read', params: siteMsgIdParams, response: { 200: envelope(siteMsgUnreadAnswer) } },
  }, async (request) => ok(await readSiteMessage(app.db, await inboxOf(request), request.params.id)));

  app.delete('/v1/siteMsg/:id', {
    schema: { tags, summary: 'Deletes one message', params: siteMsgIdParams, response: { 200: envelope(siteMsgUnreadAnswer) } },
  }, async (request) => ok(await deleteSiteMessage(app.db, await inboxOf(request), request.params.id)));

  app.get('/v1/siteMsg/announcement', {
    schema: { tags, summary: 'The platform\'s announcements in force (maintenance, price changes, CA/Browser Forum rules), newest first', response: { 200: envelope(announcementListAnswer) } },
  }, async (request) => ok(await listAnnouncements(app.db, request.account.id, request.locale)));

  app.put('/v1/siteMsg/announcement/:id', {
    schema: { tags, summary: 'Marks an announcement read: its banner is not shown again', params: announcementIdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await readAnnouncement(app.db, request.account.id, request.params.id);
    return ok(null);
  });

  app.delete('/v1/siteMsg/announcement/:id', {
    schema: { tags, summary: 'Hides an announcement from the account\'s list (and marks it read)', params: announcementIdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await hideAnnouncement(app.db, request.account.id, request.params.id);
    return ok(null);
  });
};
