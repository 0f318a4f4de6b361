import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCatalog } from '@cc/contracts/errors';
import { isMessageKey, translate, type Locale } from '@cc/contracts/messages';
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

/** Turns one validation issue into a message in the caller's language. */
function issueMessage(locale: Locale, issue: { message: string; code?: string }): string {
  if (isMessageKey(issue.message)) return translate(locale, issue.message);
  const fromZod = zodLocales[locale].localeError?.(issue as never);
  const text = typeof fromZod === 'string' ? fromZod : fromZod?.message;
  return text ?? issue.message;
}

/** The one error handler: business errors, validation errors, 404s; hides the inside of every 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = request.locale;
    // Error answers are not the route's success shape: skip its response schema, or every business error becomes a 500.
    reply.serializer(JSON.stringify);
    if (error instanceof AppError) {
      const errors = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, typeof v === 'string' ? translate(locale, v) : translate(locale, v.key, v.params)]))
        : undefined;
      return reply.status(error.status).send({ code: error.code, data: null, msg: translate(locale, error.key, error.params), ...(errors ? { errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        // fastify-type-provider-zod 7 spreads the zod issue: code in `keyword`, path in `instancePath`, the rest in `params`.
        const issue = { ...v.params, code: v.keyword, message: v.message ?? '' };
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] ??= issueMessage(locale, issue);
      }
      const first = Object.values(errors)[0] ?? translate(locale, errorCatalog.INVALID_INPUT.key);
      return reply.status(200).send({ code: errorCatalog.INVALID_INPUT.code, data: null, msg: first, errors });
    }
    // Nothing wrong with the call: the database is restarting or out of reach, or the process is overloaded
    // (@fastify/under-pressure has set Retry-After). Try again shortly, said in the envelope.
    if ((error as FastifyError).code === 'FST_UNDER_PRESSURE' || isUnavailable(error)) {
      if ((error as FastifyError).code === 'FST_UNDER_PRESSURE') request.log.warn({ url: request.url, method: request.method }, 'overloaded: answered 503');
      else request.log.warn({ err: error, url: request.url, method: request.method }, 'database unavailable: answered 503');
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', retryAfterSeconds);
      const e = errorCatalog.UNAVAILABLE;
      return reply.status(e.status).send({ code: e.code, data: null, msg: translate(locale, e.key) });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
      request.log.info({ limit, length: request.headers['content-length'] }, 'request body too large');
      const shown = limit >= 1024 * 1024 ? `${Math.floor(limit / 1024 / 1024)} MB` : `${Math.floor(limit / 1024)} KB`;
      return reply.status(200).send({ code: errorCatalog.INVALID_INPUT.code, data: null, msg: translate(locale, 'err.bodyTooLarge', { limit: shown }) });
    }
    if (status < 500 && !isResponseSerializationError(error)) {
      // Malformed bodies, too-large payloads, unsupported media types: the caller's fault, said plainly.
      request.log.info({ err: error }, 'rejected request');
      return reply.status(200).send({ code: errorCatalog.INVALID_INPUT.code, data: null, msg: translate(locale, errorCatalog.INVALID_INPUT.key) });
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'unexpected failure');
    return reply.status(500).send({ code: 500, data: null, msg: translate(locale, errorCatalog.INTERNAL.key) });
  });
}
