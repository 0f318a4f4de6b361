import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, readCode, sha256hex, signUpByEmail, signUpByTel, solveCaptcha, uniqueEmail, uniquePhone, type SignedUp } from './session-helpers.ts';

/** /account/secure: password, phone and e-mail (re-authenticated), sessions, recovery codes, WeChat. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { token, ...headers }, remoteAddress: freshIp() }).then((r) => r.json());
const status = (token: string) => t.app.inject({ method: 'POST', url: '/verify_token', headers: { token } }).then((r) => r.statusCode);
const login = async (username: string, password: string) => {
  const r = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload: { username, password: sha256hex(password), captchaToken: await solveCaptcha(t.app, username) } });
  return { body: r.json(), token: r.headers.authorization as string | undefined };
};
const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');
const accountRow = async (u: SignedUp) =>
  (await t.app.db.query<{ id: number; email: string | null; telephone: string | null; password_hash: string }>(`SELECT * FROM accounts WHERE account_no = $1`, [u.accountNo]))[0]!;
const totp = (secret: string, offsetSeconds = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });

/** A proof through the current e-mail (code sent, read, verified). */
async function emailProof(u: SignedUp, token = u.token): Promise<string> {
  expect(await as(token, 'GET', '/v1/modifyEmailOrTelSendOrigin?sendTo=email')).toMatchObject({ code: 200, data: { resendAfter: 60 } });
  const r = await as(token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { sendTo: 'email', verifyCode: await readCode(t.app, u.email!) });
  expect(r).toMatchObject({ code: 200, data: { via: 'email', expiresIn: 600 } });
  return r.data.proof as string;
}

