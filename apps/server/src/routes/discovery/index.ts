import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionDefault } from '../../plugins/permissions.ts';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import {
  certDetail,
  certsAnswer,
  certsQuery,
  dashboardAnswer,
  idParams,
  importOrdersBody,
  profile,
  profileBody,
  profilesAnswer,
  scanAnswer,
  targetsAdded,
  targetsAnswer,
  targetsBody,
} from '@cc/contracts/discovery';
import { ctAnswer, ctQuery } from '@cc/contracts/ct';
import { ok } from '../../lib/envelope.ts';
import { ordersContext } from '../../services/orders/context.ts';
import { currentSth } from '../../services/ct/log.ts';
import { accountCtEntries, accountDomains } from '../../services/ct/monitor.ts';
import { discoveryScan, discoveryScanJob } from '../../services/discovery/scanner.ts';
import {
  addTargets,
  certDetail as readCert,
  certsCsv,
  createProfile,
  dashboard,
  deleteTarget,
  listCerts,
  listProfiles,
  listTargets,
  orderNames,
  zoneNames,
  csvOf,
  scanNow,
  updateProfile,
} from '../../services/discovery/inventory.ts';

/**
 * Certificate discovery and monitoring (/certhub/discovery): the caller's own targets, profiles, certificates and
 * alerts only; every query is bound to request.account.id, so another account's ids answer "not found".
 */
export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Team: watching the account's endpoints is technical work, as the tools are; reading the inventory is reading orders' certificates.
  permissionDefault(app, 'orders.read', 'tools.use');
  const tags = ['discovery'];
  app.jobs.register(discoveryScanJob, discoveryScan(app));
  const allowPrivate = () => app.config.REPORT_ALLOW_PRIVATE === 'on';

  app.get('/v1/discovery/dashboard', {
    schema: { tags, summary: 'Counts by endpoint state and expiry bucket, upcoming expiries, recent changes and alerts', response: { 200: envelope(dashboardAnswer) } },
  }, async (request) => ok(await dashboard(app.db, request.account.id)));

  app.get('/v1/discovery/profiles', {
    schema: { tags, summary: 'Scan profiles: schedule, timeout, concurrency', response: { 200: envelope(profilesAnswer) } },
  }, async (request) => ok({ items: await listProfiles(app.db, request.account.id) }));

  app.post('/v1/discovery/profiles', {
    schema: { tags, summary: 'Creates a scan profile', body: profileBody, response: { 200: envelope(profile) } },
  }, async (request) => ok(await createProfile(app.db, request.account.id, request.body)));

  app.put('/v1/discovery/profiles/:id', {
    schema: { tags, summary: 'Changes a scan profile', params: idParams, body: profileBody, response: { 200: envelope(profile) } },
  }, async (request) => ok(await updateProfile(app.db, request.account.id, request.params.id, request.body)));

  app.post('/v1/discovery/profiles/:id/scan', {
    schema: { tags, summary: 'Scan now: every endpoint of the profile is scanned by the job queue at once', params: idParams, response: { 200: envelope(scanAnswer) } },
  }, async (request) => {
    const queued = await scanNow(app.db, request.account.id, request.params.id);
    app.jobs.kick();
    return ok({ queued });
  });

  app.get('/v1/discovery/targets', {
    schema: { tags, summary: 'Scan targets with their endpoint count and worst state', response: { 200: envelope(targetsAnswer) } },
  }, async (request) => ok({ items: await listTargets(app.db, request.account.id) }));

  app.post('/v1/discovery/targets', {
    schema: {
      tags,
      summary: 'Adds targets from lines (host, IP or CIDR up to /24, each with an optional :port)',
      description: 'Private, loopback and reserved addresses are refused (a name is checked when scanned, by the TLS report\'s rule). Refused lines come back in `skipped` with the reason.',
      body: targetsBody,
      response: { 200: envelope(targetsAdded) },
    },
  }, async (request) => {
    const b = request.body;
    const r = await addTargets(app.db, request.account.id, request.locale, { lines: b.lines, ports: b.ports, group: b.group, profileId: b.profileId }, allowPrivate());
    app.jobs.kick();
    return ok(r);
  });

  // Imports of the account's own names as targets (port 443): from its certificates bought here, from its hosted zones.
  const importFrom = (path: string, summary: string, names: typeof orderNames) =>
    app.post(path, { schema: { tags, summary, body: importOrdersBody, response: { 200: envelope(targetsAdded) } } }, async (request) => {
      const lines = await names(app.db, request.account.id);
      const r = await addTargets(app.db, request.account.id, request.locale, { lines, group: request.body.group, profileId: request.body.profileId }, allowPrivate());
      app.jobs.kick();
      return ok(r);
    });
  importFrom('/v1/discovery/targets/fromOrders', 'Adds the names of the account\'s certificates bought here as targets (port 443)', orderNames);
  importFrom('/v1/discovery/targets/fromZones', 'Adds the names of the account\'s hosted DNS zones that have A, AAAA or CNAME records as targets (port 443)', zoneNames);

  app.get('/v1/discovery/ct', {
    schema: {
      tags,
      summary: 'Certificate Transparency lookup: logged certificates for the account\'s names (zones, host targets, certificates bought here), newest first',
      description: 'managed=no lists the certificates for these names that the account did not order here (the CT monitor also alerts on them).',
      querystring: ctQuery,
      response: { 200: envelope(ctAnswer) },
    },
  }, async (request) => {
    const [items, domains, sth] = await Promise.all([
      accountCtEntries(app.db, request.account.id, request.query),
      accountDomains(app.db, request.account.id),
      currentSth(app.db, ordersContext(app).box),
    ]);
    return ok({ items, domains, sth });
  });

  app.get('/v1/discovery/ct/export', {
    schema: { tags, summary: 'The CT lookup as CSV (UTF-8 with BOM), with the same filters', querystring: ctQuery },
  }, async (request, reply) => {
    const items = await accountCtEntries(app.db, request.account.id, request.query);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="ct-log.csv"').header('cache-control', 'no-store');
    const head = ['index', 'loggedAt', 'names', 'subject', 'issuer', 'serial', 'sha256', 'notBefore', 'notAfter', 'managed', 'orderNo'];
    return csvOf(head, items.map((e) => [e.idx, e.loggedAt, e.names.join(' '), e.subject, e.issuer, e.serial, e.sha256, e.notBefore, e.notAfter, e.managed, e.orderNo]));
  });

  app.delete('/v1/discovery/targets/:id', {
    schema: { tags, summary: 'Removes a target and what its scans saw at its endpoints', params: idParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await deleteTarget(app.db, request.account.id, request.params.id);
    return ok(null);
  });

  app.get('/v1/discovery/certs', {
    schema: { tags, summary: 'Certificate inventory: every certificate found, once per fingerprint, soonest end first', querystring: certsQuery, response: { 200: envelope(certsAnswer) } },
  }, async (request) => ok({ items: await listCerts(app.db, request.account.id, request.query) }));

  app.get('/v1/discovery/certs/export', {
    schema: { tags, summary: 'The inventory as CSV (UTF-8 with BOM), with the same filters', querystring: certsQuery },
  }, async (request, reply) => {
    const items = await listCerts(app.db, request.account.id, request.query);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="certificates.csv"').header('cache-control', 'no-store');
    return certsCsv(items);
  });

  app.get('/v1/discovery/certs/:id', {
    schema: { tags, summary: 'One certificate: PEM, chain as served, where it is served, its order', params: idParams, response: { 200: envelope(certDetail) } },
  }, async (request) => ok(await readCert(app.db, request.account.id, request.params.id)));
};
