import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testKeys, testProducts, validContact, validOrganization } from './purchase-helpers.ts';
import { freshIp, sha256hex } from './session-helpers.ts';

/**
 * Each kind of input that once answered HTTP 500 (the list), with the answer a caller gets now: the
 * envelope, code 10001 at HTTP 200 for a value at fault, and a message that names the field and says what is wrong.
 */

let t: TestApp;
let me: ReturnType<typeof client>;
let token: string;
const invalid = (field: string, msg: string) => ({ status: 200, body: { code: 10001, data: null, msg, errors: { [field]: msg } } });

beforeAll(async () => {
  t = await startTestApp({ CAPTCHA: 'off' });
  await addProducts(t.app, [testProducts.dv, testProducts.ov]);
  ({ token } = await newAccount(t.app));
  me = client(t.app, token);
});
afterAll(() => t?.close());

describe('U+0000 and lone surrogates', () => {
  it('refuses a NUL in a body field, a path parameter, a query value and a form body, naming the field', async () => {
    expect(await me.post('/v1/contacts', { ...validContact, lastname: 'a\u0000b' })).toEqual(invalid('lastname', 'lastname 不能包含空字符（U+0000）'));
    expect(await me.post('/v1/contacts', { ...validContact, lastname: 'a\u0000b' }, { lang: 'en' })).toEqual(
      invalid('lastname', 'lastname must not contain the NUL character (U+0000)'),
    );
    expect(await me.get('/v1/orders/detail/%00')).toEqual(invalid('id', 'id 不能包含空字符（U+0000）'));
    expect(await me.get('/v1/contacts?firstname=a%00')).toEqual(invalid('firstname', 'firstname 不能包含空字符（U+0000）'));
    expect(await me.put('/v1/orders/remark/SSL1', { remark: 'x\u0000' }, { form: true })).toEqual(invalid('remark', 'remark 不能包含空字符（U+0000）'));
    const captcha = await t.app.inject({ method: 'POST', url: '/captcha/verify', payload: { captchaId: 'abc\u0000', x: 10 } });
    expect(captcha.json()).toMatchObject({ code: 10001, msg: 'captchaId 不能包含空字符（U+0000）' });
  });

  it('finds one deep inside a body, where no schema field would look', async () => {
    const r = await me.post(`/v1/orders/certificate/${testProducts.dv.productNo}`, {
      year: 1, sslCerts: [{ csr: 'x', domainNames: ['a.example.com', 'b.example.com\u0000'] }], unknown: { deeper: ['\u0000'] },
    }, { lang: 'en' });
    expect(r.body.code).toBe(10001);
    expect(r.body.msg).toMatch(/^(sslCerts\.0\.domainNames\.1|unknown\.deeper\.0) must not contain the NUL character \(U\+0000\)$/);
  });

  it('refuses unpaired surrogates, which neither PostgreSQL JSON nor a URI can carry', async () => {
    expect(await me.post('/v1/csr/generate', { domain: 'a\ud800.example.com', encryption: 'ECC' })).toEqual(
      invalid('domain', 'domain 含有无效的 Unicode 字符（不成对的代理项）'),
    );
    expect(await me.post('/v1/csr/save', { csr: await makeCsr('s.example.com'), commonName: '\udc00' }, { lang: 'en' })).toEqual(
      invalid('commonName', 'commonName contains an invalid Unicode character (an unpaired surrogate)'),
    );
    // A pair is a character like any other.
    expect((await me.post('/v1/contacts', { ...validContact, position: '运维 😀' })).body.code).toBe(200);
  });

  it('writes subject values as typed, "#…" and quotes included, instead of failing on them', async () => {
    const r = await me.post('/v1/csr/generate', { domain: 'hash.example.com', encryption: 'ECC', locality: '#zz', organization: '"Quoted\\ Co"' });
    expect(r.body.code).toBe(200);
    const subject = new x509.Pkcs10CertificateRequest((r.body.data as { csr: string }).csr).subjectName;
    expect(subject.getField('L')).toEqual(['#zz']);
    expect(subject.getField('O')).toEqual(['"Quoted\\ Co"']);
  });

  it('refuses a CSR whose own subject carries a NUL', async () => {
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({
      name: [{ CN: ['nul\u0000.example.com'] }],
      keys: await testKeys(),
      signingAlgorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    });
    const r = await me.post('/v1/csr/save', { csr: csr.toString('pem') });
    expect(r.body).toMatchObject({ code: 10001, errors: { csr: expect.any(String) } });
  });

  it('refuses a renewal ticket whose decoded text carries a NUL', async () => {
    const ticket = Buffer.from(JSON.stringify({ v: 1, orderNo: 'SSL\u0000', domains: ['a.example.com'] })).toString('base64');
    const r = await me.post('/createorderrenew', { ticket });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 10001, errors: { ticket: expect.any(String) } });
  });
});

