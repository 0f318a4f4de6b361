import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, sha256hex, signIn, signUpByEmail, solveCaptcha, uniqueEmail } from './session-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const demo = { username: 'demo@certhub.local', password: 'Demo@2026' };

describe('POST /login', () => {
  it('signs in by e-mail: authorization header, the account, a hashed session', async () => {
    const u = await signUpByEmail(t.app);
    const token = await signIn(t.app, u.email!.toUpperCase(), u.password);
    const rows = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1`, [sha256hex(token)]);
    expect(rows[0]!.n).toBe(1);
    const none = await t.app.db.query(`SELECT 1 FROM sessions WHERE token_hash = $1`, [token]);
    expect(none).toHaveLength(0);
    const me = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token, authorization: token } });
    expect(me.json().data.accountInfo).toMatchObject({ accountNo: u.accountNo, email: u.email, balance: 0, expiredOrdersTotal: 0 });
  });

  it('signs in by phone number, with or without the prefix', async () => {
    await signIn(t.app, '13800138000', demo.password);
    const captcha = await solveCaptcha(t.app, '13800138000', '86');
    const r = await t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=13800138000&telPrefix=86&password=${sha256hex(demo.password)}&captchaToken=${captcha}`,
    });
    expect(r.json().code).toBe(200);
    expect(r.json().data.accountInfo.accountNo).toBe('A10000001');
  });

  it('shows the previous sign-in as lastLoginIP / lastLoginTime', async () => {
    const u = await signUpByEmail(t.app);
    // Sign-up is the first sign-in; the next one reports it.
    const first = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token: u.token } });
    expect(first.json().data).toMatchObject({ lastLoginIP: '', lastLoginTime: '' });
    const token = await signIn(t.app, u.email!, u.password, { ip: '10.9.8.7' });
    const second = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token } });
    expect(second.json().data.lastLoginIP).toMatch(/^10\./);
    expect(second.json().data.lastLoginIP).not.toBe('10.9.8.7');
    expect(second.json().data.lastLoginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const third = await signIn(t.app, u.email!, u.password);
    const r3 = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token: third } });
    expect(r3.json().data.lastLoginIP).toBe('10.9.8.7');
  });

  it('refuses a wrong password, and an unknown account the same way', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: freshIp(),
      payload: { username: demo.username, password: sha256hex('nope'), captchaToken: await solveCaptcha(t.app, demo.username) },
    });
    expect(wrong.json()).toEqual({ code: 12004, data: null, msg: '账号或密码错误' });
    expect(wrong.headers.authorization).toBeUndefined();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: freshIp(),
      headers: { lang: 'en' },
      payload: { username: 'nobody@example.com', password: sha256hex('nope'), captchaToken: await solveCaptcha(t.app, 'nobody@example.com') },
    });
    expect(unknown.json()).toEqual({ code: 12004, data: null, msg: 'Wrong account or password' });
  });

  it.each([
    [{ password: sha256hex('x') }, 'zh', 'username', '请填写手机号或邮箱'],
    [{ username: '', password: sha256hex('x') }, 'en', 'username', 'Please enter a phone number or email'],
    [{ username: 'a@b.cn' }, 'zh', 'password', '请填写密码'],
    [{ username: 'a@b.cn', password: '' }, 'en', 'password', 'Please enter the password'],
    [{ username: 'a@b.cn', password: 'plain-text' }, 'zh', 'password', '密码须以 SHA-256 摘要发送'],
  ])('validates %j (%s)', async (payload, lang, field, msg) => {
    const r = await t.app.inject({ method: 'POST', url: '/login', payload, headers: { lang } });
    expect(r.json()).toMatchObject({ code: 10001, msg, errors: { [field]: msg } });
  });
});

