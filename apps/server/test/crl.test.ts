import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { payAndValidateByDns, startDns } from './orders-helpers.ts';
import { AcmeTestClient, injectTransport } from './acme-helpers.ts';

/**
 * The built-in CA's CRL as a relying party reads it, judged by openssl: CRL number and authority key identifier
 * (RFC 5280 §5.2.1, §5.2.3), the issuing CA's signature, sane dates, and each revocation's reason in its entry, given
 * through the ACME revokeCert call (by the owner's account, or signed by the certificate's own key).
 */

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'cc-crl-'));
const product = testProducts.dv;
const base = 'http://console.test';
let seq = 0;
const file = (name: string, body: string | Uint8Array) => {
  const p = path.join(dir, `${seq++}-${name}`);
  writeFileSync(p, body);
  return p;
};

type Dns = Awaited<ReturnType<typeof startDns>>;
let dns: Dns;
let t: TestApp;

/** A customer of `app` with an ACME account registered by EAB, and a way to have certificates issued to it. */
async function customer(app: App) {
  const a = await newAccount(app);
  const api = client(app, a.token);
  const key = await api.post('/v1/acme/eabKeys', { name: `crl-${seq++}` });
  expect(key.body.code, key.body.msg).toBe(200);
  const eab = key.body.data as { key: { kid: string }; hmacKey: string };
  const acme = new AcmeTestClient(() => base, product.productNo, injectTransport(() => app));
  await acme.register(eab.key.kid, eab.hmacKey);
  /** Orders a DV certificate for a new name, validated by DNS and issued; answers its PEM. */
  const issued = async (keys?: CryptoKeyPair): Promise<string> => {
    const name = `crl${seq++}.example`;
    const r = await api.post(`/v1/orders/certificate/${product.productNo}`, { dcvMethod: 'dns_txt', year: 1, csr: await makeCsr(name, keys), commonName: name });
    expect(r.body.code, r.body.msg).toBe(200);
    const orderNo = r.body.data as string;
    await payAndValidateByDns(app, api, dns, orderNo);
    const c = await api.get(`/v1/orders/cert/${orderNo}`);
    expect(c.body.code, c.body.msg).toBe(200);
    return (c.body.data as { cert: string }).cert;
  };
  const der64 = (certPem: string) => Buffer.from(new x509.X509Certificate(certPem).rawData).toString('base64url');
  const revoke = (certPem: string, payload: Record<string, unknown> = {}) => acme.post('revoke-cert', { certificate: der64(certPem), ...payload });
  /** The same account's revokeCert sent to another instance (nonces and accounts live in the shared database). */
  const revokeVia = async (other: App, certPem: string, payload: Record<string, unknown> = {}) => {
    const url = acme.url('revoke-cert');
    return injectTransport(() => other).post(new URL(url).pathname, await acme.jws(url, { certificate: der64(certPem), ...payload }));
  };
  const orderStatus = async (certPem: string) => {
    const serial = new x509.X509Certificate(certPem).serialNumber.toLowerCase().replace(/^0+/, '');
    const [o] = await app.db.query<{ order_status: number }>(`SELECT o.order_status FROM orders o JOIN certificates c ON c.order_id = o.id WHERE ltrim(c.serial, '0') = $1`, [serial]);
    return o?.order_status;
  };
  return { api, acme, issued, revoke, revokeVia, orderStatus };
}

const fetchCrl = async (app: App): Promise<Uint8Array> => {
  const r = await app.inject({ method: 'GET', url: `/ca/${product.brand}/intermediate.crl` });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe('application/pkix-crl');
  return new Uint8Array(r.rawPayload);
};
const crlText = async (der: Uint8Array) => (await run('openssl', ['crl', '-inform', 'DER', '-in', file('crl.der', der), '-text', '-noout'])).stdout;
const pemOf = (der: Uint8Array) => `-----BEGIN X509 CRL-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').trimEnd()}\n-----END X509 CRL-----\n`;
const crlNumber = (text: string) => Number(/X509v3 CRL Number:\s*\n\s*(\d+)/.exec(text)?.[1] ?? NaN);
/** Each revoked serial (as openssl prints it) with the text of its entry. */
const entries = (text: string) =>
  new Map(text.split('Revoked Certificates:')[1]?.split(/\n\s*Serial Number: /).slice(1).map((e) => [e.split('\n')[0]!.trim(), e] as const) ?? []);
