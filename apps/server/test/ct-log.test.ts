import 'reflect-metadata';
import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CtAnswer } from '@cc/contracts/ct';
import { errorCodes } from '@cc/contracts/errors';
import type { Target, TargetsAdded } from '@cc/contracts/discovery';
import type { DnsRecordsAnswer } from '@cc/contracts/dns';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, payAndValidateByDns, startDns } from './orders-helpers.ts';
import { ordersContext } from '../src/services/orders/context.ts';

/**
 * The built-in CT log and the CT monitor: two accounts each buy a certificate for the same name from the built-in
 * CA; each certificate lands in the log, and each account's lookup shows its own as managed and the other's as
 * unexpected, with an alert. Proofs, tree heads and SCTs are checked by the independent implementation below
 * (RFC 9162 §2.1.3.2 and §2.1.4.2, iterative), not by the server's recursive one.
 */

// --- an independent verifier -------------------------------------------------------------------------------
const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafHashOf = (leafInput: Buffer) => h(Buffer.from([0]), leafInput);
const node = (l: Buffer, r: Buffer) => h(Buffer.from([1]), l, r);

/** RFC 9162 §2.1.3.2: verifying an inclusion proof. */
function verifyInclusion(index: number, size: number, leaf: Buffer, path: Buffer[], root: Buffer): boolean {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = node(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else r = node(r, p);
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 §2.1.4.2: verifying a consistency proof. */
function verifyConsistency(first: number, second: number, firstRoot: Buffer, secondRoot: Buffer, proof: Buffer[]): boolean {
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  let path = [...proof];
  if ((first & (first - 1)) === 0) path = [firstRoot, ...path];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn >>= 1;
    sn >>= 1;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = node(c, fr);
      sr = node(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else sr = node(sr, c);
    fn >>= 1;
    sn >>= 1;
  }
  return fr.equals(firstRoot) && sr.equals(secondRoot) && sn === 0;
}

const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const u24len = (b: Buffer) => Buffer.concat([Buffer.from([(b.length >> 16) & 0xff, (b.length >> 8) & 0xff, b.length & 0xff]), b]);
/** The signature inside a DigitallySigned: SHA-256 with ECDSA, 2-byte length. */
function dsSignature(b64: string): Buffer {
  const ds = Buffer.from(b64, 'base64');
  expect([ds[0], ds[1]]).toEqual([4, 3]);
  return ds.subarray(4, 4 + ds.readUInt16BE(2));
}
/** The TBSCertificate inside a DER Certificate: its first element, read by hand. */
function tbsOf(der: Buffer): Buffer {
  const lenAt = (i: number): [number, number] => {
    const first = der[i]!;
    if (first < 0x80) return [first, 1];
    const n = first & 0x7f;
    return [der.readUIntBE(i + 1, n), 1 + n];
  };
  const [, outerLen] = lenAt(1);
  const start = 1 + outerLen;
  const [len, lenLen] = lenAt(start + 1);
  return der.subarray(start, start + 1 + lenLen + len);
}

// --- the stack ---------------------------------------------------------------------------------------------
type Dns = Awaited<ReturnType<typeof startDns>>;
let t: TestApp;
let dns: Dns;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
let c: ReturnType<typeof client>;
let aToken = '';
let aId: number;
let bId: number;
let aOrder = '';
let bOrder = '';

async function issue(api: ReturnType<typeof client>, name: string): Promise<string> {
  const r = await api.post('/v1/orders/certificate/T-DV', { dcvMethod: 'dns_txt', year: 1, csr: await makeCsr(name), commonName: name });
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = r.body.data as string;
  await payAndValidateByDns(t.app, api, dns, orderNo);
  return orderNo;
}
const certOf = async (orderNo: string) =>
  (await t.app.db.query<{ cert_pem: string; chain_pem: string; brand: string }>(`SELECT c.cert_pem, c.chain_pem, o.brand FROM certificates c JOIN orders o ON o.id = c.order_id WHERE o.order_no = $1`, [orderNo]))[0]!;
const der = (pem: string) => new X509Certificate(pem).raw;
const ct = async (path: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/ct/v1/${path}` });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};
const lookup = async (api: ReturnType<typeof client>, query = '') => (await api.get(`/v1/discovery/ct${query}`)).body.data as CtAnswer;

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
  const na = await newAccount(t.app);
  const nb = await newAccount(t.app);
  [aId, bId] = [na.id, nb.id];
  a = client(t.app, na.token);
  aToken = na.token;
  b = client(t.app, nb.token);
  c = client(t.app, (await newAccount(t.app)).token);
  aOrder = await issue(a, 'shop.example');
  // The other account gets a certificate for a name under the first account's: validated over DNS as anyone could be.
  bOrder = await issue(b, 'www.shop.example');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('built-in CT log', () => {
  it('holds every certificate the built-in CA issued, with a signed tree head that verifies', async () => {
    const info = (await ct('log-info')).body as { log_id: string; key: string };
    const key = createPublicKey({ key: Buffer.from(info.key, 'base64'), format: 'der', type: 'spki' });
    expect(h(Buffer.from(info.key, 'base64')).toString('base64')).toBe(info.log_id);
    const sth = (await ct('get-sth')).body as { tree_size: number; timestamp: number; sha256_root_hash: string; tree_head_signature: string };
    expect(sth.tree_size).toBe(2);
    const signed = Buffer.concat([Buffer.from([0, 1]), u64(sth.timestamp), u64(sth.tree_size), Buffer.from(sth.sha256_root_hash, 'base64')]);
    expect(verify('sha256', signed, key, dsSignature(sth.tree_head_signature))).toBe(true);

    const entries = ((await ct('get-entries?start=0&end=10')).body as { entries: { leaf_input: string; extra_data: string }[] }).entries;
    expect(entries).toHaveLength(2);
    const issued = [der((await certOf(aOrder)).cert_pem), der((await certOf(bOrder)).cert_pem)];
    for (const [i, e] of entries.entries()) {
      const leaf = Buffer.from(e.leaf_input, 'base64');
      // MerkleTreeLeaf: version 0, timestamped_entry, timestamp, x509_entry, the certificate, no extensions.
      expect([leaf[0], leaf[1], leaf.readUInt16BE(10)]).toEqual([0, 0, 0]);
      expect(leaf.subarray(12, leaf.length - 2).equals(u24len(issued[i]!))).toBe(true);
      // The chain submitted: the issuing CA's certificate.
      expect(Buffer.from(e.extra_data, 'base64').readUIntBE(0, 3)).toBeGreaterThan(100);
      const proof = (await ct(`get-proof-by-hash?hash=${encodeURIComponent(leafHashOf(leaf).toString('base64'))}&tree_size=${sth.tree_size}`)).body as { leaf_index: number; audit_path: string[] };
      expect(proof.leaf_index).toBe(i);
      const path = proof.audit_path.map((p) => Buffer.from(p, 'base64'));
      expect(verifyInclusion(i, sth.tree_size, leafHashOf(leaf), path, Buffer.from(sth.sha256_root_hash, 'base64'))).toBe(true);
      // A tampered path or root does not verify.
      expect(verifyInclusion(i, sth.tree_size, leafHashOf(Buffer.concat([leaf, Buffer.from([0])])), path, Buffer.from(sth.sha256_root_hash, 'base64'))).toBe(false);
    }
  });

  it('answers SCTs that verify for add-chain and add-pre-chain, grows consistently, and proves inclusion in a larger tree', async () => {
    const info = (await ct('log-info')).body as { key: string };
    const key = createPublicKey({ key: Buffer.from(info.key, 'base64'), format: 'der', type: 'spki' });
    const before = (await ct('get-sth')).body as { tree_size: number; sha256_root_hash: string };

    // The same certificate again: its first SCT's timestamp, no new entry.
    const mine = await certOf(aOrder);
    const again = await t.app.inject({ method: 'POST', url: '/ct/v1/add-chain', payload: { chain: [der(mine.cert_pem).toString('base64'), der(mine.chain_pem).toString('base64')] } });
    expect(again.statusCode).toBe(200);
    const sct = again.json() as { sct_version: number; timestamp: number; signature: string };
    const signed = Buffer.concat([Buffer.from([0, 0]), u64(sct.timestamp), Buffer.from([0, 0]), u24len(der(mine.cert_pem)), Buffer.from([0, 0])]);
    expect(verify('sha256', signed, key, dsSignature(sct.signature))).toBe(true);
    expect((await ct('get-sth')).body.tree_size).toBe(before.tree_size);

    // A precertificate (CT poison) of the brand's intermediate, then several more entries.
    const intermediate = await ordersContext(t.app).ca.loadIntermediate(mine.brand);
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const make = (serial: string, poison: boolean) =>
      x509.X509CertificateGenerator.create({
        serialNumber: serial,
        subject: 'CN=pre.shop.example',
        issuer: intermediate.cert.subject,
        notBefore: new Date(Date.now() - 60_000),
        notAfter: new Date(Date.now() + 30 * 86_400_000),
        publicKey: keys.publicKey,
        signingKey: intermediate.key,
        signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
        extensions: [
          new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'pre.shop.example' }]),
          ...(poison ? [new x509.Extension('1.3.6.1.4.1.11129.2.4.3', true, new Uint8Array([5, 0]))] : []),
        ],
      });
    const pre = Buffer.from((await make('0a0b0c0d', true)).rawData);
    const final = Buffer.from((await make('0a0b0c0d', false)).rawData);
    const interDer = Buffer.from(intermediate.cert.rawData);
    const preSct = await t.app.inject({ method: 'POST', url: '/ct/v1/add-pre-chain', payload: { chain: [pre.toString('base64'), interDer.toString('base64')] } });
    expect(preSct.statusCode, preSct.body).toBe(200);
    const ps = preSct.json() as { timestamp: number; signature: string };
    // The precert entry: the issuer's key hash and the TBSCertificate without the poison, i.e. that of the final certificate.
    const issuerKeyHash = h(new X509Certificate(interDer).publicKey.export({ type: 'spki', format: 'der' }));
    const preSigned = Buffer.concat([Buffer.from([0, 0]), u64(ps.timestamp), Buffer.from([0, 1]), issuerKeyHash, u24len(tbsOf(final)), Buffer.from([0, 0])]);
    expect(verify('sha256', preSigned, key, dsSignature(ps.signature))).toBe(true);
    // A precertificate is not a certificate, and the other way round.
    expect((await t.app.inject({ method: 'POST', url: '/ct/v1/add-chain', payload: { chain: [pre.toString('base64'), interDer.toString('base64')] } })).statusCode).toBe(400);
    for (const serial of ['0b01', '0b02', '0b03']) {
      const cert = Buffer.from((await make(serial, false)).rawData);
      expect((await t.app.inject({ method: 'POST', url: '/ct/v1/add-chain', payload: { chain: [cert.toString('base64'), interDer.toString('base64')] } })).statusCode).toBe(200);
    }

    const after = (await ct('get-sth')).body as { tree_size: number; sha256_root_hash: string };
    expect(after.tree_size).toBe(before.tree_size + 4);
    const proof = ((await ct(`get-sth-consistency?first=${before.tree_size}&second=${after.tree_size}`)).body as { consistency: string[] }).consistency.map((p) => Buffer.from(p, 'base64'));
    expect(verifyConsistency(before.tree_size, after.tree_size, Buffer.from(before.sha256_root_hash, 'base64'), Buffer.from(after.sha256_root_hash, 'base64'), proof)).toBe(true);
    expect(verifyConsistency(before.tree_size, after.tree_size, Buffer.from(after.sha256_root_hash, 'base64'), Buffer.from(after.sha256_root_hash, 'base64'), proof)).toBe(false);
    // Every leaf of the larger tree is included in it.
    const entries = ((await ct(`get-entries?start=0&end=${after.tree_size - 1}`)).body as { entries: { leaf_input: string }[] }).entries;
    for (const [i, e] of entries.entries()) {
      const lh = leafHashOf(Buffer.from(e.leaf_input, 'base64'));
      const p = (await ct(`get-proof-by-hash?hash=${encodeURIComponent(lh.toString('base64'))}&tree_size=${after.tree_size}`)).body as { leaf_index: number; audit_path: string[] };
      expect(p.leaf_index).toBe(i);
      expect(verifyInclusion(p.leaf_index, after.tree_size, lh, p.audit_path.map((x) => Buffer.from(x, 'base64')), Buffer.from(after.sha256_root_hash, 'base64'))).toBe(true);
    }
  });

  it('refuses chains that end in no accepted root, unknown hashes and ranges beyond the tree, with precise messages', async () => {
    const self = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=stranger.example',
      notBefore: new Date(),
      notAfter: new Date(Date.now() + 86_400_000),
      keys: (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    });
    const r = await t.app.inject({ method: 'POST', url: '/ct/v1/add-chain', headers: { lang: 'en' }, payload: { chain: [Buffer.from(self.rawData).toString('base64')] } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: errorCodes.CT_BAD_CHAIN, msg: 'The chain is invalid or does not end in a root this log accepts' });
    const empty = await t.app.inject({ method: 'POST', url: '/ct/v1/add-chain', headers: { lang: 'en' }, payload: { chain: [] } });
    expect(empty.json().msg).toContain('The chain is 1 to 10 base64 DER certificates');
    const unknown = await t.app.inject({ method: 'GET', url: `/ct/v1/get-proof-by-hash?hash=${encodeURIComponent(Buffer.alloc(32, 7).toString('base64'))}&tree_size=1`, headers: { lang: 'en' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(errorCodes.CT_NOT_FOUND);
    const badHash = await t.app.inject({ method: 'GET', url: '/ct/v1/get-proof-by-hash?hash=abc&tree_size=1' });
    expect(badHash.json().msg).toContain('叶子哈希须为 base64 编码的 32 字节');
    const range = await t.app.inject({ method: 'GET', url: '/ct/v1/get-entries?start=5000&end=5001', headers: { lang: 'en' } });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ code: errorCodes.CT_BAD_RANGE });
    expect((await ct('get-roots')).body.certificates).toHaveLength(1);
  });
});

describe('CT monitor and lookup', () => {
  it('flags a certificate another account got for my name as unexpected, and alerts me once', async () => {
    await drainAll(t.app);
    const mine = await lookup(a);
    expect(mine.domains).toEqual(['shop.example']);
    const byName = Object.fromEntries(mine.items.filter((i) => i.entryType === 'x509').map((i) => [i.names.join(' '), i]));
    expect(byName['shop.example']).toMatchObject({ managed: true, orderNo: aOrder });
    expect(byName['www.shop.example']).toMatchObject({ managed: false, orderNo: '' });
    expect(byName['pre.shop.example']).toMatchObject({ managed: false });
    expect(mine.sth.tree_size).toBeGreaterThanOrEqual(6);

    const unexpected = (await lookup(a, '?managed=no')).items;
    expect(unexpected.every((i) => !i.managed)).toBe(true);
    expect(unexpected.map((i) => i.names[0])).toContain('www.shop.example');
    const bySha = await lookup(a, `?q=${encodeURIComponent(byName['www.shop.example']!.sha256)}`);
    expect(bySha.items.map((i) => i.idx)).toEqual([byName['www.shop.example']!.idx]);
    const bySerial = await lookup(a, `?q=${byName['shop.example']!.serial}`);
    expect(bySerial.items.map((i) => i.orderNo)).toEqual([aOrder]);

    const alerts = await t.app.db.query<{ account_id: number; detail: { name: string } }>(`SELECT account_id, detail FROM discovery_alerts WHERE kind = 'ctUnexpected' ORDER BY id`);
    const forA = alerts.filter((x) => x.account_id === aId).map((x) => x.detail.name).sort();
    expect(forA).toEqual(['pre.shop.example', 'pre.shop.example', 'pre.shop.example', 'pre.shop.example', 'www.shop.example']);
    // The other account watches www.shop.example only: my certificate for shop.example is none of its business.
    expect(alerts.filter((x) => x.account_id === bId).map((x) => x.detail.name)).toEqual([]);
    const messages = await t.app.db.query<{ params: { kind: string } }>(`SELECT params FROM site_messages WHERE account_id = $1 AND kind = 'discovery'`, [aId]);
    expect(messages.filter((m) => m.params.kind === 'ctUnexpected')).toHaveLength(5);
    // Running the monitor again alerts nobody twice.
    await t.app.db.query(`UPDATE ct_monitor SET next_idx = 0`);
    const { enqueue } = await import('../src/services/jobs/queue.ts');
    await enqueue(t.app.db, 'ct.monitor', {});
    await drainAll(t.app);
    expect((await t.app.db.query(`SELECT 1 FROM discovery_alerts WHERE kind = 'ctUnexpected'`)).length).toBe(alerts.length);

    // The CSV: every row of the filter, the fingerprint as a column.
    const csv = await t.app.inject({ method: 'GET', url: '/v1/discovery/ct/export?managed=no', headers: { token: aToken, authorization: aToken } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFindex,loggedAt,names,subject,issuer,serial,sha256,notBefore,notAfter,managed,orderNo');
    expect(csv.body).toContain(byName['www.shop.example']!.sha256);
    expect(csv.body).not.toContain(aOrder);
  });

  it('shows the other account its own certificate as managed, and nothing to an account without names', async () => {
    const theirs = await lookup(b);
    expect(theirs.domains).toEqual(['www.shop.example']);
    expect(theirs.items.map((i) => [i.names[0], i.managed, i.orderNo])).toEqual([['www.shop.example', true, bOrder]]);
    const none = await lookup(c);
    expect(none).toMatchObject({ items: [], domains: [] });
    const bad = await c.get('/v1/discovery/ct?managed=maybe', { lang: 'en' });
    expect(bad.body.code).toBe(errorCodes.INVALID_INPUT);
    expect(bad.body.msg).toContain('The managed filter is yes or no');
  });

  it('watches the names of hosted zones, and imports their A/AAAA/CNAME names as scan targets', async () => {
    const z = await c.post('/dm-serv/v1/dns/zones', { zone: 'shop.example' });
    // shop.example is hosted by nobody yet here, so the third account may host it (the delegation decides later).
    expect(z.body.code, z.body.msg).toBe(200);
    const rec = (await c.get('/dm-serv/v1/dns/zones/shop.example/records')).body.data as DnsRecordsAnswer;
    const saved = await c.post('/dm-serv/v1/domains/records', {
      zone: 'shop.example',
      baseSerial: rec.zone.serial,
      records: [
        { host: 'www', type: 'A', value: '192.0.2.10' },
        { host: 'v6', type: 'AAAA', value: '2001:db8::10' },
        { host: 'blog', type: 'CNAME', value: 'blogs.example.net' },
        { host: 'txt', type: 'TXT', value: 'hello' },
      ],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const watched = await lookup(c);
    expect(watched.domains).toEqual(['shop.example']);
    expect(watched.items.length).toBeGreaterThanOrEqual(6);
    expect(watched.items.every((i) => !i.managed)).toBe(true);

    const imported = (await c.post('/v1/discovery/targets/fromZones', { group: 'zones' })).body.data as TargetsAdded;
    expect(imported).toEqual({ added: 3, skipped: [] });
    const targets = ((await c.get('/v1/discovery/targets')).body.data as { items: Target[] }).items;
    expect(targets.map((x) => [x.value, x.group, x.ports])).toEqual([
      ['blog.shop.example', 'zones', [443]],
      ['v6.shop.example', 'zones', [443]],
      ['www.shop.example', 'zones', [443]],
    ]);
    // Another account's zones are not mine to import.
    expect(((await b.post('/v1/discovery/targets/fromZones', {})).body.data as TargetsAdded).added).toBe(0);
  });
});
