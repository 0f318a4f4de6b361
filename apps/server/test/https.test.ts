/**
 * Given a certificate (TLS_CERT_FILE, TLS_KEY_FILE), the server answers HTTPS: HTTP/2 to clients that offer it (the
 * console's ~100 files over one connection), HTTP/1.1 to the others; and it still closes with sessions open.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let base: string;
let ca: Buffer;
let closed = false;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-tls-'));
  const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  ca = readFileSync(cert);
  t = await startTestApp({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  if (!closed) await t.close();
});

/** Several calls at once on one HTTP/2 connection: status, body and the protocol agreed. */
async function overHttp2(paths: string[]): Promise<{ alpn: string | false | undefined; answers: { status: number; body: unknown }[] }> {
  const session = http2.connect(base, { ca });
  try {
    const answers = await Promise.all(
      paths.map(
        (p) =>
          new Promise<{ status: number; body: unknown }>((resolve, reject) => {
            const req = session.request({ ':path': p, 'accept-language': 'en' });
            let status = 0;
            let text = '';
            req.on('response', (h) => (status = Number(h[':status'])));
            req.setEncoding('utf8');
            req.on('data', (c: string) => (text += c));
            req.on('end', () => resolve({ status, body: JSON.parse(text) as unknown }));
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    return { alpn: session.alpnProtocol, answers };
  } finally {
    session.close();
  }
}

it('answers over HTTP/2, several calls on one connection, with the envelopes it answers over HTTP/1.1', async () => {
  expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const { alpn, answers } = await overHttp2(['/healthz', '/v1/account', '/healthz']);
  expect(alpn).toBe('h2');
  expect(answers[0]).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
  expect(answers[1]).toMatchObject({ status: 401, body: { code: 401 } });
  expect(answers[2]?.status).toBe(200);
});

it('answers HTTPS over HTTP/1.1 to a client that offers only that', async () => {
  const answer = await new Promise<{ version: string; status: number; hsts: unknown; body: unknown }>((resolve, reject) => {
    const req = https.get(`${base}/healthz`, { ca, ALPNProtocols: ['http/1.1'] } as https.RequestOptions, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ version: res.httpVersion, status: res.statusCode ?? 0, hsts: res.headers['strict-transport-security'], body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
  });
  // Served over HTTPS by the server itself: browsers are told to keep to HTTPS.
  expect(answer).toEqual({ version: '1.1', status: 200, hsts: 'max-age=31536000', body: { status: 'ok', database: 'up' } });
});

it('refuses one of the two files without the other, and names the mail and ACME links https', () => {
  expect(() => loadConfig({ TLS_CERT_FILE: '/etc/cert.pem' })).toThrow(/TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE go together/);
  expect(t.app.config.TLS_CERT_FILE).toBeTruthy();
});

it('closes while a client keeps its HTTP/2 connection open', { timeout: 20_000 }, async () => {
  // A browser's connection after its first call, kept for the next.
  const session = http2.connect(base, { ca });
  await new Promise<void>((resolve, reject) => {
    const req = session.request({ ':path': '/healthz' });
    req.on('response', () => req.resume().on('end', () => resolve()));
    req.on('error', reject);
    req.end();
  });
  const started = Date.now();
  closed = true;
  await t.close();
  expect(Date.now() - started).toBeLessThan(10_000);
  session.destroy();
});
