import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLocale, translate, type Locale } from '@cc/contracts/messages';
import type { Db } from '@cc/db/client';
import type { Config } from './config.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { requireSession } from './plugins/auth.ts';
import { registerJobs } from './plugins/jobs.ts';
import { consolePolicyFor, docsPolicy, registerSecurityHeaders } from './plugins/security-headers.ts';
import { checkMasterKey } from './lib/secret-box.ts';
import { defaultBodyLimit } from './lib/body-limits.ts';
import { siteConfigFor } from './services/site/site-config.ts';
import { createMessenger, type Messenger } from './adapters/messaging/messenger.ts';
import { publicRoutes, signedInRoutes } from './routes/index.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Overrides the adapters (tests pass a mail sink, for example). */
  messenger?: Messenger;
}

export type App = FastifyInstance;

/** Builds the whole server as one Fastify instance; tests call it and use `inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  // Before anything is served: a wrong master key would answer every sealed secret with an error.
  await checkMasterKey(config, db);
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.token'] },
    trustProxy: config.TRUST_PROXY,
    // Calls that take batches say so with a bodyLimit of their own (lib/body-limits.ts).
    bodyLimit: defaultBodyLimit,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('messenger', deps.messenger ?? createMessenger(config, db, app.log));
  app.decorateRequest('account', null as never);
  app.decorateRequest('locale', 'zh');
  app.addHook('onRequest', async (request) => {
    const lang = request.headers.lang;
    request.locale = pickLocale(typeof lang === 'string' ? lang : undefined, request.headers['accept-language']);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-expose-headers', 'authorization');
  });
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerJobs(app);
  await app.register(formbody);

  await app.register(swagger, {
    openapi: {
      info: { title: 'CertHub console API', version: '1.2.8', description: 'Every call the console makes. Answers are `{ code, data, msg }`.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: docsPolicy, uiConfig: { validatorUrl: null } });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.query('SELECT 1');
    return { status: 'ok' };
  });

  await app.register(publicRoutes);
  await app.register(async (scope) => {
    requireSession(scope);
    await scope.register(signedInRoutes);
  });

  const webDist = config.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // index.html only through the handler below, which gives it the host's policy.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false, allowedPath: (p) => p !== '/index.html' });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/v1/') && !request.url.startsWith('/dm-serv/') && (request.headers.accept ?? '').includes('text/html');
    if (isPage && hasWeb) {
      const site = await siteConfigFor(db, request.headers.host).catch((err: unknown) => request.log.warn({ err }, 'site configuration unreadable: base policy'));
      if (site) reply.header('content-security-policy', consolePolicyFor(site));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, data: null, msg: translate(request.locale, 'err.notFound') });
  });

  app.addHook('onClose', async () => {
    await db.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    messenger: Messenger;
  }
  interface FastifyRequest {
    locale: Locale;
  }
}
