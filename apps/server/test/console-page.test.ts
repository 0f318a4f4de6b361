import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { firstCallsElementId, type FirstCall } from '@cc/contracts/first-calls';
import { firstCallsScript } from '@cc/contracts/first-calls-script';
import { startTestApp, type TestApp } from './harness.ts';

// A console build of its own, with the route list its build writes (apps/web/scripts/route-preloads.ts).
const webDist = mkdtempSync(path.join(tmpdir(), 'cc-web-'));
mkdirSync(path.join(webDist, 'assets'));
const indexHtml =
  '<!doctype html><html><head><link rel="stylesheet" href="/assets/index.css"><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(webDist, 'index.html'), indexHtml);
writeFileSync(
  path.join(webDist, 'route-preloads.json'),
  JSON.stringify({
    routes: [
      { path: '/sign-in', scripts: ['/assets/sign-in.js'], styles: [], calls: [{ method: 'GET', url: '/siteConfig', quiet: true, anyone: true }] },
      {
        path: '/orders/list',
        scripts: ['/assets/layout.js', '/assets/orders.js', '/assets/table.js'],
        styles: ['/assets/orders.css'],
        calls: [
          { method: 'POST', url: '/verify_token', body: '{}', quiet: true },
          { method: 'GET', url: '/v1/orders/count' },
        ],
        searchCalls: [{ method: 'POST', url: '/v1/orders/list', body: '{"page":1,"note":"</script><script>alert(1)</script>"}' }],
      },
      { path: '/ssl/certificate/$id', scripts: ['/assets/layout.js', '/assets/order-details.js'], styles: [] },
      { path: '/ssl/certificates', scripts: ['/assets/layout.js', '/assets/purchase.js'], styles: [] },
      { path: '/payment/', scripts: ['/assets/payment.js'], styles: [] },
    ],
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const named = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("the console's page starts the route's first calls itself", () => {
  /** The calls the page lists, and whether it carries the script that starts them. */
  const firstCalls = (html: string): { calls: FirstCall[]; script: boolean } => {
    const list = new RegExp(`<script type="application/json" id="${firstCallsElementId}">(.*?)</script>`).exec(html);
    return { calls: list ? (JSON.parse(list[1]!) as FirstCall[]) : [], script: html.includes(`<script>${firstCallsScript}</script>`) };
  };

  it('lists the layout and page calls with those made from an empty search, and the script the policy allows by its hash', async () => {
    const r = await open('/orders/list');
    const { calls, script } = firstCalls(r.body);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /verify_token', 'GET /v1/orders/count', 'POST /v1/orders/list']);
    expect(calls[0]).toEqual({ method: 'POST', url: '/verify_token', body: '{}', quiet: true });
    expect(script).toBe(true);
    // Before the stylesheet: an inline script after one waits until it has loaded.
    expect(r.body.indexOf(firstCallsScript)).toBeGreaterThan(r.body.indexOf(firstCallsElementId));
    expect(r.body.indexOf(firstCallsScript)).toBeLessThan(r.body.indexOf('/assets/index.css'));
    const hash = `'sha256-${createHash('sha256').update(firstCallsScript).digest('base64')}'`;
    expect(String(r.headers['content-security-policy'])).toMatch(new RegExp(`script-src [^;]*${hash.replace(/[+/]/g, '\\$&')}`));
    // A body that names </script> stays data: the list closes only where the page closes it.
    expect(r.body.match(/<\/script>/g)?.length).toBe(3);
    expect(calls[2]!.body).toContain('</script><script>alert(1)</script>');
  });

  it('leaves the calls made from the search to the console when the address has one', async () => {
    const { calls } = firstCalls((await open('/orders/list?status=1')).body);
    expect(calls.map((c) => c.url)).toEqual(['/verify_token', '/v1/orders/count']);
  });

  it('lists a signed-out page\'s calls too (the site configuration): the script starts those without a session', async () => {
    expect(firstCalls((await open('/sign-in')).body)).toEqual({ calls: [{ method: 'GET', url: '/siteConfig', quiet: true, anyone: true }], script: true });
  });

  it('starts nothing where the route makes no call, or where the API is on another origin', async () => {
    expect(firstCalls((await open('/payment/')).body)).toEqual({ calls: [], script: false });
    const host = 'api-elsewhere.example.test';
    await t.app.db.query(`INSERT INTO site_config (host, config) VALUES ($1, $2::jsonb)`, [host, JSON.stringify({ apiBaseURL: 'https://api.example.com' })]);
    const elsewhere = await open('/orders/list', { host });
    expect(named(elsewhere.body)).toEqual(['/assets/layout.js', '/assets/orders.js', '/assets/table.js']);
    expect(firstCalls(elsewhere.body)).toEqual({ calls: [], script: false });
  });
});

describe("the console's page names the files of the route it opens", () => {
  it("lists the route's scripts and stylesheets in the head, before the body", async () => {
    const r = await open('/orders/list?status=1');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(named(r.body)).toEqual(['/assets/layout.js', '/assets/orders.js', '/assets/table.js']);
    expect(r.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/orders.css">');
    expect(r.body.indexOf('/assets/table.js')).toBeLessThan(r.body.indexOf('</head>'));
    expect(r.body).toContain('<div id="root"></div>');
  });

  it('tells a fixed path from one with a parameter, and takes either case and a trailing slash', async () => {
    expect(named((await open('/ssl/certificates')).body)).toEqual(['/assets/layout.js', '/assets/purchase.js']);
    expect(named((await open('/ssl/certificate/CH2026112400001')).body)).toEqual(['/assets/layout.js', '/assets/order-details.js']);
    expect(named((await open('/SSL/Certificates/')).body)).toEqual(['/assets/layout.js', '/assets/purchase.js']);
    expect(named((await open('/payment')).body)).toEqual(['/assets/payment.js']);
    // A parameter is one segment: a deeper address is not that route.
    expect(named((await open('/ssl/certificate/1/more')).body)).toEqual([]);
  });

  it('sends index.html as built where no route opens', async () => {
    const r = await open('/no/such/page');
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe(indexHtml);
  });

  it('is sent brotli-compressed to browsers that take it, and answers 304 to a browser that has it', async () => {
    const plain = await open('/sign-in');
    const br = t.app.inject({ method: 'GET', url: '/sign-in', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const compressed = await br;
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers['cache-control']).toBe('no-cache');

    const again = await open('/sign-in', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another route's page is another document.
    expect((await open('/orders/list')).headers.etag).not.toBe(plain.headers.etag);
  });

  it('sends the page of a new build put in the folder while the server runs', async () => {
    const before = await open('/sign-in');
    const rebuilt = indexHtml.replace('/assets/index.js', '/assets/index-2.js');
    writeFileSync(path.join(webDist, 'index.html'), rebuilt);
    writeFileSync(path.join(webDist, 'route-preloads.json'), JSON.stringify({ routes: [{ path: '/sign-in', scripts: ['/assets/sign-in-2.js'], styles: [] }] }));
    // Later times than the first build's, even on a coarse clock.
    const later = new Date(Date.now() + 5000);
    for (const f of ['index.html', 'route-preloads.json']) utimesSync(path.join(webDist, f), later, later);
    const after = await open('/sign-in');
    expect(after.body).toContain('/assets/index-2.js');
    expect(named(after.body)).toEqual(['/assets/sign-in-2.js']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await open('/no/such/page')).body).toBe(rebuilt);
  });
});
