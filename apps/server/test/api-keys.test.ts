import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyLength, apiKeyLimit } from '@cc/contracts/api-keys';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount, validContact } from './purchase-helpers.ts';
import { balanceOf, fundedAccount, orderStatusOf, payableOrder } from './payment-helpers.ts';

/**
 * Developer access and API keys (/account/developer, GET /v1/apiKey): become a developer, create, list, rename,
 * rotate and revoke keys; a key acts for its account within its scope on the calls of /docs, and never on keys,
 * credentials or security settings.
 */


/**
 * Every signed-in call and the least key scope that may make it, as the API reference states it. A new route fails
 * here until it is placed: a call that sends codes, changes credentials or security settings, manages sessions or
 * keys, or closes the account belongs under never (declare `config: { apiKey: 'never' }` or put it in such an area).
 */
const keyAccessTable: Record<'read' | 'orders' | 'full' | 'never', string[]> = {
  never: [
    'GET /v1/logout', 'GET /v1/twoStepAuth', 'POST /v1/twoStepAuth', 'GET /v1/twoStepAuthCode', 'GET /v1/googleAuth',
    'GET /v1/apiKey', 'POST /v1/apiKey', 'POST /v1/developer', 'PUT /v1/apiKey/{id}', 'DELETE /v1/apiKey/{id}', 'POST /v1/apiKey/{id}/rotate',
    'GET /v1/acme/eabKeys', 'POST /v1/acme/eabKeys', 'DELETE /v1/acme/eabKeys/{id}',
    'GET /v1/account/close/code', 'POST /v1/account/close',
    'POST /v1/password', 'GET /v1/modifyEmailOrTelSendOrigin', 'POST /v1/modifyEmailOrTelOriginVerify', 'GET /v1/bindEmailOrTel', 'POST /v1/bindEmailOrTel',
    'GET /v1/modifyEmailOrTel', 'PUT /v1/modifyEmailOrTel', 'POST /updatetel', 'POST /updateemailbyemaillast', 'GET /v1/sessions', 'DELETE /v1/sessions/{id}',
    'POST /v1/sessions/revokeOthers', 'GET /v1/googleAuth/recoveryCodes', 'POST /v1/googleAuth/recoveryCodes', 'GET /v1/wechat', 'POST /v1/wechat/authorize',
    'POST /wxredirect', 'DELETE /v1/wechat',
    'GET /v1/user/subAccounts', 'POST /v1/user/subAccounts', 'PUT /v1/user/subAccounts', 'DELETE /v1/user/subAccounts', 'DELETE /v1/user/subAccounts/{id}', 'POST /v1/user/subAccounts/{id}/signOut', 'GET /v1/user/depts',
    'POST /v1/user/depts', 'PUT /v1/user/depts', 'GET /v1/user/roles', 'PUT /v1/user/roles',
    'GET /v1/user/owner/code', 'POST /v1/user/owner', 'GET /v1/member/twoStep', 'PUT /v1/member/twoStep',
    'POST /v1/withdraw',
  ],
  full: [
    'PUT /v1/inviteCode', 'POST /v1/profile', 'PUT /v1/profile', 'POST /v1/inform', 'POST /v1/realAuth', 'POST /v1/orgRealAuth',
    'POST /v1/tools/cfdns/zones', 'POST /v1/tools/cfdns/records', 'POST /v1/tools/cfdns/create', 'POST /v1/tools/report',
    'PUT /v1/siteMsg/read', 'PUT /v1/siteMsg/{id}', 'DELETE /v1/siteMsg/{id}', 'PUT /v1/siteMsg/announcement/{id}', 'DELETE /v1/siteMsg/announcement/{id}',
    'POST /dm-serv/v1/dns/zones', 'DELETE /dm-serv/v1/dns/zones/{zone}', 'POST /dm-serv/v1/dns/zones/{zone}/check', 'POST /dm-serv/v1/domains/records',
    'POST /dm-serv/v1/domains/recordsDel', 'POST /dm-serv/v1/dns/zones/{zone}/rollback', 'POST /dm-serv/v1/dns/zones/{zone}/import', 'POST /dm-serv/v1/dns/batch',
    'POST /v1/invoiceOrganizations', 'PUT /v1/invoiceOrganizations', 'DELETE /v1/invoiceOrganizations/{id}', 'POST /v1/invoiceContacts',
    'PUT /v1/invoiceContacts', 'DELETE /v1/invoiceContacts/{id}', 'POST /v1/invoices', 'DELETE /v1/invoices/{id}',
    'POST /v1/discovery/profiles', 'PUT /v1/discovery/profiles/{id}', 'POST /v1/discovery/profiles/{id}/scan', 'POST /v1/discovery/targets',
    'POST /v1/discovery/targets/fromOrders', 'POST /v1/discovery/targets/fromZones', 'DELETE /v1/discovery/targets/{id}',
  ],
  orders: [
    'POST /v1/contacts', 'PUT /v1/contacts', 'DELETE /v1/contacts/{id}', 'POST /v1/organizations', 'PUT /v1/organizations', 'DELETE /v1/organizations/{id}',
    'POST /v1/organizations/qiChaCha', 'POST /v1/emailDnsEmails', 'PUT /v1/emailDnsEmails', 'DELETE /v1/emailDnsEmails/{id}', 'POST /v1/orders/price/{productNo}',
    'POST /v1/orders/certificate/{productNo}', 'POST /v1/orders/free', 'POST /v1/csr/generate', 'POST /v1/csr/save', 'POST /v1/csr/batchSave',
    'POST /v1/orders/cancel', 'PUT /v1/orders/remark/{orderNo}', 'POST /v1/orders/reCommit/{orderNo}', 'POST /v1/orders/domainList/{orderNo}',
    'POST /v1/orders/dcv', 'PUT /v1/orders/dcv', 'PUT /v1/orders/dcvAutopilot/{orderNo}', 'PUT /v1/orders/reSendDcvEmail/{id}', 'PUT /v1/orders/verifyDomains/{id}', 'POST /v1/mssl/domains',
    'POST /v1/cert/pfx', 'POST /v1/cert/jks', 'POST /v1/orders/download/{orderNo}', 'POST /v1/orders/reSignPrice/{id}', 'POST /v1/orders/reSign',
    'POST /v1/orders/batch', 'POST /v1/orders/batch/certs', 'POST /v1/orders/batch/verify', 'POST /v1/orders/batch/hashValues', 'POST /v1/orders/pay',
    'POST /v1/orders/paypal/capture', 'POST /v1/deposit', 'POST /v1/orders/batch/pay', 'POST /createorderrenew',
    // Domains: buying, renewing, transferring and managing names is ordering.
    'POST /dm-serv/v1/carts', 'PUT /dm-serv/v1/carts/{id}', 'DELETE /dm-serv/v1/carts/{id}', 'POST /dm-serv/v1/pay',
    'POST /dm-serv/v1/contacts', 'PUT /dm-serv/v1/contacts/{id}', 'DELETE /dm-serv/v1/contacts/{id}', 'PUT /dm-serv/v1/domainLock', 'PUT /dm-serv/v1/domains/forSale', 'POST /dm-serv/v1/domains/authCode',
    'PUT /dm-serv/v1/orders/remark', 'PUT /dm-serv/v1/domains/nameservers', 'POST /dm-serv/v1/orders/renew',
    'POST /dm-serv/v1/transferIn', 'POST /dm-serv/v1/transferOut/{id}', 'POST /dm-serv/v1/groups', 'PUT /dm-serv/v1/groups/{id}',
    'DELETE /dm-serv/v1/groups/{id}', 'POST /dm-serv/v1/groups/addDomain/{id}', 'POST /dm-serv/v1/groups/delDomain/{id}', 'POST /dm-serv/v1/batch',
    'POST /v1/certPkg',
  ],
  read: [
    'GET /v1/account/manage', 'GET /v1/siteMsg', 'GET /v1/siteMsg/summary', 'GET /v1/siteMsg/announcement', 'GET /v1/dashboard',
    'POST /verify_token', 'GET /v1/account', 'POST /v1/account', 'GET /v1/inviteCode', 'GET /v1/profile', 'GET /v1/profile/progress', 'GET /v1/inform', 'GET /v1/accountLogs',
    'GET /v1/accountLogs/export', 'GET /v1/realAuth', 'GET /v1/orgRealAuth', 'GET /v1/orgRealAuth/{id}', 'GET /v1/inviteCondition', 'GET /v1/contacts',
    'GET /v1/organizations', 'GET /v1/organizations/{id}', 'GET /v1/emailDnsEmails', 'GET /v1/products', 'GET /v1/orders', 'GET /v1/orders/detail/{id}',
    'GET /v1/orders/status/{id}', 'GET /v1/orders/count', 'GET /v1/orders/domainList/{orderNo}', 'GET /v1/autoDetectDomain', 'GET /v1/orders/dcvAutopilot', 'GET /v1/orders/org/{id}/domains',
    'GET /v1/mssl/domains', 'GET /v1/orders/cert/{orderNo}', 'GET /v1/orders/download/{orderNo}', 'GET /v1/orders/batch/download', 'GET /v1/orders/reSign/records',
    'GET /v1/orders/payWays', 'GET /v1/deposit/{id}', 'GET /v1/payments/{id}', 'GET /v1/orders/batch/pay/queues', 'GET /v1/orders/batch/pay/status', 'GET /v1/creditChangeRecords',
    'GET /v1/tools/report', 'GET /v1/tools/report/{id}', 'GET /v1/orders/renewTicket/{orderNo}',
    // Prices and availability are reads, though asked by POST (lists of names).
    'POST /dm-serv/v1/domains/available', 'POST /dm-serv/v1/orders/renew/price', 'POST /dm-serv/v1/transferIn/price',
    'GET /dm-serv/v1/tld', 'GET /dm-serv/v1/domains/suggest', 'GET /dm-serv/v1/carts', 'GET /dm-serv/v1/contacts', 'GET /dm-serv/v1/domains',
    'GET /dm-serv/v1/domains/{orderNo}', 'GET /dm-serv/v1/orders/renew/records', 'GET /dm-serv/v1/orders', 'GET /dm-serv/v1/transferIn',
    'GET /dm-serv/v1/transferOut', 'GET /dm-serv/v1/groups', 'GET /dm-serv/v1/batch', 'GET /dm-serv/v1/batch/{id}',
    'GET /dm-serv/v1/dns/zones', 'GET /dm-serv/v1/dns/zones/{zone}/records', 'GET /dm-serv/v1/dns/zones/{zone}/history', 'GET /dm-serv/v1/dns/zones/{zone}/export',
    'GET /v1/user/me', 'GET /v1/user/auditLogs', 'GET /v1/user/auditLogs/export',
    'GET /v1/creditChangeRecords/export', 'GET /v1/transactions', 'GET /v1/transactions/monthlyConsumption', 'GET /v1/transactions/export',
    'GET /v1/transactions/reconciliation', 'GET /v1/invoiceOrganizations', 'GET /v1/invoiceContacts', 'GET /v1/invoices', 'GET /v1/invoices/{id}/pdf',
    'GET /v1/withdraw', 'GET /v1/certPkg', 'GET /v1/products/myPrices',
    'GET /v1/discovery/dashboard', 'GET /v1/discovery/profiles', 'GET /v1/discovery/targets', 'GET /v1/discovery/certs', 'GET /v1/discovery/certs/export',
    'GET /v1/discovery/certs/{id}', 'GET /v1/discovery/ct', 'GET /v1/discovery/ct/export',
  ],
};

