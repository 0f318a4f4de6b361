import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount, validOrganization } from './purchase-helpers.ts';

let t: TestApp;
let me: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let meToken: string;
beforeAll(async () => {
  t = await startTestApp();
  meToken = (await newAccount(t.app)).token;
  me = client(t.app, meToken);
  other = client(t.app, (await newAccount(t.app)).token);
});
afterAll(() => t.close());

describe('organizations', () => {
  it('creates with POST, answers both readings, defaults the incorporation date', async () => {
    const c = await me.post('/v1/organizations', validOrganization);
    expect(c.body.code).toBe(200);
    const id = (c.body.data as { id: number }).id;
    const one = await me.get(`/v1/organizations/${id}`);
    expect(one.body.data).toMatchObject({
      id, name: validOrganization.orgName, orgName: validOrganization.orgName, creditCode: validOrganization.creditCode,
      country: 'CN', nationCode: 'CN', locality: '北京市', city: '北京市', registryAddr: validOrganization.address,
      address: validOrganization.address, postalCode: '100000', telephone: '010-12345678', digicertID: '', digicertCnID: '',
      dateOfIncorporation: '2019-01-01',
    });
  });

  it('accepts form bodies, the optional digicert ids and a given date', async () => {
    const c = await me.post('/v1/organizations', { ...validOrganization, orgName: 'Form Corp', digicertID: 'D1', dateOfIncorporation: '2020-05-06' }, { form: true });
    const id = (c.body.data as { id: number }).id;
    expect((await me.get(`/v1/organizations/${id}`)).body.data).toMatchObject({ orgName: 'Form Corp', digicertID: 'D1', dateOfIncorporation: '2020-05-06' });
  });

  it('POST without company fields is the list query; GET lists too, filtered by name', async () => {
    await me.post('/v1/organizations', { ...validOrganization, orgName: 'Acme Widgets' });
    const byPost = await me.post('/v1/organizations', { limit: 10, offset: 1, name: 'acme' });
    expect(byPost.body.data).toMatchObject({ total: 1, data: [{ name: 'Acme Widgets' }] });
    const byPostForm = await me.post('/v1/organizations', { limit: '1', offset: '1' }, { form: true });
    expect(byPostForm.body.data).toMatchObject({ total: 3 });
    expect((byPostForm.body.data as { data: unknown[] }).data).toHaveLength(1);
    const bare = await t.app.inject({ method: 'POST', url: '/v1/organizations', headers: { token: meToken } });
    expect(bare.json().data).toMatchObject({ total: 3 });
    const byGet = await me.get('/v1/organizations?limit=1000&offset=1');
    expect(byGet.body.data).toMatchObject({ total: 3 });
    // Newest first: the purchase flow selects the first item.
    expect((byGet.body.data as { data: { name: string }[] }).data[0]!.name).toBe('Acme Widgets');
  });

  it.each(['orgName', 'creditCode', 'nationCode', 'province', 'city', 'postalCode', 'address', 'telephone'])('requires %s (zh and en)', async (field) => {
    const z = await me.post('/v1/organizations', { ...validOrganization, [field]: '' });
    expect(z.body).toMatchObject({ code: 10001, msg: '此项为必填项', errors: { [field]: '此项为必填项' } });
    const { [field as keyof typeof validOrganization]: _gone, ...rest } = validOrganization;
    const e = await me.post('/v1/organizations', rest, { lang: 'en' });
    expect(e.body).toMatchObject({ code: 10001, errors: { [field]: 'This field is required' } });
  });

  it('updates and deletes its own; another account sees and changes nothing', async () => {
    const id = ((await me.post('/v1/organizations', { ...validOrganization, orgName: 'Mine Ltd' })).body.data as { id: number }).id;
    expect((await me.put('/v1/organizations', { ...validOrganization, id, orgName: 'Mine Renamed Ltd' })).body.code).toBe(200);
    expect((await me.get(`/v1/organizations/${id}`)).body.data).toMatchObject({ name: 'Mine Renamed Ltd' });

    expect((await other.get(`/v1/organizations/${id}`)).body.code).toBe(10004);
    expect((await other.get('/v1/organizations?name=Mine')).body.data).toEqual({ data: [], total: 0 });
    expect((await other.post('/v1/organizations', { name: 'Mine' })).body.data).toEqual({ data: [], total: 0 });
    expect((await other.put('/v1/organizations', { ...validOrganization, id })).body.code).toBe(10004);
    expect((await other.del(`/v1/organizations/${id}`)).body.code).toBe(10004);

    expect((await me.del(`/v1/organizations/${id}`)).body.code).toBe(200);
    expect((await me.get(`/v1/organizations/${id}`)).body.code).toBe(10004);
  });

  describe('qiChaCha lookup', () => {
    it('finds a seeded company by a fragment, case-insensitively', async () => {
      const r = await me.post('/v1/organizations/qiChaCha', { orgName: 'microsoft' });
      expect(r.body).toMatchObject({
        code: 200,
        data: { name: 'Microsoft Corporation', country: 'US', province: 'Washington', locality: 'Redmond', postalCode: '98052' },
      });
      const cn = await me.post('/v1/organizations/qiChaCha', { orgName: '腾讯' }, { form: true });
      expect(cn.body.data).toMatchObject({ name: '腾讯科技（深圳）有限公司', creditCode: '9144030071526726XG', country: 'CN', locality: '深圳市' });
    });

    it('answers NOT_FOUND with a message when nothing matches', async () => {
      const z = await me.post('/v1/organizations/qiChaCha', { orgName: 'Nonexistent Holdings' });
      expect(z.body).toMatchObject({ code: 10004, errors: { orgName: '未查询到该公司的信息' } });
      const e = await me.post('/v1/organizations/qiChaCha', { orgName: 'Nonexistent Holdings' }, { lang: 'en' });
      expect(e.body).toMatchObject({ code: 10004, errors: { orgName: 'No company found with that name' } });
      const empty = await me.post('/v1/organizations/qiChaCha', { orgName: '' });
      expect(empty.body).toMatchObject({ code: 10001, errors: { orgName: '此项为必填项' } });
    });
  });
});
