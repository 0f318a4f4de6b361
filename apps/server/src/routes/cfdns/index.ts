import { permissionDefault } from '../../plugins/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { envelope } from '@cc/contracts/envelope';
import { int, text } from '@cc/contracts/input';
import { ok } from '../../lib/envelope.ts';
import { callCloudflare, type CloudflareCall } from '../../services/cfdns/cloudflare.ts';

/**
 * The batch-cfdns relay: forwards exactly three Cloudflare v4 calls for the browser (Cloudflare's API does
 * not answer cross-origin requests). Nothing else under the API base is reachable: the paths are built here
 * from a validated zone id, and only listed fields of a record are sent on.
 */

export const cfTokenHeader = 'x-cf-token';

const tags = ['tools'];
const security = [{ token: [] }];

const headers = z.object({
  // Printable ASCII only: a token never spans lines or carries spaces.
  [cfTokenHeader]: text(400).min(1).regex(/^[\x21-\x7e]+$/),
});
/** Cloudflare zone and record ids are 32 hex digits; anything else could walk to another endpoint. */
const zoneId = text(32).regex(/^[0-9a-f]{32}$/i);
const zoneName = text(253).trim().toLowerCase().min(1).regex(/^[a-z0-9.-]+$/);

export const cfZonesBody = z.object({ name: zoneName });
export const cfRecordsBody = z.object({
  zoneId,
  page: int(1, 10_000).optional(),
  perPage: int(5, 5000).optional(),
  type: text(10).regex(/^[A-Z]{1,10}$/).optional(),
  name: text(255).regex(/^[^\s]*$/).optional(),
});
export const cfRecordTypes = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS'] as const;
export const cfCreateBody = z.object({
  zoneId,
  record: z.object({
    type: z.enum(cfRecordTypes),
    name: text(255).min(1).regex(/^[^\s]+$/),
    content: text(4096).min(1),
    ttl: int(1, 86_400),
    proxied: z.boolean().optional(),
    priority: int(0, 65_535).optional(),
    comment: text(500).optional(),
  }),
});

/** Cloudflare's envelope, passed through untouched (unknown keys kept). */
const cloudflareAnswer = z
  .object({
    success: z.boolean(),
    errors: z.array(z.object({ code: z.number(), message: z.string() }).loose()),
    messages: z.array(z.unknown()).optional(),
    result: z.unknown(),
    result_info: z.unknown().optional(),
  })
  .loose();

/** The token never reaches a log line, whatever a later serializer decides to print. */
const redacting = (logger: FastifyBaseLogger, bindings: Record<string, unknown>, opts: object) =>
  logger.child(bindings, { ...opts, redact: { paths: [`req.headers["${cfTokenHeader}"]`, 'req.headers.authorization', 'req.headers.token', 'headers.authorization'], censor: '[redacted]' } });

export const cfdnsRoutes: FastifyPluginAsyncZod = async (app) => {
  permissionDefault(app, 'tools.use');
  app.setChildLoggerFactory(redacting);
  const base = app.config.CF_API_BASE;
  const relay = async (token: string, call: CloudflareCall, reply: { header: (k: string, v: string) => unknown }) => {
    const { status, answer } = await callCloudflare(base, token, call);
    reply.header('x-cloudflare-status', String(status));
    return ok(answer);
  };
  const response = { 200: envelope(cloudflareAnswer) };

  app.post(
    '/v1/tools/cfdns/zones',
    { schema: { tags, summary: 'Cloudflare GET /zones?name= with the token of the x-cf-token header; answers Cloudflare\'s JSON as data', security, headers, body: cfZonesBody, response } },
    async (request, reply) => relay(request.headers[cfTokenHeader], { method: 'GET', path: '/zones', query: { name: request.body.name } }, reply),
  );

  app.post(
    '/v1/tools/cfdns/records',
    { schema: { tags, summary: 'Cloudflare GET /zones/{zoneId}/dns_records (one page)', security, headers, body: cfRecordsBody, response } },
    async (request, reply) => {
      const { zoneId: id, page, perPage, type, name } = request.body;
      return relay(request.headers[cfTokenHeader], { method: 'GET', path: `/zones/${id.toLowerCase()}/dns_records`, query: { page, per_page: perPage, type, name } }, reply);
    },
  );

  app.post(
    '/v1/tools/cfdns/create',
    { schema: { tags, summary: 'Cloudflare POST /zones/{zoneId}/dns_records (one record)', security, headers, body: cfCreateBody, response } },
    async (request, reply) => {
      const { zoneId: id, record } = request.body;
      // Only the listed fields go on, in Cloudflare's spelling.
      const body = {
        type: record.type,
        name: record.name,
        content: record.content,
        ttl: record.ttl,
        ...(record.proxied === undefined ? {} : { proxied: record.proxied }),
        ...(record.priority === undefined ? {} : { priority: record.priority }),
        ...(record.comment === undefined ? {} : { comment: record.comment }),
      };
      return relay(request.headers[cfTokenHeader], { method: 'POST', path: `/zones/${id.toLowerCase()}/dns_records`, body }, reply);
    },
  );
};
