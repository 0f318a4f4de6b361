import { createHash, randomInt } from 'node:crypto';
import type { App } from '../src/app.ts';
import { humanTrack } from '../../../packages/domain/test/human-drag.ts';

/** What the console sends as a password: the lowercase hex SHA-256 of what was typed. */
export const sha256hex = (v: string) => createHash('sha256').update(v).digest('hex');

/** A fresh client address, so one test's codes and failures do not count against another's per-IP limits. */
export const freshIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

let seq = 0;
/** A unique e-mail address / mainland mobile number for a test account. */
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}${randomInt(1000)}@example.com`;
export const uniquePhone = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * Solves a slider puzzle for signing in as `username` the way a person does: the answer is read from the database
 * row (where the person's eyes would find the hole) and reached by a hand's drag (packages/domain/test/human-drag.ts).
 * Each puzzle comes from an address of its own, so a test that solves many stays under the per-address limits.
 */
export async function solveCaptcha(app: App, username: string, telPrefix?: string): Promise<string> {
  const remoteAddress = freshIp();
  const query = new URLSearchParams({ username, ...(telPrefix ? { telPrefix } : {}) });
  const r = await app.inject({ method: 'GET', url: `/captcha?${query}`, remoteAddress });
  const captchaId = (r.json().data as { captchaId?: string } | null)?.captchaId;
  if (!captchaId) throw new Error(`captcha failed: ${r.body}`);
  const [row] = await app.db.query<{ x: number }>(`SELECT x FROM captchas WHERE id = $1`, [captchaId]);
  const x = row!.x + 2;
  const v = await app.inject({ method: 'POST', url: '/captcha/verify', remoteAddress, payload: { captchaId, x, track: humanTrack(x) } });
  const token = v.json().data?.captchaToken as string | undefined;
  if (!token) throw new Error(`captcha verify failed: ${v.body}`);
  return token;
}

/** The 6-digit code in the newest message to an address (e-mail, or +{telPrefix}{telephone}). */
export async function readCode(app: App, to: string): Promise<string> {
  const r = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  const [msg] = r.json().data as { body: string }[];
  const code = msg?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${to}: ${r.body}`);
  return code;
}

/** Signs in through /captcha, /captcha/verify and /login; answers the token. `password` is the typed one. */
export async function signIn(app: App, username: string, password: string, opts: { ip?: string } = {}): Promise<string> {
  const captchaToken = await solveCaptcha(app, username);
  const r = await app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: opts.ip ?? freshIp(),
    payload: { username, password: sha256hex(password), captchaToken },
  });
  const token = r.headers.authorization;
  if (r.json().code !== 200 || typeof token !== 'string') throw new Error(`sign-in failed: ${r.body}`);
  return token;
}

export interface SignedUp {
  token: string;
  accountNo: string;
  email?: string;
  telephone?: string;
  password: string;
}

/** Signs up with an e-mail address (code read from the dev outbox); answers the token and the account. */
export async function signUpByEmail(app: App, opts: { email?: string; password?: string; inviteCode?: string } = {}): Promise<SignedUp> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'Secret#2026';
  const ip = freshIp();
  const c = await app.inject({ method: 'GET', url: `/signupCode?email=${encodeURIComponent(email)}`, remoteAddress: ip });
  if (c.json().code !== 200) throw new Error(`signupCode failed: ${c.body}`);
  const code = await readCode(app, email);
  const r = await app.inject({
    method: 'POST',
    url: '/signup',
    remoteAddress: ip,
    payload: { email, password: sha256hex(password), code, ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}) },
  });
  const token = r.headers.authorization;
  if (r.json().code !== 200 || typeof token !== 'string') throw new Error(`signup failed: ${r.body}`);
  return { token, accountNo: r.json().data.accountInfo.accountNo, email, password };
}

/** Signs up with a mainland phone number (prefix 86). */
export async function signUpByTel(app: App, opts: { telephone?: string; password?: string } = {}): Promise<SignedUp> {
  const telephone = opts.telephone ?? uniquePhone();
  const password = opts.password ?? 'Secret#2026';
  const ip = freshIp();
  const c = await app.inject({ method: 'GET', url: `/signupCode?telephone=${telephone}&telPrefix=86`, remoteAddress: ip });
  if (c.json().code !== 200) throw new Error(`signupCode failed: ${c.body}`);
  const code = await readCode(app, `+86${telephone}`);
  const r = await app.inject({ method: 'POST', url: '/signup', remoteAddress: ip, payload: { telephone, telPrefix: '86', password: sha256hex(password), code } });
  const token = r.headers.authorization;
  if (r.json().code !== 200 || typeof token !== 'string') throw new Error(`signup failed: ${r.body}`);
  return { token, accountNo: r.json().data.accountInfo.accountNo, telephone, password };
}
