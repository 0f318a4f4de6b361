import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, makeEcCsr, newAccount, pkcs8Pem, testKeys, testProducts, validContact, validOrganization } from './purchase-helpers.ts';

let t: TestApp;
let me: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let meId: number;
let contactID: number;
let orgID: number;
let otherOrgID: number;
beforeAll(async () => {
  t = await startTestApp({ MASTER_KEY: Buffer.alloc(32, 7).toString('base64') });
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app);
  meId = a.id;
  me = client(t.app, a.token);
  other = client(t.app, (await newAccount(t.app)).token);
  contactID = ((await me.post('/v1/contacts', validContact)).body.data as { id: number }).id;
  orgID = ((await me.post('/v1/organizations', validOrganization)).body.data as { id: number }).id;
  otherOrgID = ((await other.post('/v1/organizations', validOrganization)).body.data as { id: number }).id;
});
afterAll(() => t.close());

type Body = { code: number; data: unknown; msg: string; errors?: Record<string, string> };
const order = async (productNo: string, body: object, opts?: { lang?: 'zh' | 'en'; form?: boolean }): Promise<Body> =>
  (await me.post(`/v1/orders/certificate/${productNo}`, body, opts)).body;
const countOrders = async () => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE account_id = $1`, [meId]))[0]!.n;

/** The same error in both languages. */
async function refused(productNo: string, body: object, code: number, field: string, zh: string, en: string) {
  const before = await countOrders();
  const z = await order(productNo, body);
  expect(z).toMatchObject({ code, msg: zh, errors: { [field]: zh } });
  const e = await order(productNo, body, { lang: 'en' });
  expect(e).toMatchObject({ code, msg: en, errors: { [field]: en } });
  expect(await countOrders()).toBe(before);
}

describe('POST /v1/orders/certificate/{productNo}: one order', () => {
  it('creates a DV order awaiting payment, priced by the shared rule', async () => {
    const csr = await makeCsr('shop.example.com');
    const r = await order('T-DV', { year: 2, csr, commonName: 'shop.example.com', dcvMethod: 'dns' });
    expect(r.code).toBe(200);
    const orderNo = r.data as string;
    expect(orderNo).toMatch(/^SSL\d{8}\d{8}$/);
    const [row] = await t.app.db.query<Record<string, unknown>>(`SELECT * FROM orders WHERE order_no = $1`, [orderNo]);
    expect(row).toMatchObject({ account_id: meId, product_no: 'T-DV', order_status: 1001, validity: 2, common_name: 'shop.example.com', dcv_method: 'dns', pay_amount: 79800, raw_amount: 79800, discount: 100, contact_id: null });
    expect(row!.domain_names).toEqual(['shop.example.com']);
    expect(row!.key_params).toMatchObject({ encryption: 'RSA', keyLength: 2048, signature: 'SHA256' });

    const list = await me.get(`/v1/orders?orderNos=${orderNo}`);
    expect(list.body.data).toEqual({ allOrders: [{ id: row!.id, orderNo, orderStatus: 1001, validity: 2, commonName: 'shop.example.com', payAmount: 79800, reSignStatus: 0, reSignPriceDiff: 0 }] });
    expect((await other.get(`/v1/orders?orderNos=${orderNo}`)).body.data).toEqual({ allOrders: [] });
  });

  it('reads the common name from a pasted CSR and defaults the DCV method', async () => {
    const r = await order('T-WILD', { year: 1, csr: await makeCsr('*.paste.example.com') });
    expect(r.code).toBe(200);
    const [row] = await t.app.db.query<{ common_name: string; dcv_method: string }>(`SELECT common_name, dcv_method FROM orders WHERE order_no = $1`, [r.data]);
    // certum with a wildcard forces dns_txt.
    expect(row).toEqual({ common_name: '*.paste.example.com', dcv_method: 'dns_txt' });
  });

  it('applies the wildcard switch, accepts form bodies and IDN names', async () => {
    const r = await order('T-WILD', { year: '1', csr: await makeCsr('*.xn--fiqs8s.example.com'), commonName: '中国.example.com', wildcard: 'true' }, { form: true });
    expect(r.code).toBe(200);
  });

  it('prices extra names of a flex order and keeps the added www variants unbilled, typed or not', async () => {
    const r = await order('T-FLEX', { year: 1, csr: await makeCsr('flex.example.com'), commonName: 'flex.example.com', domainNames: 'api.example.com', dcvMethod: 'dns' });
    expect(r.code).toBe(200);
    const [row] = await t.app.db.query<{ pay_amount: number; domain_names: string[] }>(`SELECT pay_amount, domain_names FROM orders WHERE order_no = $1`, [r.data]);
    expect(row!.pay_amount).toBe(25000);
    expect(row!.domain_names).toEqual(['flex.example.com', 'www.flex.example.com', 'api.example.com', 'www.api.example.com']);
    // The same certificate with its www names typed costs the same, and so does the price call.
    const typed = await order('T-FLEX', { year: 1, csr: await makeCsr('flex.example.com'), commonName: 'flex.example.com', domainNames: 'www.flex.example.com,api.example.com,www.api.example.com', dcvMethod: 'dns' });
    expect(typed.code, typed.msg).toBe(200);
    const [again] = await t.app.db.query<{ pay_amount: number; domain_names: string[] }>(`SELECT pay_amount, domain_names FROM orders WHERE order_no = $1`, [typed.data]);
    expect(again).toEqual(row);
    const price = await me.post('/v1/orders/price/T-FLEX', { year: 1, sslDomains: ['flex.example.com', 'www.flex.example.com', 'api.example.com', 'www.api.example.com'] });
    expect(price.body.data).toMatchObject({ allNowPrice: 25000 });
  });

  it('keeps a given private key only sealed', async () => {
    const keys = await testKeys();
    const key = await pkcs8Pem(keys);
    const r = await order('T-DV', { year: 1, csr: await makeCsr('sealed.example.com'), key, commonName: 'sealed.example.com' });
    expect(r.code).toBe(200);
    const [row] = await t.app.db.query<{ private_key_sealed: string }>(`SELECT private_key_sealed FROM orders WHERE order_no = $1`, [r.data]);
    expect(row!.private_key_sealed).toMatch(/^v1:/);
    expect(row!.private_key_sealed).not.toContain('PRIVATE KEY');
    const all = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE private_key_sealed LIKE '%PRIVATE KEY%' OR csr LIKE '%PRIVATE KEY%'`);
    expect(all[0]!.n).toBe(0);
  });

  describe('refuses, with a precise message, and writes nothing', () => {
    it('a non-wildcard name on a wildcard product', async () => {
      await refused('T-WILD', { year: 1, csr: await makeCsr('plain.example.com'), commonName: 'plain.example.com' }, 10001, 'commonName',
        'plain.example.com 不是通配符域名', 'plain.example.com is not a wildcard domain');
    });
    it('a duplicated extra domain', async () => {
      await refused('T-FLEX', { year: 1, csr: await makeCsr('dup.example.com'), commonName: 'dup.example.com', domainNames: ['a.example.com', 'a.example.com'] }, 10001, 'domainNames',
        'a.example.com 重复', 'a.example.com duplicate');
    });
    it('the common name repeated among the other names (any case, or as xn--)', async () => {
      await refused('T-FLEX', { year: 1, csr: await makeCsr('cn.example.com'), commonName: 'cn.example.com', domainNames: ['a.example.com', 'CN.example.com'] }, 10001, 'domainNames',
        'CN.example.com 重复', 'CN.example.com duplicate');
      const idn = new URL('http://例子.example.com').hostname;
      await refused('T-FLEX', { year: 1, csr: await makeCsr(idn), commonName: '例子.example.com', domainNames: [idn] }, 10001, 'domainNames',
        `${idn} 重复`, `${idn} duplicate`);
    });
    it('a malformed name', async () => {
      await refused('T-FLEX', { year: 1, csr: await makeCsr('fmt.example.com'), commonName: 'fmt.example.com', domainNames: ['bad_name..com'] }, 10001, 'domainNames',
        '域名 bad_name..com 格式不正确', 'Domain bad_name..com format incorrect');
    });
    it('several IPs on an IP single product', async () => {
      await refused('T-IP', { year: 1, csr: await makeCsr('8.8.8.8'), commonName: '8.8.8.8', domainNames: ['1.1.1.1'], dcvMethod: 'file' }, 10001, 'domainNames',
        '此产品不支持多IP', 'This product does not support multiple IPs');
    });
    it('a private address', async () => {
      await refused('T-IP', { year: 1, csr: await makeCsr('192.168.1.10'), commonName: '192.168.1.10', dcvMethod: 'file' }, 10001, 'commonName',
        '192.168.1.10 是内网或本机地址，不能申请证书', '192.168.1.10 is a private or loopback address and cannot be certified');
    });
    it('a wildcard on EV', async () => {
      await refused('T-EV', { year: 1, csr: await makeCsr('*.ev.example.com'), commonName: '*.ev.example.com', contactID, orgID, dcvMethod: 'dns' }, 10001, 'commonName',
        'EV证书不支持通配符', 'EV certificates do not support wildcard');
    });
    it('a DCV method the product does not allow', async () => {
      await refused('T-WILD', { year: 1, csr: await makeCsr('*.m.example.com'), commonName: '*.m.example.com', dcvMethod: 'file' }, 10001, 'dcvMethod',
        '此产品不支持 file 验证方式', 'This product does not support the file validation method');
      // A wildcard among the other names rules file out just as a wildcard common name does.
      await refused('T-FLEX', { year: 1, csr: await makeCsr('m.example.com'), commonName: 'm.example.com', domainNames: ['*.w.example.com'], dcvMethod: 'file' }, 10001, 'dcvMethod',
        '此产品不支持 file 验证方式', 'This product does not support the file validation method');
      await refused('T-FLEX', { year: 1, csr: await makeCsr('m.example.com'), commonName: 'm.example.com', dcvMethod: 'carrier-pigeon' }, 10001, 'dcvMethod',
        '验证方式不正确', 'Unknown validation method');
    });
    it('a term the product does not offer', async () => {
      await refused('T-DV', { year: 4, csr: await makeCsr('t.example.com'), commonName: 't.example.com' }, 10001, 'year',
        '此产品不支持 4 的有效期', 'This product does not offer a term of 4');
    });
    it('an OV order without contact or company, or with a company of another account', async () => {
      const csr = await makeCsr('ov.example.com');
      await refused('T-OV', { year: 1, csr, commonName: 'ov.example.com', orgID }, 10001, 'contactID', '请选择联系人', 'Please select a contact');
      await refused('T-OV', { year: 1, csr, commonName: 'ov.example.com', contactID }, 10001, 'orgID', '请选择公司', 'Please select a company');
      await refused('T-OV', { year: 1, csr, commonName: 'ov.example.com', contactID, orgID: otherOrgID }, 10004, 'orgID', '公司不存在', 'Company not found');
      const ok = await order('T-OV', { year: 1, csr, commonName: 'ov.example.com', contactID, orgID: String(orgID) });
      expect(ok.code).toBe(200);
    });
    it('no CSR, a broken CSR, a tampered CSR, a CSR for another name', async () => {
      await refused('T-DV', { year: 1, commonName: 'c.example.com' }, 10001, 'csr', '请粘贴或上传 CSR', 'Please paste or upload a CSR');
      await refused('T-DV', { year: 1, csr: '-----BEGIN CERTIFICATE REQUEST-----\nnope\n-----END CERTIFICATE REQUEST-----', commonName: 'c.example.com' }, 10001, 'csr',
        'CSR 格式不正确，请粘贴以 -----BEGIN CERTIFICATE REQUEST----- 开头的 PEM 证书请求',
        'The CSR is not valid: paste a PEM certificate request starting with -----BEGIN CERTIFICATE REQUEST-----');
      const good = await makeCsr('c.example.com');
      const der = Buffer.from(good.replace(/-----[^-]+-----|\s/g, ''), 'base64');
      der[der.length - 5] = der[der.length - 5]! ^ 0xff; // flips bits of the signature
      const tampered = `-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----`;
      await refused('T-DV', { year: 1, csr: tampered, commonName: 'c.example.com' }, 10001, 'csr', 'CSR 签名校验失败', 'The CSR signature does not verify');
      await refused('T-DV', { year: 1, csr: good, commonName: 'd.example.com' }, 10001, 'csr',
        'CSR 的通用名称 c.example.com 与 d.example.com 不一致', 'The CSR common name c.example.com does not match d.example.com');
    });
    it('a private key that is not the pair of the CSR', async () => {
      const otherKeys = (await globalThis.crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
      const key = await pkcs8Pem(otherKeys);
      await refused('T-DV', { year: 1, csr: await makeCsr('k.example.com'), key, commonName: 'k.example.com' }, 10001, 'key', '私钥与 CSR 不匹配', 'The private key does not match the CSR');
      await refused('T-DV', { year: 1, csr: await makeCsr('k.example.com'), key: 'garbage', commonName: 'k.example.com' }, 10001, 'key',
        '私钥格式不正确，请提供 PKCS#8 PEM 私钥', 'The private key is not valid: give a PKCS#8 PEM private key');
    });
    it('a key the product does not allow (code signing needs RSA 4096)', async () => {
      await refused('T-CODE', { year: 1, csr: await makeCsr('Example Code Ltd'), commonName: 'Example Code Ltd', contactID, orgID }, 10001, 'csr',
        '此产品不支持 2048 位密钥', 'This product does not support 2048-bit keys');
      await refused('T-CODE', { year: 1, csr: await makeEcCsr('Example Code Ltd'), contactID, orgID }, 10001, 'csr',
        '此产品不支持 ECC 加密算法', 'This product does not support ECC keys');
    });
    it('an unknown product', async () => {
      const r = await order('NOPE', { year: 1, csr: await makeCsr('x.example.com') }, { lang: 'en' });
      expect(r).toMatchObject({ code: 10004, msg: 'Product not found' });
    });
  });

  describe('e-mail validation', () => {
    it('a role mailbox validates by email at the order domain', async () => {
      const r = await order('T-DV', { year: 1, csr: await makeCsr('mail.example.com'), commonName: 'mail.example.com', dcvMethod: 'email', dcvEmail: { email: 'admin', dcvMethod: 'email' } });
      expect(r.code).toBe(200);
      const [row] = await t.app.db.query(`SELECT dcv_method, dcv_email FROM orders WHERE order_no = $1`, [r.data]);
      expect(row).toEqual({ dcv_method: 'email', dcv_email: 'admin@mail.example.com' });
    });
    it('a custom address becomes email_dns and is saved when asked', async () => {
      const r = await order('T-DV', { year: 1, csr: await makeCsr('dns.example.com'), commonName: 'dns.example.com', dcvMethod: 'email', dcvEmail: { email: 'Ops@Corp.example', dcvMethod: 'email_dns', saveEmail: true } });
      expect(r.code).toBe(200);
      const [row] = await t.app.db.query(`SELECT dcv_method, dcv_email FROM orders WHERE order_no = $1`, [r.data]);
      expect(row).toEqual({ dcv_method: 'email_dns', dcv_email: 'ops@corp.example' });
      const saved = await me.get('/v1/emailDnsEmails');
      expect(saved.body.data).toMatchObject({ data: [{ email: 'ops@corp.example' }], total: 1 });
    });
    it('refuses an empty or malformed address with the documented messages', async () => {
      const csr = await makeCsr('e.example.com');
      await refused('T-DV', { year: 1, csr, commonName: 'e.example.com', dcvMethod: 'email_dns', dcvEmail: { email: '' } }, 10001, 'dcvEmail.email', '请填写验证邮箱', 'Please fill in the verification email');
      await refused('T-DV', { year: 1, csr, commonName: 'e.example.com', dcvMethod: 'email_dns', dcvEmail: { email: '', saveEmail: true } }, 10001, 'dcvEmail.email', '请输入验证邮箱', 'Please enter the verification email');
      await refused('T-DV', { year: 1, csr, commonName: 'e.example.com', dcvMethod: 'email_dns', dcvEmail: { email: 'nope@' } }, 10001, 'dcvEmail.email', '邮箱格式错误', 'Email format wrong');
    });
    it('refuses e-mail validation for a brand without it', async () => {
      await refused('T-WILD', { year: 1, csr: await makeCsr('*.w.example.com'), dcvMethod: 'email', dcvEmail: { email: 'admin' } }, 10001, 'dcvMethod',
        '此产品不支持 email 验证方式', 'This product does not support the email validation method');
    });
  });
});

