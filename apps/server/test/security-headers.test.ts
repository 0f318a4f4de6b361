import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { firstCallsScript } from '@cc/contracts/first-calls-script';
import { consolePolicy } from '../src/plugins/security-headers.ts';

/** The one inline script the console page may run (it starts the route's first calls), allowed by its hash. */
const firstCallsSource = `'sha256-${createHash('sha256').update(firstCallsScript).digest('base64')}'`;
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, pkcs8Pem, testKeys, testProducts } from './purchase-helpers.ts';

// A console build of its own (the API tests do not depend on `npm run build`): a page and one script.
const webDist = mkdtempSync(path.join(tmpdir(), 'cc-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
writeFileSync(path.join(webDist, 'assets', 'app.js'), 'document.getElementById("root").textContent = "console";');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

const directives = (csp: unknown) => new Map(String(csp).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));

function expectProtected(headers: Record<string, unknown>) {
  expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
  expect(directives(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
}

describe('browser-protection headers', () => {
  it('are on API answers, error answers, console files and the console page', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/siteConfig' });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    const script = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    const page = await t.app.inject({ method: 'GET', url: '/orders', headers: { accept: 'text/html' } });
    expect([api.statusCode, missing.statusCode, script.statusCode, page.statusCode]).toEqual([200, 404, 200, 200]);
    expect(script.body).toContain('console');
    expect(page.body).toContain('<div id="root">');
    for (const r of [api, missing, script, page]) expectProtected(r.headers);
  });

  it('give the console a policy without evaluated scripts or inline ones but its first-calls script, and what its screens load', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", firstCallsSource]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // antd writes its styles into <style> tags; captcha pieces and QR codes are data: images; workers are the console's files.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('let the console page load the chat and tracking scripts, images and API its host is configured with', async () => {
    const host = 'shop.example.test';
    await t.app.db.query(`INSERT INTO site_config (host, config) VALUES ($1, $2::jsonb)`, [
      host,
      JSON.stringify({ chatScript: 'https://chat.example.net/widget.js', trackingScript: '//relative.example/t.js', logo: 'https://cdn.example.org/logo.png', apiBaseURL: 'https://api.example.com/base' }),
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', host } });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", firstCallsSource, 'https://chat.example.net']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://chat.example.net', 'https://api.example.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://chat.example.net', 'https://cdn.example.org']);
    // /index.html itself goes through the same page handler; another host keeps the plain policy.
    const direct = await t.app.inject({ method: 'GET', url: '/index.html', headers: { accept: 'text/html', host } });
    expect(directives(direct.headers['content-security-policy']).get('script-src')).toEqual(["'self'", firstCallsSource, 'https://chat.example.net']);
    const other = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', host: 'other.example.test' } });
    expect(other.headers['content-security-policy']).toBe(consolePolicy);
  });

  it('keep a policy a route sets for itself (the API reference at /docs)', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['content-security-policy']).not.toBe(consolePolicy);
    expect(directives(docs.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    expectProtected(docs.headers);
    const bundle = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('request body limit', () => {
  const twoMb = 'x'.repeat(2 * 1024 * 1024);

  it('refuses 2 MB sent to an ordinary call, in the caller language, as JSON or as a form', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/login', payload: { username: twoMb, password: 'p' } });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ code: 413, data: null, msg: '请求体过大（最多 1 MB）' });
    expectProtected(json.headers);
    const form = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
      payload: `username=${twoMb}&password=p`,
    });
    expect(form.json()).toEqual({ code: 413, data: null, msg: 'The request body is too large (at most 1 MB)' });
  });

  it('lets a real batch of 500 orders with keys (more than 1 MB) through, and bounds batches too', async () => {
    await addProducts(t.app, [testProducts.dv]);
    const me = client(t.app, (await newAccount(t.app)).token);
    const key = await pkcs8Pem(await testKeys());
    const sslCerts = await Promise.all(
      Array.from({ length: 500 }, async (_, i) => ({ commonName: `big${i}.example.com`, csr: await makeCsr(`big${i}.example.com`), key })),
    );
    const body = { year: 1, dcvMethod: 'dns', sslCerts };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const r = await me.post(`/v1/orders/certificate/${testProducts.dv.productNo}`, body);
    expect(r.body.code).toBe(200);
    expect((r.body.data as string).split(',')).toHaveLength(500);

    const huge = await me.post('/v1/csr/batchSave', { csrs: [{ csr: 'x'.repeat(33 * 1024 * 1024) }] }, { lang: 'en' });
    expect(huge.body).toEqual({ code: 413, data: null, msg: 'The request body is too large (at most 32 MB)' });
  });
});

/** One raw HTTP/1.1 exchange over a real socket: the status, the headers (names in lower case) and the body. */
function rawExchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    // Every request below asks to close (or is refused and closed): the whole answer is in once the socket closes.
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;
const post = (path: string, type: string, body: string, length = String(Buffer.byteLength(body))) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;

describe('browser-protection headers over a real socket, on answers made before or without a route', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  // Each: the raw request, the status and the envelope code it answers.
  const cases: [string, string, number, number][] = [
    ['a path parameter past the router limit (414)', get(`/acme/${'p'.repeat(600)}/directory`), 414, 414],
    ['a bad percent-escape in the address (400)', get('/v1/orders/%zz'), 400, 400],
    ['an unknown path (404)', get('/v1/nothing-here'), 404, 404],
    ['a known path with another method (405)', `PATCH /login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 405, 405],
    ['a body over the limit (413)', post('/login', 'application/json', '{}', String(2 * 1024 * 1024)), 413, 413],
    ['a body type no call takes (415)', post('/login', 'text/foo', 'abc'), 415, 415],
    ['a malformed JSON body (400)', post('/login', 'application/json', '{"username":'), 400, 400],
    ['an empty JSON body (400)', post('/login', 'application/json', ''), 400, 400],
    ['headers past the size limit, long address included (431)', get(`/siteConfig?${'q'.repeat(20_000)}`), 431, 431],
    ['a Content-Length that is no number (400)', post('/login', 'application/json', '{}', 'abc'), 400, 400],
    ['a request line that is no HTTP (400)', 'HELLO\r\n\r\n', 400, 400],
  ];
  it.each(cases)('%s', async (_what, request, status, code) => {
    const r = await rawExchange(port, request);
    expect(r.status).toBe(status);
    expectProtected(r.headers);
    expect(r.headers['content-security-policy']).toBe(consolePolicy);
    expect(JSON.parse(r.body)).toMatchObject({ code, data: null, msg: expect.any(String) });
  });

  it('on a 503 of an overloaded server', async () => {
    // Any heap in use is over 1 MB: every call is shed.
    const shed = await startTestApp({ MAX_HEAP_USED_MB: '1' });
    try {
      await shed.app.listen({ port: 0, host: '127.0.0.1' });
      const r = await rawExchange((shed.app.server.address() as AddressInfo).port, get('/siteConfig'));
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expectProtected(r.headers);
    } finally {
      await shed.close();
    }
  });
});