let t: TestApp;
type Answer = { status: number; headers: Record<string, unknown>; body: { code: number; data: unknown; msg: string; errors?: Record<string, string> } };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Calls as an API client does: `Authorization: Bearer <key>` only (or the `token` header, as sessions send it). */
function withKey(key: string, how: 'bearer' | 'token' = 'bearer') {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang?: 'zh' | 'en'): Promise<Answer> => {
    const headers: Record<string, string> = how === 'bearer' ? { authorization: `Bearer ${key}` } : { token: key };
    if (lang) headers.lang = lang;
    const r = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: r.statusCode, headers: r.headers, body: r.json() };
  };
  return {
    get: (url: string, lang?: 'zh' | 'en') => call('GET', url, undefined, lang),
    post: (url: string, payload: object, lang?: 'zh' | 'en') => call('POST', url, payload, lang),
    put: (url: string, payload: object, lang?: 'zh' | 'en') => call('PUT', url, payload, lang),
    del: (url: string, lang?: 'zh' | 'en') => call('DELETE', url, undefined, lang),
  };
}

type Key = { id: number; name: string; scope: string; prefix: string; createdAt: string; rotatedAt: string; lastUsedAt: string; lastUsedIp: string };

async function developer(balance = 0) {
  const a = balance ? await fundedAccount(t.app, balance) : await newAccount(t.app);
  const me = client(t.app, a.token);
  expect((await me.post('/v1/developer', { agree: true })).body.code).toBe(200);
  const make = async (scope: 'read' | 'orders' | 'full', name = `${scope} key`) => {
    const r = await me.post('/v1/apiKey', { name, scope });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data as { key: Key; secret: string };
  };
  return { ...a, me, make };
}

