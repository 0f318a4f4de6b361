import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';

let t: TestApp;
let me: ReturnType<typeof client>;
let meId: number;
const dir = mkdtempSync(path.join(tmpdir(), 'csr-'));
beforeAll(async () => {
  t = await startTestApp({ MASTER_KEY: Buffer.alloc(32, 9).toString('base64') });
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app);
  meId = a.id;
  me = client(t.app, a.token);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** openssl's own word on the request: signature, subject, key. */
function openssl(csr: string, key: string) {
  const csrFile = path.join(dir, 'req.pem');
  const keyFile = path.join(dir, 'key.pem');
  writeFileSync(csrFile, csr);
  writeFileSync(keyFile, key);
  const verify = execFileSync('openssl', ['req', '-in', csrFile, '-verify', '-noout'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const text = execFileSync('openssl', ['req', '-in', csrFile, '-noout', '-text'], { encoding: 'utf8' });
  const csrPub = execFileSync('openssl', ['req', '-in', csrFile, '-noout', '-pubkey'], { encoding: 'utf8' });
  const keyPub = execFileSync('openssl', ['pkey', '-in', keyFile, '-pubout'], { encoding: 'utf8' });
  return { verify, text, samePair: csrPub === keyPub };
}

type Generated = { key: string; csr: string; id: number };

describe('POST /v1/csr/generate', () => {
  it('generates an RSA 2048 key and a CSR that openssl verifies', async () => {
    const r = await me.post('/v1/csr/generate', { domain: 'gen.example.com', country: 'CN', province: 'Guangdong', locality: 'Shenzhen', organization: 'Example, Inc.', orgUnit: 'IT', encryption: 'RSA', keySize: 2048, hashSign: 'SHA256' });
    expect(r.body.code).toBe(200);
    const g = r.body.data as Generated;
    expect(g.key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const o = openssl(g.csr, g.key);
    expect(o.samePair).toBe(true);
    expect(o.text).toMatch(/Subject: CN\s?=\s?gen\.example\.com, C\s?=\s?CN, ST\s?=\s?Guangdong, L\s?=\s?Shenzhen, O\s?=\s?"?Example\\?, Inc\."?, OU\s?=\s?IT/);
    expect(o.text).toContain('Public-Key: (2048 bit)');
    expect(o.text).toContain('sha256WithRSAEncryption');
    expect(o.text).toContain('DNS:gen.example.com');
    // The server keeps the key only sealed.
    const [row] = await t.app.db.query<{ account_id: number; common_name: string; private_key_sealed: string; csr: string }>(`SELECT * FROM csrs WHERE id = $1`, [g.id]);
    expect(row).toMatchObject({ account_id: meId, common_name: 'gen.example.com', csr: g.csr });
    expect(row!.private_key_sealed).toMatch(/^v1:/);
    expect(row!.private_key_sealed).not.toContain('PRIVATE');
  });

  it('generates ECC P-384 with SHA384 from a form body, with the documented defaults', async () => {
    const r = await me.post('/v1/csr/generate', { domain: '*.ecc.example.com', encryption: 'ECC', keyCurve: 'P384', hashSign: 'SHA384' }, { form: true });
    const g = r.body.data as Generated;
    const o = openssl(g.csr, g.key);
    expect(o.samePair).toBe(true);
    expect(o.text).toContain('NIST CURVE: P-384');
    expect(o.text).toContain('ecdsa-with-SHA384');
    expect(o.text).toMatch(/CN\s?=\s?\*\.ecc\.example\.com, C\s?=\s?SG, ST\s?=\s?Beijing, L\s?=\s?Beijing/);
  });

  it('the generated CSR is accepted by an order', async () => {
    const g = (await me.post('/v1/csr/generate', { domain: 'roundtrip.example.com' })).body.data as Generated;
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, csr: g.csr, key: g.key, commonName: 'roundtrip.example.com' });
    expect(r.body.code).toBe(200);
  });

  it('refuses key options the product does not allow, and bad values', async () => {
    expect((await me.post('/v1/csr/generate', { domain: 'a.example.com', keySize: 1024 })).body).toMatchObject({ code: 10001, msg: '此产品不支持 1024 位密钥', errors: { keySize: '此产品不支持 1024 位密钥' } });
    expect((await me.post('/v1/csr/generate', { domain: 'a.example.com', keySize: 2048, productNo: 'T-CODE' }, { lang: 'en' })).body).toMatchObject({ msg: 'This product does not support 2048-bit keys' });
    expect((await me.post('/v1/csr/generate', { domain: 'a.example.com', encryption: 'DSA' })).body).toMatchObject({ code: 10001, errors: { encryption: '加密算法只能是 RSA 或 ECC' } });
    expect((await me.post('/v1/csr/generate', { domain: '' })).body).toMatchObject({ code: 10001, errors: { domain: '请填写域名' } });
    expect((await me.post('/v1/csr/generate', { domain: 'a.example.com', country: 'China' })).body).toMatchObject({ code: 10001, msg: '国家须为两位大写字母代码，如 CN、SG' });
  });
});

describe('POST /v1/csr/save and /v1/csr/batchSave', () => {
  it('saves a CSR, reading its common name', async () => {
    const r = await me.post('/v1/csr/save', { csr: await makeCsr('saved.example.com') });
    const id = (r.body.data as { id: number }).id;
    const [row] = await t.app.db.query(`SELECT common_name, account_id, private_key_sealed FROM csrs WHERE id = $1`, [id]);
    expect(row).toEqual({ common_name: 'saved.example.com', account_id: meId, private_key_sealed: null });
  });

  it('reads requests as openssl writes them, whatever their shape, and refuses any altered byte', async () => {
    const opensslCsr = (name: string, args: string[]) => {
      const key = path.join(dir, `${name}.key`);
      return execFileSync('openssl', ['req', '-new', '-nodes', '-keyout', key, '-utf8', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    };
    const shapes: [string, string, string[]][] = [
      ['RSA with names and an address', 'rsa.example.com', ['-newkey', 'rsa:2048', '-subj', '/C=CN/O=Example/CN=rsa.example.com', '-addext', 'subjectAltName=DNS:rsa.example.com,IP:10.0.0.1']],
      ['as the console\'s CSR tool writes it: names and a key identifier', 'tool.example.com', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-subj', '/CN=tool.example.com', '-addext', 'subjectAltName=DNS:tool.example.com', '-addext', 'subjectKeyIdentifier=hash']],
      ['P-384 with key usages', 'ec.example.com', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-384', '-sha384', '-subj', '/CN=ec.example.com', '-addext', 'keyUsage=digitalSignature']],
      ['a CN in Chinese, a second CN', '中文.example.com', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-subj', '/CN=中文.example.com/CN=second.example.com']],
      ['no CN', '', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-subj', '/O=Example']],
    ];
    for (const [shape, cn, args] of shapes) {
      const csr = opensslCsr(cn || 'none', args);
      for (const text of [csr, csr.replace(/\n/g, '\r\n')]) {
        const r = await me.post('/v1/csr/save', { csr: text });
        expect(r.body.code, shape).toBe(200);
        const [row] = await t.app.db.query<{ common_name: string }>(`SELECT common_name FROM csrs WHERE id = $1`, [(r.body.data as { id: number }).id]);
        expect(row!.common_name, shape).toBe(cn);
      }
      // Any byte of the signed part changed: the signature no longer verifies (or the request no longer reads).
      const der = Buffer.from(csr.replace(/-----[^-]+-----|\s/g, ''), 'base64');
      for (const at of [20, Math.floor(der.length / 2), der.length - 90]) {
        const bad = Buffer.from(der);
        bad[at] = bad[at]! ^ 0x01;
        const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${bad.toString('base64')}\n-----END CERTIFICATE REQUEST-----`;
        const r = await me.post('/v1/csr/save', { csr: pem });
        expect(r.body.code, `${shape}, byte ${at}`).toBe(10001);
        expect(r.body.msg, `${shape}, byte ${at}`).toMatch(/CSR 签名校验失败|CSR 格式不正确/);
      }
    }
  });

  it('saves several at once, all or none', async () => {
    const csrs = await Promise.all(['a', 'b', 'c'].map(async (n) => ({ csr: await makeCsr(`${n}.batch.example.com`) })));
    const r = await me.post('/v1/csr/batchSave', { csrs });
    const ids = (r.body.data as { ids: number[] }).ids;
    expect(ids).toHaveLength(3);
    const rows = await t.app.db.query<{ common_name: string }>(`SELECT common_name FROM csrs WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
    expect(rows.map((x) => x.common_name)).toEqual(['a.batch.example.com', 'b.batch.example.com', 'c.batch.example.com']);

    const before = (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM csrs`))[0]!.n;
    const bad = await me.post('/v1/csr/batchSave', { csrs: JSON.stringify([...csrs, { csr: 'nope' }]) }, { form: true, lang: 'en' });
    expect(bad.body).toMatchObject({ code: 10001, errors: { 'csrs.3': expect.stringContaining('The CSR is not valid') } });
    expect((await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM csrs`))[0]!.n).toBe(before);
  });
});
