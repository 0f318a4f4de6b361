import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import type { Http2SecureServer, ServerHttp2Session } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { constants as zlib } from 'node:zlib';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickLocale, type Locale } from '@cc/contracts/messages';
import type { Db } from '@cc/db/client';
import type { Config } from './config.ts';
import { clientErrorHandler, frameworkErrorHandler, isUnavailable, maxParamLength, registerErrorHandler, sendUnavailable } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { requireSession } from './plugins/auth.ts';
import { documentKeyAccess } from './plugins/api-key-scope.ts';
import { checkPermissionsDeclared, documentPermission } from './plugins/permissions.ts';
import { checkSpendingDeclared, documentSpending } from './plugins/spending.ts';
import { apiKeyPrefix } from '@cc/contracts/api-keys';
import { registerJobs } from './plugins/jobs.ts';
import { consolePolicyFor, docsPolicy, registerSecurityHeaders, securityHeadersOf } from './plugins/security-headers.ts';
import { checkMasterKey } from './lib/secret-box.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { samplePressure, type Pressure } from './lib/pressure.ts';
import { defaultBodyLimit } from './lib/body-limits.ts';
import { consolePages } from './lib/console-page.ts';
import { hashedAssets, pickEncoding } from './lib/hashed-assets.ts';
import { siteConfigFor } from './services/site/site-config.ts';
import { createMessenger, type Messenger } from './adapters/messaging/messenger.ts';
import { publicRoutes, signedInRoutes } from './routes/index.ts';
import { acmeServerRoutes } from './routes/acme/server.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Overrides the adapters (tests pass a mail sink, for example). */
  messenger?: Messenger;
  /** The product's clock (lib/clock.ts); tests pass one they move. */
  clock?: Clock;
}

export type App = FastifyInstance;

const apiDescription = [
  'Every call the console makes. Answers are `{ code, data, msg }`.',
  '',
  `Signed-in calls take the session token (header \`token\`) or an API key made on /account/developer: \`curl -H "Authorization: Bearer ${apiKeyPrefix}…" https://HOST/v1/orders\`.`,
].join('\n');