const logOf = async (accountId: number) =>
  t.app.db.query<{ kind: string; action: string; params: Record<string, string> }>(`SELECT kind, action, params FROM account_log WHERE account_id = $1 ORDER BY id`, [accountId]);

describe('developer and keys', () => {
  it('becomes a developer after agreeing to the terms, then creates, lists, renames, rotates and revokes keys', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    expect((await me.get('/v1/apiKey')).body).toMatchObject({ code: 200, data: { developer: false, developerSince: '', limit: apiKeyLimit, keys: [] } });
    // Not yet a developer: no key.
    const early = await me.post('/v1/apiKey', { name: 'ci', scope: 'read' });
    expect(early.body).toMatchObject({ code: 12081, msg: '请先成为开发者（同意开发者条款）再创建 API 密钥' });
    expect((await me.post('/v1/developer', {}, { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { agree: 'Read and agree to the developer terms first' } });
    expect((await me.post('/v1/developer', { agree: false })).body).toMatchObject({ code: 10001, errors: { agree: '请先阅读并同意开发者条款' } });
    const became = await me.post('/v1/developer', { agree: true });
    expect(became.body).toMatchObject({ code: 200, data: { developer: true, keys: [] } });
    expect((became.body.data as { developerSince: string }).developerSince).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Agreeing again changes nothing (one log entry).
    expect((await me.post('/v1/developer', { agree: true })).body.code).toBe(200);

    const created = await me.post('/v1/apiKey', { name: '  deploy bot ', scope: 'orders' });
    expect(created.body.code).toBe(200);
    const { key, secret } = created.body.data as { key: Key; secret: string };
    expect(secret).toHaveLength(apiKeyLength);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ name: 'deploy bot', scope: 'orders', lastUsedAt: '', rotatedAt: '' });
    // Stored hashed: the secret is nowhere in the database.
    const [row] = await t.app.db.query<{ key_hash: string; prefix: string }>(`SELECT key_hash, prefix FROM api_keys WHERE id = $1`, [key.id]);
    expect(row!.key_hash).not.toContain(secret);
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.prefix).toBe(key.prefix);
    // Listed without the secret, ever after.
    const list = await me.get('/v1/apiKey');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.data).toMatchObject({ developer: true, keys: [{ id: key.id, name: 'deploy bot', scope: 'orders', prefix: key.prefix }] });

    const renamed = await me.put(`/v1/apiKey/${key.id}`, { name: 'deploy', scope: 'read' });
    expect(renamed.body).toMatchObject({ code: 200, data: { id: key.id, name: 'deploy', scope: 'read' } });

    const rotated = await me.post(`/v1/apiKey/${key.id}/rotate`, {});
    expect(rotated.body.code).toBe(200);
    const next = rotated.body.data as { key: Key; secret: string };
    expect(next.secret).not.toBe(secret);
    expect(next.key).toMatchObject({ id: key.id, name: 'deploy', scope: 'read' });
    expect(next.key.rotatedAt).not.toBe('');
    expect((await withKey(secret).get('/v1/orders')).status).toBe(401);
    expect((await withKey(next.secret).get('/v1/orders')).body.code).toBe(200);

    expect((await me.del(`/v1/apiKey/${key.id}`)).body.code).toBe(200);
    expect((await me.get('/v1/apiKey')).body.data).toMatchObject({ keys: [] });
    expect((await me.del(`/v1/apiKey/${key.id}`)).body).toMatchObject({ code: 10004, msg: 'API 密钥不存在或已吊销' });

    const log = await logOf(a.id);
    expect(log.map((l) => l.action)).toEqual(['security.developer', 'security.apiKey.create', 'security.apiKey.update', 'security.apiKey.rotate', 'apiKey.use', 'security.apiKey.revoke']);
    const titles = (await me.get('/v1/accountLogs?kind=security', { lang: 'en' })).body.data as { data: { title: string }[] };
    expect(titles.data.map((x) => x.title)).toContain(`Created API key deploy bot (${key.prefix}…, scope orders)`);
    expect(titles.data.map((x) => x.title)).toContain(`Revoked API key deploy (${next.key.prefix}…)`);
  });

  it.each([
    [{ scope: 'read' }, 'zh', 'name', '请填写密钥名称（1~50 个字符）'],
    [{ name: '   ', scope: 'read' }, 'en', 'name', 'Name the key (1-50 characters)'],
    [{ name: 'x'.repeat(51), scope: 'read' }, 'en', 'name', 'name must be at most 50 characters'],
    [{ name: 'ci' }, 'zh', 'scope', '权限范围只能是 read（只读）、orders（订单）或 full（完全）'],
    [{ name: 'ci', scope: 'admin' }, 'en', 'scope', 'The scope must be read, orders or full'],
  ])('refuses the key %j (%s) and creates nothing', async (body, lang, field, msg) => {
    const d = await developer();
    const r = await d.me.post('/v1/apiKey', body, { lang: lang as 'zh' | 'en' });
    expect(r.body.code).toBe(10001);
    expect(r.body.errors?.[field]).toBe(msg);
    expect((await d.me.get('/v1/apiKey')).body.data).toMatchObject({ keys: [] });
  });

  it('refuses a bad id, an empty change, and another account\'s key (which stays as it was)', async () => {
    const alice = await developer();
    const bob = await developer();
    const { key, secret } = await alice.make('full', 'alice');
    expect((await bob.me.put(`/v1/apiKey/${key.id}`, { name: 'mine' })).body).toMatchObject({ code: 10004, msg: 'API 密钥不存在或已吊销' });
    expect((await bob.me.post(`/v1/apiKey/${key.id}/rotate`, {})).body.code).toBe(10004);
    expect((await bob.me.del(`/v1/apiKey/${key.id}`, { lang: 'en' })).body).toMatchObject({ code: 10004, msg: 'No such API key, or it has been revoked' });
    expect((await bob.me.put('/v1/apiKey/abc', { name: 'x' }, { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { id: 'Invalid API key id' } });
    expect((await alice.me.put(`/v1/apiKey/${key.id}`, {})).body).toMatchObject({ code: 10001, errors: { name: '请提供要修改的名称或权限范围' } });
    expect((await alice.me.get('/v1/apiKey')).body.data).toMatchObject({ keys: [{ id: key.id, name: 'alice', scope: 'full' }] });
    expect((await withKey(secret).get('/v1/account')).body.code).toBe(200);
  });

  it(`holds at most ${apiKeyLimit} keys at once`, async () => {
    const d = await developer();
    await Promise.all(Array.from({ length: apiKeyLimit }, (_, i) => d.make('read', `k${i}`)));
    const r = await d.me.post('/v1/apiKey', { name: 'one more', scope: 'read' }, { lang: 'en' });
    expect(r.body).toMatchObject({ code: 12082, msg: `An account may hold at most ${apiKeyLimit} API keys at once: revoke one you no longer use first` });
  });
});

