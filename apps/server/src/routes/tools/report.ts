import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { reportByHostQuery, reportByIdQuery, reportIdParams, reportStartAnswer, reportStartBody, tlsReport } from '@cc/contracts/tls-report';
import { ok } from '../../lib/envelope.ts';
import { RuleError, said } from '../../services/purchase/rule-error.ts';
import { findReport, latestReport, reportJob, reportJobKind, startReport, toAnswer } from '../../services/tls-report/reports.ts';
import { normalizeTarget } from '../../services/tls-report/target.ts';

const notFound = () => new RuleError('NOT_FOUND', said('tls.err.notFound'));

/**
 * Site TLS audit. Reports are shared inside the product: any signed-in user reads any report by its (random) id
 * or by host, as SSL Labs shows anyone the report of a public host; who asked for a scan is never answered.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tools'];
  app.jobs.register(reportJobKind, reportJob(app));

  app.post('/v1/tools/report', {
    schema: {
      tags,
      summary: 'Start a TLS audit of host:port',
      description:
        'Refuses private, loopback, link-local and reserved addresses (a name is refused when any of its addresses is). The same host:port asked for again within 2 minutes answers the existing report (reused: true). Poll GET /v1/tools/report/{id} until status is done or failed.',
      body: reportStartBody,
      response: { 200: envelope(reportStartAnswer) },
    },
  }, async (request) => {
    const target = normalizeTarget(request.body.host, request.body.port);
    const started = await startReport(app, request.account.id, target);
    return ok({ ...started, host: target.host, port: target.port });
  });

  app.get('/v1/tools/report', {
    schema: {
      tags,
      summary: 'The latest TLS audit of a host',
      description: 'Fix snippets are written for `server` (nginx by default), Mozilla intermediate profile.',
      querystring: reportByHostQuery,
      response: { 200: envelope(tlsReport) },
    },
  }, async (request) => {
    const q = request.query;
    // Normalized as POST does, so "Example.com" and "https://example.com/" find the same report.
    const target = normalizeTarget(q.host, q.port);
    const row = await latestReport(app.db, target.host, target.portGiven ? target.port : undefined);
    if (!row) throw notFound();
    return ok(toAnswer(row, request.locale, q.server));
  });

  app.get('/v1/tools/report/:id', {
    schema: { tags, summary: 'A TLS audit report by id', params: reportIdParams, querystring: reportByIdQuery, response: { 200: envelope(tlsReport) } },
  }, async (request) => {
    const row = await findReport(app.db, request.params.id);
    if (!row) throw notFound();
    return ok(toAnswer(row, request.locale, request.query.server));
  });
};
