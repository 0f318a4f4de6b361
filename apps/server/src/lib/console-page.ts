import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { firstCallsElementId, type FirstCall } from '@cc/contracts/first-calls';
import { firstCallsScript } from '@cc/contracts/first-calls-script';

/** One route's files beyond the entry and its first calls, as the console's build lists them (apps/web/scripts/route-preloads.ts). */
interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  calls?: FirstCall[];
  searchCalls?: FirstCall[];
}

/** What the page for an address may carry besides its files. */
export interface PageOptions {
  /** The address has a search (`?...`): the calls made from it are the console's to make. */
  search: boolean;
  /** The page starts the route's calls itself (the API is on this origin, and the policy allows the script). */
  firstCalls: boolean;
}

/** The route's first calls and the script that starts them (@cc/contracts/first-calls); JSON safe inside <script>. */
function firstCallsTags(calls: FirstCall[]): string {
  if (!calls.length) return '';
  const json = JSON.stringify(calls).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${firstCallsElementId}">${json}</script>\n    <script>${firstCallsScript}</script>`;
}

export interface ConsolePage {
  body: string;
  /** The body brotli-compressed (the page is sent often and changes only with a deployment). */
  brotli: Buffer;
  etag: string;
}

/** A TanStack Router path as a pattern: `$name` is one segment, a trailing `$` the rest; a trailing slash is optional. */
function routePattern(routePath: string): RegExp {
  const segments = routePath.replace(/\/+$/, '').split('/').map((s) => (s === '$' ? '.*' : s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`, 'i');
}

const page = (body: string): ConsolePage => ({
  body,
  brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  // Weak: the brotli and the plain body are one page in two encodings.
  etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/** index.html and the build's route list read once, with a page per route made on first use. */
function loadPages(html: string, routes: RoutePreload[]): (pathname: string, opts: PageOptions) => ConsolePage {
  // Fixed paths before those with parameters, so /ssl/certificates is not taken for /ssl/certificate/$id's kind.
  const ordered = routes
    .map((r) => ({ ...r, pattern: routePattern(r.path), params: (r.path.match(/\$/g) ?? []).length }))
    .sort((a, b) => a.params - b.params || b.path.length - a.path.length);
  const plain = page(html);
  const made = new Map<string, ConsolePage>();
  return (pathname, opts) => {
    const route = ordered.find((r) => r.pattern.test(pathname));
    if (!route) return plain;
    const calls = opts.firstCalls ? [...(route.calls ?? []), ...(opts.search ? [] : (route.searchCalls ?? []))] : [];
    const key = `${route.path} ${calls.length}`;
    let p = made.get(key);
    if (!p) {
      // Stylesheets first: the browser asks in the order it reads, and a server without priorities sends side by side.
      const files = [
        // crossorigin as on the stylesheet link Vite's loader adds for the chunk (crossOrigin = ''): a preload in
        // another CORS mode is not used by it, and the browser fetches the file a second time after the code has run.
        ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
        ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ].join('\n    ');
      let body = files ? html.replace('</head>', `  ${files}\n  </head>`) : html;
      // The calls' script before the page's stylesheets: an inline script after a stylesheet waits until it has loaded.
      const callTags = firstCallsTags(calls);
      if (callTags) body = body.replace(/(\s*)(<script|<link rel="stylesheet"|<\/head>)/, (_, space: string, tag: string) => `${space}${callTags}${space}${tag}`);
      p = page(body);
      made.set(key, p);
    }
    return p;
  };
}

/**
 * The console's page for an address: index.html naming the files of the route that address opens, so the browser
 * asks for them with the entry's own (<link rel="modulepreload">, found by its preload scanner) rather than after the
 * entry has loaded and run. Signed-in routes are named too: the session is in the browser's storage, unseen here,
 * and a visitor without one who is sent to sign-in finds the files cached when signed in. Addresses no route
 * opens (and a build without the list) get index.html as built. A new build in the folder is read on the next page
 * asked for (its files' times change), as index.html was read per request before.
 */
export function consolePages(webDist: string): (pathname: string, opts: PageOptions) => ConsolePage {
  const indexFile = path.join(webDist, 'index.html');
  const listFile = path.join(webDist, 'route-preloads.json');
  const modified = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  let loaded: { stamp: string; pages: (pathname: string, opts: PageOptions) => ConsolePage } | undefined;
  return (pathname, opts) => {
    const stamp = `${modified(indexFile)}:${modified(listFile)}`;
    if (loaded?.stamp !== stamp) {
      const routes = modified(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as { routes: RoutePreload[] }).routes : [];
      loaded = { stamp, pages: loadPages(readFileSync(indexFile, 'utf8'), routes) };
    }
    return loaded.pages(pathname, opts);
  };
}
