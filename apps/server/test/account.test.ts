import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { Secret, TOTP } from 'otpauth';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, readCode, sha256hex, signUpByEmail, signUpByTel, solveCaptcha, type SignedUp } from './session-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MASTER_KEY: randomBytes(32).toString('base64') });
});
afterAll(() => t.close());

const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { token, ...headers }, remoteAddress: freshIp() }).then((r) => r.json());
const login = async (u: SignedUp, username = u.email!) => {
  const r = await t.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: freshIp(),
    payload: { username, password: sha256hex(u.password), captchaToken: await solveCaptcha(t.app, username) },
  });
  return { body: r.json(), authorization: r.headers.authorization };
};
const totp = (secret: string, offsetSeconds = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });

describe('GET /v1/account', () => {
  it('answers every accountInfo field', async () => {
    const u = await signUpByEmail(t.app);
    const r = await as(u.token, 'GET', '/v1/account');
    expect(Object.keys(r.data.accountInfo).sort()).toEqual(
      ['accountNo', 'authEProgress', 'authName', 'authPProgress', 'balance', 'companyName', 'email', 'emailAuth', 'expiredOrdersTotal', 'googleAuth', 'idCard',
        'inviteCode', 'isApache', 'isNginx', 'isSubAccount', 'rootUUID', 'spark', 'telAuth', 'telPrefix', 'telephone', 'toBeInvoicedAmount'].sort(),
    );
    expect(r.data.rootUUID).toBe(r.data.accountInfo.rootUUID);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account' })).statusCode).toBe(401);
  });
});

describe('/v1/inviteCode', () => {
  it('reads and changes the invite code', async () => {
    const u = await signUpByEmail(t.app);
    const code = (await as(u.token, 'GET', '/v1/inviteCode')).data.inviteCode;
    expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
    const mine = `Mine${Date.now()}`;
    expect(await as(u.token, 'PUT', '/v1/inviteCode', { inviteCode: mine })).toMatchObject({ code: 200, data: { inviteCode: mine } });
    expect((await as(u.token, 'GET', '/v1/inviteCode')).data.inviteCode).toBe(mine);
    // Setting the same code again is not a conflict with oneself.
    expect((await as(u.token, 'PUT', '/v1/inviteCode', { inviteCode: mine })).code).toBe(200);
  });

  it.each([
    [{ inviteCode: 'demo2026' }, 'zh', 12013, '该邀请码已被使用'],
    [{ inviteCode: 'demo2026' }, 'en', 12013, 'This invite code is taken'],
    [{ inviteCode: 'abc' }, 'zh', 10001, '有效长度为4~128个字符'],
    [{ inviteCode: 'x'.repeat(129) }, 'en', 10001, 'Valid length is 4~128 characters'],
    [{ inviteCode: 'abc_def' }, 'zh', 10001, '邀请码只能由数字或字母组成'],
    [{}, 'zh', 10001, '有效长度为4~128个字符'],
  ])('refuses %j (%s)', async (payload, lang, code, msg) => {
    const u = await signUpByEmail(t.app);
    expect(await as(u.token, 'PUT', '/v1/inviteCode', payload, { lang })).toMatchObject({ code, msg, errors: { inviteCode: msg } });
  });
});

