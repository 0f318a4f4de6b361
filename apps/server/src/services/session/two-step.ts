import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { translate } from '@cc/contracts/messages';
import type { twoStepAuthBody } from '@cc/contracts/session';
import { maskContact } from '@cc/domain/account';
import { AppError, fail } from '../../lib/app-error.ts';
import { accountById, type AccountRow } from './accounts.ts';
import { checkCode, consumeCode, sendCode, smsAddress } from './codes.ts';
import { release, reserve } from './rate-limit.ts';
import { checkTotp, newTotpSecret } from './totp.ts';
import { dropRecoveryCodes, newRecoveryCodes } from '../security/recovery.ts';

const yn = (v: string) => (v === 'Y' ? ('Y' as const) : ('N' as const));
export const twoStepStatusOf = (a: Pick<AccountRow, 'tel_auth' | 'email_auth' | 'google_auth'>) => ({ telAuth: yn(a.tel_auth), emailAuth: yn(a.email_auth), googleAuth: yn(a.google_auth) });

function notReady(request: FastifyRequest, what: 'tel' | 'email' | 'google') {
  const key = what === 'tel' ? 'w.phone' : what === 'email' ? 'w.email' : 'w.google';
  return fail('TWO_STEP_NOT_READY', { what: translate(request.locale, key) });
}

/** Sends a code to the account's own phone or address, to confirm a change of its second-step settings. */
export async function sendTwoStepCode(app: FastifyInstance, request: FastifyRequest, authType: 'tel' | 'email') {
  const a = await accountById(app.db, request.account.id);
  const target = `acct:${a.id}:${authType}`;
  if (authType === 'tel') {
    if (!a.telephone) throw notReady(request, 'tel');
    await sendCode(app, { purpose: 'twoStep', target, channel: 'sms', address: smsAddress(a.tel_prefix, a.telephone) }, request.ip, request.locale);
    return { to: maskContact(a.telephone), resendAfter: 60 };
  }
  if (!a.email) throw notReady(request, 'email');
  await sendCode(app, { purpose: 'twoStep', target, channel: 'mail', address: a.email }, request.ip, request.locale);
  return { to: maskContact(a.email), resendAfter: 60 };
}

/** Starts (or restarts) authenticator enrolment: a pending secret, active only once a code from it is shown. */
export async function startGoogleAuth(app: FastifyInstance, request: FastifyRequest) {
  const a = await accountById(app.db, request.account.id);
  const t = await newTotpSecret(app.config, a.email ?? a.telephone ?? a.account_no);
  await app.db.query(`UPDATE accounts SET totp_pending = $2 WHERE id = $1`, [a.id, t.sealed]);
  return { secret: t.secret, otpauthUrl: t.otpauthUrl, qrCode: t.qrCode };
}

const column = { tel: 'tel_auth', email: 'email_auth', google: 'google_auth' } as const;

/** Turns one method on or off after checking a code; authenticator codes are limited to 5 wrong ones in 15 minutes. */
export async function setTwoStep(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof twoStepAuthBody>) {
  const a = await accountById(app.db, request.account.id);
  if (body.authType === 'google') {
    const on = body.status === 'Y';
    const sealed = on ? a.totp_pending : a.totp_secret;
    if (!sealed) {
      if (on) throw notReady(request, 'google');
      return twoStepStatusOf(a);
    }
    // Counted as wrong before it is checked, under a lock, and taken back when right: concurrent guesses cannot exceed 5.
    const reserved = await reserve(app.db, [{ key: `totp:acct:${a.id}`, max: 5, windowSeconds: 15 * 60 }]);
    if (!(await checkTotp(app.db, app.config, a.id, sealed, body.authCode))) throw fail('CODE_WRONG', undefined, { authCode: 'err.codeWrong' });
    await release(app.db, reserved);
    // Turning the authenticator on hands out its recovery codes, once; turning it off drops them.
    const recoveryCodes = await app.db.tx(async (q) => {
      await q.query(
        on
          ? `UPDATE accounts SET totp_secret = totp_pending, totp_pending = NULL, google_auth = 'Y' WHERE id = $1`
          : `UPDATE accounts SET totp_secret = NULL, google_auth = 'N' WHERE id = $1`,
        [a.id],
      );
      if (on) return newRecoveryCodes(q, a.id);
      await dropRecoveryCodes(q, a.id);
      return undefined;
    });
    return { ...twoStepStatusOf(await accountById(app.db, a.id)), ...(recoveryCodes ? { recoveryCodes } : {}) };
  } else {
    if (body.authType === 'tel' ? !a.telephone : !a.email) throw notReady(request, body.authType);
    const codeId = await checkCode(app.db, { purpose: 'twoStep', target: `acct:${a.id}:${body.authType}` }, body.authCode).catch((e: unknown) => {
      // Same error, but the field at fault is called authCode here.
      throw e instanceof AppError ? fail('CODE_WRONG', undefined, { authCode: 'err.codeWrong' }) : e;
    });
    await app.db.tx(async (q) => {
      await consumeCode(q, codeId);
      await q.query(`UPDATE accounts SET ${column[body.authType]} = $2 WHERE id = $1`, [a.id, body.status]);
    });
  }
  return twoStepStatusOf(await accountById(app.db, a.id));
}

/** A new set of recovery codes for an account whose authenticator is on, after one of its codes (same limit as above). */
export async function regenerateRecoveryCodes(app: FastifyInstance, request: FastifyRequest, authCode: string) {
  const a = await accountById(app.db, request.account.id);
  if (a.google_auth !== 'Y' || !a.totp_secret) throw fail('TWO_STEP_NOT_READY', { what: translate(request.locale, 'w.google') });
  const reserved = await reserve(app.db, [{ key: `totp:acct:${a.id}`, max: 5, windowSeconds: 15 * 60 }]);
  if (!(await checkTotp(app.db, app.config, a.id, a.totp_secret, authCode))) throw fail('CODE_WRONG', undefined, { authCode: 'err.codeWrong' });
  await release(app.db, reserved);
  return { codes: await app.db.tx((q) => newRecoveryCodes(q, a.id)) };
}
