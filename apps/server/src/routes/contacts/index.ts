import { deptScopeOf, permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { contactCreateBody, contactIdParams, contactListAnswer, contactListQuery, contactSavedAnswer, contactUpdateBody } from '@cc/contracts/contacts';
import { ok } from '../../lib/envelope.ts';
import { createContact, deleteContact, listContacts, updateContact } from '../../services/purchase/contacts.ts';

/** Order contacts of the signed-in account (document 02 §7). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  permissionDefault(app, 'orders.read', 'contacts.manage');
  const tags = ['contacts'];

  app.get('/v1/contacts', {
    schema: { tags, summary: 'List contacts (filter by first or last name)', querystring: contactListQuery, response: { 200: envelope(contactListAnswer) } },
  }, async (request) => ok(await listContacts(app.db, await deptScopeOf(request), request.query)));

  app.post('/v1/contacts', {
    schema: { tags, summary: 'Add a contact', body: contactCreateBody, response: { 200: envelope(contactSavedAnswer) } },
  }, async (request) => ok({ id: await createContact(app.db, request.account.id, request.body, request.account.member?.deptId ?? null) }));

  app.put('/v1/contacts', {
    schema: { tags, summary: 'Save a contact (by id)', body: contactUpdateBody, response: { 200: envelope(contactSavedAnswer) } },
  }, async (request) => {
    const { id, ...fields } = request.body;
    await updateContact(app.db, await deptScopeOf(request), id, fields);
    return ok({ id });
  });

  app.delete('/v1/contacts/:id', {
    schema: { tags, summary: 'Delete a contact', params: contactIdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await deleteContact(app.db, await deptScopeOf(request), request.params.id);
    return ok(null);
  });
};