describe('saved validation e-mails', () => {
  it('lists, saves idempotently, deletes; another account neither sees nor deletes them', async () => {
    const a = await me.post('/v1/emailDnsEmails', { email: 'dcv@example.org' });
    const b = await me.post('/v1/emailDnsEmails', { email: 'DCV@example.org' }, { form: true });
    expect(a.body.code).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    const id = (a.body.data as { id: number }).id;
    expect(((await me.get('/v1/emailDnsEmails?limit=1000')).body.data as { data: { email: string }[] }).data.map((e) => e.email)).toContain('dcv@example.org');
    expect((await other.get('/v1/emailDnsEmails')).body.data).toEqual({ data: [], total: 0 });
    expect((await other.del(`/v1/emailDnsEmails/${id}`)).body.code).toBe(10004);
    expect((await me.del(`/v1/emailDnsEmails/${id}`)).body.code).toBe(200);
    expect((await me.del(`/v1/emailDnsEmails/${id}`)).body.code).toBe(10004);
  });
  it('changes a saved address (PUT, the U of document 02\'s CRUD); changed to one already saved, the two become one', async () => {
    const save = async (email: string) => ((await me.post('/v1/emailDnsEmails', { email })).body.data as { id: number }).id;
    const emails = async () => ((await me.get('/v1/emailDnsEmails?limit=1000')).body.data as { data: { id: number; email: string }[] }).data;
    const id = await save('old-dcv@example.org');
    expect((await me.put('/v1/emailDnsEmails', { id, email: 'New-DCV@example.org' })).body).toMatchObject({ code: 200, data: { id } });
    expect(await emails()).toContainEqual({ id, email: 'new-dcv@example.org' });
    const kept = await save('kept-dcv@example.org');
    expect((await me.put('/v1/emailDnsEmails', { id: String(id), email: 'kept-dcv@example.org' }, { form: true })).body).toMatchObject({ code: 200, data: { id: kept } });
    expect((await emails()).filter((e) => e.email.endsWith('-dcv@example.org'))).toEqual([{ id: kept, email: 'kept-dcv@example.org' }]);
    expect((await me.put('/v1/emailDnsEmails', { id: kept, email: 'x' })).body).toMatchObject({ code: 10001, errors: { email: '邮箱格式错误' } });
    expect((await me.put('/v1/emailDnsEmails', { id: true, email: 'a@example.org' }, { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { id: 'id must be a whole number from 1 to 2147483647' } });
    expect((await other.put('/v1/emailDnsEmails', { id: kept, email: 'theirs@example.org' })).body.code).toBe(10004);
    expect(await emails()).toContainEqual({ id: kept, email: 'kept-dcv@example.org' });
  });
  it('refuses a bad address', async () => {
    expect((await me.post('/v1/emailDnsEmails', { email: 'x' })).body).toMatchObject({ code: 10001, msg: '邮箱格式错误', errors: { email: '邮箱格式错误' } });
    expect((await me.post('/v1/emailDnsEmails', { email: '' }, { lang: 'en' })).body).toMatchObject({ code: 10001, msg: 'Please fill in the verification email' });
  });
});
