import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client, newAccount, validContact } from './purchase-helpers.ts';

let t: TestApp;
let me: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  me = client(t.app, (await newAccount(t.app)).token);
  other = client(t.app, (await newAccount(t.app)).token);
});
afterAll(() => t.close());

describe('contacts', () => {
  it('needs a session', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/contacts' });
    expect(r.statusCode).toBe(401);
  });

  it('creates, lists, filters, updates and deletes', async () => {
    const c = await me.post('/v1/contacts', validContact);
    expect(c.body).toMatchObject({ code: 200 });
    const id = (c.body.data as { id: number }).id;
    await me.post('/v1/contacts', { ...validContact, lastname: 'Smith', firstname: 'John' }, { form: true });

    const all = await me.get('/v1/contacts?limit=1000&offset=1');
    expect(all.body.data).toMatchObject({ total: 2 });
    const byName = await me.get('/v1/contacts?lastname=smi');
    expect(byName.body.data).toMatchObject({ total: 1, data: [{ lastname: 'Smith', firstname: 'John', idCard: '' }] });
    const byFirst = await me.get(`/v1/contacts?firstname=${encodeURIComponent('三')}`);
    expect(byFirst.body.data).toMatchObject({ total: 1, data: [{ id, lastname: '张', position: '运维', email: 'zhang.san@example.com', telephone: '13912345678' }] });
    const page2 = await me.get('/v1/contacts?limit=1&offset=2');
    expect(page2.body.data).toMatchObject({ total: 2, data: [{ id }] });

    const u = await me.put('/v1/contacts', { ...validContact, id, position: 'CTO', idCard: '110101199001011234' });
    expect(u.body.code).toBe(200);
    const after = await me.get('/v1/contacts?firstname=三');
    expect(after.body.data).toMatchObject({ data: [{ position: 'CTO', idCard: '110101199001011234' }] });

    expect((await me.del(`/v1/contacts/${id}`)).body.code).toBe(200);
    expect((await me.get('/v1/contacts')).body.data).toMatchObject({ total: 1 });
    expect((await me.del(`/v1/contacts/${id}`)).body.code).toBe(10004);
  });

  it.each([
    ['lastname', { lastname: '' }, '此项为必填项', 'This field is required'],
    ['firstname', { firstname: '  ' }, '此项为必填项', 'This field is required'],
    ['position', { position: '' }, '此项为必填项', 'This field is required'],
    ['email', { email: 'not-an-email' }, '邮箱格式不正确', 'Email format incorrect'],
    ['telephone', { telephone: '12345' }, '电话格式不正确', 'Phone number format incorrect'],
  ])('refuses a bad %s in zh and en', async (field, change, zh, en) => {
    const z = await me.post('/v1/contacts', { ...validContact, ...change });
    expect(z.body).toMatchObject({ code: 10001, msg: zh, errors: { [field]: zh } });
    const e = await me.post('/v1/contacts', { ...validContact, ...change }, { lang: 'en' });
    expect(e.body).toMatchObject({ code: 10001, msg: en, errors: { [field]: en } });
  });

  it('refuses a missing field', async () => {
    const { telephone: _t, ...rest } = validContact;
    const r = await me.post('/v1/contacts', rest);
    expect(r.body).toMatchObject({ code: 10001, errors: { telephone: '电话格式不正确' } });
  });

  it("keeps another account's contacts invisible and unchangeable", async () => {
    const mine = (await me.post('/v1/contacts', { ...validContact, lastname: 'Private' })).body.data as { id: number };
    const list = await other.get('/v1/contacts?lastname=Private');
    expect(list.body.data).toEqual({ data: [], total: 0 });
    const u = await other.put('/v1/contacts', { ...validContact, id: mine.id, lastname: 'Hacked' }, { lang: 'en' });
    expect(u.body).toMatchObject({ code: 10004, msg: 'Record not found' });
    expect((await other.del(`/v1/contacts/${mine.id}`)).body.code).toBe(10004);
    const still = await me.get('/v1/contacts?lastname=Private');
    expect(still.body.data).toMatchObject({ total: 1, data: [{ lastname: 'Private' }] });
  });
});