const opensslSerial = async (pem: string) => (await run('openssl', ['x509', '-noout', '-serial', '-in', file('leaf.pem', pem)])).stdout.trim().replace(/^serial=/, '');
const intermediatePem = async (app: App) => {
  const r = await app.inject({ method: 'GET', url: `/ca/${product.brand}/intermediate.crt` });
  return `-----BEGIN CERTIFICATE-----\n${Buffer.from(r.rawPayload).toString('base64').replace(/(.{64})/g, '$1\n').trimEnd()}\n-----END CERTIFICATE-----\n`;
};
/** openssl's own verdict on the CRL's signature by the issuing CA (it prints "verify OK" or fails). */
async function verifies(app: App, der: Uint8Array, form: 'DER' | 'PEM' = 'DER'): Promise<string> {
  const r = await run('openssl', ['crl', '-inform', form, '-in', file('v.crl', form === 'DER' ? der : pemOf(der)), '-CAfile', file('inter.pem', await intermediatePem(app)), '-noout']);
  return `${r.stdout}${r.stderr}`;
}

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: base });
  await addProducts(t.app, [product]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await dns?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the built-in CA\'s CRL, read by openssl', () => {
  let me: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    me = await customer(t.app);
  });

  it('carries a CRL number and the issuing CA\'s key identifier, is signed by it, and is valid from now for a week', async () => {
    await me.issued();
    const der = await fetchCrl(t.app);
    const text = await crlText(der);
    expect(crlNumber(text)).toBeGreaterThanOrEqual(1);
    const ski = /X509v3 Subject Key Identifier:\s*\n\s*([0-9A-F:]+)/.exec((await run('openssl', ['x509', '-noout', '-text', '-in', file('i.pem', await intermediatePem(t.app))])).stdout)![1];
    expect(text).toMatch(new RegExp(`X509v3 Authority Key Identifier:\\s*\\n\\s*(keyid:)?${ski}`));
    expect(text).toContain('Issuer: CN = CertHub GLOBALSIGN Issuing CA 1');
    const last = new Date(/Last Update: (.+)/.exec(text)![1]!).getTime();
    const next = new Date(/Next Update: (.+)/.exec(text)![1]!).getTime();
    expect(Math.abs(last - Date.now())).toBeLessThan(120_000);
    expect(next - last).toBe(7 * 86_400_000);
    expect(await verifies(t.app, der)).toContain('verify OK');
    expect(await verifies(t.app, der, 'PEM')).toContain('verify OK');
    // Nothing changed: the same CRL, under the same number, not a new one per fetch.
    expect(Buffer.from(await fetchCrl(t.app)).equals(Buffer.from(der))).toBe(true);
  });

  it('lists each revocation under the serial openssl reads from the certificate, with the reason given; none written for unspecified', async () => {
    const before = crlNumber(await crlText(await fetchCrl(t.app)));
    const compromised = await me.issued();
    const unspecified = await me.issued();
    const superseded = await me.issued();
    expect((await me.revoke(compromised, { reason: 1 })).status).toBe(200);
    expect((await me.revoke(unspecified)).status).toBe(200);
    expect((await me.revoke(superseded, { reason: 4 })).status).toBe(200);
    expect(await me.orderStatus(compromised)).toBe(1008);

    const der = await fetchCrl(t.app);
    const text = await crlText(der);
    expect(crlNumber(text)).toBeGreaterThan(before);
    expect(await verifies(t.app, der)).toContain('verify OK');
    const listed = entries(text);
    const entryOf = async (pem: string) => listed.get(await opensslSerial(pem));
    expect(await entryOf(compromised)).toMatch(/X509v3 CRL Reason Code:\s*\n\s*Key Compromise/);
    expect(await entryOf(superseded)).toMatch(/X509v3 CRL Reason Code:\s*\n\s*Superseded/);
    const plain = await entryOf(unspecified);
    expect(plain).toContain('Revocation Date');
    expect(plain).not.toContain('Reason Code');
    expect(plain).not.toContain('Unspecified');
    // The PEM form reads the same.
    expect((await run('openssl', ['crl', '-inform', 'PEM', '-in', file('c.pem', pemOf(der)), '-text', '-noout'])).stdout).toBe(text);

    const again = await me.revoke(compromised, { reason: 1 });
    expect([again.json.type, again.status]).toEqual(['urn:ietf:params:acme:error:alreadyRevoked', 400]);
  });

  it('records a revocation signed by the certificate\'s own key as a key compromise, whatever reason it gives', async () => {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const pem = await me.issued(keys);
    const key: KeyObject = createPrivateKey({ key: Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey)), format: 'der', type: 'pkcs8' });
    const jwk = (await crypto.subtle.exportKey('jwk', keys.publicKey)) as Record<string, string>;
    const stranger = new AcmeTestClient(() => base, product.productNo, injectTransport(() => t.app));
    const r = await stranger.post('revoke-cert', { certificate: Buffer.from(new x509.X509Certificate(pem).rawData).toString('base64url'), reason: 5 }, { useJwk: true, key, jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } });
    expect(r.status, r.body).toBe(200);
    const entry = entries(await crlText(await fetchCrl(t.app))).get(await opensslSerial(pem));
    expect(entry).toMatch(/X509v3 CRL Reason Code:\s*\n\s*Key Compromise/);
  });

  it('refuses the reasons a subscriber may not give, with the ones it may, and revokes nothing', async () => {
    const pem = await me.issued();
    for (const reason of [2, 6, 7, 8, 9, 10]) {
      const r = await me.revoke(pem, { reason });
      expect([r.json.type, r.status]).toEqual(['urn:ietf:params:acme:error:badRevocationReason', 400]);
      expect(r.json.detail).toBe(`Revocation reason ${reason} is not one to choose: 0 (unspecified), 1 (keyCompromise), 3 (affiliationChanged), 4 (superseded) or 5 (cessationOfOperation)`);
    }
    expect(await me.orderStatus(pem)).toBe(1005);
    expect(entries(await crlText(await fetchCrl(t.app))).has(await opensslSerial(pem))).toBe(false);
  });
});

