/**
 * The certificate tools end to end, in Chromium against the real server: every tool screen is used the way a
 * person would (paste, choose, click, download), and what comes out is checked with the openssl command line.
 * Files to feed the tools are made by openssl in a folder of the test's own.
 *
 * The tools' promise is that nothing goes to the product's API: every request the page makes while a tool is
 * used is recorded, and only the app's own static files may appear. The two tools that talk to the server by
 * design are held to exactly their calls: batch-cfdns (a relay to a local fake of Cloudflare's API) and the site
 * audit. Screenshots of every tool in zh/en × light/dark go to e2e/screenshots/tools-*.png.
 *
 * E2E_WEB_DIST serves another build of the console (one built outside the shared apps/web/dist).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import type { TlsReport } from '@cc/contracts/tls-report';
import { captchaAnswer, dragSlider, screenshot, startStack, waitForPuzzle, type Stack, themesFor } from './harness.ts';
import { startFakeCloudflare, type FakeCloudflare, type FakeZone } from './fake-cloudflare.ts';
import { signUpByEmail } from '../apps/server/test/session-helpers.ts';

const guidelines = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../packages/pki/src/reference/mozilla-server-side-tls-guidelines-5.8.json'), 'utf8')) as {
  configurations: Record<string, { ciphers: { openssl: string[] } }>;
};

let stack: Stack;
let cf: FakeCloudflare;
let zone: FakeZone;
let page: Page;
let token = '';
let dir = '';

// ---- files made by openssl
const openssl = (...args: string[]) => execFileSync('openssl', args, { encoding: 'utf8', cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const file = (name: string) => path.join(dir, name);
const read = (name: string) => readFileSync(file(name), 'utf8');
const write = (name: string, data: string) => {
  writeFileSync(file(name), data);
  return name;
};
const splitPem = (text: string) => [...text.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].map((m) => `${m[0]}\n`);
const sha256Hex = (fingerprintLine: string) => fingerprintLine.trim().replace(/^.*=/, '').replaceAll(':', '').toUpperCase();

function makePki() {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cc-tools-e2e-'));
  writeFileSync(file('ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n');
  writeFileSync(file('leaf.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:www.example.test,DNS:example.test\n');
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'root.key', '-out', 'root.pem', '-days', '3650', '-subj', '/C=CN/O=E2E Test Root/CN=E2E Root CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'int.key', '-out', 'int.csr', '-subj', '/C=CN/O=E2E Test CA/CN=E2E Intermediate CA');
  openssl('x509', '-req', '-in', 'int.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-out', 'int.pem', '-days', '1825', '-extfile', 'ca.ext');
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'leaf.key');
  openssl('req', '-new', '-key', 'leaf.key', '-out', 'leaf.csr', '-subj', '/C=CN/ST=Beijing/L=Beijing/O=E2E Shop/CN=www.example.test', '-addext', 'subjectAltName=DNS:www.example.test,DNS:example.test');
  openssl('x509', '-req', '-in', 'leaf.csr', '-CA', 'int.pem', '-CAkey', 'int.key', '-CAcreateserial', '-out', 'leaf.pem', '-days', '397', '-extfile', 'leaf.ext');
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key');
  // The audited servers' certificate: localhost, under the same root (which the server is told to trust).
  writeFileSync(file('local.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'local.key', '-out', 'local.csr', '-subj', '/CN=localhost');
  openssl('x509', '-req', '-in', 'local.csr', '-CA', 'int.pem', '-CAkey', 'int.key', '-CAcreateserial', '-out', 'local.pem', '-days', '90', '-extfile', 'local.ext');
}

// ---- local TLS servers for the site audit
const tlsServers: https.Server[] = [];
const ports = { good: 0, weak: 0 };
async function serveTls(opts: https.ServerOptions, headers: Record<string, string>, staple: boolean): Promise<number> {
  const server = https.createServer(opts, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', ...headers });
    res.end('ok');
  });
  // Any non-empty answer counts as stapled for the client: no OCSP responder is needed.
  if (staple) server.on('OCSPRequest', (_c: Buffer, _i: Buffer, cb: (err: Error | null, resp: Buffer) => void) => cb(null, Buffer.from('stapled')));
  tlsServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
async function startTlsServers() {
  const key = read('local.key');
  const cert = read('local.pem') + read('int.pem');
  ports.good = await serveTls(
    { key, cert, minVersion: 'TLSv1.2', ciphers: guidelines.configurations.intermediate!.ciphers.openssl.join(':') },
    { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' },
    true,
  );
  ports.weak = await serveTls({ key, cert, minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }, {}, false);
}

// ---- the browser
async function signInOnce(p: Page, email: string, password: string) {
  await p.goto('/sign-in');
  await p.getByTestId('email').fill(email);
  await p.getByTestId('password').fill(password);
  await p.getByTestId('sign-in-submit').click();
  const id = await waitForPuzzle(p);
  await dragSlider(p, await captchaAnswer(stack.app, id));
  await p.waitForURL(/\/dashboard$/);
}

async function openTool(p: Page, tool: string) {
  await p.goto(`/certhub/tools/${tool}`);
  await p.getByTestId('tool-notice').waitFor();
}

/** Every request the page makes from now until `stop()`. */
function recordRequests(p: Page) {
  const seen: Request[] = [];
  const on = (r: Request) => seen.push(r);
  p.on('request', on);
  return {
    seen,
    stop() {
      p.off('request', on);
      return seen;
    },
  };
}

/** Requests other than the console's own static files (chunks, workers, styles, fonts, favicon) and local blob/data URLs. */
function beyondStatic(seen: Request[]): Request[] {
  const origin = new URL(stack.baseUrl).origin;
  return seen.filter((r) => {
    const u = new URL(r.url());
    if (u.protocol === 'blob:' || u.protocol === 'data:') return false;
    return !(u.origin === origin && r.method() === 'GET' && /^\/(assets|vendor|language)\/|^\/favicon\.\w+$|^\/logo\.\w+$/.test(u.pathname));
  });
}

