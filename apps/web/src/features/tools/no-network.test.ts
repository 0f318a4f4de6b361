// The tools promise that nothing is sent to the product's API (doc 02 §1). Guard it at the source: no tool module
// may use fetch, XMLHttpRequest, WebSocket, sendBeacon or the app's HTTP client. Two tools talk to the server by
// design, and only through their own call files: the site audit (report/new, report/$domain: the server connects
// to the host) and batch-cfdns (a relay to Cloudflare, whose API refuses browsers' cross-origin calls).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') ? [p] : [];
  });
}

const root = import.meta.dirname;
const sources = new Map(files(root).map((f) => [relative(root, f).replaceAll('\\', '/'), readFileSync(f, 'utf8')]));

const network = { fetch: /\bfetch\s*\(/, xhr: /XMLHttpRequest/, ws: /new WebSocket/, beacon: /sendBeacon/, http: /lib\/http/, appApi: /lib\/api/, api: /\/api\// } as const;
type Kind = keyof typeof network;

/** The only exceptions, file by file. */
const allowed: Record<string, Kind[]> = {
  // The relay's own fetch (the app's client sends no custom headers); it reuses buildUrl and isAbortError.
  'api/cfdns-relay.ts': ['fetch', 'http'],
  'api/find-cf-zone.ts': [],
  'api/list-cf-records.ts': [],
  'api/create-cf-record.ts': ['api'],
  'pages/batch-cfdns-page.tsx': ['api', 'http'],
  'api/start-report.ts': ['http'],
  'api/get-report.ts': ['http'],
  'pages/report-new-page.tsx': ['api', 'http'],
  'pages/report-page.tsx': ['api', 'http'],
};
/** Which call files each page may use, and what the call files themselves may import inside the feature. */
const apiImports: Record<string, RegExp> = {
  'pages/batch-cfdns-page.tsx': /^\.\.\/api\/(cfdns-relay|find-cf-zone|list-cf-records|create-cf-record)\.ts$/,
  'api/find-cf-zone.ts': /^\.\/cfdns-relay\.ts$/,
  'api/list-cf-records.ts': /^\.\/cfdns-relay\.ts$/,
  'api/create-cf-record.ts': /^\.\/(cfdns-relay|list-cf-records)\.ts$|^\.\.\/lib\/cfdns-records\.ts$/,
  'pages/report-new-page.tsx': /^\.\.\/api\/start-report\.ts$/,
  'pages/report-page.tsx': /^\.\.\/api\/(get-report|start-report)\.ts$/,
};
const serverPaths: Record<string, RegExp> = {
  'api/cfdns-relay.ts': /^\/v1\/tools\/cfdns\/\$\{call\}$/,
  'api/start-report.ts': /^\/v1\/tools\/report$/,
  'api/get-report.ts': /^\/v1\/tools\/report(\/\$\{[^}]+\})?$/,
};

describe('tools feature', () => {
  it('has no network calls and does not import the HTTP client, except the audit and relay call files', () => {
    const offenders = [...sources].flatMap(([f, src]) =>
      (Object.keys(network) as Kind[])
        .filter((k) => network[k].test(src) && !(allowed[f] ?? []).includes(k))
        .map((k) => `${f}: ${network[k]}`),
    );
    expect(offenders).toEqual([]);
  });

  it('uses the call files only from their own pages, and they name only their own server paths', () => {
    const wrongImports = [...sources].flatMap(([f, src]) =>
      [...src.matchAll(/from '([^']+)'/g)]
        .map((m) => m[1]!)
        // Imports that land in the feature's api/ folder, and anything a call file takes from the feature.
        .filter((spec) => !spec.startsWith('../../../') && (/(^|\/)api\//.test(spec) || (f.startsWith('api/') && spec.startsWith('.'))))
        .filter((spec) => !(apiImports[f]?.test(spec) ?? false))
        .map((spec) => `${f} imports ${spec}`),
    );
    expect(wrongImports).toEqual([]);

    for (const [f, re] of Object.entries(serverPaths)) {
      const src = sources.get(f);
      if (src === undefined) continue;
      const paths = [...src.matchAll(/[`'](\/[a-z0-9/_${}.-]*)[`']/gi)].map((m) => m[1]!).filter((p) => !p.startsWith('/api'));
      expect(paths.length, f).toBeGreaterThan(0);
      for (const p of paths) expect(p, f).toMatch(re);
    }
  });

  it('keeps every file of the allow-list real (a renamed file must not widen the guard silently)', () => {
    const known = [...sources.keys()];
    const missing = Object.keys(allowed).filter((f) => !known.includes(f));
    expect(missing).toEqual([]);
  });
});
