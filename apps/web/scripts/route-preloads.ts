/**
 * Build step: which files each console route needs beyond the entry (its layout's and page's chunks with their static
 * imports), written to dist/route-preloads.json. The server names them in the page it sends for that route
 * (<link rel="modulepreload">), so a phone asks for them with the entry's own files, straight from the HTML, instead
 * of after the entry has loaded and run (one round trip and a second of a slow phone's CPU later).
 *
 * The route table is the console's own (src/app/routes.tsx), loaded through Vite's module runner: each lazy page
 * carries its importer, whose source names the module it loads. A page behind an area's small chunk (routes.ts of
 * a feature, which picks the page by name) gets that chunk only.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Manifest, type Plugin } from 'vite';
import type { FirstCall } from '@cc/contracts/first-calls';
import type { Call } from '../src/lib/api/calls.ts';

export interface RoutePreload {
  /** TanStack Router's full path: `$name` is one segment, a trailing `$` the rest. */
  path: string;
  /** Absolute URLs (/assets/...): scripts first, then stylesheets. */
  scripts: string[];
  styles: string[];
  /** The calls its layout and page make as soon as they show (staticData.calls): the page starts them itself. */
  calls: FirstCall[];
  /** Those made from the address's search (staticData.searchCalls), as made for an address without one. */
  searchCalls: FirstCall[];
}

interface RouteLike {
  fullPath?: string;
  parentRoute?: RouteLike;
  options?: {
    path?: string;
    component?: { importer?: () => unknown };
    staticData?: { calls?: readonly Call[]; searchCalls?: (search: Record<string, unknown>) => readonly Call[] };
  };
}

/** The modules a lazy route component loads first: the paths its importer's source names (Vite rewrites them to /src/...). */
function importedModules(route: RouteLike): string[] {
  const source = route.options?.component?.importer?.toString() ?? '';
  return [...source.matchAll(/["'](\/src\/[^"']+)["']/g)].map((m) => m[1]!.slice(1));
}

type RouteModules = { path: string; modules: string[]; calls: FirstCall[]; searchCalls: FirstCall[] }[];

const read = new Map<string, Promise<RouteModules>>();
/**
 * The console's routes with the modules of each one's chain (layout, then page) and their first calls, read in Node
 * once per build (this step writes them; the first-screen chunks step groups their code).
 */
export function routeModules(root: string): Promise<RouteModules> {
  let routes = read.get(root);
  if (!routes) {
    routes = readRouteModules(root);
    read.set(root, routes);
  }
  return routes;
}

async function readRouteModules(root: string): Promise<RouteModules> {
  // The modules read the browser's storage and media queries as they load (preferences): an empty stand-in is enough
  // to build the table, which renders nothing.
  const store = new Map<string, string>();
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
  const g = globalThis as Record<string, unknown>;
  const saved = { localStorage: g.localStorage, sessionStorage: g.sessionStorage, window: g.window, matchMedia: g.matchMedia, addEventListener: g.addEventListener };
  Object.assign(g, {
    localStorage: storage,
    sessionStorage: storage,
    window: globalThis,
    matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
    addEventListener: () => {},
  });
  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // antd's ES modules import without file extensions, which Node's loader refuses: Vite reads them itself.
    ssr: { noExternal: [/^antd/, /^@rc-component/, /^@ant-design/] },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { router } = (await server.ssrLoadModule('/src/app/router.ts').catch((e: unknown) => {
      throw new Error(
        `route preloads: the route table (src/app/router.ts) did not load in Node: ${e instanceof Error ? e.message : String(e)}. ` +
          'A module it imports uses the browser as it loads (document, navigator, ...): do that on first use instead.',
      );
    })) as { router: { routesById: Record<string, RouteLike>; options: { parseSearch: (search: string) => Record<string, unknown> } } };
    // Each call as the console's HTTP client sends it (its URL builder, its JSON), so that its identical call takes it.
    const { buildUrl } = (await server.ssrLoadModule('/src/lib/http.ts')) as { buildUrl: (path: string, query?: Call['query']) => string };
    const sent = (c: Call): FirstCall => ({
      method: c.method ?? 'GET',
      url: buildUrl(c.path, c.query),
      ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
      ...(c.quiet ? { quiet: true } : {}),
      ...(c.anyone ? { anyone: true } : {}),
    });
    const noSearch = router.options.parseSearch('');
    return Object.values(router.routesById)
      // Pathless layouts (the signed-in one) open no address of their own.
      .filter((r) => r.fullPath && r.options?.path !== undefined && importedModules(r).length > 0)
      .map((r) => {
        const chain: RouteLike[] = [];
        for (let at: RouteLike | undefined = r; at; at = at.parentRoute) chain.unshift(at);
        return {
          path: r.fullPath!,
          modules: chain.flatMap(importedModules),
          calls: chain.flatMap((at) => at.options?.staticData?.calls ?? []).map(sent),
          searchCalls: chain.flatMap((at) => at.options?.staticData?.searchCalls?.(noSearch) ?? []).map(sent),
        };
      });
  } finally {
    await server.close();
    Object.assign(g, saved);
  }
}

/** The files a module's chunk needs: its own, its static imports' (transitively) and their stylesheets. */
export function filesOf(manifest: Manifest, key: string, scripts: Set<string>, styles: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || scripts.has(chunk.file)) return;
  scripts.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, scripts, styles);
}

export function routePreloads(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'cc-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (!manifestAsset || manifestAsset.type !== 'asset') throw new Error('route preloads: build.manifest must be on');
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      // What the entry brings is in index.html already.
      const entryScripts = new Set<string>();
      const entryStyles = new Set<string>();
      filesOf(manifest, 'index.html', entryScripts, entryStyles);
      const routes: RoutePreload[] = [];
      for (const r of await routeModules(root)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        for (const m of r.modules) {
          if (!manifest[m]) throw new Error(`route preloads: ${r.path} loads ${m}, which the build did not emit as a chunk`);
          filesOf(manifest, m, scripts, styles);
        }
        routes.push({
          path: r.path,
          scripts: [...scripts].filter((f) => !entryScripts.has(f)).map((f) => `/${f}`),
          styles: [...styles].filter((f) => !entryStyles.has(f)).map((f) => `/${f}`),
          calls: r.calls,
          searchCalls: r.searchCalls,
        });
      }
      await writeFile(path.join(outDir, 'route-preloads.json'), JSON.stringify({ routes }));
    },
  };
}
