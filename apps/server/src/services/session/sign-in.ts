import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccountAnswer, SecondStepData, loginBody, secCodeQuery, secValidationBody } from '@cc/contracts/session';
import { maskContact } from '@cc/domain/account';
import { AppError, fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { consumeCaptchaToken } from './captcha.ts';
import { accountById, accountByUsername, normaliseUsername, startSession, twoStepTypesOf, type AccountRow } from './accounts.ts';
import { checkCode, consumeCode, sendCode, smsAddress } from './codes.ts';
import { clear, release, reserve, reserveCounted, type Limit } from './rate-limit.ts';
import { checkTotp } from './totp.ts';
import { consumeRecoveryCode } from '../security/recovery.ts';
import { memberById, memberByUsername, memberSignIn, startMemberSession, type MemberLogin } from '../team/member-sign-in.ts';
import { noticeSecondStepLocked } from '../security/notice.ts';

/**
 * Failed sign-ins allowed per account and per client address, in 15 minutes. The account is the one the name
 * reaches, whichever name that is (its e-mail in any letter case, its phone), so that locking it by one name locks
 * it by every other; a name that reaches no account is counted by itself, the same way.
 */
export const failuresPerAccount = 5;
export const failuresPerIp = 20;
const failureWindowSeconds = 15 * 60;
const challengeSeconds = 5 * 60;
const challengeMaxAttempts = 5;
/**
 * Wrong second-step codes (authenticator, recovery, SMS or mailed code) allowed per account or member across all
 * its challenges, in an hour: a challenge ends after 5, and a fresh sign-in with the password opens another, so
 * without this count the second step could be guessed by signing in again. Reaching it locks the second step for
 * the rest of the hour and tells the account holder by mail.
 */
export const secondStepFailuresPerAccount = 10;
export const secondStepWindowSeconds = 60 * 60;

export type SignInResult = { kind: 'signedIn'; answer: AccountAnswer } | { kind: 'secondStep'; data: SecondStepData };

/** Whom a failure counts against: the account or member the name reaches, else the name as typed (normalised). */
function loginLimits(username: string, ip: string, reached: { account?: AccountRow | undefined; member?: MemberLogin | undefined }): Limit[] {
  const u = normaliseUsername(username);
  const who = reached.account ? `id:${reached.account.id}` : reached.member ? `member:${reached.member.id}` : u.kind === 'email' ? `email:${u.email}` : `tel:${u.telephone}`;
  return [
    { key: `login:acct:${who}`, max: failuresPerAccount, windowSeconds: failureWindowSeconds },
    { key: `login:ip:${ip}`, max: failuresPerIp, windowSeconds: failureWindowSeconds },
  ];
}

// Verifying against a throwaway hash when the account does not exist keeps the answer time the same.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomToken()));

export async function passwordSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<typeof loginBody>,
): Promise<SignInResult> {
  const account = await accountByUsername(app.db, body.username, body.telPrefix);
  // Not an account holder: perhaps a member of one (sub-account), signing in with its own address or phone.
  const member = account ? undefined : await memberByUsername(app.db, body.username, body.telPrefix);
  const limits = loginLimits(body.username, request.ip, { account, member });
  // The attempt is counted as a failure before the password is checked, under a lock (rate-limit.ts reserve), and
  // taken back if it succeeds: N concurrent wrong passwords cannot all pass the check before any is recorded.
  // The captcha token is used up inside the same step: a bad token records nothing, a locked-out attempt spends none.
  const reserved = await reserve(app.db, limits, app.config.CAPTCHA === 'on' ? (q) => consumeCaptchaToken(q, body.captchaToken, body) : undefined);

  const hash = account?.password_hash ?? member?.password_hash;
  const passed = hash ? await verifyPassword(hash, body.password) : (await verifyPassword(await decoy(), body.password), false);
  if (!passed) throw fail('BAD_CREDENTIALS');
  await clear(app.db, limits[0]!.key);
  await release(app.db, reserved);
  if (member) return memberSignIn(app, request, reply, member, challengeSeconds);
  if (!account) throw fail('BAD_CREDENTIALS');
  // Said only to whoever knows the password: a closed account is not revealed to a guesser.
  if (account.closed_at) throw fail('ACCOUNT_CLOSED');

  const types = twoStepTypesOf(account);
  if (types.length) return { kind: 'secondStep', data: await openChallenge(app, account, types) };
  return { kind: 'signedIn', answer: await app.db.tx((q) => startSession(q, request, reply, account.id)) };
}

