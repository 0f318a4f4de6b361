import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { changePwdByEmailBody, changePwdByTelBody, forgotPasswordBody } from '@cc/contracts/session';
import { defaultTelPrefix, maskContact } from '@cc/domain/account';
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

export async function sendResetSms(app: FastifyInstance, request: FastifyRequest, telephone: string, telPrefix = defaultTelPrefix) {
  if (!(await accountByPhone(app.db, telPrefix, telephone))) throw fail('ACCOUNT_NOT_FOUND', undefined, { telephone: 'err.accountNotFound' });
  await sendCode(
    app,
    { purpose: 'reset', target: telTarget(telPrefix, telephone), channel: 'sms', address: smsAddress(telPrefix, telephone) },
    request.ip,
    request.locale,
  );
  return { to: maskContact(telephone), resendAfter: 60 };
}

export async function sendResetMail(app: FastifyInstance, request: FastifyRequest, email: string) {
  if (!(await accountByEmail(app.db, email))) throw fail('ACCOUNT_NOT_FOUND', undefined, { email: 'err.accountNotFound' });
  await sendCode(app, { purpose: 'reset', target: emailTarget(email), channel: 'mail', address: email }, request.ip, request.locale);
  return { to: maskContact(email), resendAfter: 60 };
}

/** Sets the new password and signs the account out everywhere, in one transaction. */
async function resetPassword(app: FastifyInstance, account: AccountRow | undefined, target: string, code: string, newPwd: string) {
  if (!account) throw fail('ACCOUNT_NOT_FOUND');
  const codeId = await checkCode(app.db, { purpose: 'reset', target }, code);
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
