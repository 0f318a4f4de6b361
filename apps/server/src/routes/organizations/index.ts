import { permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import {
  companyLookupAnswer,
  companyLookupBody,
  organization,
  organizationIdParams,
  organizationListAnswer,
  organizationListQuery,
  organizationPostAnswer,
  organizationPostBody,
  organizationSavedAnswer,
  organizationUpdateBody,
} from '@cc/contracts/organizations';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/app-error.ts';
import { createOrganization, deleteOrganization, getOrganization, listOrganizations, updateOrganization } from '../../services/purchase/organizations.ts';
import { directoryLookup } from '../../services/company-lookup/company-lookup.ts';

/** Companies of the signed-in account and the company lookup (document 02 §7). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  permissionDefault(app, 'orders.read', 'contacts.manage');
  const tags = ['organizations'];
  const lookup = directoryLookup(app.db);

  app.get('/v1/organizations', {
    schema: { tags, summary: 'List companies (filter by name)', querystring: organizationListQuery, response: { 200: envelope(organizationListAnswer) } },
  }, async (request) => ok(await listOrganizations(app.db, request.account.id, request.query)));

  app.post('/v1/organizations', {
    schema: {
      tags,
      summary: 'Add a company, or list companies',
      description: 'A body with company fields (orgName, creditCode, ...) creates and answers `{ id }`; a body with only limit, offset and name is the list query and answers `{ data, total }`.',
      body: organizationPostBody,
      response: { 200: envelope(organizationPostAnswer) },
    },
  }, async (request) => {
    const body = request.body;
    if (body.kind === 'list') return ok(await listOrganizations(app.db, request.account.id, body));
    const { kind: _kind, ...fields } = body;
    return ok({ id: await createOrganization(app.db, request.account.id, fields) });
  });

  app.get('/v1/organizations/:id', {
    schema: { tags, summary: 'One company', params: organizationIdParams, response: { 200: envelope(organization) } },
  }, async (request) => ok(await getOrganization(app.db, request.account.id, request.params.id)));

  app.put('/v1/organizations', {
    schema: { tags, summary: 'Save a company (by id)', body: organizationUpdateBody, response: { 200: envelope(organizationSavedAnswer) } },
  }, async (request) => {
    const { id, ...fields } = request.body;
    await updateOrganization(app.db, request.account.id, id, fields);
    return ok({ id });
  });

  app.delete('/v1/organizations/:id', {
    schema: { tags, summary: 'Delete a company', params: organizationIdParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await deleteOrganization(app.db, request.account.id, request.params.id);
    return ok(null);
  });

  app.post('/v1/organizations/qiChaCha', {
    schema: { tags, summary: 'Look a company up by name (fills the company form)', body: companyLookupBody, response: { 200: envelope(companyLookupAnswer) } },
  }, async (request) => {
    const found = await lookup.find(request.body.orgName);
    if (!found) throw fail('NOT_FOUND', undefined, { orgName: 'purchase.company.notFound' });
    return ok(found);
  });
};