describe('second step by e-mail', () => {
  it('turns on with a mailed code, then sign-in answers 12009 and /sec-validation signs in', async () => {
    const u = await signUpByEmail(t.app);
    expect((await as(u.token, 'GET', '/v1/twoStepAuth')).data).toEqual({ telAuth: 'N', emailAuth: 'N', googleAuth: 'N' });
    expect((await as(u.token, 'GET', '/v1/twoStepAuthCode?authType=email')).code).toBe(200);
    const wrongOn = await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'email', status: 'Y', authCode: '000000' === (await readCode(t.app, u.email!)) ? '111111' : '000000' });
    expect(wrongOn).toMatchObject({ code: 12006, errors: { authCode: '验证码错误或已过期' } });
    const on = await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'email', status: 'Y', authCode: await readCode(t.app, u.email!) });
    expect(on).toMatchObject({ code: 200, data: { emailAuth: 'Y' } });

    const first = await login(u);
    expect(first.authorization).toBeUndefined();
    expect(first.body).toMatchObject({ code: 12009, msg: '需要二次验证', data: { authType: 'email', authTypes: ['email'], contacts: { email: expect.stringContaining('***@') } } });
    expect(first.body.data.contact).toMatch(/^.{1,2}\*\*\*@example\.com$/);
    const { secToken } = first.body.data as { secToken: string };
    const sessionsOf = async () => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.account_no = $1`, [u.accountNo]))[0]!.n;
    const before = await sessionsOf();

    const sent = await t.app.inject({ method: 'GET', url: `/secCode?secToken=${secToken}&authType=email`, remoteAddress: freshIp() });
    expect(sent.json()).toMatchObject({ code: 200, data: { resendAfter: 60 } });
    const again = await t.app.inject({ method: 'GET', url: `/secCode?secToken=${secToken}&authType=email` });
    expect(again.json().code).toBe(12007);
    expect((await t.app.inject({ method: 'GET', url: `/secCode?secToken=${secToken}&authType=tel` })).json().code).toBe(10001);
    const code = await readCode(t.app, u.email!);
    const wrong = code === '123123' ? '321321' : '123123';
    const bad = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken, authType: 'email', code: wrong }, headers: { lang: 'en' } });
    expect(bad.json()).toMatchObject({ code: 12006, msg: 'The verification code is wrong or has expired' });
    expect(await sessionsOf()).toBe(before);

    const good = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken, authType: 'email', code } });
    expect(good.json()).toMatchObject({ code: 200, data: { accountInfo: { accountNo: u.accountNo, emailAuth: 'Y' } } });
    const token = good.headers.authorization as string;
    expect((await as(token, 'POST', '/verify_token')).data).toEqual({ valid: true, accountNo: u.accountNo });
    // The challenge is spent.
    const reuse = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken, authType: 'email', code } });
    expect(reuse.json()).toMatchObject({ code: 12010, msg: '二次验证已过期，请重新登录' });
  });

  it('an expired challenge, or one tried five times, is refused', async () => {
    const u = await signUpByEmail(t.app);
    await t.app.db.query(`UPDATE accounts SET email_auth = 'Y' WHERE account_no = $1`, [u.accountNo]);
    const a = (await login(u)).body.data.secToken as string;
    await t.app.db.query(`UPDATE login_challenges SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256hex(a)]);
    expect((await t.app.inject({ method: 'GET', url: `/secCode?secToken=${a}&authType=email` })).json().code).toBe(12010);
    expect((await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: a, authType: 'email', code: '123456' } })).json().code).toBe(12010);

    const b = (await login(u)).body.data.secToken as string;
    await t.app.inject({ method: 'GET', url: `/secCode?secToken=${b}&authType=email`, remoteAddress: freshIp() });
    const code = await readCode(t.app, u.email!);
    const wrong = code === '123123' ? '321321' : '123123';
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: b, authType: 'email', code: wrong } });
    expect((await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: b, authType: 'email', code } })).json().code).toBe(12010);
  });

  it('validates the fields', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: 'x', authType: 'fax', code: '1' } });
    expect(r.json()).toMatchObject({ code: 10001, errors: { authType: '不支持的验证方式', code: '验证码由6位数字组成' } });
  });
});

describe('second step by phone', () => {
  it('texts the code to +{telPrefix}{telephone}', async () => {
    const u = await signUpByTel(t.app);
    expect((await as(u.token, 'GET', '/v1/twoStepAuthCode?authType=tel')).code).toBe(200);
    expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'tel', status: 'Y', authCode: await readCode(t.app, `+86${u.telephone}`) })).data.telAuth).toBe('Y');
    const first = await login(u, u.telephone);
    expect(first.body).toMatchObject({ code: 12009, data: { authType: 'tel', contact: `${u.telephone!.slice(0, 3)}****${u.telephone!.slice(-4)}` } });
    const secToken = first.body.data.secToken as string;
    await t.app.inject({ method: 'GET', url: `/secCode?secToken=${secToken}&authType=tel`, remoteAddress: freshIp() });
    const good = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken, authType: 'tel', code: await readCode(t.app, u.telephone!) } });
    expect(good.json().code).toBe(200);
  });

  it('asks an account without a phone to bind one first', async () => {
    const u = await signUpByEmail(t.app);
    expect(await as(u.token, 'GET', '/v1/twoStepAuthCode?authType=tel')).toMatchObject({ code: 12014, msg: '请先绑定手机号' });
    expect(await as(u.token, 'GET', '/v1/twoStepAuthCode?authType=tel', undefined, { lang: 'en' })).toMatchObject({ msg: 'Please bind your phone number first' });
    expect((await as(u.token, 'GET', '/v1/twoStepAuthCode?authType=sms')).errors.authType).toBe('不支持的验证方式');
  });
});

