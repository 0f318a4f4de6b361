import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { firstCallsScript } from '@cc/contracts/first-calls-script';
import type { SiteConfig } from '@cc/contracts/site';

/**
 * What the built console needs, and nothing more: its own scripts and workers (and the page's first-calls script),
 * inline styles (antd writes its CSS into <style> tags at run time), data: images (captcha pieces, QR codes), blob:
 * downloads, calls to its own API.
 * No eval (the console sets zod to jitless), no plugins, no framing by other sites.
 */
const consoleDirectives = {
  'default-src': ["'self'"],
  // and the console page's one inline script, which starts the route's first calls (@cc/contracts/first-calls)
  'script-src': ["'self'", `'sha256-${createHash('sha256').update(firstCallsScript).digest('base64')}'`],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} satisfies Record<string, string[]>;

type Directive = keyof typeof consoleDirectives;

function policy(extra: Partial<Record<Directive, string[]>> = {}): string {
  return Object.entries(consoleDirectives)
    .map(([name, sources]) => [name, ...new Set([...sources, ...(extra[name as Directive] ?? [])])].join(' '))
    .join('; ');
}

/** The policy of every answer that does not set its own (API answers, console files, error pages). */
export const consolePolicy = policy();

/** The Swagger UI at /docs: its bundle applies inline styles through the DOM, and it calls the API it documents. */
export const docsPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The origin of an absolute http(s) URL; nothing for relative addresses (already 'self'), data: URLs or garbage. */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The console page's policy for a host: the base one plus the origins its site configuration names (data, editable
 * without a rebuild): chat and tracking scripts may load further scripts, styles, images and frames from their own
 * origin and call it; logo and favicon are images; an API on another origin is called.
 */
export function consolePolicyFor(site: SiteConfig): string {
  const scripts = [site.chatScript, site.trackingScript].map(originOf).filter((o): o is string => !!o);
  const images = [site.logo, site.favicon].map(originOf).filter((o): o is string => !!o);
  const api = originOf(site.apiBaseURL);
  return policy({
    'script-src': scripts,
    'style-src': scripts,
    'img-src': [...scripts, ...images],
    'font-src': scripts,
    'connect-src': [...scripts, ...(api ? [api] : [])],
    'frame-src': scripts,
  });
}

const defaults: [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['content-security-policy', consolePolicy],
];

/** The browser-protection headers every answer carries (names in lower case), for this server's configuration. */
export function securityHeadersOf(config: { TLS_CERT_FILE?: string | undefined }): readonly (readonly [string, string])[] {
  // Served over HTTPS by this server (TLS_CERT_FILE): browsers are told to come back over HTTPS only, for a year.
  return config.TLS_CERT_FILE ? [...defaults, ['strict-transport-security', 'max-age=31536000']] : [...defaults];
}

/**
 * Browser-protection headers on every answer that goes through a route's hooks; a header a route already set (a page
 * with its own policy) is kept. Answers made before any route is found (the router's own refusals, a request Node
 * could not parse) set them themselves (plugins/errors.ts frameworkErrorHandler, clientErrorHandler).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: readonly (readonly [string, string])[]) {
  app.addHook('onSend', (_request, reply: FastifyReply, _payload, done) => {
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done();
  });
}
