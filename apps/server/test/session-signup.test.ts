import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, readCode, sha256hex, signUpByEmail, signUpByTel, uniqueEmail, uniquePhone } from './session-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, ip = freshIp()) => t.app.inject({ method: 'GET', url, headers, remoteAddress: ip }).then((r) => r.json());
const signup = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/signup', payload, headers, remoteAddress: freshIp() });
const countAccounts = async () => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM accounts`))[0]!.n;

describe('GET /signupCode', () => {
  it('mails a 6-digit code, stored only as a hash', async () => {
    const email = uniqueEmail();
    const r = await get(`/signupCode?email=${encodeURIComponent(email)}`);
    expect(r).toMatchObject({ code: 200, data: { resendAfter: 60 } });
    expect(r.data.to).toContain('***@example.com');
    const code = await readCode(t.app, email);
    const rows = await t.app.db.query<{ code_hash: string }>(`SELECT code_hash FROM verification_codes WHERE target = $1`, [`email:${email}`]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it('texts a code to +{telPrefix}{telephone}', async () => {
    const tel = uniquePhone();
    expect((await get(`/signupCode?telephone=${tel}&telPrefix=86`)).code).toBe(200);
    const out = await get(`/dev/outbox?to=${encodeURIComponent(`+86${tel}`)}`);
    expect(out.data[0]).toMatchObject({ channel: 'sms', to: `+86${tel}` });
    expect(out.data[0].body).toMatch(/\b\d{6}\b/);
    // The plain number, and a + that arrived as a space, find the same message.
    expect((await get(`/dev/outbox?to=${tel}`)).data[0].id).toBe(out.data[0].id);
    expect((await get(`/dev/outbox?to=+86${tel}`)).data[0].id).toBe(out.data[0].id);
  });

  it('refuses a resend within 60 s, saying how long to wait', async () => {
    const email = uniqueEmail();
    expect((await get(`/signupCode?email=${email}`)).code).toBe(200);
    const again = await get(`/signupCode?email=${email}`);
    expect(again.code).toBe(12007);
    expect(again.msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);
    expect(Number(again.msg.match(/\d+/)[0])).toBeGreaterThan(40);
    const en = await get(`/signupCode?email=${email}`, { lang: 'en' });
    expect(en.msg).toMatch(/^Sent too often, please try again in \d+ s$/);
    await t.app.db.query(`UPDATE verification_codes SET created_at = now() - interval '61 seconds' WHERE target = $1`, [`email:${email}`]);
    expect((await get(`/signupCode?email=${email}`)).code).toBe(200);
  });

  it('answers a registered phone or address as any other, and tells only its owner, with no code (issue 42: no account enumeration)', async () => {
    const fresh = uniqueEmail();
    const [known, unknown] = [await get('/signupCode?email=demo@certhub.local'), await get(`/signupCode?email=${fresh}`)];
    expect(known).toEqual({ code: 200, data: { to: 'de***@certhub.local', resendAfter: 60 }, msg: 'success' });
    expect(unknown).toMatchObject({ code: 200, data: { resendAfter: 60 }, msg: 'success' });
    // The same limits: a resend within 60 s is refused for both.
    expect((await get('/signupCode?email=demo@certhub.local')).code).toBe(12007);
    expect((await get(`/signupCode?email=${fresh}`)).code).toBe(12007);
    const [mail] = (await get('/dev/outbox?to=demo@certhub.local')).data as { subject: string; body: string }[];
    expect(mail!.body).toContain('它已经注册过账户，因此没有发送验证码');
    expect(mail!.body).toContain('/password-reset');
    expect(mail!.body).not.toMatch(/\b\d{6}\b/);
    // Signing up with it anyway: the code cannot be right (none was sent).
    expect((await signup({ email: 'demo@certhub.local', password: sha256hex('x'), code: '123456' })).json().code).toBe(12006);
    const phone = await get('/signupCode?telephone=13800138000&telPrefix=86', { lang: 'en' });
    expect(phone).toEqual({ code: 200, data: { to: '138****8000', resendAfter: 60 }, msg: 'success' });
    const [sms] = (await get('/dev/outbox?to=+8613800138000')).data as { body: string }[];
    expect(sms!.body).toBe('[CertHub] Someone asked to sign up with 138****8000, which already has an account; no code was sent. If this was you, sign in or reset your password; otherwise ignore this message.');
  });

  it.each([
    ['/signupCode?email=not-an-email', 'zh', 'email', '邮箱格式不正确'],
    ['/signupCode?email=not-an-email', 'en', 'email', 'Email format incorrect'],
    ['/signupCode?telephone=12345678901', 'zh', 'telephone', '手机号格式错误'],
    ['/signupCode?telephone=1380013', 'en', 'telephone', 'Phone number format wrong'],
    ['/signupCode', 'zh', 'telephone', '请填写手机号或邮箱'],
    ['/signupCode?telephone=&email=', 'en', 'telephone', 'Please enter a phone number or email'],
  ])('validates %s (%s)', async (url, lang, field, msg) => {
    expect(await get(url, { lang })).toMatchObject({ code: 10001, msg, errors: { [field]: msg } });
  });

  it('accepts numbers of other countries with their own prefix', async () => {
    expect((await get(`/signupCode?telephone=2025550123&telPrefix=1`)).code).toBe(200);
  });

  it('caps codes per address at 20 an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await get(`/signupCode?email=${uniqueEmail('cap')}`, {}, ip)).code).toBe(200);
    expect((await get(`/signupCode?email=${uniqueEmail('cap')}`, {}, ip)).code).toBe(12008);
  });

  it('POST /v1/signupCode does the same without a session', async () => {
    const tel = uniquePhone();
    const r = await t.app.inject({ method: 'POST', url: '/v1/signupCode', payload: { telephone: tel, telPrefix: '86' }, remoteAddress: freshIp() });
    expect(r.statusCode).toBe(200);
    expect(r.json().code).toBe(200);
    expect(await readCode(t.app, `+86${tel}`)).toMatch(/^\d{6}$/);
  });
});

describe('POST /signup', () => {
  it('creates an account by e-mail and signs it in', async () => {
    const email = uniqueEmail();
    await get(`/signupCode?email=${email}`);
    const r = await signup({ email, password: sha256hex('Secret#2026'), code: await readCode(t.app, email) });
    expect(r.json().code).toBe(200);
    expect(r.headers.authorization).toMatch(/^[\w-]{20,}$/);
    const info = r.json().data.accountInfo;
    expect(info.accountNo).toMatch(/^A\d{8}$/);
    expect(info.inviteCode).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(info.rootUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(info).toMatchObject({ email, telephone: '', balance: 0, telAuth: 'N', emailAuth: 'N', googleAuth: 'N', isSubAccount: false });
    const [row] = await t.app.db.query<{ password_hash: string }>(`SELECT password_hash FROM accounts WHERE email = $1`, [email]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const me = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token: r.headers.authorization as string } });
    expect(me.json().data.accountInfo.accountNo).toBe(info.accountNo);
  });

  it('creates an account by phone', async () => {
    const u = await signUpByTel(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token: u.token } });
    expect(me.json().data.accountInfo).toMatchObject({ telephone: u.telephone, telPrefix: '86', email: '' });
  });

  it('records who invited the account', async () => {
    const inviter = await signUpByEmail(t.app);
    const invite = (await t.app.inject({ method: 'GET', url: '/v1/inviteCode', headers: { token: inviter.token } })).json().data.inviteCode;
    const u = await signUpByEmail(t.app, { inviteCode: invite });
    const [row] = await t.app.db.query<{ inviter: string }>(
      `SELECT i.account_no AS inviter FROM accounts a JOIN accounts i ON i.id = a.invited_by WHERE a.account_no = $1`,
      [u.accountNo],
    );
    expect(row!.inviter).toBe(inviter.accountNo);
  });

  it('writes nothing when it fails, and the code stays usable', async () => {
    const email = uniqueEmail();
    await get(`/signupCode?email=${email}`);
    const code = await readCode(t.app, email);
    const before = await countAccounts();
    const sessionsBefore = (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions`))[0]!.n;
    const r = await signup({ email, password: sha256hex('Secret#2026'), code, inviteCode: 'NoSuchCode1' });
    expect(r.json()).toMatchObject({ code: 12012, msg: '邀请码不存在', errors: { inviteCode: '邀请码不存在' } });
    expect(r.headers.authorization).toBeUndefined();
    expect(await countAccounts()).toBe(before);
    expect((await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions`))[0]!.n).toBe(sessionsBefore);
    expect((await signup({ email, password: sha256hex('Secret#2026'), code })).json().code).toBe(200);
    expect(await countAccounts()).toBe(before + 1);
  });

  it('refuses an address registered meanwhile, writing nothing', async () => {
    const email = uniqueEmail();
    await get(`/signupCode?email=${email}`);
    const code = await readCode(t.app, email);
    // Someone signs up by phone giving the same address while this code is in flight.
    const tel = uniquePhone();
    await get(`/signupCode?telephone=${tel}`);
    const first = await signup({ telephone: tel, email, password: sha256hex('x'), code: await readCode(t.app, `+86${tel}`) });
    expect(first.json().code).toBe(200);
    const before = await countAccounts();
    const r = await signup({ email, password: sha256hex('Secret#2026'), code }, { lang: 'en' });
    expect(r.json()).toMatchObject({ code: 12005, msg: 'This account is already registered' });
    expect(await countAccounts()).toBe(before);
  });

  it('refuses a wrong code, and a code after five wrong tries', async () => {
    const email = uniqueEmail();
    await get(`/signupCode?email=${email}`);
    const code = await readCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await countAccounts();
    const r = await signup({ email, password: sha256hex('x'), code: wrong });
    expect(r.json()).toMatchObject({ code: 12006, msg: '验证码错误或已过期', errors: { code: '验证码错误或已过期' } });
    for (let i = 0; i < 4; i++) await signup({ email, password: sha256hex('x'), code: wrong });
    expect((await signup({ email, password: sha256hex('x'), code })).json().code).toBe(12006);
    expect(await countAccounts()).toBe(before);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await get(`/signupCode?email=${email}`);
    const code = await readCode(t.app, email);
    await t.app.db.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`, [`email:${email}`]);
    expect((await signup({ email, password: sha256hex('x'), code })).json().code).toBe(12006);
  });

  it('a code for one address does not sign up another', async () => {
    const a = uniqueEmail();
    await get(`/signupCode?email=${a}`);
    const code = await readCode(t.app, a);
    expect((await signup({ email: uniqueEmail(), password: sha256hex('x'), code })).json().code).toBe(12006);
  });

  it.each([
    [{ email: 'a@b.cn', code: '123456' }, 'zh', 'password', '请填写密码'],
    [{ email: 'a@b.cn', code: '123456', password: '' }, 'en', 'password', 'Please enter the password'],
    [{ email: 'a@b.cn', password: sha256hex('x'), code: '12345' }, 'zh', 'code', '验证码由6位数字组成'],
    [{ email: 'a@b.cn', password: sha256hex('x') }, 'en', 'code', 'The verification code is 6 digits'],
    [{ email: 'a@b', password: sha256hex('x'), code: '123456' }, 'zh', 'email', '邮箱格式不正确'],
    [{ telephone: '2345', password: sha256hex('x'), code: '123456' }, 'zh', 'telephone', '手机号格式错误'],
    [{ email: 'a@b.cn', password: sha256hex('x'), code: '123456', inviteCode: 'ab' }, 'zh', 'inviteCode', '有效长度为4~128个字符'],
    [{ email: 'a@b.cn', password: sha256hex('x'), code: '123456', inviteCode: 'ab-cd' }, 'en', 'inviteCode', 'The invite code must consist of digits or letters'],
  ])('validates %j (%s)', async (payload, lang, field, msg) => {
    expect((await signup(payload, { lang })).json()).toMatchObject({ code: 10001, msg, errors: { [field]: msg } });
  });
});