async function openChallenge(app: FastifyInstance, account: AccountRow, types: ('google' | 'tel' | 'email')[]): Promise<SecondStepData> {
  const secToken = randomToken();
  await app.db.query(
    `INSERT INTO login_challenges (token_hash, account_id, auth_type, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(secToken), account.id, types.join(','), challengeSeconds],
  );
  const contacts = {
    ...(types.includes('tel') && account.telephone ? { tel: maskContact(account.telephone) } : {}),
    ...(types.includes('email') && account.email ? { email: maskContact(account.email) } : {}),
  };
  const preferred = types[0]!;
  return { secToken, authType: preferred, authTypes: types, contact: preferred === 'google' ? '' : (contacts[preferred] ?? ''), contacts };
}

/** The live challenge of a secToken with the methods it offers; SECOND_STEP_EXPIRED otherwise. */
async function liveChallenge(app: FastifyInstance, secToken: string, authType: string) {
  const [row] = await app.db.query<{ account_id: number; member_id: number | null; auth_type: string }>(
    `SELECT account_id, member_id, auth_type FROM login_challenges
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2`,
    [sha256(secToken), challengeMaxAttempts],
  );
  if (!row) throw fail('SECOND_STEP_EXPIRED');
  // A recovery code stands in for the authenticator.
  if (!row.auth_type.split(',').includes(authType === 'recovery' ? 'google' : authType)) throw fail('INVALID_INPUT', undefined, { authType: 'v.authType' });
  return row;
}

export async function sendSecondStepCode(app: FastifyInstance, request: FastifyRequest, query: z.infer<typeof secCodeQuery>) {
  if (query.authType === 'google') throw fail('INVALID_INPUT', undefined, { authType: 'v.authType' });
  const ch = await liveChallenge(app, query.secToken, query.authType);
  if (ch.member_id !== null) {
    // A member's code goes to its own address or phone.
    const m = await memberById(app.db, ch.member_id);
    const target = `member:${m.id}:${query.authType}`;
    const to = query.authType === 'tel' ? (m.telephone ?? '') : (m.email ?? '');
    const address = query.authType === 'tel' ? smsAddress(m.tel_prefix, to) : to;
    await sendCode(app, { purpose: 'login', target, channel: query.authType === 'tel' ? 'sms' : 'mail', address }, request.ip, request.locale);
    return { to: maskContact(to), resendAfter: 60 };
  }
  const account = await accountById(app.db, ch.account_id);
  const target = `acct:${account.id}:${query.authType}`;
  if (query.authType === 'tel') {
    await sendCode(app, { purpose: 'login', target, channel: 'sms', address: smsAddress(account.tel_prefix, account.telephone ?? '') }, request.ip, request.locale);
    return { to: maskContact(account.telephone ?? ''), resendAfter: 60 };
  }
  await sendCode(app, { purpose: 'login', target, channel: 'mail', address: account.email ?? '' }, request.ip, request.locale);
  return { to: maskContact(account.email ?? ''), resendAfter: 60 };
}

export async function validateSecondStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<typeof secValidationBody>,
): Promise<AccountAnswer> {
  const ch = await liveChallenge(app, body.secToken, body.authType);
  const hash = sha256(body.secToken);
  // Each try counts against the challenge, committed before the code is judged. The increment is the check too
  // (attempts < max in the same UPDATE, which locks the row), so concurrent tries cannot exceed the limit.
  const counted = await app.db.query(
    `UPDATE login_challenges SET attempts = attempts + 1
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2 RETURNING account_id`,
    [hash, challengeMaxAttempts],
  );
  if (!counted.length) throw fail('SECOND_STEP_EXPIRED');
  // And against the account (or member) across its challenges, counted the same way: as wrong before it is judged,
  // under a lock, taken back when right (rate-limit.ts reserveCounted).
  const key = ch.member_id !== null ? `2fa:member:${ch.member_id}` : `2fa:acct:${ch.account_id}`;
  const tries = await reserveCounted(app.db, [{ key, max: secondStepFailuresPerAccount, windowSeconds: secondStepWindowSeconds }]);
  try {
    const answer = await judgeSecondStep(app, request, reply, body, ch, hash);
    await release(app.db, tries.ids);
    await clear(app.db, key);
    return answer;
  } catch (e) {
    const wrong = e instanceof AppError && e.name === 'CODE_WRONG';
    if (!wrong) await release(app.db, tries.ids);
    // The try that reached the limit tells the holder, once: the count is read under the lock.
    else if (tries.count === secondStepFailuresPerAccount) await noticeSecondStepLocked(app, request, ch.account_id, ch.member_id, { count: secondStepFailuresPerAccount, minutes: secondStepWindowSeconds / 60 });
    throw e;
  }
}

/** The code judged, and the session opened when it is right (the challenge used up with it). */
async function judgeSecondStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<typeof secValidationBody>,
  ch: { account_id: number; member_id: number | null },
  hash: string,
): Promise<AccountAnswer> {
  let codeId: number | undefined;
  if (ch.member_id !== null) {
    const memberId = ch.member_id;
    if (body.authType !== 'tel' && body.authType !== 'email') throw fail('INVALID_INPUT', undefined, { authType: 'v.authType' });
    const memberCode = await checkCode(app.db, { purpose: 'login', target: `member:${memberId}:${body.authType}` }, body.code);
    return app.db.tx(async (q) => {
      const won = await q.query(`UPDATE login_challenges SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING account_id`, [hash]);
      if (!won.length) throw fail('SECOND_STEP_EXPIRED');
      await consumeCode(q, memberCode);
      return startMemberSession(q, request, reply, memberId);
    });
  }
  // A recovery code is checked and used up in the transaction below (one UPDATE: two requests cannot both spend it).
  if (body.authType === 'google') {
    const account = await accountById(app.db, ch.account_id);
    if (!(await checkTotp(app.db, app.config, account.id, account.totp_secret, body.code))) {
      throw fail('CODE_WRONG', undefined, { code: 'err.codeWrong' });
    }
  } else if (body.authType !== 'recovery') {
    codeId = await checkCode(app.db, { purpose: 'login', target: `acct:${ch.account_id}:${body.authType}` }, body.code);
  }
  return app.db.tx(async (q) => {
    const won = await q.query(`UPDATE login_challenges SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING account_id`, [hash]);
    if (!won.length) throw fail('SECOND_STEP_EXPIRED');
    if (codeId !== undefined) await consumeCode(q, codeId);
    if (body.authType === 'recovery' && !(await consumeRecoveryCode(q, ch.account_id, body.code))) {
      throw new AppError('CODE_WRONG', undefined, { code: 'sec.recovery.wrong' }, { key: 'sec.recovery.wrong' });
    }
    return startSession(q, request, reply, ch.account_id);
  });
}
