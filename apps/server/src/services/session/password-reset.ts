import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { changePwdByEmailBody, changePwdByTelBody, forgotPasswordBody } from '@cc/contracts/session';
import { defaultTelPrefix, maskContact } from '@cc/domain/account';
import { translate } from '@cc/contracts/messages';
import { fail } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { revokeSessions } from '../../plugins/auth.ts';
import { accountByEmail, accountByPhone, normaliseUsername, type AccountRow } from './accounts.ts';
import { checkCode, consumeCode, emailTarget, sendCode, smsAddress, telTarget } from './codes.ts';

/** Which route the reset takes; says nothing about whether such an account exists. */
export function forgotPassword(body: z.infer<typeof forgotPasswordBody>) {
  const u = normaliseUsername(body.username);
  return u.kind === 'email' ? { route: 'email' as const, contact: u.email } : { route: 'tel' as const, contact: u.telephone };
}

/**
 * Password reset answers the same whether the address or phone has an account or not (OWASP ASVS V2.5 / V3: no
 * account enumeration): "a code was sent, if an account uses it". The same work is done either way (sendCode with
 * `instead`: the same locks, limits and code row, so a resend within 60 s is refused alike). An address with no
 * account is told so by mail through the same path, which the reset page's wording covers; a phone with no account
 * gets no SMS (a stranger's phone is not texted at our cost), the one step less being a single insert into the outbox.
 */
export async function sendResetSms(app: FastifyInstance, request: FastifyRequest, telephone: string, telPrefix = defaultTelPrefix) {
  const account = await accountByPhone(app.db, telPrefix, telephone);
  await sendCode(
    app,
    { purpose: 'reset', target: telTarget(telPrefix, telephone), channel: 'sms', address: smsAddress(telPrefix, telephone) },
    request.ip,
    request.locale,
    account ? undefined : null,
  );
  return { to: maskContact(telephone), resendAfter: 60 };
}

export async function sendResetMail(app: FastifyInstance, request: FastifyRequest, email: string) {
  const account = await accountByEmail(app.db, email);
  const noAccount = { subject: translate(request.locale, 'msg.resetNoAccount.subject'), body: translate(request.locale, 'msg.resetNoAccount.body', { address: email }) };
  await sendCode(app, { purpose: 'reset', target: emailTarget(email), channel: 'mail', address: email }, request.ip, request.locale, account ? undefined : noAccount);
  return { to: maskContact(email), resendAfter: 60 };
}

/**
 * Sets the new password and signs the account out everywhere, in one transaction. The code is judged first and a
 * wrong one answers CODE_WRONG whether or not an account uses the address: no code was ever sent for one that has
 * none, so no code can be right for it.
 */
async function resetPassword(app: FastifyInstance, account: AccountRow | undefined, target: string, code: string, newPwd: string) {
  const codeId = await checkCode(app.db, { purpose: 'reset', target }, code);
  if (!account) throw fail('CODE_WRONG', undefined, { code: 'err.codeWrong' });
  const hash = await hashPassword(newPwd);
  await app.db.tx(async (q) => {
    await consumeCode(q, codeId);
    await q.query(`UPDATE accounts SET password_hash = $2 WHERE id = $1`, [account.id, hash]);
    await revokeSessions(q, account.id);
  });
  return null;
}

export async function changePwdByTel(app: FastifyInstance, body: z.infer<typeof changePwdByTelBody>) {
  const telPrefix = body.telPrefix ?? defaultTelPrefix;
  const account = await accountByPhone(app.db, telPrefix, body.telephone);
  return resetPassword(app, account, telTarget(telPrefix, body.telephone), body.code, body.newPwd);
}

export async function changePwdByEmail(app: FastifyInstance, body: z.infer<typeof changePwdByEmailBody>) {
  return resetPassword(app, await accountByEmail(app.db, body.email), emailTarget(body.email), body.code, body.newPwd);
}
