import 'reflect-metadata';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derSerial, randomSerial } from '../src/adapters/ca/builtin.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, makeEcCsr, newAccount, pkcs8Pem, testKeys, testProducts, validContact, validOrganization } from './purchase-helpers.ts';
import { approvalLink, drainAll, markPaid, openApproval, run, startDns, startHttp } from './orders-helpers.ts';
import { ruleOn, tlsMaxValidityDays } from '@cc/domain/cabf-rules';

type Dns = Awaited<ReturnType<typeof startDns>>;
type Web = Awaited<ReturnType<typeof startHttp>>;
type Cert = { cert: string; chain: string; fullchain: string; root: string; key: string | null; serial: string; notBefore: string; notAfter: string };

let t: TestApp;
let dns: Dns;
let web: Web;
let me: ReturnType<typeof client>;
let meId: number;
let meToken: string;
let other: ReturnType<typeof client>;
const dir = mkdtempSync(path.join(tmpdir(), 'cc-issuance-'));
const file = (name: string, body: string | Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, body);
  return p;
};

beforeAll(async () => {
  dns = await startDns();
  web = await startHttp();
  t = await startTestApp({ DNS_RESOLVER: dns.address, DCV_HTTP_PORT: String(web.port), PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app);
  meId = a.id;
  meToken = a.token;
  me = client(t.app, a.token);
  other = client(t.app, (await newAccount(t.app)).token);
});
afterAll(async () => {
  await t.close();
  await dns.close();
  await web.close();
});

/** Pays an order, publishes every dns_txt record it asks for, verifies, and runs the jobs. */
async function issue(productNo: string, body: Record<string, unknown>): Promise<string> {
  const r = await me.post(`/v1/orders/certificate/${productNo}`, { dcvMethod: 'dns_txt', year: 1, ...body });
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = r.body.data as string;
  await markPaid(t.app, orderNo);
  await drainAll(t.app);
  const d = (await me.get(`/v1/orders/domainList/${orderNo}`)).body.data as { domains: { status: string; instructions: { host?: string; value?: string } }[] };
  for (const x of d.domains) if (x.status === 'pending' && x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
  await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
  await drainAll(t.app);
  return orderNo;
}
const certOf = async (orderNo: string) => {
  const r = await me.get(`/v1/orders/cert/${orderNo}`);
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as Cert;
};
const text = async (pem: string) => (await run('openssl', ['x509', '-noout', '-text', '-in', file(`c${Date.now()}${Math.random()}.pem`, pem)])).stdout;
async function verifies(c: Cert): Promise<string> {
  const { stdout } = await run('openssl', ['verify', '-CAfile', file(`root${Math.random()}.pem`, c.root), '-untrusted', file(`chain${Math.random()}.pem`, c.chain), file(`leaf${Math.random()}.pem`, c.cert)]);
  return stdout;
}

describe('built-in CA', () => {
  it('draws serials of 128 random bits and writes them as positive DER INTEGERs', async () => {
    const serials = Array.from({ length: 2000 }, randomSerial);
    for (const s of serials) expect(s).toMatch(/^(?!00)[0-9a-f]{32}$/);
    // Every bit is random: about half have the top bit set, which takes a 00 byte in DER to stay positive.
    const topBitSet = serials.filter((s) => parseInt(s.slice(0, 2), 16) >= 0x80);
    expect(topBitSet.length).toBeGreaterThan(800);
    expect(topBitSet.length).toBeLessThan(1200);
    expect(derSerial(topBitSet[0]!)).toBe(`00${topBitSet[0]}`);
    expect(new Set(serials).size).toBe(serials.length);
    // openssl reads such a serial back as the same positive value (the form stored and shown).
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const cert = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: derSerial(topBitSet[0]!), name: 'CN=serial', keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
    expect(new X509Certificate(cert.toString('pem')).serialNumber).toBe(topBitSet[0]!.toUpperCase());
  });

  it('issues a DV multi-name certificate: SANs, EKU serverAuth alone, policy, the CSR key, today\'s longest validity of a 2-year plan, a chain that verifies', async () => {
    const keys = await testKeys();
    const orderNo = await issue('T-FLEX', { year: 2, csr: await makeCsr('shop.issue.example'), key: await pkcs8Pem(keys), commonName: 'shop.issue.example', domainNames: 'api.issue.example' });
    const c = await certOf(orderNo);
    const out = await text(c.cert);
    expect(out).toMatch(/Subject: CN\s*=\s*shop\.issue\.example/);
    const sans = out.match(/X509v3 Subject Alternative Name:\s*\n\s*(.+)/)![1]!.split(', ').sort();
    expect(sans).toEqual(['DNS:api.issue.example', 'DNS:shop.issue.example', 'DNS:www.api.issue.example', 'DNS:www.shop.issue.example']);
    expect(out).toMatch(/X509v3 Extended Key Usage:\s*\n\s*TLS Web Server Authentication\n/);
    expect(out).toContain('Policy: 2.23.140.1.2.1');
    expect(out).toContain('CA Issuers - URI:http://console.test/ca/sectigo/intermediate.crt');
    expect(out).toContain('URI:http://console.test/ca/sectigo/intermediate.crl');
    expect(out).toContain('CA:FALSE');
    expect(await verifies(c)).toContain('OK');
    const leaf = new X509Certificate(c.cert);
    expect(leaf.serialNumber).toBe(c.serial.toUpperCase());
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey));
    expect(leaf.publicKey.export({ type: 'spki', format: 'der' }).equals(spki)).toBe(true);
    const days = (new Date(c.notAfter).getTime() - new Date(c.notBefore).getTime()) / 86400_000;
    expect(Math.round(days)).toBe(ruleOn(tlsMaxValidityDays, new Date()));
    const d = (await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: { planEndsAt: string; certificate: { serial: string }; actions: Record<string, boolean> } };
    expect(Math.round((new Date(d.orderInfo.planEndsAt).getTime() - Date.now()) / 86400_000)).toBe(730);
    expect(d.orderInfo.certificate.serial).toBe(c.serial);
    expect(d.orderInfo.actions).toMatchObject({ download: true, reSign: true, cancel: false });
    expect(c.key?.trim()).toBe((await pkcs8Pem(keys)).trim());
    // The CA's files at the AIA and CRL addresses.
    const crt = await t.app.inject({ method: 'GET', url: '/ca/sectigo/intermediate.crt' });
    expect(crt.headers['content-type']).toBe('application/pkix-cert');
    expect(new x509.X509Certificate(new Uint8Array(crt.rawPayload)).subject).toContain('Issuing CA');
    const crl = await t.app.inject({ method: 'GET', url: '/ca/sectigo/intermediate.crl' });
    expect(crl.statusCode).toBe(200);

    // PKCS#12 that openssl opens with the password, JKS that keytool lists.
    const pfx = await me.post('/v1/cert/pfx', { orderNo, password: 'Secret#123' });
    expect(pfx.body.code, pfx.body.msg).toBe(200);
    const p12 = file('a.pfx', Buffer.from((pfx.body.data as { pfx: string }).pfx, 'base64'));
    const info = await run('openssl', ['pkcs12', '-in', p12, '-info', '-nodes', '-passin', 'pass:Secret#123']);
    expect(info.stdout).toContain('BEGIN PRIVATE KEY');
    expect(info.stdout.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    expect(info.stderr).toContain('AES-256-CBC');
    await expect(run('openssl', ['pkcs12', '-in', p12, '-info', '-nodes', '-passin', 'pass:wrong'])).rejects.toThrow();
    const jks = await me.post('/v1/cert/jks', { orderNo, password: 'Secret#123' }, { form: true });
    expect(jks.body.code, jks.body.msg).toBe(200);
    const list = await run('keytool', ['-list', '-keystore', file('a.jks', Buffer.from((jks.body.data as { jks: string }).jks, 'base64')), '-storepass', 'Secret#123']);
    expect(list.stdout).toContain('Keystore type: JKS');
    expect(list.stdout).toMatch(/server, .*PrivateKeyEntry/);
    expect((await me.post('/v1/cert/pfx', { orderNo, password: '123' }, { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { password: 'The password needs at least 6 characters' } });
    // Any Unicode password (CJK, Latin-1, a character beyond U+FFFF): openssl opens the PFX with it from UTF-8, and
    // Java reads the JKS store and recovers its key with it (keytool in a UTF-8 locale, the password from the env).
    const unicodePw = '证书密码🔑Zürich';
    const utf8Env = { env: { ...process.env, LC_ALL: 'C.UTF-8', PW: unicodePw, OUT_PW: 'out-pass-1' } };
    const uniPfx = await me.post('/v1/cert/pfx', { orderNo, password: unicodePw });
    expect(uniPfx.body.code, uniPfx.body.msg).toBe(200);
    const uniP12 = file('u.pfx', Buffer.from((uniPfx.body.data as { pfx: string }).pfx, 'base64'));
    const uniInfo = await run('openssl', ['pkcs12', '-in', uniP12, '-info', '-nodes', '-passin', `pass:${unicodePw}`]);
    expect(uniInfo.stdout).toContain('BEGIN PRIVATE KEY');
    expect(uniInfo.stdout).toContain('friendlyName: server');
    await expect(run('openssl', ['pkcs12', '-in', uniP12, '-info', '-nodes', '-passin', 'pass:证书密码Zürich'])).rejects.toThrow();
    const uniJks = await me.post('/v1/cert/jks', { orderNo, password: unicodePw });
    expect(uniJks.body.code, uniJks.body.msg).toBe(200);
    const uniJksPath = file('u.jks', Buffer.from((uniJks.body.data as { jks: string }).jks, 'base64'));
    expect((await run('keytool', ['-list', '-keystore', uniJksPath, '-storepass:env', 'PW'], utf8Env)).stdout).toMatch(/server, .*PrivateKeyEntry/);
    await run('keytool', ['-importkeystore', '-noprompt', '-srckeystore', uniJksPath, '-srcstorepass:env', 'PW', '-srckeypass:env', 'PW', '-srcalias', 'server',
      '-destkeystore', path.join(dir, 'back.p12'), '-deststoretype', 'PKCS12', '-deststorepass:env', 'OUT_PW', '-destkeypass:env', 'OUT_PW'], utf8Env);
    expect((await run('openssl', ['pkcs12', '-in', path.join(dir, 'back.p12'), '-nocerts', '-nodes', '-passin', 'pass:out-pass-1'])).stdout).toContain('BEGIN PRIVATE KEY');
    await expect(run('keytool', ['-list', '-keystore', uniJksPath, '-storepass', 'wrong-pass'])).rejects.toThrow();
    expect((await me.post('/v1/cert/pfx', { orderNo, password: 'line\nbreak' }, { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { password: 'The password may not contain line breaks or other control characters' } });
    const uniZip = await JSZip.loadAsync((await t.app.inject({ method: 'GET', url: `/v1/orders/download/${orderNo}?password=${encodeURIComponent(unicodePw)}`, headers: { token: meToken } })).rawPayload);
    const zipPfx = file('z.pfx', Buffer.from(await uniZip.file('iis/shop.issue.example.pfx')!.async('uint8array')));
    expect((await run('openssl', ['pkcs12', '-in', zipPfx, '-nokeys', '-passin', `pass:${unicodePw}`])).stdout).toContain('BEGIN CERTIFICATE');

    // One zip with a folder per server type.
    const z = await t.app.inject({ method: 'GET', url: `/v1/orders/download/${orderNo}?password=Secret%23123`, headers: { token: meToken } });
    expect(z.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(z.rawPayload);
    expect(Object.keys(zip.files).filter((f) => !f.endsWith('/')).sort()).toEqual([
      'apache/shop.issue.example.crt', 'apache/shop.issue.example.key', 'apache/shop.issue.example_chain.crt', 'iis/shop.issue.example.pfx',
      'nginx/shop.issue.example.key', 'nginx/shop.issue.example_bundle.pem', 'root/shop.issue.example_root.crt', 'tomcat/shop.issue.example.jks',
    ]);
    // Another account reaches none of it.
    expect((await other.get(`/v1/orders/cert/${orderNo}`)).body.code).toBe(10004);
    expect((await other.post('/v1/cert/pfx', { orderNo, password: 'Secret#123' })).body.code).toBe(10004);
  });

  it('issues OV with the company in the subject and EV with its fields; pulls a held-key-less PFX with the given key', async () => {
    const contactID = ((await me.post('/v1/contacts', validContact)).body.data as { id: number }).id;
    const orgID = ((await me.post('/v1/organizations', validOrganization)).body.data as { id: number }).id;
    const ov = await issue('T-OV', { csr: await makeCsr('ov.issue.example'), commonName: 'ov.issue.example', contactID, orgID });
    const c = await certOf(ov);
    expect(c.key).toBeNull();
    const out = await text(c.cert);
    expect(out).toContain('Policy: 2.23.140.1.2.2');
    expect(out).toMatch(/Subject: C\s*=\s*CN, ST\s*=\s*北京市|Subject: C\s*=\s*CN, ST\s*=\s*\\E5/);
    expect(out).toMatch(/O\s*=\s*(示例科技有限公司|\\E7)/);
    expect(await verifies(c)).toContain('OK');
    expect((await me.post('/v1/cert/pfx', { orderNo: ov, password: 'Secret#123' }, { lang: 'en' })).body.msg).toBe("The server does not hold this certificate's private key: please provide it");
    const withKey = await me.post('/v1/cert/pfx', { orderNo: ov, password: 'Secret#123', key: await pkcs8Pem(await testKeys()) });
    expect(withKey.body.code, withKey.body.msg).toBe(200);

    // The server zip without the key: PEM files only. With the key given in the body: the key files, IIS and Tomcat too.
    const names = async (payload: Buffer) => Object.keys((await JSZip.loadAsync(payload)).files).filter((f) => !f.endsWith('/')).sort();
    const bare = await t.app.inject({ method: 'GET', url: `/v1/orders/download/${ov}?password=Secret%23123`, headers: { token: meToken } });
    expect(await names(bare.rawPayload)).toEqual(['apache/ov.issue.example.crt', 'apache/ov.issue.example_chain.crt', 'nginx/ov.issue.example_bundle.pem', 'root/ov.issue.example_root.crt']);
    const keyPem = await pkcs8Pem(await testKeys());
    const full = await t.app.inject({ method: 'POST', url: `/v1/orders/download/${ov}`, headers: { token: meToken }, payload: { password: 'Secret#123', key: keyPem } });
    expect(full.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(full.rawPayload);
    expect(await names(full.rawPayload)).toEqual([
      'apache/ov.issue.example.crt', 'apache/ov.issue.example.key', 'apache/ov.issue.example_chain.crt', 'iis/ov.issue.example.pfx',
      'nginx/ov.issue.example.key', 'nginx/ov.issue.example_bundle.pem', 'root/ov.issue.example_root.crt', 'tomcat/ov.issue.example.jks',
    ]);
    const p12 = file('ov.pfx', await zip.file('iis/ov.issue.example.pfx')!.async('nodebuffer'));
    expect((await run('openssl', ['pkcs12', '-in', p12, '-info', '-nodes', '-passin', 'pass:Secret#123'])).stdout).toContain('BEGIN PRIVATE KEY');
    // Another key than the certificate's is refused by name, as a form body too; nothing is kept.
    const stranger = await pkcs8Pem(await globalThis.crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']));
    const wrong = await me.post(`/v1/orders/download/${ov}`, { password: 'Secret#123', key: stranger }, { lang: 'en', form: true });
    expect(wrong.body).toMatchObject({ code: 10001, errors: { key: expect.any(String) } });
    expect((await certOf(ov)).key).toBeNull();

    const ev = await issue('T-EV', { csr: await makeCsr('ev.issue.example'), commonName: 'ev.issue.example', contactID, orgID });
    const evText = await text((await certOf(ev)).cert);
    expect(evText).toContain('Policy: 2.23.140.1.1');
    expect(evText).toContain('businessCategory');
    expect(evText).toContain('jurisdictionC');
  });

  it('puts IP names in IP SANs (a validation already on record for the account)', async () => {
    await t.app.db.query(`INSERT INTO validated_domains (account_id, domain, method, validated_at, expires_at) VALUES ($1, '1.2.3.4', 'file', now(), now() + interval '398 days')`, [meId]);
    const orderNo = await issue('T-IP', { csr: await makeCsr('1.2.3.4'), commonName: '1.2.3.4', dcvMethod: 'file' });
    const out = await text((await certOf(orderNo)).cert);
    expect(out).toContain('IP Address:1.2.3.4');
  });

  it('re-signs with a new CSR: a free re-sign issues again, added names cost the remaining term', async () => {
    const orderNo = await issue('T-FLEX', { csr: await makeCsr('rs.issue.example'), commonName: 'rs.issue.example' });
    const before = await certOf(orderNo);
    const price = await me.post(`/v1/orders/reSignPrice/${orderNo}`, { domainNames: 'rs.issue.example,www.rs.issue.example,new.issue.example,www.new.issue.example' });
    // One more name billed (new.issue.example): its www name comes free, as at purchase.
    expect(price.body.data).toMatchObject({ priceDiff: 5000, addedDomains: ['new.issue.example', 'www.new.issue.example'], remainingDays: 365 });
    const same = await me.post(`/v1/orders/reSignPrice/${orderNo}`, {});
    expect(same.body.data).toMatchObject({ priceDiff: 0 });

    const r = await me.post('/v1/orders/reSign', { orderNo, csr: await makeEcCsr('rs.issue.example') });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ orderNo, reSignPriceDiff: 0 });
    await drainAll(t.app);
    const after = await certOf(orderNo);
    expect(after.serial).not.toBe(before.serial);
    expect(await text(after.cert)).toContain('id-ecPublicKey');
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toEqual({ orderStatus: 1005, reSignStatus: 0 });
    const rec = await me.get(`/v1/orders/reSign/records?orderNo=${orderNo}`);
    expect(rec.body.data).toMatchObject({ total: 1, data: [{ orderNo, status: 'done', priceDiff: 0 }] });

    // Adding names costs money: 5004 until the payments area marks it paid.
    const paid = await me.post('/v1/orders/reSign', { orderNo, csr: await makeEcCsr('rs.issue.example'), domainNames: 'rs.issue.example,new2.issue.example' });
    expect(paid.body.data).toMatchObject({ reSignStatus: 5004 });
    expect((paid.body.data as { reSignPriceDiff: number }).reSignPriceDiff).toBeGreaterThan(0);
    await drainAll(t.app);
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toEqual({ orderStatus: 1005, reSignStatus: 5004 });
    // Paid the ordinary way: the difference from the balance (test setup: money on it), aim reSign.
    const diff = (paid.body.data as { reSignPriceDiff: number }).reSignPriceDiff;
    const balance = async () => (await t.app.db.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE id = $1`, [meId]))[0]!.balance;
    await t.app.db.query(`UPDATE accounts SET balance = balance + $2 WHERE id = $1`, [meId, diff]);
    const held = await balance();
    const pay = await me.post('/v1/orders/pay', { orderNo, payWay: 'balance', aim: 'reSign' });
    expect(pay.body.code, pay.body.msg).toBe(200);
    expect(await balance()).toBe(held - diff);
    await drainAll(t.app);
    const d = (await me.get(`/v1/orders/domainList/${orderNo}`)).body.data as { orderStatus: number; domains: { domain: string; status: string; instructions: { host?: string; value?: string } }[] };
    expect(d.orderStatus).toBe(1002);
    for (const x of d.domains) if (x.status === 'pending') dns.setTxt(x.instructions.host!, x.instructions.value!);
    await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    await drainAll(t.app);
    const third = await certOf(orderNo);
    expect(await text(third.cert)).toContain('DNS:new2.issue.example');
  });

  it('issues code signing, document signing and S/MIME certificates with their usages; each brand its own chain', async () => {
    await addProducts(t.app, [
      { productNo: 'T-DOC', productType: 'doc', brand: 'globalsign', subBrand: 'globalsign', certType: 'DOC' },
      { productNo: 'T-SMIME', productType: 'smime', brand: 'sectigo', subBrand: 'sectigo', certType: 'SMIME' },
    ]);
    const contactID = ((await me.post('/v1/contacts', validContact)).body.data as { id: number }).id;
    const orgID = ((await me.post('/v1/organizations', validOrganization)).body.data as { id: number }).id;
    // Code and document signing take RSA 4096 keys and vet the company only: no name to validate, issued once paid.
    const rsa4096 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 4096 } as const;
    const big = (await crypto.subtle.generateKey(rsa4096, true, ['sign', 'verify'])) as CryptoKeyPair;
    const code = await issue('T-CODE', { year: 2, csr: await makeCsr('Example Code Ltd', big), commonName: 'Example Code Ltd', contactID, orgID });
    const codeCert = await certOf(code);
    // A 2-year plan, but code signing certificates last 460 days at most (CS BR 6.3.2); the plan reissues.
    expect(Math.round((new Date(codeCert.notAfter).getTime() - new Date(codeCert.notBefore).getTime()) / 86400_000)).toBe(460);
    const codeText = await text(codeCert.cert);
    expect(codeText).toContain('Code Signing');
    expect(codeText).not.toContain('TLS Web Server Authentication');
    expect(codeText).toContain('Policy: 2.23.140.1.4.1');
    expect(codeText).not.toContain('Subject Alternative Name');
    expect(await verifies(codeCert)).toContain('OK');
    const doc = await issue('T-DOC', { csr: await makeCsr('Example Doc Ltd', big), commonName: 'Example Doc Ltd', contactID, orgID });
    const docText = await text((await certOf(doc)).cert);
    expect(docText).toMatch(/Extended Key Usage:\s*\n\s*(1\.3\.6\.1\.4\.1\.311\.10\.3\.12|Microsoft Document Signing)\s*\n/);
    expect(docText).toContain('Non Repudiation');

    // S/MIME validates the mailbox by the approval link.
    const mailbox = 'alice@smime.issue.example';
    const r = await me.post('/v1/orders/certificate/T-SMIME', { year: 1, csr: await makeCsr(mailbox), commonName: mailbox, contactID });
    expect(r.body.code, r.body.msg).toBe(200);
    const smime = r.body.data as string;
    await markPaid(t.app, smime);
    await drainAll(t.app);
    // The mailbox is proved by a mail to it only: no DNS record stands in for it.
    for (const dcvMethod of ['dns_txt', 'dns', 'file']) {
      const change = await me.put('/v1/orders/dcv', { orderNo: smime, dcvMethod });
      expect(change.body.code, dcvMethod).toBe(10001);
    }
    expect((await openApproval(t.app, await approvalLink(t.app, mailbox), 'POST')).state).toBe('approved');
    await drainAll(t.app);
    const smimeCert = await certOf(smime);
    const smimeText = await text(smimeCert.cert);
    expect(smimeText).toContain('E-mail Protection');
    expect(smimeText).toContain(`email:${mailbox}`);
    expect(smimeText).not.toContain('TLS Web Server Authentication');

    // certum and sectigo: different issuing CAs, and a certum leaf does not chain to sectigo's root.
    const sectigo = await certOf(smime);
    expect(new X509Certificate(codeCert.cert).issuer).not.toBe(new X509Certificate(sectigo.cert).issuer);
    expect(codeCert.root).not.toBe(sectigo.root);
    await expect(verifies({ ...codeCert, root: sectigo.root, chain: sectigo.chain })).rejects.toThrow();
  });

  it('lets another account reach none of an order\'s calls', async () => {
    const orgID = ((await me.post('/v1/organizations', validOrganization)).body.data as { id: number }).id;
    const issued = await issue('T-DV', { csr: await makeCsr('mine.authz.example'), commonName: 'mine.authz.example', key: await pkcs8Pem(await testKeys()) });
    await me.put(`/v1/orders/remark/${issued}`, { remark: 'mine' });
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr('open.authz.example'), commonName: 'open.authz.example' });
    const open = r.body.data as string;
    await markPaid(t.app, open);
    await drainAll(t.app);
    const before = (await me.get(`/v1/orders/detail/${open}`)).body.data as { orderInfo: { domains: { instructions: unknown }[] } };
    const { ticket } = (await me.get(`/v1/orders/renewTicket/${issued}`)).body.data as { ticket: string };
    const csr = await makeEcCsr('mine.authz.example');

    const notFound = [
      await other.get(`/v1/orders/detail/${issued}`),
      await other.get(`/v1/orders/status/${issued}`),
      await other.get(`/v1/orders/domainList/${open}`),
      await other.post(`/v1/orders/domainList/${open}`, { domainNames: ['open.authz.example'] }),
      await other.post(`/v1/orders/reCommit/${open}`, {}),
      await other.put('/v1/orders/dcv', { orderNo: open, dcvMethod: 'file' }),
      await other.post('/v1/orders/dcv', { orderNo: open, dcvMethod: 'file' }),
      await other.put(`/v1/orders/reSendDcvEmail/${open}`, {}),
      await other.put(`/v1/orders/verifyDomains/${open}`, {}),
      await other.get(`/v1/autoDetectDomain?orderNo=${open}`),
      await other.put(`/v1/orders/remark/${issued}`, { remark: 'theirs' }),
      await other.get(`/v1/orders/cert/${issued}`),
      await other.post('/v1/cert/pfx', { orderNo: issued, password: 'Secret#123' }),
      await other.post('/v1/cert/jks', { orderNo: issued, password: 'Secret#123' }),
      await other.get(`/v1/orders/download/${issued}`),
      await other.post(`/v1/orders/reSignPrice/${issued}`, {}),
      await other.post('/v1/orders/reSign', { orderNo: issued, csr }),
      await other.get(`/v1/orders/renewTicket/${issued}`),
      await other.post('/createorderrenew', { ticket }),
      await other.get(`/v1/orders/org/${orgID}/domains`),
    ];
    expect(notFound.map((x) => x.body.code)).toEqual(notFound.map(() => 10004));
    // Calls on many orders leave theirs out, and say so where the answer would be empty.
    expect((await other.post('/v1/orders/cancel', { orderNos: [open] })).body.code).toBe(10001);
    expect((await other.post('/v1/orders/batch', { orderNos: [issued, open] })).body.data).toEqual({ data: [] });
    expect((await other.post('/v1/orders/batch/certs', { orderNos: [issued] })).body.data).toEqual({ data: [], missing: [issued] });
    expect((await other.post('/v1/orders/batch/verify', { orderNos: [open] })).body.data).toEqual({ data: [] });
    expect((await other.post('/v1/orders/batch/hashValues', { orderNos: [open] })).body.data).toEqual({ data: [] });
    expect((await other.get(`/v1/orders/batch/download?orderNos=${issued}`)).body.code).toBe(10001);
    expect((await other.get(`/v1/orders?orderNos=${issued},${open}`)).body.data).toEqual({ allOrders: [] });
    expect((await other.get('/v1/orders?domain=authz.example')).body.data).toEqual({ data: [], total: 0 });
    expect((await other.get(`/v1/orders/reSign/records?orderNo=${issued}`)).body.data).toEqual({ data: [], total: 0 });
    expect((await other.get('/v1/mssl/domains?domain=mine.authz.example')).body.data).toEqual({ data: [], total: 0 });
    expect((await other.post('/v1/mssl/domains', { domains: ['mine.authz.example'] })).body.data).toMatchObject({ domains: [{ validated: false }] });
    expect((await other.get('/v1/autoDetectDomain?domain=mine.authz.example')).body.data).toMatchObject({ domains: [{ validated: false }] });

    // And nothing of mine changed.
    const after = (await me.get(`/v1/orders/detail/${open}`)).body.data as { orderInfo: { orderStatus: number; domains: { instructions: unknown }[] } };
    expect(after.orderInfo.orderStatus).toBe(1002);
    expect(after.orderInfo.domains.map((d) => d.instructions)).toEqual(before.orderInfo.domains.map((d) => d.instructions));
    const mine = (await me.get(`/v1/orders/detail/${issued}`)).body.data as { orderInfo: { remark: string; reSignStatus: number } };
    expect(mine.orderInfo).toMatchObject({ remark: 'mine', reSignStatus: 0 });
    expect(((await me.get('/v1/orders/count')).body.data as { total: number }).total).toBeGreaterThan(0);
  });

  it('answers batch calls for the caller\'s orders only', async () => {
    const a = await issue('T-DV', { csr: await makeCsr('b1.issue.example'), commonName: 'b1.issue.example' });
    const b = await issue('T-DV', { csr: await makeCsr('b2.issue.example'), commonName: 'b2.issue.example' });
    const certs = await me.post('/v1/orders/batch/certs', { orderNos: [a, b, 'SSL0000'] });
    expect(certs.body.data).toMatchObject({ data: [{ orderNo: b }, { orderNo: a }], missing: ['SSL0000'] });
    const hv = await me.post('/v1/orders/batch/hashValues', { orderNos: `${a},${b}` }, { form: true });
    expect((hv.body.data as { data: unknown[] }).data).toHaveLength(2);
    const v = await me.post('/v1/orders/batch/verify', { orderNos: [a] });
    expect(v.body.data).toEqual({ data: [{ orderNo: a, orderStatus: 1005, validated: 1, pending: 0 }] });
    const z = await t.app.inject({ method: 'GET', url: `/v1/orders/batch/download?orderNos=${a},${b}`, headers: { token: meToken } });
    const zip = await JSZip.loadAsync(z.rawPayload);
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining([`${a}/nginx/b1.issue.example_bundle.pem`, `${b}/apache/b2.issue.example.crt`]));
    expect((await other.post('/v1/orders/batch/certs', { orderNos: [a] })).body.data).toEqual({ data: [], missing: [a] });
  });
});

