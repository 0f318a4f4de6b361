import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failuresPerAccount, failuresPerIp, secondStepFailuresPerAccount } from '../src/services/session/sign-in.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, readCode, sha256hex, signUpByEmail, solveCaptcha, uniqueEmail, uniquePhone, type SignedUp } from './session-helpers.ts';

// Races need a server that runs statements concurrently: PostgreSQL in both passes.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { postgres: true });
});
afterAll(() => t.close());

const totp = (secret: string, offsetSeconds = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });
/** How many answers carried each code, e.g. { 12004: 5, 12008: 25 }. */
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {});
const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { token, authorization: token }, ...(payload ? { payload } : {}) }).then((r) => r.json() as { code: number; data: unknown });
const login = async (username: string, password: string, ip = freshIp()) => {
  const r = await t.app.inject({ method: 'POST', url: '/login', remoteAddress: ip, payload: { username, password: sha256hex(password), captchaToken: await solveCaptcha(t.app, username) } });
  return { body: r.json() as { code: number; data: { secToken: string } }, authorization: r.headers.authorization };
};
const sessionsOf = async (u: SignedUp) =>
  (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.account_no = $1`, [u.accountNo]))[0]!.n;
const validate = (secToken: string, authType: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/sec-validation', remoteAddress: freshIp(), payload: { secToken, authType, code } });

describe('failed sign-ins counted under a lock', () => {
  it('30 concurrent wrong passwords for one account: exactly 5 are judged, 25 are refused as too many', async () => {
    const u = await signUpByEmail(t.app);
    const captchas = await Promise.all(Array.from({ length: 30 }, () => solveCaptcha(t.app, u.email!)));
    const codes = await Promise.all(
      captchas.map((captchaToken) =>
        t.app
          .inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload: { username: u.email, password: sha256hex('wrong'), captchaToken } })
          .then((r) => r.json().code as number),
      ),
    );
    expect(tally(codes)).toEqual({ 12004: failuresPerAccount, 12008: 30 - failuresPerAccount });
    // Refused attempts spent no captcha; the account is locked, to the right password too.
    const [used] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM captchas WHERE token_hash = ANY($1) AND token_used_at IS NOT NULL`, [captchas.map(sha256hex)]);
    expect(used!.n).toBe(failuresPerAccount);
    const right = await login(u.email!, u.password);
    expect(right.body).toMatchObject({ code: 12008, msg: '尝试次数过多，请15分钟后再试' });
  });

  it('30 concurrent wrong sign-ins from one address to different accounts: exactly 20 are judged', async () => {
    const ip = freshIp();
    const names = Array.from({ length: 30 }, () => uniqueEmail('nobody'));
    const captchas = await Promise.all(names.map((name) => solveCaptcha(t.app, name)));
    const codes = await Promise.all(
      captchas.map((captchaToken, i) =>
        t.app
          .inject({ method: 'POST', url: '/login', remoteAddress: ip, payload: { username: names[i], password: sha256hex('wrong'), captchaToken } })
          .then((r) => r.json().code as number),
      ),
    );
    expect(tally(codes)).toEqual({ 12004: failuresPerIp, 12008: 30 - failuresPerIp });
  });

  /** An account reached by its e-mail (any letter case) and by its phone. */
  async function withPhone() {
    const u = await signUpByEmail(t.app);
    const telephone = uniquePhone();
    await t.app.db.query(`UPDATE accounts SET telephone = $2, tel_prefix = '86' WHERE account_no = $1`, [u.accountNo, telephone]);
    return { u, names: [u.email!, u.email!.toUpperCase(), telephone, `${telephone.slice(0, 3)} ${telephone.slice(3, 7)} ${telephone.slice(7)}`] };
  }

  it('locks the account, not the name: wrong passwords by e-mail lock its phone and its address in other letters too', async () => {
    const { u, names } = await withPhone();
    for (let i = 0; i < failuresPerAccount; i++) expect((await login(u.email!, 'wrong')).body.code).toBe(12004);
    // Every other name of the account is refused unevaluated, even with the right password.
    for (const name of names) expect((await login(name, u.password)).body, name).toMatchObject({ code: 12008, msg: '尝试次数过多，请15分钟后再试' });
    // A name that reaches no account is counted by itself, as before.
    expect((await login(uniqueEmail('stranger'), 'wrong')).body.code).toBe(12004);
  });

  it('30 concurrent wrong passwords spread over the e-mail, its upper case and the phone: 5 judged in all', async () => {
    const { u, names } = await withPhone();
    const captchas = await Promise.all(Array.from({ length: 30 }, (_, i) => solveCaptcha(t.app, names[i % names.length]!)));
    const codes = await Promise.all(
      captchas.map((captchaToken, i) =>
        t.app
          .inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload: { username: names[i % names.length], password: sha256hex('wrong'), captchaToken } })
          .then((r) => r.json().code as number),
      ),
    );
    expect(tally(codes)).toEqual({ 12004: failuresPerAccount, 12008: 30 - failuresPerAccount });
    expect((await login(names[2]!, u.password)).body.code).toBe(12008);
  });

  it('a right password among concurrent wrong ones signs in and does not count as a failure', async () => {
    const u = await signUpByEmail(t.app);
    const attempts = ['wrong1', 'wrong2', u.password, 'wrong3'];
    const results = await Promise.all(attempts.map((p) => login(u.email!, p)));
    expect(results.map((r) => r.body.code)).toEqual([12004, 12004, 200, 12004]);
  });
});

