import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, readCode, sha256hex, signIn, signUpByEmail, signUpByTel } from './session-helpers.ts';

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

  it('refuses an unknown address', async () => {
    expect(await call('GET', '/changePwdSendEmail?email=nobody@example.com')).toMatchObject({ code: 12011, msg: '账号不存在' });
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

  it('refuses an unknown number and validates the fields', async () => {
    expect((await call('GET', '/changePwdSendSMS?telephone=13900000000&telPrefix=86')).code).toBe(12011);
    expect(await call('GET', '/changePwdSendSMS?telephone=')).toMatchObject({ code: 10001, msg: '手机号不能为空' });
    expect(await call('POST', '/changePwdByTel', { telephone: '13800138000', code: '12', newPwd: sha256hex('x') })).toMatchObject({ code: 10001, msg: '验证码由6位数字组成' });
    expect(await call('POST', '/changePwdByTel', { telephone: '13800138000', code: '123456' }, { lang: 'en' })).toMatchObject({ code: 10001, msg: 'Please enter the password' });
  });
});
