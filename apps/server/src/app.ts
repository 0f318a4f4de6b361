import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLocale, type Locale } from '@cc/contracts/messages';
import type { Db } from '@cc/db/client';
import type { Config } from './config.ts';
import { maxParamLength, onFrameworkError, registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { requireSession } from './plugins/auth.ts';
import { registerJobs } from './plugins/jobs.ts';
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
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.token'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 32 * 1024 * 1024,
    ajv: undefined,
    // A URL that does not decode or a path parameter past the limit answers the envelope too.
    frameworkErrors: onFrameworkError,
    routerOptions: { maxParamLength },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('messenger', deps.messenger ?? createMessenger(config, db));
  app.decorateRequest('account', null as never);
  app.decorateRequest('locale', 'zh');
  app.addHook('onRequest', async (request) => {
    const lang = request.headers.lang;
    request.locale = pickLocale(typeof lang === 'string' ? lang : undefined, request.headers['accept-language']);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-expose-headers', 'authorization');
  });
  const errors = registerErrorHandler(app);
  registerInputGuard(app);
  registerJobs(app);
  await app.register(formbody);

  await app.register(swagger, {
    openapi: {
      info: { title: 'CertHub console API', version: '1.2.8', description: 'Every call the console makes. Answers are `{ code, data, msg }`.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

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
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/v1/') && !request.url.startsWith('/dm-serv/') && (request.headers.accept ?? '').includes('text/html');
    if (isPage && hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return errors.notFound(request, reply);
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