describe('calling the API with a key', () => {
  it('reads the orders as the session does, by Bearer or by the token header, and records last use once a minute', async () => {
    const d = await developer();
    const orderNo = await payableOrder(t.app, d.id, 1000);
    const { key, secret } = await d.make('read');
    const bySession = await d.me.get('/v1/orders');
    const byKey = await withKey(secret).get('/v1/orders');
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(bySession.body);
    expect(JSON.stringify(byKey.body)).toContain(orderNo);
    // A key is never echoed back the way a session token is.
    expect(byKey.headers.authorization).toBeUndefined();
    expect((await withKey(secret, 'token').get(`/v1/orders/status/${orderNo}`)).body).toMatchObject({ code: 200, data: { orderStatus: 1001 } });
    expect((await withKey(secret).get('/v1/account')).body).toMatchObject({ code: 200, data: { accountInfo: { accountNo: expect.any(String) } } });

    const listed = ((await d.me.get('/v1/apiKey')).body.data as { keys: Key[] }).keys[0]!;
    expect(listed.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Three calls, one log entry and one write: the minute has not passed.
    const uses = (await logOf(d.id)).filter((l) => l.action === 'apiKey.use');
    expect(uses).toHaveLength(1);
    expect(uses[0]!.params).toMatchObject({ name: 'read key', prefix: key.prefix, call: 'GET /v1/orders' });
    // A minute later (moved back in the database), the next call writes again.
    await t.app.db.query(`UPDATE api_keys SET last_used_at = now() - interval '61 seconds' WHERE id = $1`, [key.id]);
    await withKey(secret).get('/v1/orders/count');
    expect((await logOf(d.id)).filter((l) => l.action === 'apiKey.use')).toHaveLength(2);
    const log = (await d.me.get('/v1/accountLogs?kind=signin', { lang: 'en' })).body.data as { data: { title: string }[] };
    expect(log.data.map((x) => x.title)).toContain(`API key read key (${key.prefix}…) called GET /v1/orders/count`);
  });

  it('refuses what the scope does not allow with a precise message, and changes nothing', async () => {
    const d = await developer(100_000);
    const orderNo = await payableOrder(t.app, d.id, 1000);
    const read = withKey((await d.make('read')).secret);
    const orders = withKey((await d.make('orders')).secret);
    const full = withKey((await d.make('full')).secret);
    const before = await balanceOf(t.app, d.id);

    const pay = await read.post('/v1/orders/pay', { payWay: 'balance', orderNo });
    expect(pay.status).toBe(403);
    expect(pay.body).toEqual({ code: 12080, data: null, msg: '此 API 密钥的权限范围为“只读”，不能调用 POST /v1/orders/pay：该调用需要权限范围为“订单”或“完全”的密钥' });
    const contact = await read.post('/v1/contacts', validContact, 'en');
    expect(contact.body.msg).toBe('This API key\'s scope is "read-only", which does not allow POST /v1/contacts: that call needs a key with scope "orders" or "full"');
    expect(await orderStatusOf(t.app, orderNo)).toBe(1001);
    expect(await balanceOf(t.app, d.id)).toBe(before);
    expect((await d.me.get('/v1/contacts')).body.data).toMatchObject({ total: 0 });

    const profile = await orders.put('/v1/profile', { lastname: '张', firstname: '三', nationCode: 'CN', province: '北京', city: '北京', address: '朝阳区' }, 'en');
    expect(profile).toMatchObject({ status: 403, body: { code: 12080, msg: 'This API key\'s scope is "orders", which does not allow PUT /v1/profile: that call needs a key with scope "full"' } });
    expect((await d.me.get('/v1/profile')).body.data).toMatchObject({ lastname: '' });

    // Within scope, the same calls go through.
    expect((await orders.post('/v1/contacts', validContact)).body.code).toBe(200);
    expect((await orders.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body).toMatchObject({ code: 200, data: { status: 'paid' } });
    expect(await orderStatusOf(t.app, orderNo)).toBe(1002);
    expect((await full.put('/v1/inviteCode', { inviteCode: `dev${d.id}x` })).body.code).toBe(200);
  });

  it('never lets a key, whatever its scope, manage keys, credentials, second step or sessions', async () => {
    const d = await developer();
    const { key, secret } = await d.make('full');
    const full = withKey(secret);
    const refused = [
      await full.post('/v1/apiKey', { name: 'minted', scope: 'full' }),
      await full.get('/v1/apiKey'),
      await full.post(`/v1/apiKey/${key.id}/rotate`, {}),
      await full.put(`/v1/apiKey/${key.id}`, { scope: 'full' }),
      await full.del(`/v1/apiKey/${key.id}`),
      await full.post('/v1/developer', { agree: true }),
      await full.get('/v1/googleAuth'),
      await full.post('/v1/twoStepAuth', { authType: 'email', status: 'N' }),
      await full.get('/v1/twoStepAuthCode?authType=email'),
      await full.get('/v1/logout'),
    ];
    for (const r of refused) expect(r).toMatchObject({ status: 403, body: { code: 12080 } });
    expect(refused[0]!.body.msg).toBe('API 密钥不能调用 POST /v1/apiKey：管理 API 密钥、修改密码与账户安全设置、注销账户只能登录控制台后操作');
    const en = await full.post('/v1/apiKey', { name: 'minted', scope: 'full' }, 'en');
    expect(en.body.msg).toBe('An API key cannot call POST /v1/apiKey: managing API keys, changing the password or security settings and closing the account are done signed in to the console');
    // Nothing was minted, rotated or revoked, and the key still works.
    const [n] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1`, [d.id]);
    expect(n!.n).toBe(1);
    expect((await d.me.get('/v1/apiKey')).body.data).toMatchObject({ keys: [{ id: key.id, prefix: key.prefix }] });
    expect((await full.post('/verify_token', {})).body).toMatchObject({ code: 200, data: { valid: true } });
  });

  it('refuses a revoked key, an unknown key and a key of an account no longer a developer or closed at once (HTTP 401)', async () => {
    const d = await developer();
    const { key, secret } = await d.make('read');
    expect((await withKey(secret).get('/v1/orders')).status).toBe(200);
    await d.me.del(`/v1/apiKey/${key.id}`);
    const revoked = await withKey(secret).get('/v1/orders', 'en');
    expect(revoked).toMatchObject({ status: 401, body: { code: 401 } });
    // Same length and prefix, not a key.
    expect((await withKey(`chk_${'A'.repeat(apiKeyLength - 4)}`).get('/v1/orders')).status).toBe(401);
    const other = await d.make('read', 'second');
    const third = await d.make('read', 'third');
    await t.app.db.query(`UPDATE accounts SET developer_at = NULL WHERE id = $1`, [d.id]);
    expect((await withKey(other.secret).get('/v1/orders')).status).toBe(401);
    // A closed account's keys end with it (closing is in /account/manage).
    await t.app.db.query(`UPDATE accounts SET developer_at = now(), closed_at = now() WHERE id = $1`, [d.id]);
    expect((await withKey(third.secret).get('/v1/orders')).status).toBe(401);
  });

  it('states in the API reference which scopes may make each signed-in call, and the key scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string; description?: string }> };
      paths: Record<string, Record<string, { security?: object[]; 'x-api-key-scopes'?: string[]; description?: string }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/v1/orders']!.get).toMatchObject({ security: [{ token: [] }, { apiKey: [] }], 'x-api-key-scopes': ['read', 'orders', 'full'] });
    expect(doc.paths['/v1/orders/pay']!.post!['x-api-key-scopes']).toEqual(['orders', 'full']);
    expect(doc.paths['/v1/profile']!.put!['x-api-key-scopes']).toEqual(['full']);
    expect(doc.paths['/v1/apiKey']!.post).toMatchObject({ security: [{ token: [] }], 'x-api-key-scopes': [] });
    expect(doc.paths['/v1/apiKey']!.post!.description).toContain('Not open to API keys');
  });

  it('places every signed-in call of the reference in the key-scope table', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-api-key-scopes'?: string[] }>> };
    const seen: Record<string, string[]> = { read: [], orders: [], full: [], never: [] };
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [m, o] of Object.entries(ops)) {
        const scopes = o['x-api-key-scopes'];
        if (scopes) seen[scopes[0] ?? 'never']!.push(`${m.toUpperCase()} ${p}`);
      }
    }
    for (const access of ['read', 'orders', 'full', 'never'] as const) expect([...seen[access]!].sort(), access).toEqual([...keyAccessTable[access]].sort());
  });
});