describe('POST /v1/password', () => {
  it('checks the current password, ends every other session, keeps this one, and is logged', async () => {
    const u = await signUpByEmail(t.app);
    const other = (await login(u.email!, u.password)).token!;
    const before = (await accountRow(u)).password_hash;

    const wrong = await as(u.token, 'POST', '/v1/password', { oldPwd: sha256hex('Nope#2026'), newPwd: sha256hex('Fresh#2027') });
    expect(wrong).toMatchObject({ code: 12023, msg: '原密码不正确', errors: { oldPwd: '原密码不正确' } });
    const same = await as(u.token, 'POST', '/v1/password', { oldPwd: sha256hex(u.password), newPwd: sha256hex(u.password) }, { lang: 'en' });
    expect(same).toMatchObject({ code: 10001, errors: { newPwd: 'The new password must differ from the current one' } });
    const missing = await as(u.token, 'POST', '/v1/password', { oldPwd: '' });
    expect(missing).toMatchObject({ code: 10001, errors: { oldPwd: '请填写密码', newPwd: '请填写密码' } });
    expect((await accountRow(u)).password_hash).toBe(before);
    expect(await status(other)).toBe(200);

    const ok = await as(u.token, 'POST', '/v1/password', { oldPwd: sha256hex(u.password), newPwd: sha256hex('Fresh#2027') });
    expect(ok).toMatchObject({ code: 200, data: { signedOut: 1 } });
    expect(await status(other)).toBe(401);
    expect(await status(u.token)).toBe(200);
    expect((await login(u.email!, u.password)).body.code).toBe(12004);
    expect((await login(u.email!, 'Fresh#2027')).body.code).toBe(200);
    // The holder is told through the bound e-mail.
    const [notice] = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${u.email}` })).json().data as { subject: string; body: string }[];
    expect(notice).toMatchObject({ subject: '【CertHub】账户安全提醒', body: expect.stringContaining('登录密码已于') });
    const log = await as(u.token, 'GET', '/v1/accountLogs?kind=security&limit=10&offset=1');
    expect(log.data.data.map((e: { title: string }) => e.title)).toContain('修改登录密码');
  });

  it('limits wrong current passwords to 5 in 15 minutes', async () => {
    const u = await signUpByEmail(t.app);
    for (let i = 0; i < 5; i++) expect((await as(u.token, 'POST', '/v1/password', { oldPwd: sha256hex(`x${i}`), newPwd: sha256hex('Fresh#2027') })).code).toBe(12023);
    expect((await as(u.token, 'POST', '/v1/password', { oldPwd: sha256hex(u.password), newPwd: sha256hex('Fresh#2027') })).code).toBe(12008);
  });
});

describe('binding a first phone (e-mail account)', () => {
  it('needs a proof, refuses a taken number, binds with the code sent to it, then SMS second step signs in', async () => {
    const u = await signUpByEmail(t.app);
    const taken = await signUpByTel(t.app);
    const phone = uniquePhone();

    // No proof: refused with the precise message, nothing sent.
    const noProof = await as(u.token, 'GET', `/v1/bindEmailOrTel?telephone=${phone}&telPrefix=86`);
    expect(noProof).toMatchObject({ code: 10001, errors: { proof: '请先验证当前绑定的手机号或邮箱' } });
    const forged = await as(u.token, 'GET', `/v1/bindEmailOrTel?telephone=${phone}&telPrefix=86&proof=forged`);
    expect(forged).toMatchObject({ code: 12021, msg: '身份验证已过期或已使用，请重新验证' });

    // The password may stand in for a code when binding a first phone; a wrong one is refused.
    expect(await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { password: sha256hex('Wrong#1') })).toMatchObject({ code: 12004, errors: { password: '密码不正确' } });
    expect(await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', {})).toMatchObject({ code: 10001, errors: { verifyCode: '请填写验证码或密码' } });
    const byPwd = await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { password: sha256hex(u.password) });
    expect(byPwd).toMatchObject({ code: 200, data: { via: 'password' } });
    const proof = byPwd.data.proof as string;

    // Wrong fields, a number bound to another account.
    expect(await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}&telephone=12345`)).toMatchObject({ code: 10001, errors: { telephone: expect.any(String) } });
    expect(await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}`)).toMatchObject({ code: 10001, errors: { telephone: '请填写新手机号或新邮箱（只填一项）' } });
    // A number another account uses is answered as any other (no account enumeration, issue 42): its owner gets a note, no code.
    expect(await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}&telephone=${taken.telephone}&telPrefix=86`)).toMatchObject({ code: 200, data: { to: expect.stringContaining('****'), resendAfter: 60 } });
    const [note] = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=%2B86${taken.telephone}` })).json().data as { body: string }[];
    expect(note!.body).toContain('已是您账户的登录方式，未发送验证码');
    expect(note!.body).not.toMatch(/\b\d{6}\b/);
    // Binding it anyway: no code can be right, and the answer says nothing of its owner.
    expect(await as(u.token, 'POST', '/v1/bindEmailOrTel', { proof, telephone: taken.telephone, telPrefix: '86', code: '123456' })).toMatchObject({ code: 12006 });

    expect(await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}&telephone=${phone}&telPrefix=86`)).toMatchObject({ code: 200, data: { to: expect.stringContaining('****'), resendAfter: 60 } });
    expect((await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}&telephone=${phone}&telPrefix=86`)).code).toBe(12007);
    const code = await readCode(t.app, `+86${phone}`);
    expect(await as(u.token, 'POST', '/v1/bindEmailOrTel', { proof, telephone: phone, telPrefix: '86', code: otherThan(code) })).toMatchObject({ code: 12006, msg: '验证码错误或已过期' });
    expect((await accountRow(u)).telephone).toBeNull();
    // The code proves this number only: another number with it is refused.
    expect((await as(u.token, 'POST', '/v1/bindEmailOrTel', { proof, telephone: uniquePhone(), telPrefix: '86', code })).code).toBe(12006);

    const bound = await as(u.token, 'POST', '/v1/bindEmailOrTel', { proof, telephone: phone, telPrefix: '86', code });
    expect(bound).toMatchObject({ code: 200, data: { telephone: phone, telPrefix: '86', email: u.email } });
    // Proof and code are spent.
    expect((await as(u.token, 'POST', '/v1/bindEmailOrTel', { proof, telephone: phone, telPrefix: '86', code })).code).toBe(12021);
    // Bound now: binding again is refused; change it instead.
    const again = (await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { password: sha256hex(u.password) })).data.proof as string;
    expect(await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${again}&telephone=${uniquePhone()}`)).toMatchObject({ code: 12024, msg: '已绑定手机号，如需修改请使用更换' });
    // ... and a password proof does not change a bound phone: only its own code does.
    expect(await as(u.token, 'GET', `/v1/modifyEmailOrTel?proof=${again}&telephone=${uniquePhone()}`)).toMatchObject({ code: 12021, msg: '更换手机号前，请先验证当前绑定的手机号' });

    // SMS second step with the bound phone, end to end.
    expect((await as(u.token, 'GET', '/v1/twoStepAuthCode?authType=tel')).code).toBe(200);
    expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'tel', status: 'Y', authCode: await readCode(t.app, `+86${phone}`) })).data.telAuth).toBe('Y');
    const first = await login(phone, u.password);
    expect(first.body).toMatchObject({ code: 12009, data: { authTypes: ['tel'] } });
    const secToken = first.body.data.secToken as string;
    expect((await t.app.inject({ method: 'GET', url: `/secCode?secToken=${secToken}&authType=tel`, remoteAddress: freshIp() })).json().code).toBe(200);
    const sms = await readCode(t.app, `+86${phone}`);
    const signedIn = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken, authType: 'tel', code: sms } });
    expect(signedIn.json()).toMatchObject({ code: 200, data: { accountInfo: { accountNo: u.accountNo, telephone: phone } } });
    expect(typeof signedIn.headers.authorization).toBe('string');
  });

  it('binds an e-mail to a phone account through a code to its phone, refusing a taken address', async () => {
    const u = await signUpByTel(t.app);
    const owner = await signUpByEmail(t.app);
    expect((await as(u.token, 'GET', '/v1/modifyEmailOrTelSendOrigin?sendTo=email')).code).toBe(12014);
    expect(await as(u.token, 'GET', '/v1/modifyEmailOrTelSendOrigin?sendTo=fax')).toMatchObject({ code: 10001, errors: { sendTo: '请选择手机号（tel）或邮箱（email）' } });
    expect((await as(u.token, 'GET', '/v1/modifyEmailOrTelSendOrigin?sendTo=tel')).code).toBe(200);
    const sms = await readCode(t.app, `+86${u.telephone}`);
    expect(await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { sendTo: 'tel', verifyCode: otherThan(sms) })).toMatchObject({ code: 12006, errors: { verifyCode: '验证码错误或已过期' } });
    const proof = (await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { sendTo: 'tel', verifyCode: sms })).data.proof as string;
    // The origin code is single use.
    expect((await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { sendTo: 'tel', verifyCode: sms })).code).toBe(12006);

    expect(await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}&email=${owner.email!.toUpperCase()}`)).toMatchObject({ code: 200, data: { resendAfter: 60 } });
    expect(((await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${owner.email}` })).json().data as { body: string }[])[0]!.body).toContain('已是您账户的登录方式');
    const email = uniqueEmail('bind');
    expect((await as(u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}&email=${email}`)).code).toBe(200);
    const r = await as(u.token, 'POST', '/v1/bindEmailOrTel', { proof, email, code: await readCode(t.app, email) });
    expect(r).toMatchObject({ code: 200, data: { email, telephone: u.telephone } });
    expect((await login(email, u.password)).body.code).toBe(200);
  });
});

describe('changing the bound e-mail', () => {
  it('needs a code through the current e-mail, in this session, unexpired; then a code to the new one', async () => {
    const u = await signUpByEmail(t.app);
    const otherSession = (await login(u.email!, u.password)).token!;
    const proof = await emailProof(u);
    const next = uniqueEmail('next');

    // Another session of the same account cannot use this session's proof.
    expect((await as(otherSession, 'GET', `/v1/modifyEmailOrTel?proof=${proof}&email=${next}`)).code).toBe(12021);
    // Same address as now.
    expect(await as(u.token, 'GET', `/v1/modifyEmailOrTel?proof=${proof}&email=${u.email}`)).toMatchObject({ code: 10001, msg: '新邮箱与当前绑定的相同' });

    expect((await as(u.token, 'GET', `/v1/modifyEmailOrTel?proof=${proof}&email=${next}`)).code).toBe(200);
    const code = await readCode(t.app, next);
    // An expired code: refused, nothing changed.
    await t.app.db.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'modifyNew' AND target LIKE $1`, [`%email:${next}`]);
    expect(await as(u.token, 'PUT', '/v1/modifyEmailOrTel', { proof, email: next, code })).toMatchObject({ code: 12006, msg: '验证码错误或已过期' });
    expect((await accountRow(u)).email).toBe(u.email);

    // An expired proof: refused with its own message.
    await t.app.db.query(`UPDATE verification_codes SET created_at = now() - interval '2 minutes' WHERE purpose = 'modifyNew' AND target LIKE $1`, [`%email:${next}`]);
    expect((await as(u.token, 'GET', `/v1/modifyEmailOrTel?proof=${proof}&email=${next}`)).code).toBe(200);
    const fresh = await readCode(t.app, next);
    await t.app.db.query(`UPDATE security_proofs SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256hex(proof)]);
    expect(await as(u.token, 'PUT', '/v1/modifyEmailOrTel', { proof, email: next, code: fresh }, { lang: 'en' })).toMatchObject({
      code: 12021,
      msg: 'The verification has expired or was used; please verify again',
    });
    expect((await accountRow(u)).email).toBe(u.email);

    // Through the documented older call, with a new proof (a minute later: one code a minute).
    await t.app.db.query(`UPDATE verification_codes SET created_at = now() - interval '2 minutes' WHERE purpose = 'modifyOrigin'`);
    const proof2 = await emailProof(u);
    const saved = await as(u.token, 'POST', '/updateemailbyemaillast', { proof: proof2, email: next, code: fresh });
    expect(saved).toMatchObject({ code: 200, data: { email: next } });
    expect((await as(u.token, 'POST', '/updateemailbyemaillast', { proof: proof2, email: next, code: fresh })).code).toBe(12021);
    expect((await login(next, u.password)).body.code).toBe(200);
    expect((await login(u.email!, u.password)).body.code).toBe(12004);
    // The old address is told where the account's mail goes now (masked).
    const [notice] = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${u.email}` })).json().data as { body: string }[];
    expect(notice!.body).toContain(`绑定邮箱已于`);
    expect(notice!.body).toContain(`${next.slice(0, 2)}***@example.com`);
    const log = await as(u.token, 'GET', '/v1/accountLogs?kind=security&limit=10&offset=1');
    expect(log.data.data.map((e: { title: string }) => e.title)).toContain('绑定或更换邮箱');
  });

  it('changes a phone through /updatetel with a proof from the current phone', async () => {
    const u = await signUpByTel(t.app);
    expect((await as(u.token, 'GET', '/v1/modifyEmailOrTelSendOrigin?sendTo=tel')).code).toBe(200);
    const proof = (await as(u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { sendTo: 'tel', verifyCode: await readCode(t.app, `+86${u.telephone}`) })).data.proof as string;
    const next = uniquePhone();
    expect(await as(u.token, 'POST', '/updatetel', { proof, telephone: next })).toMatchObject({ code: 10001, errors: { code: '验证码由6位数字组成' } });
    expect((await as(u.token, 'GET', `/v1/modifyEmailOrTel?proof=${proof}&telephone=${next}`)).code).toBe(200);
    const r = await as(u.token, 'POST', '/updatetel', { proof, telephone: next, telPrefix: '86', code: await readCode(t.app, `+86${next}`) });
    expect(r).toMatchObject({ code: 200, data: { telephone: next } });
    expect(await as(u.token, 'POST', '/updatetel', { proof, telephone: next, telPrefix: '86', code: '123456' })).toMatchObject({ code: 12021 });
  });
});