describe('ids and whole numbers past 32 bits', () => {
  const idMsg = (f: string) => `${f} 须为 1 至 2147483647 之间的整数`;
  it('refuses them in paths, bodies and queries before the database sees them', async () => {
    expect(await me.del('/v1/contacts/99999999999')).toEqual(invalid('id', idMsg('id')));
    expect(await me.get('/v1/organizations/2147483648')).toEqual(invalid('id', idMsg('id')));
    expect(await me.del('/v1/organizations/-1')).toEqual(invalid('id', idMsg('id')));
    expect(await me.del('/v1/emailDnsEmails/99999999999')).toEqual(invalid('id', idMsg('id')));
    expect(await me.get('/v1/orders/org/99999999999/domains')).toEqual(invalid('id', idMsg('id')));
    expect(await me.put('/v1/contacts', { ...validContact, id: 99_999_999_999 })).toEqual(invalid('id', idMsg('id')));
    const csr = await makeCsr('ov.example.com');
    expect(await me.post(`/v1/orders/certificate/${testProducts.ov.productNo}`, { year: 1, csr, contactID: 99_999_999_999, orgID: 1 })).toEqual(
      invalid('contactID', idMsg('contactID')),
    );
    expect(await me.post(`/v1/orders/certificate/${testProducts.ov.productNo}`, { year: 1, csr, contactID: 1, orgID: '99999999999' }, { lang: 'en' })).toEqual(
      invalid('orgID', 'orgID must be a whole number from 1 to 2147483647'),
    );
    expect(await me.get('/v1/orders?status=99999999999')).toEqual(invalid('status', 'status 不能大于 2147483647'));
    expect(await me.get('/v1/orders?offset=99999999999', { lang: 'en' })).toEqual(invalid('offset', 'offset must be at most 1000000'));
  });

  it('still finds an existing row by its id', async () => {
    const id = ((await me.post('/v1/contacts', validContact)).body.data as { id: number }).id;
    expect((await me.del(`/v1/contacts/${id}`)).body.code).toBe(200);
  });
});

describe('dates that do not exist', () => {
  it('refuses February 30th and five-digit years, naming the field', async () => {
    expect(await me.get('/v1/orders?dateFrom=2019-02-30')).toEqual(invalid('dateFrom', 'dateFrom 须为存在的日期（YYYY-MM-DD，年份 0001–9999）'));
    expect(await me.post('/v1/organizations', { ...validOrganization, dateOfIncorporation: '2019-02-30' }, { lang: 'en' })).toEqual(
      invalid('dateOfIncorporation', 'dateOfIncorporation must be a date that exists (YYYY-MM-DD, years 0001–9999)'),
    );
    expect(await me.get('/v1/creditChangeRecords?startTime=99999-01-01')).toEqual(invalid('startTime', 'startTime 须为存在的日期（YYYY-MM-DD）或 ISO 8601 时间'));
    expect(await me.get('/v1/creditChangeRecords?endTime=2024-13-01T00:00:00Z')).toMatchObject({ body: { code: 10001, errors: { endTime: expect.any(String) } } });
  });

  it('takes the days that do exist, leap days and the ends of the range included', async () => {
    expect((await me.post('/v1/organizations', { ...validOrganization, dateOfIncorporation: '2020-02-29' })).body.code).toBe(200);
    expect((await me.get('/v1/orders?dateFrom=0001-01-01&dateTo=9999-12-31')).body.code).toBe(200);
    expect((await me.get('/v1/creditChangeRecords?startTime=0001-01-01&endTime=9999-12-31T23:59:59-14:00')).body.code).toBe(200);
    expect((await me.get('/v1/orders?dateFrom=2024-05-01T08:00:00Z')).body.code).toBe(200);
  });
});

