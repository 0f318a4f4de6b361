import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deptScopeOf, permissionDefault } from '../../plugins/permissions.ts';
import { auditByOf } from '../../services/team/audit.ts';
import { authorOf } from '../../services/team/scope.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import {
  dnsBatchAnswer,
  dnsBatchBody,
  dnsChangeAnswer,
  dnsExportAnswer,
  dnsHistoryAnswer,
  dnsImportBody,
  dnsRecordsAnswer,
  dnsRecordsBody,
  dnsRecordsDelBody,
  dnsRollbackBody,
  dnsZone,
  dnsZoneBody,
  dnsZoneParams,
  dnsZonesAnswer,
  dnsZonesQuery,
} from '@cc/contracts/dns';
import { ok } from '../../lib/envelope.ts';
import { batchBodyLimit } from '../../lib/body-limits.ts';
import { createDelegationLookup, createDnsLookup } from '../../adapters/dns/resolver.ts';
import {
  addZone,
  batchRecords,
  checkZone,
  deleteRecords,
  deleteZone,
  exportZone,
  getRecords,
  importZone,
  listZones,
  rollbackZone,
  saveRecords,
  zoneHistory,
  type DnsCaller,
  type DnsSettings,
  type ZoneProofs,
} from '../../services/dns/zones.ts';

/**
 * DNS hosting (/domain/dns, /domain/dns/{domain}, /domain/batch/dns). Changes take `preview: true` to answer the diff
 * only, and `baseSerial` (the serial the records call answered) so that an edit made on a stale view is refused
 * with the diff since (14302) instead of overwriting another's change.
 */
export const dnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dns'];
  permissionDefault(app, 'domains.manage');
  const settings: DnsSettings = { nameservers: app.config.DNS_NAMESERVERS, hostmaster: app.config.DNS_HOSTMASTER };
  const caller = async (request: FastifyRequest): Promise<DnsCaller> => ({
    accountId: request.account.id,
    actor: request.account.apiKey ? `${request.account.accountNo} (API key #${request.account.apiKey.id})` : (request.account.member?.name ?? request.account.accountNo),
    who: await deptScopeOf(request),
    by: auditByOf(request),
  });
  // Proof of control is seen through the configured resolver (DNS_RESOLVER), as a CA's validation would see it; the
  // setting is read at each check.
  const proofs = (): ZoneProofs => ({
    delegation: createDelegationLookup(app.config.DNS_RESOLVER, app.config.DNS_DELEGATION_PORT),
    txt: (host) => createDnsLookup(app.config.DNS_RESOLVER).txt(host),
  });

  app.get('/dm-serv/v1/dns/zones', {
    schema: { tags, summary: 'The zones the account hosts here, with the nameservers to set at a registrar', querystring: dnsZonesQuery, response: { 200: envelope(dnsZonesAnswer) } },
  }, async (request) => ok(await listZones(app.db, await deptScopeOf(request), settings, request.locale, request.query.search)));

  app.post('/dm-serv/v1/dns/zones', {
    schema: {
      tags,
      summary:
        'Claims a domain registered elsewhere (checked at once): its zone is answered once control is proven (the parent delegates it to our nameservers, or its TXT verification record is seen); refused inside or around another account\'s live zone',
      body: dnsZoneBody,
      response: { 200: envelope(dnsZone) },
    },
  }, async (request) => ok(await addZone(app.db, await caller(request), request.body.zone, settings, request.locale, proofs(), authorOf(await deptScopeOf(request)))));

  app.delete('/dm-serv/v1/dns/zones/:zone', {
    schema: { tags, summary: 'Stops hosting a zone (its records and history are deleted)', params: dnsZoneParams, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await deleteZone(app.db, await caller(request), request.params.zone);
    return ok(null);
  });

  app.post('/dm-serv/v1/dns/zones/:zone/check', {
    schema: {
      tags,
      summary: 'Looks for proof of control through public DNS (the parent\'s delegation to our nameservers, or the TXT verification record): a proven zone goes live, other accounts\' claims of it are released',
      params: dnsZoneParams,
      response: { 200: envelope(dnsZone) },
    },
  }, async (request) => ok(await checkZone(app.db, await deptScopeOf(request), request.params.zone, settings, proofs(), request.locale)));

  app.get('/dm-serv/v1/dns/zones/:zone/records', {
    schema: { tags, summary: 'The zone and its records (the serial is the base of the next change)', params: dnsZoneParams, response: { 200: envelope(dnsRecordsAnswer) } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await getRecords(app.db, await deptScopeOf(request), request.params.zone, settings, request.locale));
  });

  app.post('/dm-serv/v1/domains/records', {
    schema: {
      tags,
      summary: 'Adds (no id) and edits (id: change, pause with disabled) records of a zone in one change; preview: the diff only',
      body: dnsRecordsBody,
      response: { 200: envelope(dnsChangeAnswer) },
    },
  }, async (request) => ok(await saveRecords(app.db, await caller(request), request.body, request.locale)));

  app.post('/dm-serv/v1/domains/recordsDel', {
    schema: { tags, summary: 'Deletes records of a zone in one change; preview: the diff only', body: dnsRecordsDelBody, response: { 200: envelope(dnsChangeAnswer) } },
  }, async (request) => ok(await deleteRecords(app.db, await caller(request), request.body, request.locale)));

  app.get('/dm-serv/v1/dns/zones/:zone/history', {
    schema: { tags, summary: 'Every change of the zone, newest first: who, when, what', params: dnsZoneParams, response: { 200: envelope(dnsHistoryAnswer) } },
  }, async (request) => ok(await zoneHistory(app.db, await deptScopeOf(request), request.params.zone, request.locale)));

  app.post('/dm-serv/v1/dns/zones/:zone/rollback', {
    schema: { tags, summary: 'Restores the records as they were after an earlier change (itself a new change)', params: dnsZoneParams, body: dnsRollbackBody, response: { 200: envelope(dnsChangeAnswer) } },
  }, async (request) => ok(await rollbackZone(app.db, await caller(request), request.params.zone, request.body, request.locale)));

  app.get('/dm-serv/v1/dns/zones/:zone/export', {
    schema: { tags, summary: 'The zone in zone-file format (RFC 1035)', params: dnsZoneParams, response: { 200: envelope(dnsExportAnswer) } },
  }, async (request) => ok(await exportZone(app.db, await deptScopeOf(request), request.params.zone)));

  app.post('/dm-serv/v1/dns/zones/:zone/import', {
    bodyLimit: batchBodyLimit,
    schema: { tags, summary: 'Imports a zone file (merge or replace); preview: the diff only', params: dnsZoneParams, body: dnsImportBody, response: { 200: envelope(dnsChangeAnswer) } },
  }, async (request) => ok(await importZone(app.db, await caller(request), request.params.zone, request.body, request.locale)));

  app.post('/dm-serv/v1/dns/batch', {
    bodyLimit: batchBodyLimit,
    schema: {
      tags,
      summary: 'Adds, replaces or removes one record set across many zones (each zone its own change and result); preview: the diffs only',
      body: dnsBatchBody,
      response: { 200: envelope(dnsBatchAnswer) },
    },
  }, async (request) => ok(await batchRecords(app.db, await caller(request), request.body, request.locale)));
};