describe('sessions and devices', () => {
  it("lists live sessions with device and marks the current one; signs one out, refuses another account's", async () => {
    const u = await signUpByEmail(t.app);
    const stranger = await signUpByEmail(t.app);
    const r = await t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' },
      payload: { username: u.email, password: sha256hex(u.password), captchaToken: await solveCaptcha(t.app, u.email!) },
    });
    const phoneToken = r.headers.authorization as string;
    const list = await as(u.token, 'GET', '/v1/sessions');
    expect(list.code).toBe(200);
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).toMatchObject({ current: true });
    const phone = list.data.find((s: { ip: string }) => s.ip === '203.0.113.9');
    expect(phone).toMatchObject({ current: false, device: 'Safari 17 · iOS', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });

    const theirs = (await as(stranger.token, 'GET', '/v1/sessions')).data[0].id as string;
    expect(await as(u.token, 'DELETE', `/v1/sessions/${theirs}`)).toMatchObject({ code: 10004, msg: '会话不存在或已退出' });
    expect(await status(stranger.token)).toBe(200);
    expect(await as(u.token, 'DELETE', '/v1/sessions/abc')).toMatchObject({ code: 10001, errors: { id: '会话编号不正确' } });

    expect(await as(u.token, 'DELETE', `/v1/sessions/${phone.id}`)).toMatchObject({ code: 200, data: { revoked: 1 } });
    expect(await status(phoneToken)).toBe(401);
    expect(await as(u.token, 'DELETE', `/v1/sessions/${phone.id}`, undefined, { lang: 'en' })).toMatchObject({ code: 10004, msg: 'The session does not exist or has ended' });
    expect((await as(u.token, 'GET', '/v1/sessions')).data).toHaveLength(1);
  });

  it('signs out everywhere else', async () => {
    const u = await signUpByEmail(t.app);
    const a = (await login(u.email!, u.password)).token!;
    const b = (await login(u.email!, u.password)).token!;
    expect(await as(u.token, 'POST', '/v1/sessions/revokeOthers')).toMatchObject({ code: 200, data: { revoked: 2 } });
    expect([await status(a), await status(b), await status(u.token)]).toEqual([401, 401, 200]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/sessions' })).statusCode).toBe(401);
  });
});