describe('sign-in throttling', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ CAPTCHA: 'off' });
  });
  afterAll(() => off.close());
  const attempt = (username: string, password: string, ip: string, lang = 'zh') =>
    off.app.inject({ method: 'POST', url: '/login', remoteAddress: ip, headers: { lang }, payload: { username, password: sha256hex(password) } }).then((r) => r.json());

  it('stops an account after 5 failures in 15 minutes, even with the right password, from any address', async () => {
    const u = await signUpByEmail(off.app);
    for (let i = 0; i < 5; i++) expect((await attempt(u.email!, 'wrong', freshIp())).code).toBe(12004);
    expect(await attempt(u.email!, u.password, freshIp())).toMatchObject({ code: 12008, msg: '尝试次数过多，请15分钟后再试' });
    expect(await attempt(u.email!, u.password, freshIp(), 'en')).toMatchObject({ code: 12008, msg: 'Too many attempts, please try again in 15 min' });
    // The window is kept in the database: once the failures are old enough the account opens again.
    // (Counted against the account the name reaches, whichever name that is.)
    await off.app.db.query(`UPDATE rate_events SET at = now() - interval '16 minutes' WHERE key = 'login:acct:id:' || (SELECT id FROM accounts WHERE account_no = $1)`, [u.accountNo]);
    expect((await attempt(u.email!, u.password, freshIp())).code).toBe(200);
  });

  it('forgets the failures of an account after a successful sign-in', async () => {
    const u = await signUpByEmail(off.app);
    for (let i = 0; i < 4; i++) await attempt(u.email!, 'wrong', freshIp());
    expect((await attempt(u.email!, u.password, freshIp())).code).toBe(200);
    for (let i = 0; i < 4; i++) await attempt(u.email!, 'wrong', freshIp());
    expect((await attempt(u.email!, u.password, freshIp())).code).toBe(200);
  });

  it('stops an address after 20 failures, whatever accounts it tries', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await attempt(uniqueEmail('probe'), 'wrong', ip)).code).toBe(12004);
    expect((await attempt('demo@certhub.local', 'Demo@2026', ip)).code).toBe(12008);
    expect((await attempt('demo@certhub.local', 'Demo@2026', freshIp())).code).toBe(200);
  });
});

describe('signed-in session', () => {
  it('POST /verify_token answers the account for a good token and 401 otherwise', async () => {
    const token = await signIn(t.app, demo.username, demo.password);
    const r = await t.app.inject({ method: 'POST', url: '/verify_token', headers: { authorization: `Bearer ${token}` } });
    expect(r.json()).toMatchObject({ code: 200, data: { valid: true, accountNo: 'A10000001' } });
    expect(r.headers.authorization).toBe(token);
    const none = await t.app.inject({ method: 'POST', url: '/verify_token' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, msg: '登录已失效，请重新登录' });
    expect((await t.app.inject({ method: 'POST', url: '/verify_token', headers: { token: 'forged' } })).statusCode).toBe(401);
  });

  it('an expired session is 401', async () => {
    const token = await signIn(t.app, demo.username, demo.password);
    await t.app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256hex(token)]);
    const r = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token } });
    expect(r.statusCode).toBe(401);
  });

  it('a session in use slides: its expiry moves a week ahead, written at most once a minute', async () => {
    const token = await signIn(t.app, demo.username, demo.password);
    const hash = sha256hex(token);
    const state = async () =>
      (await t.app.db.query<{ days: number; seen: string }>(
        `SELECT (extract(epoch FROM expires_at - now()) / 86400)::float8 AS days, last_seen_at::text AS seen FROM sessions WHERE token_hash = $1`,
        [hash],
      ))[0]!;
    // Last used two minutes ago, expiring in a day: the next call pushes it back to a week.
    await t.app.db.query(`UPDATE sessions SET last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 day' WHERE token_hash = $1`, [hash]);
    for (const url of ['/v1/account', '/v1/inviteCode']) expect((await t.app.inject({ method: 'GET', url, headers: { token } })).json().code).toBe(200);
    const slid = await state();
    expect(slid.days).toBeGreaterThan(6.9);
    // Used again within the minute: nothing is written.
    await t.app.db.query(`UPDATE sessions SET expires_at = now() + interval '1 day' WHERE token_hash = $1`, [hash]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token } })).json().code).toBe(200);
    const kept = await state();
    expect(kept.days).toBeLessThan(1.1);
    expect(kept.seen).toBe(slid.seen);
  });

  it('GET /v1/logout revokes only the current session', async () => {
    const a = await signIn(t.app, demo.username, demo.password);
    const b = await signIn(t.app, demo.username, demo.password);
    const out = await t.app.inject({ method: 'GET', url: '/v1/logout', headers: { token: a } });
    expect(out.json()).toMatchObject({ code: 200, data: null });
    expect(out.headers.authorization).toBeUndefined();
    for (const [method, url] of [['GET', '/v1/account'], ['POST', '/verify_token'], ['GET', '/v1/logout']] as const) {
      expect((await t.app.inject({ method, url, headers: { token: a } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token: b } })).statusCode).toBe(200);
  });
});