/** Builds the whole server as one Fastify instance; tests call it and use `inject`. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  // Before anything is served: a wrong master key would answer every sealed secret with an error.
  await checkMasterKey(config, db);
  // HTTPS over HTTP/2 when given a certificate (TLS_CERT_FILE, TLS_KEY_FILE): a browser opens at most 6 HTTP/1.1
  // connections to a host, and the console's first page alone asks for ~100 files; HTTP/1.1 still answers older clients.
  // The instance is typed as the HTTP/1.1 one: the handlers use only what both servers' requests and replies share.
  // (loadConfig takes the two files together or neither.)
  const tls = config.TLS_CERT_FILE && config.TLS_KEY_FILE
    ? { http2: true as const, https: { allowHTTP1: true, cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) } }
    : undefined;
  // Every answer carries these, the ones no route's hook sees included (the router's refusals, unreadable requests).
  const protection = securityHeadersOf(config);
  const app = (Fastify as (opts: object) => FastifyInstance)({
    ...(tls ?? {}),
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.token'] },
    trustProxy: config.TRUST_PROXY,
    // Calls that take batches say so with a bodyLimit of their own (lib/body-limits.ts).
    bodyLimit: defaultBodyLimit,
    ajv: undefined,
    // While closing, calls on kept-alive connections get our own 503 envelope (hook below), not Fastify's bare one.
    return503OnClosing: false,
    // A URL that does not decode or a path parameter past the limit answers the envelope too, and so does a
    // request Node's parser refuses (headers too large, a broken request line).
    frameworkErrors: frameworkErrorHandler(protection),
    clientErrorHandler: clientErrorHandler(protection),
    routerOptions: { maxParamLength },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('messenger', deps.messenger ?? createMessenger(config, db, app.log));
  app.decorateRequest('account', null as never);
  app.decorateRequest('accountRow', undefined);
  app.decorateRequest('sessionRead', undefined);
  app.decorateRequest('locale', 'zh');

  // Hooks that run on every call are synchronous (done callbacks): an async hook costs promise turns on each call.
  // Shutting down: in-flight calls finish, new ones on open connections are turned away (and the connection closed)
  // so that the client retries elsewhere or later. Registered before the jobs plugin, whose preClose waits for a job.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  if (tls) {
    // On close, connections kept open by browsers are ended here, or the close would wait for them to hang up:
    // HTTP/1.1 ones on this server (it has no closeIdleConnections) once they have no call in flight, and HTTP/2
    // sessions (told to take no new call, they end when their calls are answered).
    const server = app.server as unknown as Http2SecureServer;
    const http1 = new Map<TLSSocket, number>();
    const endIfIdle = (socket: TLSSocket) => {
      if (closing && http1.get(socket) === 0) socket.end();
    };
    server.on('secureConnection', (socket: TLSSocket) => {
      if (socket.alpnProtocol === 'h2') return;
      http1.set(socket, 0);
      socket.once('close', () => http1.delete(socket));
    });
    server.on('request', (req, res) => {
      const socket = req.socket as TLSSocket;
      const inFlight = http1.get(socket);
      if (inFlight === undefined) return;
      http1.set(socket, inFlight + 1);
      res.once('close', () => {
        const left = http1.get(socket);
        if (left !== undefined) http1.set(socket, left - 1);
        endIfIdle(socket);
      });
    });
    // Fastify's own list of sessions waits for an event server sessions do not emit here: it stays empty (tested).
    const sessions = new Set<ServerHttp2Session>();
    server.on('session', (session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
    });
    app.addHook('preClose', async () => {
      for (const socket of http1.keys()) endIfIdle(socket);
      for (const session of sessions) session.close();
    });
  }
  // An overloaded process answers 503 at once rather than queuing calls it will answer too late: event-loop delay
  // or heap in use past their limits at the last sample (lib/pressure.ts; 0 turns a check off).
  const maxLoopDelay = config.MAX_EVENT_LOOP_DELAY_MS;
  const maxHeapUsed = (config.MAX_HEAP_USED_MB ?? Math.floor((getHeapStatistics().heap_size_limit * 0.9) / 2 ** 20)) * 2 ** 20;
  const pressure = maxLoopDelay > 0 || maxHeapUsed > 0 ? samplePressure(config.PRESSURE_SAMPLE_MS) : undefined;
  // Loading the routes' code blocks the loop for a second or more on a slow machine: that stall is the process's own
  // start-up, not callers' load, and must not shed the first calls of a server that has just started.
  if (pressure) app.addHook('onReady', (done) => {
    pressure.restart();
    done();
  });
  const overloaded = (p: Pressure) => (maxLoopDelay > 0 && p.loopDelayMs > maxLoopDelay) || (maxHeapUsed > 0 && p.heapUsed > maxHeapUsed);
  app.addHook('onRequest', (request, reply, done) => {
    const lang = request.headers.lang;
    request.locale = pickLocale(typeof lang === 'string' ? lang : undefined, request.headers['accept-language']);
    // (Nothing is returned: a reply is thenable, and a callback hook that returned one would be awaited.)
    if (closing) {
      // HTTP/2 has no Connection header (the server's close ends its sessions with GOAWAY).
      void sendUnavailable(request.raw.httpVersionMajor < 2 ? reply.header('connection', 'close') : reply, request.locale);
    } else if (pressure && overloaded(pressure)) {
      const seen = { eventLoopDelayMs: Math.round(pressure.loopDelayMs), heapUsedMb: Math.round(pressure.heapUsed / 2 ** 20) };
      request.log.warn({ url: request.url, method: request.method, ...seen }, 'overloaded: answered 503');
      void sendUnavailable(reply, request.locale);
    } else {
      done();
    }
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('access-control-expose-headers', 'authorization');
    // A call that was in flight when closing began ends its kept-alive connection with its answer; otherwise that
    // connection would hold the close until the deadline.
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    done();
  });
  registerSecurityHeaders(app, protection);
  const errors = registerErrorHandler(app);
  registerInputGuard(app);

  // Idle connections lost to a PostgreSQL restart: the pool drops them and reconnects on the next call.
  db.onConnectionError?.((e) => app.log.warn({ err: e }, 'database connection lost'));

  registerJobs(app);
  await app.register(formbody);
  // Answers over 1 kB (an order list, the catalogue: 50 kB of JSON) are compressed for clients that take it, at a
  // quick brotli level: a phone on a slow network waits for bytes, not for the server. The console's files are
  // compressed at build time and its page once per build: those already carry their encoding and are left alone.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'CertHub console API', version: '1.2.8', description: apiDescription },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: 'The session token a sign-in answers (also taken as `Authorization: <token>`).' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              `An API key from /account/developer (\`${apiKeyPrefix}…\`), sent as \`Authorization: Bearer ${apiKeyPrefix}…\` (the \`token\` header takes it too). ` +
              'Its scope decides what it may call: read = GET calls; orders = read plus ordering, validation and payment; full = every call open to keys. ' +
              'Each call lists the scopes that may make it (x-api-key-scopes); others are refused with HTTP 403, code 12080.',
          },
          operatorSecret: { type: 'apiKey', in: 'header', name: 'x-operator-secret', description: 'The operator area: OPERATOR_SECRET, or the secret generated into DATA_DIR/operator.secret.' },
        },
      },
    },
    // Each signed-in call says which key scopes may make it, which permission it needs and whether it spends, from
    // its declarations (plugins/api-key-scope.ts, plugins/permissions.ts, plugins/spending.ts).
    transform: (args) =>
      jsonSchemaTransform({
        ...args,
        schema: documentSpending(documentPermission(documentKeyAccess(args.schema as Record<string, unknown>, args.route.config, args.route.method), args.route.config), args.route.config) as typeof args.schema,
      }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: docsPolicy, uiConfig: { validatorUrl: null } });

  // For load balancers and monitors: 200 when the database answers, 503 (with the database's state) when it does not.
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: 'up' };
    } catch (e) {
      if (!isUnavailable(e)) throw e;
      request.log.warn({ err: e }, 'health check: database unavailable');
      return sendUnavailable(reply, request.locale, { status: 'unavailable', database: 'down' });
    }
  });

  await app.register(publicRoutes);
  // ACME (RFC 8555): authenticated by JWS, not by session; problem documents, limits per account (routes/acme/server.ts).
  await app.register(acmeServerRoutes);
  await app.register(async (scope) => {
    requireSession(scope);
    // Every signed-in route says what permission it needs, or the server does not start (plugins/permissions.ts).
    checkPermissionsDeclared(scope);
    // and every paying route that it spends, through the spending gate (plugins/spending.ts).
    checkSpendingDeclared(scope);
    await scope.register(signedInRoutes);
  });

  const webDist = config.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  // The page each console address is sent, with its route's files named (lib/console-page.ts).
  const consolePage = hasWeb ? consolePages(webDist) : undefined;
  if (hasWeb) {
    // index.html only through the handler below, which gives it the host's policy; assets/ through the next route.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      globIgnore: ['index.html', 'assets/**'],
      index: false,
      maxAge: '1h',
      immutable: false,
      allowedPath: (p) => p !== '/index.html' && !p.startsWith('/assets/'),
      // The build writes .br and .gz beside each text asset: sent to browsers that take them, no compression per request.
      preCompressed: true,
    });
    // The build's hashed files, from memory (lib/hashed-assets.ts).
    const asset = hashedAssets(path.join(webDist, 'assets'));
    app.get<{ Params: { name: string } }>('/assets/:name', (request, reply) => {
      const found = asset(request.params.name);
      if (!found) return errors.missing(request, reply);
      // The name carries the content's hash: a new build names new files, so a browser may keep these for a year.
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', found.etag).type(found.type);
      if (found.encodings.length) reply.header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
      const encoding = pickEncoding(found, request.headers['accept-encoding']);
      let body: Buffer;
      try {
        body = found.body(encoding);
      } catch {
        // Removed by a new build since the folder was listed.
        return errors.missing(request, reply);
      }
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(body);
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (consolePage && isConsolePage(request.method, request.url, request.headers.accept)) {
      const site = await siteConfigFor(db, request.headers.host).catch((err: unknown) => request.log.warn({ err }, 'site configuration unreadable: base policy'));
      if (site) reply.header('content-security-policy', consolePolicyFor(site));
      // no-cache: after a deploy the page must name the new hashed assets at once (the static plugin would say max-age 1 h).
      const url = new URL(request.url, 'http://console');
      // The page starts the route's calls itself when they go to this origin (no apiBaseURL) and the host's policy,
      // which allows its script, was sent.
      const page = consolePage(url.pathname, { search: url.search !== '', firstCalls: !!site && !site.apiBaseURL });
      reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      if (/\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'br').send(page.brotli);
      return reply.send(page.body);
    }
    return errors.notFound(request, reply);
  });

  app.addHook('onClose', async () => {
    pressure?.stop();
    await db.close();
  });
  return app;
}

/** Paths that only ever answer JSON (or files): an unknown one is a JSON 404, never the console. */
const apiPrefixes = ['/v1/', '/dm-serv/', '/dev/', '/docs/', '/sandbox/', '/payment-callbacks/', '/verification-callbacks/', '/ca/', '/ct/'];

/** A missing file of these kinds is a 404, not the console's page (a browser would report a syntax error, not a 404). */
const assetFile = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|wasm|txt|xml)$/i;

/**
 * Whether an unknown path is a page of the console (its router shows it, or its own 404): a GET of a path that is
 * neither an API path nor a missing asset, from a client that takes HTML. Browsers ask for text/html; curl and
 * health checkers accept any type or send no Accept at all, and should see the console too. Page paths may end
 * in a domain name (/dns/example.com), so only asset extensions count as files.
 */
export function isConsolePage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '';
  if (apiPrefixes.some((p) => pathname.startsWith(p) || pathname === p.slice(0, -1)) || assetFile.test(pathname)) return false;
  return !accept || /text\/html|\*\/\*/.test(accept);
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    messenger: Messenger;
    clock: Clock;
  }
  interface FastifyRequest {
    locale: Locale;
  }
}