describe('authenticator recovery codes', () => {
  it('are shown once at enrolment, sign in once each, and can be regenerated', async () => {
    const u = await signUpByEmail(t.app);
    const g = (await as(u.token, 'GET', '/v1/googleAuth')).data as { secret: string };
    const on = await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: totp(g.secret) });
    expect(on.data.googleAuth).toBe('Y');
    const codes = on.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const stored = await t.app.db.query<{ code_hash: string }>(`SELECT code_hash FROM recovery_codes r JOIN accounts a ON a.id = r.account_id WHERE a.account_no = $1`, [u.accountNo]);
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => codes.includes(r.code_hash))).toBe(false);
    expect((await as(u.token, 'GET', '/v1/googleAuth/recoveryCodes')).data).toEqual({ total: 10, left: 10 });

    const secToken = async () => {
      const b = (await login(u.email!, u.password)).body;
      expect(b).toMatchObject({ code: 12009, data: { authTypes: ['google'] } });
      return b.data.secToken as string;
    };
    const s1 = await secToken();
    expect((await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: s1, authType: 'recovery', code: '123456' } })).json()).toMatchObject({
      code: 10001,
      errors: { code: '恢复码格式为 xxxxx-xxxxx' },
    });
    expect((await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: s1, authType: 'recovery', code: 'aaaaa-bbbbb' } })).json()).toMatchObject({
      code: 12006,
      msg: '恢复码错误或已使用',
    });
    const ok = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: s1, authType: 'recovery', code: codes[0]!.toUpperCase() } });
    expect(ok.json().code).toBe(200);
    const s2 = await secToken();
    expect((await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: s2, authType: 'recovery', code: codes[0] } })).json()).toMatchObject({ code: 12006, msg: '恢复码错误或已使用' });
    expect((await as(u.token, 'GET', '/v1/googleAuth/recoveryCodes')).data).toEqual({ total: 10, left: 9 });

    expect(await as(u.token, 'POST', '/v1/googleAuth/recoveryCodes', { authCode: '12' })).toMatchObject({ code: 10001, errors: { authCode: '验证码由6位数字组成' } });
    const fresh = await as(u.token, 'POST', '/v1/googleAuth/recoveryCodes', { authCode: totp(g.secret, 30) });
    expect(fresh.data.codes).toHaveLength(10);
    expect((await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: s2, authType: 'recovery', code: codes[1] } })).json().code).toBe(12006);
    expect((await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: s2, authType: 'recovery', code: fresh.data.codes[0] } })).json().code).toBe(200);
  });

  it('refuses recovery codes to an account without the authenticator', async () => {
    const u = await signUpByEmail(t.app);
    expect(await as(u.token, 'POST', '/v1/googleAuth/recoveryCodes', { authCode: '123456' })).toMatchObject({ code: 12014, msg: '请先绑定谷歌身份验证器' });
  });
});

