import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { errorCatalog, type ErrorName } from '@cc/contracts/errors';
import { isMessageKey, pickLocale, translate, type Locale } from '@cc/contracts/messages';
import { DbUnavailableError } from '@cc/db/client';
import { AppError } from '../lib/app-error.ts';

/** Seconds a client is asked to wait (Retry-After) when the database is unreachable. */
export const retryAfterSeconds = 5;

/** The database could not be reached for this call (the db client wraps every such failure, maybe inside another error). */
export function isUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DbUnavailableError) return true;
  }
  return false;
}

const zodLocales = { zh: z.locales.zhCN(), en: z.locales.en() };

/** Path parameters longer than this are refused by the router itself (414) before any schema sees them. */
export const maxParamLength = 500;

/** How a field is named in a message: its path in the body, query or params ('sslCerts.0.csr'). */
export const fieldName = (locale: Locale, path: string) => path || translate(locale, 'w.request');

/** Turns one validation issue into a message in the caller's language, naming the field and the bound. */
function issueMessage(locale: Locale, field: string, issue: { message: string; code?: string; maximum?: unknown; minimum?: unknown }): string {
  if (isMessageKey(issue.message)) {
    const bound = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');
    return translate(locale, issue.message, { field: fieldName(locale, field), max: bound(issue.maximum), min: bound(issue.minimum) });
  }
  const fromZod = zodLocales[locale].localeError?.(issue as never);
  const text = typeof fromZod === 'string' ? fromZod : fromZod?.message;
  return text ?? issue.message;
}

/** Fastify's own errors, raised while the request was read or routed, and what each one answers. */
const frameworkErrors: Record<string, ErrorName> = {
  FST_ERR_BAD_URL: 'BAD_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'PARAM_TOO_LONG',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_JSON_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_CONTENT_LENGTH',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const megabyte = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= megabyte ? `${Math.round((bytes / megabyte) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`);
/** Only so much of what the caller sent is repeated in a message. */
const echo = (v: string) => (v.length > 100 ? `${v.slice(0, 100)}…` : v);
const pathOf = (url: string) => url.split('?')[0] ?? url;

/** The locale from the headers, for errors raised before the onRequest hook that sets request.locale ran. */
const localeOf = (request: FastifyRequest): Locale => {
  const lang = request.headers.lang;
  return pickLocale(typeof lang === 'string' ? lang : undefined, request.headers['accept-language']);
};

/** Answers a catalogue error as the envelope, with the status the catalogue gives it. */
function sendError(reply: FastifyReply, locale: Locale, name: ErrorName, params?: Record<string, string | number>) {
  const e = errorCatalog[name];
  // Error answers are not the route's success shape: skip its response schema, or every business error becomes a 500.
  reply.serializer(JSON.stringify);
  return reply.status(e.status).type('application/json; charset=utf-8').send({ code: e.code, data: null, msg: translate(locale, e.key, params) });
}

/**
 * The 503 answer: the database is out of reach, the process is overloaded or it is shutting down. Nothing is wrong
 * with the call; the client retries after Retry-After.
 */
export function sendUnavailable(reply: FastifyReply, locale: Locale, data: unknown = null) {
  const e = errorCatalog.UNAVAILABLE;
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', retryAfterSeconds);
  reply.serializer(JSON.stringify);
  return reply.status(e.status).type('application/json; charset=utf-8').send({ code: e.code, data, msg: translate(locale, e.key) });
}

function paramsFor(name: ErrorName, request: FastifyRequest): Record<string, string | number> {
  switch (name) {
    case 'BODY_TOO_LARGE':
      return { max: sizeText(request.routeOptions?.bodyLimit ?? request.server.initialConfig.bodyLimit ?? megabyte) };
    case 'UNSUPPORTED_MEDIA_TYPE':
      return { type: echo(String(request.headers['content-type'] ?? '—')) };
    case 'PARAM_TOO_LONG':
      return { max: maxParamLength };
    default:
      return {};
  }
}

type Headers = readonly (readonly [string, string])[];

/**
 * Errors the router raises before any route runs (a URL that does not decode, a path parameter over
 * maxParamLength): passed to `Fastify({ frameworkErrors })` so that they too answer the envelope. No route's hooks
 * run for them (the onSend hook that protects every other answer among them), so the answer carries `headers`
 * itself: the browser-protection headers of plugins/security-headers.ts.
 */