/** Uses a tool while recording, then holds it to the promise: no request beyond static files, no key in any request. */
async function promise(p: Page, act: () => Promise<void>) {
  const rec = recordRequests(p);
  await act();
  const seen = rec.stop();
  expect(beyondStatic(seen).map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
  for (const r of seen) {
    const sent = `${r.url()}\n${r.postData() ?? ''}`;
    expect(sent).not.toMatch(/PRIVATE KEY/);
    // Not even a key's body without its PEM lines.
    for (const k of keyMaterial) expect(sent).not.toContain(k);
  }
}

/** A piece of the body of every private key the tests use (files and generated keys). */
const keyMaterial: string[] = [];
const rememberKey = (pem: string) => keyMaterial.push(pem.split('\n').find((l) => /^[A-Za-z0-9+/]{64}$/.test(l))!.slice(8, 56));

/** The finished report on a report/:domain page; scanned first when the host has none yet (a test run alone). */
async function doneReport(p: Page): Promise<Locator> {
  const report = p.locator('[data-testid="report-result"][data-status="done"]');
  const scanNow = p.getByTestId('report-scan-now');
  await report.or(scanNow).first().waitFor();
  if (await scanNow.isVisible()) await scanNow.click();
  await report.waitFor({ timeout: 100_000 });
  return report;
}

async function download(p: Page, button: Locator, saveAs: string): Promise<string> {
  const [d] = await Promise.all([p.waitForEvent('download'), button.click()]);
  const target = file(saveAs);
  await d.saveAs(target);
  return target;
}

const textOf = (l: Locator) => l.locator('textarea').first().inputValue();

/**
 * Clicks a copy button, awaiting the §8 toast together with the click (it fades after a few seconds), then waits
 * for the button's own lasting "copied" state and for the clipboard to hold something, which it answers.
 */
async function copyAndRead(p: Page, button: Locator, toastText: string): Promise<string> {
  // Emptied first, so what is read back cannot be an earlier copy.
  await p.evaluate(() => navigator.clipboard.writeText(''));
  await Promise.all([p.locator('.ant-message').getByText(toastText, { exact: true }).first().waitFor(), button.click()]);
  await expect.poll(() => button.getAttribute('data-copied')).toBe('ok');
  let clip = '';
  await expect.poll(async () => (clip = await p.evaluate(() => navigator.clipboard.readText()))).not.toBe('');
  return clip;
}

beforeAll(async () => {
  makePki();
  for (const k of ['leaf.key', 'int.key', 'other.key', 'root.key']) rememberKey(read(k));
  cf = await startFakeCloudflare();
  zone = cf.addZone('example.com');
  // Already there: the preview marks it and does not send it again.
  zone.records.push({
    id: 'f'.repeat(32),
    zone_id: zone.id,
    zone_name: zone.name,
    type: 'A',
    name: 'shop.example.com',
    content: '192.0.2.50',
    ttl: 1,
    proxied: false,
    proxiable: true,
    comment: null,
    created_on: new Date().toISOString(),
    modified_on: new Date().toISOString(),
  });
  await startTlsServers();
  stack = await startStack({
    CF_API_BASE: cf.base,
    // Test-only switches of the audit: local servers may be scanned, and our root is trusted.
    REPORT_ALLOW_PRIVATE: 'on',
    REPORT_EXTRA_CA_FILE: file('root.pem'),
  });
  const user = await signUpByEmail(stack.app, { password: 'Str0ng#Passw0rd' });
  page = await stack.newPage();
  // The copy buttons are checked by reading the clipboard back.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
  await signInOnce(page, user.email!, user.password);
  token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
});

afterAll(async () => {
  await stack?.close();
  await cf?.close();
  for (const server of tlsServers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('certificate tools', () => {
  it('gen-csr: RSA 2048 and P-256 requests that openssl verifies, with keys that match them', async () => {
    // The key is made off the main thread, in the worker every feature shares.
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await openTool(page, 'gen-csr');
    for (const alg of ['rsa', 'ec'] as const) {
      await promise(page, async () => {
        if (alg === 'ec') await page.getByTestId('gen-csr-form').getByText('ECDSA', { exact: true }).click();
        await page.getByLabel(/^域名/).fill('www.example.test');
        await page.getByLabel(/^其他域名/).fill('example.test, api.example.test');
        const csrBlock = page.getByTestId('csr-output');
        // The previous request stays on screen until the new one replaces it.
        const before = (await csrBlock.count()) ? await textOf(csrBlock) : '';
        await page.getByTestId('gen-csr-submit').click();
        await expect.poll(async () => ((await csrBlock.count()) ? await textOf(csrBlock) : '')).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
        await expect.poll(() => textOf(csrBlock)).not.toBe(before);
        if (alg === 'rsa') await screenshot(page, 'tools-gen-csr-zh-light-result');
        const csr = await download(page, csrBlock.getByRole('button', { name: /下载/ }), `gen-${alg}.csr`);
        const key = await download(page, page.getByTestId('key-output').getByRole('button', { name: /下载/ }), `gen-${alg}.key`);
        expect(path.basename(csr)).toBe(`gen-${alg}.csr`);
        rememberKey(readFileSync(key, 'utf8'));
        // The console's one PKI worker, started for the first request and kept for the next.
        expect(workers.filter((u) => /pki\.worker/.test(u))).toHaveLength(1);
        expect(readFileSync(csr, 'utf8')).toBe(await textOf(csrBlock));
        if (alg === 'rsa') {
          const copy = csrBlock.getByRole('button', { name: /复制/ });
          expect(await copyAndRead(page, copy, '复制成功')).toBe(readFileSync(csr, 'utf8'));
          expect(await copy.textContent()).toContain('已复制');
        }
        // -verify checks the request's self-signature; a bad one makes openssl exit non-zero.
        const verified = execFileSync('openssl', ['req', '-in', csr, '-verify', '-noout'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        expect(verified + '').not.toMatch(/fail/i);
        const text = openssl('req', '-in', csr, '-noout', '-text');
        expect(text).toContain('CN = www.example.test');
        expect(text).toMatch(/DNS:www\.example\.test, DNS:example\.test, DNS:api\.example\.test/);
        expect(text).toContain('X509v3 Subject Key Identifier');
        expect(text).toContain(alg === 'rsa' ? 'Public-Key: (2048 bit)' : 'prime256v1');
        expect(openssl('req', '-in', csr, '-noout', '-pubkey')).toBe(openssl('pkey', '-in', key, '-pubout'));
      });
    }
  });

  it('parse-cert: a chain made by openssl, with its names and fingerprint, and the verdicts', async () => {
    await openTool(page, 'parse-cert');
    const chain = read('leaf.pem') + read('int.pem');
    const input = page.getByTestId('cert-input').locator('textarea');
    const result = page.getByTestId('parse-result');
    await promise(page, async () => {
      await input.fill(chain);
      await page.getByTestId('host-input').fill('www.example.test');
      await page.getByTestId('parse-submit').click();
      await result.waitFor();
      const shown = (await result.textContent()) ?? '';
      expect(shown).toContain('证书链顺序正确');
      expect(shown).toContain('证书与域名 www.example.test 匹配');
      expect(shown).toContain('www.example.test');
      expect(shown).toContain('E2E Intermediate CA');
      expect(shown).toContain('E2E Shop');
      expect(await result.locator('.ant-tag').allTextContents()).toEqual(expect.arrayContaining(['DNS:www.example.test', 'DNS:example.test']));
      const fp = sha256Hex(openssl('x509', '-in', 'leaf.pem', '-noout', '-fingerprint', '-sha256'));
      expect(shown.replaceAll(':', '').toUpperCase()).toContain(fp);
      await screenshot(page, 'tools-parse-cert-zh-light-result');

      // Another host: the name does not match.
      await page.getByTestId('host-input').fill('shop.other.test');
      await page.getByTestId('parse-submit').click();
      await page.getByTestId('chain-verdict').filter({ hasText: '与域名 shop.other.test 不匹配' }).waitFor();

      // The intermediate first: wrong order, and the ordered chain is offered.
      await input.fill(read('int.pem') + read('leaf.pem'));
      await page.getByTestId('host-input').fill('');
      await page.getByTestId('parse-submit').click();
      await page.getByTestId('chain-verdict').filter({ hasText: '证书链顺序错误' }).waitFor();
      expect(await result.textContent()).toContain('排序后的证书链');

      // Garbage: a clear message, no crash.
      await input.fill('this is not a certificate at all %%%');
      await page.getByTestId('parse-submit').click();
      await page.getByTestId('tool-error').waitFor();
      expect(await page.getByTestId('tool-error').textContent()).toMatch(/无法识别|不是有效的证书/);
    });
  });

  it('parse-csr: subject, SANs and a valid signature of an openssl request', async () => {
    await openTool(page, 'parse-csr');
    await promise(page, async () => {
      await page.getByTestId('csr-input').locator('textarea').fill(read('leaf.csr'));
      await page.getByTestId('parse-submit').click();
      const result = page.getByTestId('parse-result');
      await result.waitFor();
      const shown = (await result.textContent()) ?? '';
      expect(shown).toContain('www.example.test');
      expect(shown).toContain('E2E Shop');
      expect(shown).toContain('example.test');
      expect(shown).toContain('有效');
      expect(shown).toContain('2048 bit');
    });
  });

  it('convert-cert: PEM to PFX, P7B and DER, each opened by openssl', async () => {
    await openTool(page, 'convert-cert');
    const leafFp = sha256Hex(openssl('x509', '-in', 'leaf.pem', '-noout', '-fingerprint', '-sha256'));
    await promise(page, async () => {
      await page.getByTestId('cert-input').locator('textarea').fill(read('leaf.pem') + read('int.pem'));
      // PFX with the key and a password
      await page.getByTestId('target').getByText('PFX / P12').click();
      await page.getByTestId('pfx-password').fill('pfx-Pass-1');
      await page.getByTestId('key-input').locator('textarea').fill(read('leaf.key'));
      await page.getByTestId('convert-submit').click();
      const pfx = await download(page, page.getByTestId('convert-result').getByRole('button', { name: /certificate\.pfx/ }), 'out.pfx');
      const info = execFileSync('openssl', ['pkcs12', '-info', '-in', pfx, '-passin', 'pass:pfx-Pass-1', '-nodes'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(info).toContain('-----BEGIN PRIVATE KEY-----');
      expect(info.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
      expect(info).toContain('subject=C = CN, ST = Beijing, L = Beijing, O = E2E Shop, CN = www.example.test');
      expect(() => execFileSync('openssl', ['pkcs12', '-in', pfx, '-passin', 'pass:wrong', '-nodes'], { stdio: 'ignore' })).toThrow();

      // P7B (DER)
      await page.getByTestId('target').getByText('P7B (DER)').click();
      await page.getByTestId('convert-submit').click();
      const p7b = await download(page, page.getByTestId('convert-result').getByRole('button', { name: /certificates\.p7b/ }), 'out.p7b');
      const certs = openssl('pkcs7', '-inform', 'DER', '-in', p7b, '-print_certs', '-noout');
      expect(certs).toContain('subject=C = CN, ST = Beijing, L = Beijing, O = E2E Shop, CN = www.example.test');
      expect(certs).toContain('subject=C = CN, O = E2E Test CA, CN = E2E Intermediate CA');

      // P7B (PEM) as text
      await page.getByTestId('target').getByText('P7B (PEM)').click();
      await page.getByTestId('convert-submit').click();
      await expect.poll(() => textOf(page.getByTestId('convert-result'))).toMatch(/^-----BEGIN PKCS7-----/);
      const p7bPem = await textOf(page.getByTestId('convert-result'));
      writeFileSync(file('out-p7b.pem'), p7bPem);
      expect(openssl('pkcs7', '-in', 'out-p7b.pem', '-print_certs', '-noout')).toContain('CN = E2E Intermediate CA');

      // DER: one file per certificate, the leaf first
      await page.getByTestId('target').getByText('DER / CER').click();
      await page.getByTestId('convert-submit').click();
      const der = await download(page, page.getByTestId('convert-result').getByRole('button', { name: /certificate\.cer/ }), 'out.cer');
      expect(sha256Hex(openssl('x509', '-inform', 'DER', '-in', der, '-noout', '-fingerprint', '-sha256'))).toBe(leafFp);
    });
  });

  it('convert-private-key: PKCS#8 to PKCS#1, and to encrypted PKCS#8; openssl opens both', async () => {
    await openTool(page, 'convert-private-key');
    const pub = openssl('pkey', '-in', 'leaf.key', '-pubout');
    await promise(page, async () => {
      await page.getByTestId('key-input').locator('textarea').fill(read('leaf.key'));
      await page.getByText('PKCS#1 (RSA)', { exact: true }).click();
      await page.getByTestId('convert-submit').click();
      const result = page.getByTestId('convert-result');
      await expect.poll(() => textOf(result)).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
      expect(await result.textContent()).toContain('PKCS#8');
      writeFileSync(file('out-pkcs1.key'), await textOf(result));
      expect(openssl('pkey', '-in', 'out-pkcs1.key', '-pubout')).toBe(pub);

      await page.getByText('PKCS#8', { exact: true }).click();
      await page.locator('.ant-form-item').filter({ hasText: '加密输出的密码' }).locator('input').fill('key-Pass-2');
      await page.getByTestId('convert-submit').click();
      await expect.poll(() => textOf(page.getByTestId('convert-result'))).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
      writeFileSync(file('out-enc.key'), await textOf(page.getByTestId('convert-result')));
      expect(openssl('pkey', '-in', 'out-enc.key', '-passin', 'pass:key-Pass-2', '-pubout')).toBe(pub);
    });
  });

  it('match-pair: the matching pair matches, another key does not, as openssl says', async () => {
    await openTool(page, 'match-pair');
    const certPub = openssl('x509', '-in', 'leaf.pem', '-noout', '-pubkey');
    expect(openssl('pkey', '-in', 'leaf.key', '-pubout')).toBe(certPub);
    expect(openssl('pkey', '-in', 'other.key', '-pubout')).not.toBe(certPub);
    await promise(page, async () => {
      await page.getByTestId('key-input').locator('textarea').fill(read('leaf.key'));
      await page.getByTestId('cert-input').locator('textarea').fill(read('leaf.pem'));
      await page.getByTestId('csr-input').locator('textarea').fill(read('leaf.csr'));
      await page.getByTestId('match-submit').click();
      await page.getByTestId('match-result').waitFor();
      expect(await page.getByTestId('match-verdict').allTextContents()).toEqual(['私钥 ↔ 证书: 匹配', '私钥 ↔ CSR: 匹配', '证书 ↔ CSR: 匹配']);

      await page.getByTestId('key-input').locator('textarea').fill(read('other.key'));
      await page.getByTestId('match-submit').click();
      await page.getByTestId('match-verdict').filter({ hasText: '私钥 ↔ 证书: 不匹配' }).waitFor();
      expect(await page.getByTestId('match-verdict').allTextContents()).toEqual(['私钥 ↔ 证书: 不匹配', '私钥 ↔ CSR: 不匹配', '证书 ↔ CSR: 匹配']);
    });
  });

  it('ssl-config: nginx intermediate carries Mozilla\'s cipher string; Apache writes its own directives', async () => {
    await openTool(page, 'ssl-config');
    const ciphers = guidelines.configurations.intermediate!.ciphers.openssl.join(':');
    await promise(page, async () => {
      const out = page.getByTestId('ssl-output');
      const nginx = await textOf(out);
      expect(nginx).toContain(`ssl_ciphers ${ciphers};`);
      expect(nginx).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
      await page.getByTestId('ssl-server').click();
      await page.locator('.ant-select-item-option').filter({ hasText: /^Apache$/ }).click();
      await expect.poll(() => textOf(out)).toContain('SSLCipherSuite');
      const apache = await textOf(out);
      expect(apache).toContain(ciphers);
      expect(apache).not.toContain('ssl_ciphers');
      expect(apache).toContain('SSLProtocol');
    });
  });

  it('batch-replace: a regular expression, its preview of every change, and the result', async () => {
    await openTool(page, 'batch-replace');
    await promise(page, async () => {
      await page.getByTestId('batch-text').fill('server 10.0.0.1\nserver 10.0.0.2\nkeep me\n');
      const rule = page.getByTestId('batch-rule').first();
      await rule.getByPlaceholder('查找').fill('10\\.0\\.0\\.(\\d+)');
      await rule.getByPlaceholder('替换为').fill('192.168.1.$1');
      await rule.getByText('正则表达式').click();
      await expect.poll(() => page.getByTestId('batch-count').textContent()).toBe('共 2 处修改');
      const preview = page.getByTestId('batch-preview');
      expect(await preview.locator('tbody tr').count()).toBe(2);
      expect(await preview.textContent()).toContain('server 192.168.1.2');
      expect(await textOf(page.getByTestId('batch-output'))).toBe('server 192.168.1.1\nserver 192.168.1.2\nkeep me\n');
      await rule.getByPlaceholder('查找').fill('(unclosed');
      await page.getByTestId('tool-error').filter({ hasText: '正则表达式无效' }).waitFor();

      // Nested repetition on a long line backtracks for ever: stopped, said, and the page stays usable.
      await page.getByTestId('batch-text').fill(`${'a'.repeat(40)}!`);
      await rule.getByPlaceholder('查找').fill('(a+)+$');
      await page.getByTestId('tool-error').filter({ hasText: '正则表达式运行超过 2 秒，已停止' }).waitFor({ timeout: 10_000 });
      await rule.getByPlaceholder('查找').fill('a{40}');
      await rule.getByPlaceholder('替换为').fill('b');
      // The output first: with the earlier replacement still in place the count is one as well.
      await expect.poll(() => textOf(page.getByTestId('batch-output'))).toBe('b!');
      expect(await page.getByTestId('batch-count').textContent()).toBe('共 1 处修改');
    });
  });

  it('batch-cfdns: previews, creates with per-record results, retries the failed, talking only to the relay', async () => {
    await openTool(page, 'batch-cfdns');
    const rec = recordRequests(page);
    await page.getByTestId('cf-token').fill(cf.token);
    await page.getByTestId('cf-zone').fill('example.com');
    const records = page.getByTestId('cf-records');
    // A bad line first: a message naming it, nothing sent to Cloudflare for it.
    await records.fill('type,name,content,ttl,proxied,priority\nA,www,192.0.2.10,auto,true\nA,api,300.1.1.1,,\nMX,@,mail.example.com,3600,false');
    await page.getByTestId('cf-preview').click();
    const problems = page.getByTestId('cf-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('第 3 行：A 记录的内容须是 IPv4 地址，而不是 “300.1.1.1”');
    expect(await problems.textContent()).toContain('第 4 行：MX 记录需要填写优先级');
    await expect.poll(() => page.getByTestId('cf-create').isDisabled()).toBe(true);

    await records.fill(
      [
        'type,name,content,ttl,proxied,priority',
        'A,www,192.0.2.10,auto,true',
        'AAAA,www,2001:db8::10,300,false',
        'A,shop,192.0.2.50,,',
        'CNAME,shop,shops.example.net,,',
        'MX,@,mail.example.com,3600,false,10',
        'TXT,@,"v=spf1 include:_spf.example.com, ~all",,',
      ].join('\n'),
    );
    await page.getByTestId('cf-preview').click();
    await page.getByTestId('cf-result').waitFor();
    await expect.poll(() => page.getByTestId('cf-problems').count()).toBe(0);
    const table = page.getByTestId('cf-table');
    await expect.poll(() => page.getByTestId('cf-summary').textContent()).toBe('共 6 条：待添加 5，已存在 1，已添加 0，失败 0');
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(6);
    expect(await table.locator('tbody tr[data-state="exists"]').count()).toBe(1);
    await screenshot(page, 'tools-batch-cfdns-zh-light-preview');

    // The first creation meets Cloudflare's rate limit; the CNAME clashes with the A record already there.
    cf.throttleNext(1);
    await page.getByTestId('cf-create').click();
    await page.getByTestId('cf-done').waitFor();
    expect(await table.locator('tbody tr[data-state="created"]').count()).toBe(3);
    expect(await table.locator('tbody tr[data-state="failed"]').count()).toBe(2);
    const failedText = await table.locator('tbody tr[data-state="failed"]').allTextContents();
    expect(failedText.join('\n')).toContain('971: Please wait and consider throttling your request speed');
    expect(failedText.join('\n')).toContain('81053: An A, AAAA, or CNAME record with that host already exists.');
    await screenshot(page, 'tools-batch-cfdns-zh-light-results');

    await page.getByTestId('cf-retry').click();
    await expect.poll(() => table.locator('tbody tr[data-state="created"]').count()).toBe(4);
    await expect.poll(() => page.getByTestId('cf-summary').textContent()).toBe('共 6 条：待添加 0，已存在 1，已添加 4，失败 1');
    expect(zone.records.map((r) => `${r.type} ${r.name} ${r.content}`).sort()).toEqual(
      [
        'A shop.example.com 192.0.2.50',
        'A www.example.com 192.0.2.10',
        'AAAA www.example.com 2001:db8::10',
        'MX example.com mail.example.com',
        'TXT example.com v=spf1 include:_spf.example.com, ~all',
      ].sort(),
    );
    expect(zone.records.find((r) => r.type === 'A' && r.name === 'www.example.com')?.proxied).toBe(true);

    const exported = await download(page, page.getByRole('button', { name: /导出 JSON/ }), 'cloudflare.json');
    const json = JSON.parse(readFileSync(exported, 'utf8')) as { zone: { id: string }; records: Array<{ status: string; name: string; error?: { code: number } }> };
    expect(json.zone.id).toBe(zone.id);
    expect(json.records.map((r) => r.status)).toEqual(['created', 'created', 'exists', 'failed', 'created', 'created']);
    expect(json.records[3]!.error?.code).toBe(81053);

    // Only the relay's three calls, each with the token in its header and nowhere else.
    const calls = beyondStatic(rec.stop());
    expect(calls.length).toBeGreaterThan(0);
    for (const r of calls) {
      const u = new URL(r.url());
      expect(`${r.method()} ${u.origin === new URL(stack.baseUrl).origin ? u.pathname : u.href}`).toMatch(/^POST \/v1\/tools\/cfdns\/(zones|records|create)$/);
      expect(r.headers()['x-cf-token']).toBe(cf.token);
      expect(r.url()).not.toContain(cf.token);
      expect(r.postData() ?? '').not.toContain(cf.token);
    }
    expect(new Set(calls.map((r) => new URL(r.url()).pathname))).toEqual(new Set(['/v1/tools/cfdns/zones', '/v1/tools/cfdns/records', '/v1/tools/cfdns/create']));
    expect(cf.requests.every((r) => r.authorization === `Bearer ${cf.token}`)).toBe(true);

    // The token stays in this tab unless remembered.
    expect(await page.evaluate(() => [sessionStorage.getItem('cfdns.token'), localStorage.getItem('cfdns.token')])).toEqual([cf.token, null]);
    await page.getByTestId('cf-remember').click();
    await expect.poll(() => page.evaluate(() => [sessionStorage.getItem('cfdns.token'), localStorage.getItem('cfdns.token')])).toEqual([null, cf.token]);
    await page.getByTestId('cf-remember').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cfdns.token'))).toBeNull();
  });

  it('batch-cfdns: a wrong token gets Cloudflare\'s own message', async () => {
    await openTool(page, 'batch-cfdns');
    await page.getByTestId('cf-token').fill('not-the-token');
    await page.getByTestId('cf-zone').fill('example.com');
    await page.getByTestId('cf-records').fill('A,www,192.0.2.10');
    await page.getByTestId('cf-preview').click();
    await page.getByTestId('tool-error').filter({ hasText: '10000: Authentication error' }).waitFor();
  });

  it('speaks English too: parse-cert verdicts and the batch-cfdns line messages', async () => {
    const p = await stack.newPage({ lang: 'en', theme: 'dark', token });
    await openTool(p, 'parse-cert');
    await promise(p, async () => {
      await p.getByTestId('cert-input').locator('textarea').fill(read('int.pem') + read('leaf.pem'));
      await p.getByTestId('host-input').fill('shop.other.test');
      await p.getByTestId('parse-submit').click();
      await p.getByTestId('parse-result').waitFor();
      const verdicts = (await p.getByTestId('chain-verdict').allTextContents()).join('\n');
      expect(verdicts).toContain('shop.other.test');
      expect(verdicts).not.toMatch(/[\u4e00-\u9fff]/);
      expect(await p.getByTestId('chain-verdict').count()).toBe(2);
      expect(await p.getByTestId('parse-result').textContent()).not.toMatch(/[\u4e00-\u9fff]/);
    });
    await screenshot(p, 'tools-parse-cert-en-dark-verdicts');
    await openTool(p, 'batch-cfdns');
    await promise(p, async () => {
      await p.getByTestId('cf-records').fill('A,www,300.1.1.1\nTXT,x,hello,,true');
      await p.getByTestId('cf-preview').click();
      const problems = (await p.getByTestId('cf-problems').textContent()) ?? '';
      expect(problems).toContain('Line 1: an A record needs an IPv4 address, not "300.1.1.1"');
      expect(problems).toContain('Line 2: TXT records cannot be proxied');
      expect(await p.getByTestId('tool-error').textContent()).toBe('Enter your Cloudflare API token');
    });
    await p.context().close();
  });

  it('site audit: scans a well-configured local server and shows its grade, chain, protocols, suites, HSTS and OCSP', async () => {
    await openTool(page, 'report/new');
    const rec = recordRequests(page);
    await page.getByTestId('report-host').fill('localhost');
    await page.locator('input[data-testid="report-port"], [data-testid="report-port"] input').fill(String(ports.good));
    await page.getByTestId('report-start').click();
    await page.waitForURL(new RegExp(`/certhub/tools/report/localhost(:|%3A)${ports.good}\\?id=`));
    const result = page.locator('[data-testid="report-result"][data-status="done"]');
    await result.waitFor({ timeout: 100_000 });

    const grade = page.getByTestId('report-grade');
    expect(['A+', 'A']).toContain(await grade.getAttribute('data-grade'));
    expect(await grade.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgb\((56, 158, 13|82, 196, 26)\)$/);
    const protocols = (await page.getByTestId('report-protocols').locator('tbody tr').allTextContents()).join('|');
    expect(protocols).toMatch(/TLS 1\.0不支持/);
    expect(protocols).toMatch(/TLS 1\.2支持/);
    expect(await page.getByTestId('report-ciphers').textContent()).toContain('TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256');
    const checks = page.getByTestId('report-chain').getByTestId('report-check');
    expect(await checks.evaluateAll((els) => els.map((e) => e.getAttribute('data-ok')))).not.toContain('N');
    expect(await page.getByTestId('report-chain').textContent()).toContain('E2E Intermediate CA');
    const hsts = (await page.getByTestId('report-hsts').textContent()) ?? '';
    expect(hsts).toContain('63072000');
    expect(hsts).toMatch(/OCSP 装订已启用/);
    await screenshot(page, 'tools-report-zh-light-good');

    const exported = await download(page, page.getByRole('button', { name: /导出 JSON/ }), 'report-good.json');
    const json = JSON.parse(readFileSync(exported, 'utf8')) as TlsReport;
    expect(json.port).toBe(ports.good);
    expect(json.grade).toBe(await grade.getAttribute('data-grade'));

    // Only the audit's calls: start, then polling by id (the header's unread count is the header's, not the tool's).
    const calls = beyondStatic(rec.stop()).map((r) => `${r.method()} ${new URL(r.url()).pathname}`).filter((c) => c !== 'GET /v1/siteMsg/summary');
    expect(calls[0]).toBe('POST /v1/tools/report');
    for (const c of calls.slice(1)) expect(c).toMatch(/^GET \/v1\/tools\/report\/[\w-]+$/);
  });

  it('site audit: a server with old protocols and no HSTS is marked down, with the fix for nginx and Apache', async () => {
    await openTool(page, 'report/new');
    await page.getByTestId('report-host').fill(`https://localhost:${ports.weak}/`);
    await page.getByTestId('report-start').click();
    await page.locator('[data-testid="report-result"][data-status="done"]').waitFor({ timeout: 100_000 });
    const grade = (await page.getByTestId('report-grade').getAttribute('data-grade')) ?? '';
    expect(['A+', 'A', 'A-']).not.toContain(grade);
    const reasons = await page.getByTestId('report-reason').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(reasons).toContain('tls.reason.oldProtocols');
    expect(reasons).toContain('tls.reason.noHsts');
    expect((await page.getByTestId('report-protocols').locator('tbody tr').allTextContents()).join('|')).toMatch(/TLS 1\.0支持/);

    const protocolsFix = page.locator('[data-testid="report-fix"][data-kind="protocols"]');
    await expect.poll(() => textOf(protocolsFix)).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
    await page.getByTestId('report-server').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^Apache$/ }).click();
    await expect.poll(() => textOf(protocolsFix)).toMatch(/SSLProtocol/);
    expect(await copyAndRead(page, protocolsFix.getByRole('button', { name: /复制/ }), '复制成功')).toContain('SSLProtocol');
    await screenshot(page, 'tools-report-zh-light-weak');
  });

  it('site audit: a report page for a host never scanned offers to scan it, and then shows the result', async () => {
    await page.goto(`/certhub/tools/report/127.0.0.1:${ports.good}`);
    await page.getByTestId('report-scan-now').click();
    await page.waitForURL(/\?id=/);
    await page.locator('[data-testid="report-result"][data-status="done"]').waitFor({ timeout: 100_000 });
    expect(await page.getByTestId('report-result').textContent()).toContain(`127.0.0.1:${ports.good}`);
    expect(await page.getByTestId('report-grade').getAttribute('data-grade')).toMatch(/^[A-FT][+-]?$/);
  });

  it('site audit: a host that does not resolve gets a clear message', async () => {
    await openTool(page, 'report/new');
    await page.getByTestId('report-host').fill('no-such-host.invalid');
    await page.getByTestId('report-start').click();
    // Refused at once, or failed by the scan: either way the user reads why.
    const said = page.getByTestId('tool-error').or(page.getByTestId('report-failed'));
    await said.waitFor({ timeout: 60_000 });
    expect(await said.textContent()).toContain('no-such-host.invalid');
  });

  it('every tool in English: results read in English, checked by openssl, nothing sent', async () => {
    const p = await stack.newPage({ lang: 'en', token });
    const chinese = /[\u4e00-\u9fff]/;

    // gen-csr: a name no CA accepts is refused; a Chinese name goes into the request in its xn-- form (§5).
    await openTool(p, 'gen-csr');
    await promise(p, async () => {
      await p.getByTestId('gen-csr-form').getByText('ECDSA', { exact: true }).click();
      await p.getByLabel(/^Domain/).fill('a b.com');
      await p.getByTestId('gen-csr-submit').click();
      await p.getByText('"a b.com" is not a valid domain, wildcard domain or IP address').waitFor();
      await p.getByLabel(/^Domain/).fill('例子.com');
      await p.getByLabel(/^Other domains/).fill('*.例子.com, 192.0.2.7');
      await p.getByTestId('gen-csr-submit').click();
      const csrBlock = p.getByTestId('csr-output');
      await expect.poll(async () => ((await csrBlock.count()) ? await textOf(csrBlock) : '')).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
      writeFileSync(file('idn.csr'), await textOf(csrBlock));
      const text = openssl('req', '-in', 'idn.csr', '-verify', '-noout', '-text');
      expect(text).toContain('CN = xn--fsqu00a.com');
      expect(text).toContain('DNS:xn--fsqu00a.com, DNS:*.xn--fsqu00a.com, IP Address:192.0.2.7');
      expect(await p.getByTestId('tool-notice').textContent()).not.toMatch(chinese);
    });

    // parse-csr: the request uploaded as a DER file.
    openssl('req', '-in', 'leaf.csr', '-outform', 'DER', '-out', 'leaf.csr.der');
    await openTool(p, 'parse-csr');
    await promise(p, async () => {
      await p.getByTestId('csr-input').locator('input[type=file]').setInputFiles(file('leaf.csr.der'));
      await p.getByText('File loaded: leaf.csr.der').waitFor();
      await p.getByTestId('parse-submit').click();
      const result = p.getByTestId('parse-result');
      await result.waitFor();
      const shown = (await result.textContent()) ?? '';
      expect(shown).toContain('Common Name');
      expect(shown).toContain('2048 bit');
      expect(shown).not.toMatch(chinese);
    });

    // convert-cert: a chain pasted intermediate first comes out leaf first, with CRLF line endings and 64-character lines.
    await openTool(p, 'convert-cert');
    await promise(p, async () => {
      await p.getByTestId('cert-input').locator('textarea').fill(read('int.pem') + read('leaf.pem'));
      await p.locator('.ant-form-item').filter({ hasText: 'Line endings' }).locator('.ant-select').click();
      await p.locator('.ant-select-item-option').filter({ hasText: 'CRLF (Windows)' }).click();
      await p.getByTestId('convert-submit').click();
      const out = p.getByTestId('convert-result');
      await expect.poll(() => textOf(out)).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(await out.textContent()).not.toMatch(chinese);
      const pem = readFileSync(await download(p, out.getByRole('button', { name: 'Download' }).first(), 'en-chain.pem'), 'utf8');
      const lines = pem.split('\r\n');
      expect(pem.replaceAll('\r\n', '')).not.toContain('\n');
      expect(Math.max(...lines.map((l) => l.length))).toBe(64);
      const [first] = splitPem(pem);
      expect(sha256Hex(openssl('x509', '-noout', '-fingerprint', '-sha256', '-in', write('en-first.pem', first!)))).toBe(sha256Hex(openssl('x509', '-in', 'leaf.pem', '-noout', '-fingerprint', '-sha256')));
    });

    // convert-private-key: PKCS#8 (EC) to SEC1, which openssl reads as the same key.
    await openTool(p, 'convert-private-key');
    await promise(p, async () => {
      await p.getByTestId('key-input').locator('textarea').fill(read('int.key'));
      await p.getByText('SEC1 (EC)', { exact: true }).click();
      await p.getByTestId('convert-submit').click();
      const out = p.getByTestId('convert-result');
      await expect.poll(() => textOf(out)).toMatch(/^-----BEGIN EC PRIVATE KEY-----/);
      expect(await out.textContent()).toContain('Detected PKCS#8, EC 256 bit');
      expect(openssl('pkey', '-in', write('en-sec1.key', await textOf(out)), '-pubout')).toBe(openssl('pkey', '-in', 'int.key', '-pubout'));
    });

    // match-pair: the fingerprint shown is the SHA-256 of the public key openssl extracts.
    await openTool(p, 'match-pair');
    await promise(p, async () => {
      await p.getByTestId('key-input').locator('textarea').fill(read('leaf.key'));
      await p.getByTestId('cert-input').locator('textarea').fill(read('leaf.pem'));
      await p.getByTestId('match-submit').click();
      const result = p.getByTestId('match-result');
      await result.waitFor();
      expect(await p.getByTestId('match-verdict').allTextContents()).toEqual(['Key ↔ certificate: match']);
      const spki = execFileSync('openssl', ['pkey', '-pubin', '-in', write('leaf.pub', openssl('x509', '-in', 'leaf.pem', '-noout', '-pubkey')), '-outform', 'DER'], { cwd: dir });
      const fp = createHash('sha256').update(spki).digest('hex').toUpperCase().match(/../g)!.join(':');
      expect(await result.textContent()).toContain(fp);
      expect(await result.textContent()).not.toMatch(chinese);
    });

    // ssl-config: the old profile for HAProxy without HSTS.
    await openTool(p, 'ssl-config');
    await promise(p, async () => {
      await p.getByTestId('ssl-server').click();
      await p.locator('.ant-select-item-option').filter({ hasText: /^HAProxy$/ }).click();
      await p.getByTestId('ssl-profile').getByText('Old', { exact: true }).click();
      await p.locator('.ant-form-item').filter({ hasText: 'HSTS' }).getByRole('switch').click();
      const out = p.getByTestId('ssl-output');
      await expect.poll(() => textOf(out)).toContain('ssl-min-ver TLSv1.0');
      expect(await textOf(out)).not.toContain('Strict-Transport-Security');
      expect(await p.locator('.ant-card').first().textContent()).not.toMatch(chinese);
    });

    await openTool(p, 'batch-replace');
    await promise(p, async () => {
      await p.getByTestId('batch-text').fill('a.example.com\nb.example.com\n');
      await p.getByTestId('batch-rule').first().getByPlaceholder('Find').fill('example.com');
      await p.getByTestId('batch-rule').first().getByPlaceholder('Replace with').fill('example.org');
      // The output, not the count: an empty replacement (before "Replace with" is typed) makes two changes too.
      await expect.poll(() => textOf(p.getByTestId('batch-output'))).toBe('a.example.org\nb.example.org\n');
      expect(await p.getByTestId('batch-count').textContent()).toBe('2 change(s)');
    });

    // The audit's report, read in English (scanned here when this test runs alone).
    await p.goto(`/certhub/tools/report/localhost:${ports.weak}`);
    const report = await doneReport(p);
    expect(await p.getByTestId('report-reason').count()).toBeGreaterThan(0);
    expect(await report.textContent()).not.toMatch(chinese);
    await p.context().close();
  });

  it('fuzzed input in every reading tool gets a clear message, never a frozen or broken page', async () => {
    const p = await stack.newPage({ token });
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    const random = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 251));
    const truncated = read('leaf.pem').slice(0, 300);
    const wrongBase64 = 'MIIB*not//base64==x';
    // Thousands of BEGIN markers without an end: took minutes with a backtracking PEM pattern.
    const markers = '-----BEGIN '.repeat(3000);
    const tools: Array<[string, string, string]> = [
      ['parse-cert', 'cert-input', 'parse-submit'],
      ['parse-csr', 'csr-input', 'parse-submit'],
      ['convert-cert', 'cert-input', 'convert-submit'],
      ['convert-private-key', 'key-input', 'convert-submit'],
    ];
    const clear = /无法识别的内容|不是有效的|请输入内容/;
    // Each case on a freshly loaded tool (the app's own start-up calls stay outside the recording).
    const attempt = async (tool: string, submit: string, fill: () => Promise<void>) => {
      await openTool(p, tool);
      await promise(p, async () => {
        await fill();
        await p.getByTestId(submit).click();
        await expect.poll(() => p.getByTestId('tool-error').textContent(), { timeout: 5000 }).toMatch(clear);
        // Still responsive.
        expect(await p.evaluate(() => 1 + 1)).toBe(2);
      });
    };
    for (const [tool, input, submit] of tools) {
      for (const text of [truncated, wrongBase64, markers, read('leaf.key')]) {
        // A private key is a fine thing to paste into the key tool.
        if (tool === 'convert-private-key' && text.includes('PRIVATE KEY')) continue;
        await attempt(tool, submit, () => p.getByTestId(input).locator('textarea').fill(text));
      }
      await attempt(tool, submit, async () => {
        await p.getByTestId(input).locator('input[type=file]').setInputFiles({ name: 'random.bin', mimeType: 'application/octet-stream', buffer: random });
        await p.getByText('random.bin', { exact: false }).waitFor();
      });
    }
    await attempt('match-pair', 'match-submit', async () => {
      await p.getByTestId('key-input').locator('textarea').fill(markers);
      await p.getByTestId('cert-input').locator('textarea').fill(wrongBase64);
    });
    expect(errors).toEqual([]);
    await p.context().close();
  });

  it('photographs every tool in zh/en × light/dark', async () => {
    const tools = ['gen-csr', 'parse-csr', 'convert-cert', 'convert-private-key', 'parse-cert', 'match-pair', 'ssl-config', 'batch-replace', 'batch-cfdns', 'report/new', `report/localhost:${ports.weak}`];
    for (const lang of ['zh', 'en'] as const) {
      for (const theme of themesFor(lang)) {
        const p = await stack.newPage({ lang, theme, token });
        for (const tool of tools) {
          await openTool(p, tool);
          expect(await p.evaluate(() => document.documentElement.lang)).toBe(lang === 'en' ? 'en' : 'zh-CN');
          const notice = (await p.getByTestId('tool-notice').textContent()) ?? '';
          expect(notice).toMatch(lang === 'en' ? /^[\x20-\x7e’–—…]+$/ : /[\u4e00-\u9fff]/);
          if (tool.startsWith('report/localhost')) await doneReport(p);
          await screenshot(p, `tools-${tool.replace(/\/localhost:\d+$/, '').replace('/', '-')}-${lang}-${theme}`);
        }
        await p.context().close();
      }
    }
  });
});