describe('sizes', () => {
  it('caps a sign-in name at 254 characters, and keeps the rate limit working for the longest one', async () => {
    const login = (username: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/login', remoteAddress: ip, payload: { username, password: sha256hex('wrong') } }).then((r) => r.json());
    expect(await login('x'.repeat(33 * 1024), freshIp())).toEqual({
      code: 10001, data: null, msg: 'username 最多 254 个字符', errors: { username: 'username 最多 254 个字符' },
    });
    // 254 characters: the longest address there is. Its rate-limit key is stored hashed, and still counts.
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.cn`;
    expect(longest).toHaveLength(254);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await login(longest, freshIp())).code);
    expect(codes).toEqual([12004, 12004, 12004, 12004, 12004, 12008]);
    const [row] = await t.app.db.query<{ n: number }>(`SELECT max(length(key))::int AS n FROM rate_events`);
    expect(row!.n).toBeLessThanOrEqual(200);
  });

  it('refuses megabyte strings in the CSR calls by their bound, without exhausting the stack', async () => {
    const big = 'A'.repeat(1_000_000);
    expect(await me.post('/v1/csr/generate', { domain: big })).toEqual(invalid('domain', 'domain 最多 253 个字符'));
    expect(await me.post('/v1/csr/generate', { domain: 'ok.example.com', organization: big }, { lang: 'en' })).toEqual(
      invalid('organization', 'organization must be at most 64 characters'),
    );
    expect(await me.post('/v1/csr/save', { csr: `-----BEGIN CERTIFICATE REQUEST-----\n${big}\n-----END CERTIFICATE REQUEST-----` })).toEqual(
      invalid('csr', 'csr 最多 65536 个字符'),
    );
    expect(await me.post('/v1/csr/save', { csr: await makeCsr('s.example.com'), commonName: big })).toEqual(invalid('commonName', 'commonName 最多 1000 个字符'));
  });
});

describe('requests that cannot be read or routed', () => {
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: string) => {
    const r = await t.app.inject({ method, url, headers: { token, ...headers }, ...(payload !== undefined ? { payload } : {}) });
    return { status: r.statusCode, body: r.json(), allow: r.headers.allow };
  };

  it('answers a URL that does not decode, and an overlong path parameter, in the envelope', async () => {
    expect(await call('GET', '/v1/organizations/%ZZ')).toMatchObject({ status: 400, body: { code: 400, data: null, msg: '请求地址含有无效的百分号编码' } });
    expect(await call('GET', `/v1/organizations/${'1'.repeat(600)}`, { lang: 'en' })).toMatchObject({
      status: 414, body: { code: 414, data: null, msg: 'A path parameter is too long (at most 500 characters)' },
    });
    // Up to the router's bound the schema speaks, naming the field.
    expect(await call('GET', `/v1/orders/detail/${'1'.repeat(200)}`)).toMatchObject({ status: 200, body: { code: 10001, errors: { id: 'id 最多 64 个字符' } } });
  });

  it('answers bodies that cannot be read with their own status and message', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await call('POST', '/v1/contacts', json, '{"lastname":')).toMatchObject({ status: 400, body: { code: 400, data: null, msg: '请求体不是有效的 JSON' } });
    expect(await call('POST', '/v1/contacts', { ...json, lang: 'en' }, '')).toMatchObject({
      status: 400, body: { code: 400, msg: 'The request says its body is JSON, but the body is empty' },
    });
    expect(await call('POST', '/v1/contacts', { 'content-type': 'application/xml' }, '<a/>')).toMatchObject({
      status: 415, body: { code: 415, msg: '不支持的请求体类型 application/xml，请使用 application/json 或 application/x-www-form-urlencoded' },
    });
    const limit = t.app.initialConfig.bodyLimit!;
    const tooLarge = await call('POST', '/v1/contacts', json, JSON.stringify({ lastname: 'x'.repeat(limit) }));
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 413, data: null } });
    expect(tooLarge.body.msg).toMatch(/^请求体过大（最多 [\d.]+ [KM]B）$/);
  });

  it('answers an unknown call 404 and a known path with another method 405, naming them', async () => {
    expect(await call('GET', '/v1/no-such-call', { lang: 'en' })).toMatchObject({ status: 404, body: { code: 404, msg: 'No such call: GET /v1/no-such-call' } });
    const r = await call('PATCH', '/v1/contacts/12');
    expect(r).toMatchObject({ status: 405, allow: 'DELETE', body: { code: 405, data: null, msg: '/v1/contacts/12 不支持 PATCH 请求，可用的方法：DELETE' } });
  });
});