describe('second step by authenticator (TOTP)', () => {
  it('enrols, signs in with a code, refuses a replayed code, and turns off', async () => {
    const u = await signUpByEmail(t.app);
    await t.app.db.query(`UPDATE accounts SET email_auth = 'Y' WHERE account_no = $1`, [u.accountNo]);
    expect(await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: '123456' })).toMatchObject({ code: 12014, msg: '请先绑定谷歌身份验证器' });

    const g = (await as(u.token, 'GET', '/v1/googleAuth')).data as { secret: string; otpauthUrl: string; qrCode: string };
    expect(g.otpauthUrl).toMatch(/^otpauth:\/\/totp\/CertHub:.+secret=/);
    const qr = PNG.sync.read(Buffer.from(g.qrCode.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(qr.width).toBeGreaterThan(100);
    // Sealed at rest: the secret is not in the database in clear.
    const [row] = await t.app.db.query<{ totp_pending: string }>(`SELECT totp_pending FROM accounts WHERE account_no = $1`, [u.accountNo]);
    expect(row!.totp_pending).toMatch(/^v1:/);
    expect(row!.totp_pending).not.toContain(g.secret);

    const wrong = totp(g.secret, 300);
    expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: wrong })).code).toBe(12006);
    const enrolled = (await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: totp(g.secret, -30) })).data;
    expect(enrolled).toEqual({ telAuth: 'N', emailAuth: 'Y', googleAuth: 'Y', recoveryCodes: expect.any(Array) });
    expect(enrolled.recoveryCodes).toHaveLength(10);

    const first = await login(u);
    expect(first.body).toMatchObject({ code: 12009, data: { authType: 'google', authTypes: ['google', 'email'], contact: '' } });
    const code = totp(g.secret);
    const ok = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: first.body.data.secToken, authType: 'google', code } });
    expect(ok.json().code).toBe(200);
    expect(ok.headers.authorization).toBeTruthy();

    // Someone who saw that code cannot use it again.
    const second = await login(u);
    const replay = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: second.body.data.secToken, authType: 'google', code } });
    expect(replay.json().code).toBe(12006);

    const off = await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'N', authCode: totp(g.secret, 30) });
    expect(off.data.googleAuth).toBe('N');
    expect((await login(u)).body.data.authTypes).toEqual(['email']);
  });

  it('limits wrong authenticator codes', async () => {
    const u = await signUpByEmail(t.app);
    const g = (await as(u.token, 'GET', '/v1/googleAuth')).data as { secret: string };
    for (let i = 0; i < 5; i++) expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: totp(g.secret, 600) })).code).toBe(12006);
    expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: totp(g.secret) })).code).toBe(12008);
  });
});

describe('GET /dev/outbox', () => {
  it('answers newest first, at most 20, and needs `to`', async () => {
    const u = await signUpByEmail(t.app);
    const r = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${u.email!.toUpperCase()}` })).json();
    expect(r.data[0]).toMatchObject({ channel: 'mail', to: u.email, subject: expect.stringMatching(/\d{6}/) });
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json()).toMatchObject({ code: 10001, msg: '此项为必填项' });
  });

  it('does not exist in production', async () => {
    // Production on PostgreSQL (the second pass) needs both shared keys.
    const prod = await startTestApp({ NODE_ENV: 'production', DEV_OUTBOX: '', MASTER_KEY: randomBytes(32).toString('base64'), PAYMENT_SANDBOX_SECRET: randomBytes(16).toString('hex'), OPERATOR_SECRET: randomBytes(16).toString('hex') });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox?to=a@b.cn' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the session and account calls', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths as Record<string, unknown>;
    for (const p of ['/captcha', '/captcha/verify', '/login', '/secCode', '/sec-validation', '/signupCode', '/v1/signupCode', '/signup', '/forgot_password',
      '/changePwdSendSMS', '/changePwdSendEmail', '/changePwdByTel', '/changePwdByEmail', '/verify_token', '/v1/logout', '/v1/account', '/v1/inviteCode',
      '/v1/twoStepAuth', '/v1/twoStepAuthCode', '/v1/googleAuth']) {
      expect(paths[p], p).toBeDefined();
    }
  });
});
