import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, readCode, sha256hex, signIn, signUpByEmail, signUpByTel, uniquePhone } from './session-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers, remoteAddress: freshIp() }).then((r) => r.json());
const status = (token: string) => t.app.inject({ method: 'GET', url: '/v1/account', headers: { token } }).then((r) => r.statusCode);

describe('POST /forgot_password', () => {
  it('takes the e-mail route for an address and the phone route otherwise, without saying whether it exists', async () => {
    expect(await call('POST', '/forgot_password', { username: ' Someone@Example.COM ' })).toMatchObject({ code: 200, data: { route: 'email', contact: 'someone@example.com' } });
    expect(await call('POST', '/forgot_password', { username: '138 0013 8000' })).toMatchObject({ code: 200, data: { route: 'tel', contact: '13800138000' } });
    expect(await call('POST', '/forgot_password', {}, { lang: 'en' })).toMatchObject({ code: 10001, msg: 'Please enter a phone number or email' });
  });
});

describe('reset by e-mail', () => {
  it('sets the new password and signs out every session', async () => {
    const u = await signUpByEmail(t.app);
    const other = await signIn(t.app, u.email!, u.password);
    expect((await call('GET', `/changePwdSendEmail?email=${u.email}`)).code).toBe(200);
    const code = await readCode(t.app, u.email!);
    const r = await call('POST', '/changePwdByEmail', { email: u.email!, code, newPwd: sha256hex('NewSecret#1') });
    expect(r).toMatchObject({ code: 200, data: null });
    expect(await status(u.token)).toBe(401);
    expect(await status(other)).toBe(401);
    await expect(signIn(t.app, u.email!, u.password)).rejects.toThrow(/12004/);
    expect(await status(await signIn(t.app, u.email!, 'NewSecret#1'))).toBe(200);
    // The code is used up.
    expect((await call('POST', '/changePwdByEmail', { email: u.email!, code, newPwd: sha256hex('Again#1') })).code).toBe(12006);
  });

  it('answers an address with no account exactly as one with an account, and does the same work (issue 42: no account enumeration)', async () => {
    const u = await signUpByEmail(t.app);
    const nobody = `nobody.${u.accountNo.toLowerCase()}@example.com`;
    const known = await call('GET', `/changePwdSendEmail?email=${u.email}`);
    const unknown = await call('GET', `/changePwdSendEmail?email=${nobody}`);
    expect(known).toEqual({ code: 200, data: { to: expect.stringMatching(/^\w{2}\*\*\*@example\.com$/), resendAfter: 60 }, msg: 'success' });
    expect(unknown).toEqual({ code: 200, data: { to: 'no***@example.com', resendAfter: 60 }, msg: 'success' });
    // The same code row and the same 60 s rule for both (the same locks and limits on the way).
    const rows = await t.app.db.query<{ target: string }>(`SELECT target FROM verification_codes WHERE purpose = 'reset' AND target = ANY($1) ORDER BY target`, [[`email:${u.email}`, `email:${nobody}`]]);
    expect(rows).toHaveLength(2);
    expect((await call('GET', `/changePwdSendEmail?email=${u.email}`)).code).toBe(12007);
    expect((await call('GET', `/changePwdSendEmail?email=${nobody}`)).code).toBe(12007);
    // A wrong code answers the same (it answered 12011 for the stranger); a code only ever reached the real account.
    const wrongFor = async (email: string) => call('POST', '/changePwdByEmail', { email, code: '000000', newPwd: sha256hex('x') });
    expect(await wrongFor(nobody)).toEqual(await wrongFor(u.email!));
    expect((await wrongFor(nobody)).code).toBe(12006);
    // The stranger's mailbox is told there is no account, with no code; the customer's gets the code.
    const [notice] = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${nobody}` })).json().data as { body: string }[];
    expect(notice!.body).toContain('没有账户以它登录，因此没有发送验证码');
    expect(notice!.body).not.toMatch(/\b\d{6}\b/);
    expect(await readCode(t.app, u.email!)).toMatch(/^\d{6}$/);
    expect(await call('GET', '/changePwdSendEmail?email=bad', undefined, { lang: 'en' })).toMatchObject({ code: 10001, msg: 'Email format incorrect' });
  });

  it('refuses a resend within 60 s and a wrong code', async () => {
    const u = await signUpByEmail(t.app);
    expect((await call('GET', `/changePwdSendEmail?email=${u.email}`)).code).toBe(200);
    expect((await call('GET', `/changePwdSendEmail?email=${u.email}`)).code).toBe(12007);
    const code = await readCode(t.app, u.email!);
    const wrong = code === '999999' ? '888888' : '999999';
    expect((await call('POST', '/changePwdByEmail', { email: u.email!, code: wrong, newPwd: sha256hex('x') })).code).toBe(12006);
    expect(await status(u.token)).toBe(200);
  });
});

describe('reset by phone', () => {
  it('sets the new password and signs out every session', async () => {
    const u = await signUpByTel(t.app);
    expect((await call('GET', `/changePwdSendSMS?telephone=${u.telephone}&telPrefix=86`)).code).toBe(200);
    const code = await readCode(t.app, `+86${u.telephone}`);
    expect((await call('POST', '/changePwdByTel', { telephone: u.telephone!, telPrefix: '86', code, newPwd: sha256hex('NewSecret#2') })).code).toBe(200);
    expect(await status(u.token)).toBe(401);
    expect(await status(await signIn(t.app, u.telephone!, 'NewSecret#2'))).toBe(200);
  });

  it('answers a number with no account as one with an account (no SMS is sent to it) and validates the fields', async () => {
    const u = await signUpByTel(t.app);
    const nobody = uniquePhone();
    const known = await call('GET', `/changePwdSendSMS?telephone=${u.telephone}&telPrefix=86`, undefined, { lang: 'en' });
    const unknown = await call('GET', `/changePwdSendSMS?telephone=${nobody}&telPrefix=86`, undefined, { lang: 'en' });
    expect(known).toEqual({ code: 200, data: { to: `${u.telephone!.slice(0, 3)}****${u.telephone!.slice(7)}`, resendAfter: 60 }, msg: 'success' });
    expect(unknown).toEqual({ code: 200, data: { to: `${nobody.slice(0, 3)}****${nobody.slice(7)}`, resendAfter: 60 }, msg: 'success' });
    expect((await call('GET', `/changePwdSendSMS?telephone=${nobody}&telPrefix=86`)).code).toBe(12007);
    expect((await t.app.inject({ method: 'GET', url: `/dev/outbox?to=%2B86${nobody}` })).json().data).toEqual([]);
    const wrong = { code: '000000', newPwd: sha256hex('x'), telPrefix: '86' };
    expect(await call('POST', '/changePwdByTel', { ...wrong, telephone: nobody })).toEqual(await call('POST', '/changePwdByTel', { ...wrong, telephone: u.telephone! }));
    expect(await call('GET', '/changePwdSendSMS?telephone=')).toMatchObject({ code: 10001, msg: '手机号不能为空' });
    expect(await call('POST', '/changePwdByTel', { telephone: '13800138000', code: '12', newPwd: sha256hex('x') })).toMatchObject({ code: 10001, msg: '验证码由6位数字组成' });
    expect(await call('POST', '/changePwdByTel', { telephone: '13800138000', code: '123456' }, { lang: 'en' })).toMatchObject({ code: 10001, msg: 'Please enter the password' });
  });
});