describe('the second step under concurrency', () => {
  /** An account whose second step is the authenticator, turned on through the API; answers its secret. */
  async function withAuthenticator() {
    const u = await signUpByEmail(t.app);
    const g = (await as(u.token, 'GET', '/v1/googleAuth')).data as { secret: string };
    expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: totp(g.secret) })).code).toBe(200);
    return { u, secret: g.secret };
  }
  const challenge = async (u: SignedUp) => {
    const r = await login(u.email!, u.password);
    expect(r.body.code).toBe(12009);
    return r.body.data.secToken;
  };

  it('authenticator: 30 concurrent wrong codes are 5 judged tries, after which the right code is refused too', async () => {
    const { u, secret } = await withAuthenticator();
    const secToken = await challenge(u);
    const wrong = totp(secret, 300);
    const codes = await Promise.all(Array.from({ length: 30 }, () => validate(secToken, 'google', wrong).then((r) => r.json().code as number)));
    expect(tally(codes)).toEqual({ 12006: 5, 12010: 25 });
    expect((await validate(secToken, 'google', totp(secret, 30))).json().code).toBe(12010);
    expect(await sessionsOf(u)).toBe(1);
  });

  const lockNotices = async (u: SignedUp) =>
    (await t.app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE to_addr = $1 AND body LIKE '%二次验证暂停%' ORDER BY id`, [u.email!])).map((m) => m.body);

  it('authenticator: a fresh sign-in opens no fresh guesses: 10 wrong codes over all challenges lock the second step and tell the owner', async () => {
    const { u, secret } = await withAuthenticator();
    const wrong = totp(secret, 300);
    const answers: number[] = [];
    // Three challenges of five tries each, as a guesser signing in again after each would make.
    for (let c = 0; c < 3; c++) {
      const secToken = await challenge(u);
      for (let i = 0; i < 5; i++) answers.push((await validate(secToken, 'google', wrong)).json().code as number);
    }
    expect(answers).toEqual([...Array(secondStepFailuresPerAccount).fill(12006), ...Array(5).fill(12008)]);
    // The right code is refused too while the second step is locked, on a new challenge as on any.
    const locked = await validate(await challenge(u), 'google', totp(secret, 30));
    expect(locked.json()).toMatchObject({ code: 12008, msg: expect.stringMatching(/^尝试次数过多，请\d+分钟后再试$/) });
    expect(await sessionsOf(u)).toBe(1);
    const notices = await lockNotices(u);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`您的账户 ${u.accountNo} 在 60 分钟内 10 次输错登录二次验证码`);
  });

  it('authenticator: 30 concurrent wrong codes over six challenges are 10 judged tries, one notice', async () => {
    const { u, secret } = await withAuthenticator();
    const wrong = totp(secret, 300);
    const tokens: string[] = [];
    for (let c = 0; c < 6; c++) tokens.push(await challenge(u));
    const codes = await Promise.all(tokens.flatMap((secToken) => Array.from({ length: 5 }, () => validate(secToken, 'google', wrong).then((r) => r.json().code as number))));
    expect(tally(codes)).toEqual({ 12006: secondStepFailuresPerAccount, 12008: 30 - secondStepFailuresPerAccount });
    expect(await lockNotices(u)).toHaveLength(1);
  });

  it('a right second step clears the count: wrong codes before it do not add up with those after', async () => {
    const { u, secret } = await withAuthenticator();
    const wrong = totp(secret, 300);
    const first = await challenge(u);
    for (let i = 0; i < 4; i++) expect((await validate(first, 'google', wrong)).json().code).toBe(12006);
    const second = await challenge(u);
    for (let i = 0; i < 5; i++) expect((await validate(second, 'google', wrong)).json().code).toBe(12006);
    expect((await validate(await challenge(u), 'google', totp(secret, 30))).json().code).toBe(200);
    const after = await challenge(u);
    for (let i = 0; i < 5; i++) expect((await validate(after, 'google', wrong)).json().code).toBe(12006);
    expect(await lockNotices(u)).toEqual([]);
  });

  it('authenticator: 10 concurrent tries with the right code give exactly one session', async () => {
    const { u, secret } = await withAuthenticator();
    const secToken = await challenge(u);
    // The step after the one that turned it on (a used step is refused as a replay).
    const code = totp(secret, 30);
    const answers = await Promise.all(Array.from({ length: 10 }, () => validate(secToken, 'google', code)));
    const ok = answers.filter((r) => r.json().code === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.headers.authorization).toBeTruthy();
    expect(answers.filter((r) => r.json().code !== 200).every((r) => [12006, 12010].includes(r.json().code))).toBe(true);
    expect(await sessionsOf(u)).toBe(2);
  });

  /** An account whose second step is a mailed code, and a live challenge whose code was sent (and read). */
  async function mailedChallenge() {
    const u = await signUpByEmail(t.app);
    expect((await as(u.token, 'GET', '/v1/twoStepAuthCode?authType=email')).code).toBe(200);
    expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'email', status: 'Y', authCode: await readCode(t.app, u.email!) })).code).toBe(200);
    const secToken = await challenge(u);
    expect((await t.app.inject({ method: 'GET', url: `/secCode?secToken=${secToken}&authType=email`, remoteAddress: freshIp() })).json().code).toBe(200);
    return { u, secToken, code: await readCode(t.app, u.email!) };
  }

  it('mailed code: 10 concurrent tries with the right code give exactly one session', async () => {
    const { u, secToken, code } = await mailedChallenge();
    const answers = await Promise.all(Array.from({ length: 10 }, () => validate(secToken, 'email', code)));
    expect(answers.filter((r) => r.json().code === 200)).toHaveLength(1);
    expect(await sessionsOf(u)).toBe(2);
  });

  it('mailed code: 30 concurrent wrong codes are 5 tries, after which the right code is refused too', async () => {
    const { u, secToken, code } = await mailedChallenge();
    const wrong = code === '123123' ? '321321' : '123123';
    const codes = await Promise.all(Array.from({ length: 30 }, () => validate(secToken, 'email', wrong).then((r) => r.json().code as number)));
    expect(tally(codes)).toEqual({ 12006: 5, 12010: 25 });
    expect((await validate(secToken, 'email', code)).json().code).toBe(12010);
    expect(await sessionsOf(u)).toBe(1);
  });

  it('turning the authenticator on: 30 concurrent wrong codes are 5 tries, then even the right one waits', async () => {
    const u = await signUpByEmail(t.app);
    const g = (await as(u.token, 'GET', '/v1/googleAuth')).data as { secret: string };
    const wrong = totp(g.secret, 300);
    const codes = await Promise.all(Array.from({ length: 30 }, () => as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: wrong }).then((r) => r.code)));
    expect(tally(codes)).toEqual({ 12006: 5, 12008: 25 });
    expect((await as(u.token, 'POST', '/v1/twoStepAuth', { authType: 'google', status: 'Y', authCode: totp(g.secret) })).code).toBe(12008);
    expect((await as(u.token, 'GET', '/v1/twoStepAuth')).data).toMatchObject({ googleAuth: 'N' });
  });
});