describe('WeChat binding through the sandbox provider', () => {
  const approve = async (authorizeUrl: string, nickname: string, approve = true) => {
    const q = new URL(authorizeUrl, 'http://x').searchParams;
    const r = await t.app.inject({ method: 'POST', url: '/sandbox/wechat/authorize', payload: { state: q.get('state'), redirect_uri: q.get('redirect_uri'), nickname, approve } });
    const back = new URL(r.json().data.redirectUrl as string, 'http://x');
    return { path: back.pathname, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', error: back.searchParams.get('error') };
  };

  it('binds with a state of this session (single use), refuses a user bound elsewhere, and unbinds', async () => {
    const u = await signUpByEmail(t.app);
    const other = await signUpByEmail(t.app);
    const nickname = `tester-${randomBytes(4).toString('hex')}`;
    expect((await as(u.token, 'GET', '/v1/wechat')).data).toMatchObject({ available: true, sandbox: true, bound: false });

    const start = await as(u.token, 'POST', '/v1/wechat/authorize');
    expect(start.data.authorizeUrl).toMatch(/^\/wechat\/test\?/);
    const back = await approve(start.data.authorizeUrl, nickname);
    expect(back.path).toBe('/account/secure');

    // Missing fields, an unknown state, another session's state.
    expect(await as(u.token, 'POST', '/wxredirect', {})).toMatchObject({ code: 10001, errors: { code: '缺少微信授权码', state: '缺少授权状态参数' } });
    expect(await as(u.token, 'POST', '/wxredirect', { code: back.code, state: 'forged' })).toMatchObject({ code: 12026, msg: '授权已过期或无效，请重新发起绑定' });
    const second = (await login(u.email!, u.password)).token!;
    expect((await as(second, 'POST', '/wxredirect', { code: back.code, state: back.state })).code).toBe(12026);
    expect((await as(other.token, 'POST', '/wxredirect', { code: back.code, state: back.state })).code).toBe(12026);

    const bound = await as(u.token, 'POST', '/wxredirect', { code: back.code, state: back.state });
    expect(bound).toMatchObject({ code: 200, data: { bound: true, nickname } });
    expect(await as(u.token, 'POST', '/wxredirect', { code: back.code, state: back.state })).toMatchObject({ code: 12026 });
    expect(await as(u.token, 'POST', '/v1/wechat/authorize')).toMatchObject({ code: 12024, msg: '已绑定微信，请先解绑' });

    // The same sandbox user for another account: refused; a used code with a fresh state: refused.
    const s2 = await as(other.token, 'POST', '/v1/wechat/authorize');
    const b2 = await approve(s2.data.authorizeUrl, nickname);
    expect(await as(other.token, 'POST', '/wxredirect', { code: b2.code, state: b2.state })).toMatchObject({ code: 12022, msg: '该微信已绑定其他账户' });
    const s3 = await as(other.token, 'POST', '/v1/wechat/authorize');
    const state3 = new URL(s3.data.authorizeUrl, 'http://x').searchParams.get('state');
    expect(await as(other.token, 'POST', '/wxredirect', { code: b2.code, state: state3 })).toMatchObject({ code: 12026, msg: '微信授权码无效或已使用，请重新发起绑定' });
    // Declined on the provider's page: no code comes back.
    const s4 = await as(other.token, 'POST', '/v1/wechat/authorize');
    expect(await approve(s4.data.authorizeUrl, 'someone', false)).toMatchObject({ error: 'access_denied', code: '' });

    expect(await as(u.token, 'DELETE', '/v1/wechat')).toMatchObject({ code: 200, data: { bound: false } });
    expect(await as(u.token, 'DELETE', '/v1/wechat')).toMatchObject({ code: 10004, msg: '尚未绑定微信' });
    const log = await as(u.token, 'GET', '/v1/accountLogs?kind=security&limit=10&offset=1');
    expect(log.data.data.map((e: { title: string }) => e.title)).toEqual(expect.arrayContaining(['绑定微信', '解绑微信']));
  });

  it('sends the browser back only to a path of this site', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/sandbox/wechat/authorize', payload: { state: 's', redirect_uri: '//evil.example/x', nickname: 'a', approve: true } });
    expect(r.json()).toMatchObject({ code: 10001, msg: '回调地址须为本站路径' });
  });

  it('is refused in production without a configured provider, and the sandbox does not exist there', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production', DEV_OUTBOX: '', MASTER_KEY: randomBytes(32).toString('base64'), PAYMENT_SANDBOX_SECRET: randomBytes(16).toString('hex'), OPERATOR_SECRET: randomBytes(16).toString('hex') });
    try {
      const u = await signUpThroughDb(prod);
      const r = await prod.app.inject({ method: 'POST', url: '/v1/wechat/authorize', headers: { token: u } });
      expect(r.json()).toMatchObject({ code: 12025, msg: '微信登录尚未配置，暂不可用' });
      expect((await prod.app.inject({ method: 'GET', url: '/v1/wechat', headers: { token: u } })).json().data).toMatchObject({ available: false });
      expect((await prod.app.inject({ method: 'POST', url: '/sandbox/wechat/authorize', payload: { state: 's', redirect_uri: '/a', nickname: 'a', approve: true } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

/** A session for a fresh account of another app (production has no outbox to read sign-up codes from). */
async function signUpThroughDb(app: TestApp): Promise<string> {
  const { createSession } = await import('../src/plugins/auth.ts');
  const [row] = await app.app.db.query<{ id: number }>(
    `INSERT INTO accounts (account_no, root_uuid, email, password_hash) VALUES ($1, $1, $2, 'x') RETURNING id`,
    [`T${randomBytes(5).toString('hex')}`, uniqueEmail('prod')],
  );
  return createSession(app.app.db, row!.id, '127.0.0.1', 'test');
}

describe('OpenAPI', () => {
  it('documents the account security calls', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths as Record<string, unknown>;
    for (const p of ['/v1/password', '/updatetel', '/updateemailbyemaillast', '/v1/bindEmailOrTel', '/v1/modifyEmailOrTelSendOrigin', '/v1/modifyEmailOrTelOriginVerify',
      '/v1/modifyEmailOrTel', '/v1/sessions', '/v1/sessions/{id}', '/v1/sessions/revokeOthers', '/v1/googleAuth/recoveryCodes', '/v1/wechat', '/v1/wechat/authorize', '/wxredirect']) {
      expect(paths[p], p).toBeDefined();
    }
  });
});

describe('two instances on one PostgreSQL', () => {
  it('agree on codes, proofs, sessions and OAuth states (nothing is kept in one process)', async () => {
    const a = await startTestApp({}, { postgres: true });
    const b = await startTestApp({}, { shareWith: a });
    try {
      const on = (x: TestApp, token: string, method: Method, url: string, payload?: object) =>
        x.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { token }, remoteAddress: freshIp() }).then((r) => r.json());
      const u = await signUpByEmail(a.app);
      // Code sent by A, verified on B; the new address's code sent by B, saved on A.
      expect((await on(a, u.token, 'GET', '/v1/modifyEmailOrTelSendOrigin?sendTo=email')).code).toBe(200);
      expect((await on(b, u.token, 'GET', '/v1/modifyEmailOrTelSendOrigin?sendTo=email')).code).toBe(12007);
      const proof = (await on(b, u.token, 'POST', '/v1/modifyEmailOrTelOriginVerify', { sendTo: 'email', verifyCode: await readCode(a.app, u.email!) })).data.proof as string;
      const phone = uniquePhone();
      expect((await on(b, u.token, 'GET', `/v1/bindEmailOrTel?proof=${proof}&telephone=${phone}`)).code).toBe(200);
      expect((await on(a, u.token, 'POST', '/v1/bindEmailOrTel', { proof, telephone: phone, code: await readCode(b.app, `+86${phone}`) })).data.telephone).toBe(phone);
      expect((await on(b, u.token, 'POST', '/v1/bindEmailOrTel', { proof, telephone: phone, code: '123456' })).code).toBe(12021);

      // WeChat: started on A, approved by the sandbox on B, finished on A; the state is spent for B too.
      const start = (await on(a, u.token, 'POST', '/v1/wechat/authorize')).data.authorizeUrl as string;
      const q = new URL(start, 'http://x').searchParams;
      const back = (await b.app.inject({ method: 'POST', url: '/sandbox/wechat/authorize', payload: { state: q.get('state'), redirect_uri: q.get('redirect_uri'), nickname: `two-${randomBytes(3).toString('hex')}`, approve: true } })).json();
      const r = new URL(back.data.redirectUrl as string, 'http://x').searchParams;
      expect((await on(a, u.token, 'POST', '/wxredirect', { code: r.get('code'), state: r.get('state') })).data.bound).toBe(true);
      expect((await on(b, u.token, 'POST', '/wxredirect', { code: r.get('code'), state: r.get('state') })).code).toBe(12026);

      // A session signed out on B is signed out on A.
      const other = (await signInOn(b, u.email!, u.password))!;
      const id = ((await on(a, u.token, 'GET', '/v1/sessions')).data as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
      expect((await on(b, u.token, 'DELETE', `/v1/sessions/${id}`)).data.revoked).toBe(1);
      expect((await a.app.inject({ method: 'POST', url: '/verify_token', headers: { token: other } })).statusCode).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

async function signInOn(x: TestApp, username: string, password: string) {
  const r = await x.app.inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload: { username, password: sha256hex(password), captchaToken: await solveCaptcha(x.app, username) } });
  return r.headers.authorization as string | undefined;
}
