/**
 * Build step: the screens most visits open first (sign-in, the dashboard, the order screen, the orders list) come in
 * a few large files instead of ~150 small ones.
 *
 * Why: brotli compresses each file alone. The default split (one chunk per set of pages sharing code) gives the orders
 * list 141 files, half of them under 800 bytes, and what those files share is compressed again in each. On
 * Lighthouse's slow-4G phone every kB a page names before it paints costs ~6 ms of its first paint.
 *
 * How: a first build (not written) tells which modules each route really loads, after tree-shaking (a module imported
 * for one helper may contribute nothing). A module that a first screen loads is then put in a group named by
 * - which first screens load it (the signed-in layout counts as one: every signed-in screen loads it), so a first
 *   screen loads only groups it uses whole; and
 * - which other areas of the console (an address's first segment: /account, /domain, /certhub...) load it, so a page
 *   elsewhere shares a group only with the pages of its own area and never loads another area's code.
 * Modules no first screen loads keep the default split. Groups are captured largest key first: a module's imports,
 * which every page loading it loads too, are already in their own group when it is captured, so Rolldown's pulling of
 * dependencies into a group (includeDependenciesRecursively) has nothing to pull.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Manifest, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { filesOf, routeModules } from './route-preloads.ts';

/** Set while the first build runs, so that it splits by default and does not start a first build of its own. */
const SURVEY = 'CC_FIRST_SCREEN_SURVEY';

export interface Loader {
  /** A first screen's name, or another page's area. */
  name: string;
  /** The modules it loads before it paints. */
  modules: ReadonlySet<string>;
}

export interface ScreenGroup {
  /** The chunk's name: `first-` and the screens' letters, then a short hash of the other areas loading it. */
  name: string;
  /** How many loaders share it: groups are captured from the largest down. */
  weight: number;
}

/** The group of each module a first screen loads: modules loaded by the same screens and the same other areas share one. */
export function groupByScreens(screens: readonly Loader[], others: readonly Loader[]): Map<string, ScreenGroup> {
  const screensOf = new Map<string, string>();
  screens.forEach((screen, i) => {
    const letter = String.fromCharCode(97 + i);
    for (const id of screen.modules) screensOf.set(id, (screensOf.get(id) ?? '') + letter);
  });
  const areasOf = new Map<string, Set<string>>();
  for (const other of others) {
    for (const id of other.modules) {
      if (!screensOf.has(id)) continue;
      const areas = areasOf.get(id) ?? new Set<string>();
      areas.add(other.name);
      areasOf.set(id, areas);
    }
  }
  const groups = new Map<string, ScreenGroup>();
  for (const [id, letters] of screensOf) {
    const areas = [...(areasOf.get(id) ?? [])].sort();
    const suffix = areas.length ? `-${createHash('sha256').update(areas.join('\n')).digest('hex').slice(0, 6)}` : '';
    groups.set(id, { name: `first-${letters}${suffix}`, weight: letters.length + areas.length });
  }
  return groups;
}

type ChunkOrAsset = Rolldown.OutputChunk | Rolldown.OutputAsset;
type CodeSplittingGroup = { name: (id: string) => string | null; priority: number; debugName: string };

/** Plugin: `screens` are console addresses (TanStack Router's full paths), each a route of src/app/routes.tsx. */
export function firstScreenChunks(screens: readonly string[]): Plugin {
  return {
    name: 'cc-first-screen-chunks',
    apply: (_config, env) => env.command === 'build' && !process.env[SURVEY],
    async config(config: UserConfig) {
      const root = config.root ?? process.cwd();
      process.env[SURVEY] = '1';
      let output: ChunkOrAsset[];
      try {
        const result = await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent', build: { write: false } });
        output = (Array.isArray(result) ? result : [result as Rolldown.RolldownOutput]).flatMap((r) => r.output);
      } finally {
        delete process.env[SURVEY];
      }
      const manifestAsset = output.find((o): o is Rolldown.OutputAsset => o.type === 'asset' && o.fileName === '.vite/manifest.json');
      if (!manifestAsset) throw new Error('first-screen chunks: build.manifest must be on');
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      const chunks = output.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      const rendered = new Map(chunks.map((c) => [c.fileName, Object.keys(c.modules).filter((id) => c.modules[id]!.renderedLength > 0)]));
      const loads = (keys: string[]): Set<string> => {
        const scripts = new Set<string>();
        for (const key of ['index.html', ...keys]) filesOf(manifest, key, scripts, new Set());
        return new Set([...scripts].flatMap((f) => rendered.get(f) ?? []));
      };

      const routes = await routeModules(root);
      const units = new Map<string, Loader>();
      for (const address of screens) {
        const route = routes.find((r) => r.path === address);
        if (!route) throw new Error(`first-screen chunks: no console route ${address}`);
        // Each step of the route's chain (the signed-in layout, then the page) is a loader of its own.
        for (let i = 1; i <= route.modules.length; i++) {
          const chain = route.modules.slice(0, i);
          units.set(chain.join(' > '), { name: chain.join(' > '), modules: loads(chain) });
        }
      }
      const others = routes.filter((r) => !screens.includes(r.path)).map((r) => ({ name: r.path.split('/')[1] ?? '', modules: loads(r.modules) }));
      const groups = groupByScreens([...units.values()], others);
      // The entry keeps its own modules (main.tsx and what only it imports), as the default split made it: the page
      // names it as its one script, and the groups it imports as preloads.
      for (const c of chunks) if (c.isEntry) for (const id of Object.keys(c.modules)) groups.delete(id);

      const rolldownOutput = config.build?.rolldownOptions?.output;
      const target = Array.isArray(rolldownOutput) ? undefined : rolldownOutput?.codeSplitting;
      if (!target || typeof target !== 'object' || !Array.isArray(target.groups)) {
        throw new Error('first-screen chunks: build.rolldownOptions.output.codeSplitting.groups must be set');
      }
      const weights = [...new Set([...groups.values()].map((g) => g.weight))].sort((a, b) => b - a);
      for (const weight of weights) {
        (target.groups as CodeSplittingGroup[]).push({ priority: weight, debugName: `first screens, weight ${weight}`, name: (id) => (groups.get(id)?.weight === weight ? groups.get(id)!.name : null) });
      }
    },
  };
}
