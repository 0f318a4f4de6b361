import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

// A console build of its own: a page, a script with the .br and .gz copies the build writes, a stylesheet without.
const webDist = mkdtempSync(path.join(tmpdir(), 'cc-assets-'));
const assets = path.join(webDist, 'assets');
mkdirSync(assets);
const script = 'export const greeting = "你好, console";\n'.repeat(40);
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>');
writeFileSync(path.join(assets, 'app-1a2b.js'), script);
writeFileSync(path.join(assets, 'app-1a2b.js.br'), brotliCompressSync(script));
writeFileSync(path.join(assets, 'app-1a2b.js.gz'), gzipSync(script));
writeFileSync(path.join(assets, 'page-3c4d.css'), 'body{color:#1652f0}');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe("the console's hashed files", () => {
  // (The encodings a browser is sent, and the year it keeps them: resilience.test.ts.)
  it('take a refused encoding as refused, and send a file the build wrote no copies of as it is', async () => {
    const gzip = await get('/assets/app-1a2b.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gzip.rawPayload.equals(gzipSync(script))).toBe(true);

    const css = await get('/assets/page-3c4d.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers.vary).toBeUndefined();
    expect(css.body).toBe('body{color:#1652f0}');
  });

  it('answer a browser that has the file with 304 and no body', async () => {
    const first = await get('/assets/app-1a2b.js', { 'accept-encoding': 'br' });
    const again = await get('/assets/app-1a2b.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('are only the files the build wrote: no copies on their own, nothing outside the folder, a JSON 404 otherwise', async () => {
    for (const url of ['/assets/app-1a2b.js.br', '/assets/app-1a2b.js.gz', '/assets/..%2Findex.html', '/assets/%2e%2e%2fpackage.json', '/assets/missing-0000.js']) {
      const r = await get(url, { accept: 'text/html,*/*' });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('include those of a new build put in the folder while the server runs', async () => {
    expect((await get('/assets/app-5e6f.js')).statusCode).toBe(404);
    writeFileSync(path.join(assets, 'app-5e6f.js'), 'export const build = 2;');
    const r = await get('/assets/app-5e6f.js');
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('export const build = 2;');
  });
});