export function frameworkErrorHandler(headers: Headers): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, reply) => {
    const name = frameworkErrors[error.code] ?? 'BAD_REQUEST';
    request.log.info({ code: error.code, url: request.url }, 'request refused by the router');
    for (const [header, value] of headers) if (!reply.hasHeader(header)) reply.header(header, value);
    void sendError(reply, localeOf(request), name, { ...paramsFor(name, request), status: error.statusCode ?? 400 });
  };
}

/** What Node's HTTP parser refuses before Fastify sees a request, and what each answers. */
const clientErrors: Record<string, ErrorName> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * A request Node could not read (headers past the size limit, a broken request line or Content-Length, too slow):
 * Fastify's `clientErrorHandler`. Answered on the raw socket as the envelope with `headers`, in the default
 * language (nothing of the request, its lang header included, could be read), and the connection closed.
 */
export function clientErrorHandler(headers: Headers): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return function onClientError(this: FastifyInstance, error, socket) {
    // A connection reset: nobody is there to answer.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
    const name = clientErrors[(error as NodeJS.ErrnoException).code ?? ''] ?? 'BAD_REQUEST';
    const e = errorCatalog[name];
    this.log.debug({ err: error }, 'request not readable');
    if (socket.writable) {
      const body = JSON.stringify({ code: e.code, data: null, msg: translate('zh', e.key, { status: e.status }) });
      const lines = [
        `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? ''}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...headers.map(([header, value]) => `${header}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** The one error handler: business errors, validation errors, refused requests; hides the inside of every 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  // Every route's pattern and method, so that a known path asked with another method answers 405, not 404.
  const routes: { pattern: RegExp; method: string }[] = [];
  app.addHook('onRoute', (route) => {
    const source = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    for (const method of [route.method].flat()) routes.push({ pattern: new RegExp(`^${source}$`), method });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = request.locale;
    reply.serializer(JSON.stringify);
    if (error instanceof AppError) {
      const errors = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, typeof v === 'string' ? translate(locale, v) : translate(locale, v.key, v.params)]))
        : undefined;
      return reply.status(error.status).send({ code: error.code, data: error.data, msg: translate(locale, error.key, error.params), ...(errors ? { errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        // fastify-type-provider-zod 7 spreads the zod issue: code in `keyword`, path in `instancePath`, the rest in `params`.
        const issue = { ...v.params, code: v.keyword, message: v.message ?? '' };
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        errors[field || '_'] ??= issueMessage(locale, field, issue);
      }
      const first = Object.values(errors)[0] ?? translate(locale, errorCatalog.INVALID_INPUT.key);
      return reply.status(200).send({ code: errorCatalog.INVALID_INPUT.code, data: null, msg: first, errors });
    }
    // Nothing wrong with the call: the database is restarting or out of reach. Try again shortly, said in the envelope.
    if (isUnavailable(error)) {
      request.log.warn({ err: error, url: request.url, method: request.method }, 'database unavailable: answered 503');
      return sendUnavailable(reply, locale);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500 && !isResponseSerializationError(error)) {
      // The request could not be read (broken JSON, too large, unsupported media type): said plainly, with its own status.
      const name = frameworkErrors[(error as FastifyError).code] ?? 'BAD_REQUEST';
      request.log.info({ err: error }, 'rejected request');
      return sendError(reply, locale, name, { ...paramsFor(name, request), status });
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'unexpected failure');
    return reply.status(500).send({ code: 500, data: null, msg: translate(locale, errorCatalog.INTERNAL.key) });
  });

  return {
    /** The answer for a request no route takes: 405 when the path exists with other methods, else 404. */
    notFound(request: FastifyRequest, reply: FastifyReply) {
      const path = pathOf(request.url);
      const allowed = [...new Set(routes.filter((r) => r.method !== request.method && r.pattern.test(path)).map((r) => r.method))];
      const params = { method: request.method, path: echo(path) };
      if (allowed.length) {
        reply.header('allow', allowed.join(', '));
        return sendError(reply, request.locale, 'METHOD_NOT_ALLOWED', { ...params, allowed: allowed.join(', ') });
      }
      return sendError(reply, request.locale, 'ROUTE_NOT_FOUND', params);
    },
    /** The 404 of a route whose path names a thing that is not there (a file). */
    missing(request: FastifyRequest, reply: FastifyReply) {
      return sendError(reply, request.locale, 'ROUTE_NOT_FOUND', { method: request.method, path: echo(pathOf(request.url)) });
    },
  };
}
