import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '@cc/db/client';
import type { AccountAnswer, signupBody, signupCodeQuery } from '@cc/contracts/session';
import { defaultTelPrefix, maskContact } from '@cc/domain/account';
import { translate } from '@cc/contracts/messages';
import { fail } from '../../lib/app-error.ts';
import { publicBaseUrl } from '../../config.ts';
import { hashPassword } from '../../lib/password.ts';
import { accountByEmail, accountByPhone, startSession } from './accounts.ts';
import { checkCode, consumeCode, emailTarget, sendCode, smsAddress, telTarget } from './codes.ts';

const alnum = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const randomFrom = (chars: string, n: number) => Array.from({ length: n }, () => chars[randomInt(chars.length)]).join('');

/** A value for a unique column, chosen among a few random candidates not taken yet. */
async function unusedValue(q: Queryable, column: 'account_no' | 'invite_code', make: () => string): Promise<string> {
  for (;;) {
    const candidates = Array.from({ length: 5 }, make);
    const taken = await q.query<{ v: string }>(`SELECT ${column} AS v FROM accounts WHERE ${column} = ANY($1)`, [candidates]);
    const free = candidates.find((c) => !taken.some((t) => t.v === c));
    if (free) return free;
  }
}

export const newAccountNo = (q: Queryable) => unusedValue(q, 'account_no', () => `A${randomInt(10_000_000, 100_000_000)}`);
export const newInviteCode = (q: Queryable) => unusedValue(q, 'invite_code', () => randomFrom(alnum, 8));

/**
 * Sends a sign-up code to an address or phone, answering the same whether it is registered or not (no account
 * enumeration): a registered one is sent, through the same path and limits, a notice that it already has an account
 * (sign in, or reset the password) instead of a code, so only its owner learns it.
 */
export async function sendSignupCode(app: FastifyInstance, request: FastifyRequest, query: z.infer<typeof signupCodeQuery>) {
  const taken = (channel: 'mail' | 'sms', address: string) => ({
    subject: translate(request.locale, 'msg.signupTaken.subject'),
    body: translate(request.locale, channel === 'mail' ? 'msg.signupTaken.body' : 'msg.signupTaken.sms', { address, link: `${publicBaseUrl(app.config)}/password-reset` }),
  });
  if (query.telephone) {
    const telPrefix = query.telPrefix ?? defaultTelPrefix;
    const exists = await accountByPhone(app.db, telPrefix, query.telephone);
    await sendCode(
      app,
      { purpose: 'signup', target: telTarget(telPrefix, query.telephone), channel: 'sms', address: smsAddress(telPrefix, query.telephone) },
      request.ip,
      request.locale,
      exists ? taken('sms', maskContact(query.telephone)) : undefined,
    );
    return { to: maskContact(query.telephone), resendAfter: 60 };
  }
  const email = query.email ?? '';
  const exists = await accountByEmail(app.db, email);
  await sendCode(app, { purpose: 'signup', target: emailTarget(email), channel: 'mail', address: email }, request.ip, request.locale, exists ? taken('mail', email) : undefined);
  return { to: maskContact(email), resendAfter: 60 };
}

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/**
 * Creates the account and signs it in, all in one transaction: any failure leaves no account, no session
 * and the code unused. The code proves the phone when one is given, otherwise the address.
 */
export async function signUp(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: z.infer<typeof signupBody>): Promise<AccountAnswer> {
  const telPrefix = body.telPrefix ?? defaultTelPrefix;
  const target = body.telephone ? telTarget(telPrefix, body.telephone) : emailTarget(body.email ?? '');
  const codeId = await checkCode(app.db, { purpose: 'signup', target }, body.code);
  const passwordHash = await hashPassword(body.password);
  try {
    return await app.db.tx(async (q) => {
      if (body.telephone && (await accountByPhone(q, telPrefix, body.telephone))) throw fail('ACCOUNT_EXISTS', undefined, { telephone: 'err.accountExists' });
      if (body.email && (await accountByEmail(q, body.email))) throw fail('ACCOUNT_EXISTS', undefined, { email: 'err.accountExists' });
      let invitedBy: number | null = null;
      if (body.inviteCode) {
        const [inviter] = await q.query<{ id: number }>(`SELECT id FROM accounts WHERE invite_code = $1`, [body.inviteCode]);
        if (!inviter) throw fail('INVITE_CODE_UNKNOWN', undefined, { inviteCode: 'err.inviteCodeUnknown' });
        invitedBy = inviter.id;
      }
      await consumeCode(q, codeId);
      const [created] = await q.query<{ id: number }>(
        `INSERT INTO accounts (account_no, root_uuid, email, telephone, tel_prefix, password_hash, invite_code, invited_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [await newAccountNo(q), randomUUID(), body.email ?? null, body.telephone ?? null, telPrefix, passwordHash, await newInviteCode(q), invitedBy],
      );
      return startSession(q, request, reply, created!.id);
    });
  } catch (e) {
    // Two sign-ups of one phone or address at once: the database's unique index decides, the loser is told plainly.
    if (isUniqueViolation(e)) throw fail('ACCOUNT_EXISTS');
    throw e;
  }
}