describe('CRL numbers on two instances of one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { DNS_RESOLVER: dns.address, PUBLIC_URL: base };
    a = await startTestApp(env, { postgres: true });
    b = await startTestApp(env, { shareWith: a });
    await addProducts(a.app, [product]);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('only grow, whichever instance signs; one number never names two CRLs, and a revocation during fetches is in the next one', async () => {
    const me = await customer(a.app);
    const first = await me.issued();
    const second = await me.issued();
    const seen = new Map<number, string>();
    const record = async (der: Uint8Array) => {
      const text = await crlText(der);
      const n = crlNumber(text);
      const hex = Buffer.from(der).toString('hex');
      if (seen.has(n)) expect(seen.get(n), `CRL number ${n} names two different CRLs`).toBe(hex);
      seen.set(n, hex);
      return { n, text };
    };
    const start = await record(await fetchCrl(a.app));

    // Revoked through B, fetched from both at once: one new CRL, under the next number, listing it.
    expect((await me.revokeVia(b.app, first, { reason: 1 })).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => fetchCrl(i % 2 ? a.app : b.app)));
    const after = await Promise.all(burst.map(record));
    expect(new Set(after.map((x) => x.n))).toEqual(new Set([start.n + 1]));
    expect(entries(after[0]!.text).has(await opensslSerial(first))).toBe(true);

    // A revocation racing the fetches: whatever they got, the CRL after it lists it under a higher number still.
    const [, ...racing] = await Promise.all([me.revoke(second, { reason: 4 }), ...Array.from({ length: 6 }, (_, i) => fetchCrl(i % 2 ? a.app : b.app))]);
    const during = await Promise.all(racing.map(record));
    const last = await record(await fetchCrl(b.app));
    expect(last.n).toBeGreaterThanOrEqual(Math.max(...during.map((x) => x.n)));
    expect(last.n).toBeGreaterThan(start.n + 1);
    expect(entries(last.text).get(await opensslSerial(second))).toMatch(/Superseded/);
    expect(await verifies(b.app, await fetchCrl(a.app))).toContain('verify OK');
  }, 120_000);
});
