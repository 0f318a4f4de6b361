import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { contactAnswer, newAddressBody, newAddressQuery, originVerifyBody } from '@cc/contracts/security';
import { maskContact } from '@cc/domain/account';
import { translate } from '@cc/contracts/messages';
import { AppError, fail } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { accountById, formatTime, type AccountRow } from '../session/accounts.ts';
import { checkCode, consumeCode, emailTarget, sendCode, smsAddress, telTarget } from '../session/codes.ts';
import { release, reserve } from '../session/rate-limit.ts';
import { issueProof, liveProof, word, type ProofVia } from './proofs.ts';
import { noticeSecurityChange } from './notice.ts';
import { notifyAccount } from '../messages/notify.ts';

type Channel = 'tel' | 'email';
type NewAddress = { telephone?: string | undefined; telPrefix?: string | undefined; email?: string | undefined };
type Answer = z.infer<typeof contactAnswer>;

const originTarget = (accountId: number, channel: Channel) => `acct:${accountId}:${channel}`;
const bound = (a: AccountRow, channel: Channel) => Boolean(channel === 'tel' ? a.telephone : a.email);
const contactOf = (a: AccountRow): Answer => ({ telephone: a.telephone ?? '', telPrefix: a.tel_prefix, email: a.email ?? '' });
const codeWrong = (field: string) => (e: unknown) => {
  // The same refusal, with the field at fault named as this call names it.
  throw e instanceof AppError && e.name === 'CODE_WRONG' ? fail('CODE_WRONG', undefined, { [field]: 'err.codeWrong' }) : e;
};

/** Step 1 of a change: a code to the phone or address bound now (GET /v1/modifyEmailOrTelSendOrigin). */
export async function sendOriginCode(app: FastifyInstance, request: FastifyRequest, sendTo: Channel) {
  const a = await accountById(app.db, request.account.id);
  if (!bound(a, sendTo)) throw new AppError('TWO_STEP_NOT_READY', { what: word(request.locale, sendTo) });
  const d = sendTo === 'tel'
    ? { purpose: 'modifyOrigin' as const, target: originTarget(a.id, 'tel'), channel: 'sms' as const, address: smsAddress(a.tel_prefix, a.telephone!) }
    : { purpose: 'modifyOrigin' as const, target: originTarget(a.id, 'email'), channel: 'mail' as const, address: a.email! };
  await sendCode(app, d, request.ip, request.locale);
  return { to: maskContact(sendTo === 'tel' ? a.telephone! : a.email!), resendAfter: 60 };
}

const passwordLimit = (accountId: number) => ({ key: `reauth:pwd:${accountId}`, max: 5, windowSeconds: 15 * 60 });

/**
 * Step 2: the code of step 1 (or the password, which only binds a first phone or e-mail) proves the user is at
 * the keyboard now; answers a proof good for one change in this session for 10 minutes.
 */
export async function verifyOrigin(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof originVerifyBody>) {
  const a = await accountById(app.db, request.account.id);
  if (body.verifyCode) {
    const channel = body.sendTo!;
    const codeId = await checkCode(app.db, { purpose: 'modifyOrigin', target: originTarget(a.id, channel) }, body.verifyCode).catch(codeWrong('verifyCode'));
    return app.db.tx(async (q) => {
      await consumeCode(q, codeId);
      return issueProof(q, a.id, request.account.tokenHash, channel);
    });
  }
  // Wrong passwords count (5 in 15 minutes), under a lock, and are taken back when right.
  const reserved = await reserve(app.db, [passwordLimit(a.id)]);
  if (!(await verifyPassword(a.password_hash, body.password!))) throw fail('BAD_CREDENTIALS', undefined, { password: 'sec.passwordWrong' });
  await release(app.db, reserved);
  return issueProof(app.db, a.id, request.account.tokenHash, 'password');
}

/**
 * What a proof allows: changing a bound phone or e-mail needs a code through that very phone or e-mail;
 * binding a first one needs any re-authentication (the other channel's code or the password).
 */
function allowed(request: FastifyRequest, a: AccountRow, channel: Channel, via: ProofVia, mode: 'bind' | 'modify') {
  const what = word(request.locale, channel);
  if (mode === 'bind' && bound(a, channel)) throw new AppError('ALREADY_BOUND', { what }, undefined, { key: 'sec.alreadyBound', params: { what } });
  if (mode === 'modify') {
    if (!bound(a, channel)) throw new AppError('TWO_STEP_NOT_READY', { what });
    if (via !== channel) throw new AppError('REAUTH_REQUIRED', { what }, { proof: { key: 'sec.proof.wrongChannel', params: { what } } }, { key: 'sec.proof.wrongChannel', params: { what } });
  }
}

function addressOf(n: NewAddress): { channel: Channel; telPrefix: string; value: string; target: string; send: { channel: 'sms' | 'mail'; address: string } } {
  if (n.telephone) {
    const telPrefix = n.telPrefix ?? '86';
    return { channel: 'tel', telPrefix, value: n.telephone, target: telTarget(telPrefix, n.telephone), send: { channel: 'sms', address: smsAddress(telPrefix, n.telephone) } };
  }
  const email = n.email!;
  return { channel: 'email', telPrefix: '', value: email, target: emailTarget(email), send: { channel: 'mail', address: email } };
}

function taken(channel: Channel) {
  const key = channel === 'tel' ? 'sec.telTaken' : 'sec.emailTaken';
  return new AppError('ADDRESS_TAKEN', undefined, { [channel === 'tel' ? 'telephone' : 'email']: key }, { key });
}

async function refuseTaken(app: FastifyInstance, accountId: number, addr: ReturnType<typeof addressOf>) {
  const rows = addr.channel === 'tel'
    ? await app.db.query(`SELECT id FROM accounts WHERE tel_prefix = $1 AND telephone = $2 AND id <> $3`, [addr.telPrefix, addr.value, accountId])
    : await app.db.query(`SELECT id FROM accounts WHERE email = $1 AND id <> $2`, [addr.value, accountId]);
  if (rows.length) throw taken(addr.channel);
}

function refuseSame(request: FastifyRequest, a: AccountRow, addr: ReturnType<typeof addressOf>) {
  const same = addr.channel === 'tel' ? a.telephone === addr.value && a.tel_prefix === addr.telPrefix : a.email === addr.value;
  if (same) {
    const what = word(request.locale, addr.channel);
    throw new AppError('INVALID_INPUT', undefined, { [addr.channel === 'tel' ? 'telephone' : 'email']: { key: 'sec.sameAddress', params: { what } } }, { key: 'sec.sameAddress', params: { what } });
  }
}

/** Steps 3 and 4 check alike: a live proof of this session, a method that may set this address, and the address new. */
async function acceptableNewAddress(app: FastifyInstance, request: FastifyRequest, given: z.infer<typeof newAddressQuery>, mode: 'bind' | 'modify') {
  const a = await accountById(app.db, request.account.id);
  const addr = addressOf(given);
  const { via } = await liveProof(app.db, a.id, request.account.tokenHash, given.proof);
  allowed(request, a, addr.channel, via, mode);
  refuseSame(request, a, addr);
  return { a, addr };
}

/**
 * Step 3: a code to the new phone or address, once the proof is live (GET /v1/bindEmailOrTel, /v1/modifyEmailOrTel).
 * An address another account already uses is answered alike (no account enumeration by binding, issue 42): its
 * owner is sent a note instead of a code, so the binding can never be completed and only that owner learns of it.
 */
export async function sendNewCode(app: FastifyInstance, request: FastifyRequest, query: z.infer<typeof newAddressQuery>, mode: 'bind' | 'modify') {
  const { a, addr } = await acceptableNewAddress(app, request, query, mode);
  const inUse = await refuseTaken(app, a.id, addr).then(() => false, (e: unknown) => {
    if (e instanceof AppError && e.name === 'ADDRESS_TAKEN') return true;
    throw e;
  });
  const note = inUse
    ? { subject: translate(request.locale, 'sec.notice.subject'), body: translate(request.locale, addr.channel === 'tel' ? 'sec.notice.bindTakenSms' : 'sec.notice.bindTaken', { address: maskContact(addr.value) }) }
    : undefined;
  await sendCode(app, { purpose: 'modifyNew', target: `${originTarget(a.id, addr.channel)}|${addr.target}`, ...addr.send }, request.ip, request.locale, note);
  return { to: maskContact(addr.value), resendAfter: 60 };
}

/**
 * Step 4: the new phone or address with its code. The proof and the code are used up in the transaction that
 * saves the address; a refusal changes nothing (the code is counted as a try, the proof stays).
 */
export async function saveNewAddress(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof newAddressBody>, mode: 'bind' | 'modify'): Promise<Answer> {
  const { a, addr } = await acceptableNewAddress(app, request, body, mode);
  // The code was sent for this account and this new address: it proves control of the address, and no other. Judged
  // before whether the address is free, so that only its owner can learn that.
  const codeId = await checkCode(app.db, { purpose: 'modifyNew', target: `${originTarget(a.id, addr.channel)}|${addr.target}` }, body.code);
  await refuseTaken(app, a.id, addr);
  try {
    await app.db.tx(async (q) => {
      await liveProof(q, a.id, request.account.tokenHash, body.proof, true);
      await consumeCode(q, codeId);
      if (addr.channel === 'tel') await q.query(`UPDATE accounts SET telephone = $2, tel_prefix = $3 WHERE id = $1`, [a.id, addr.value, addr.telPrefix]);
      else await q.query(`UPDATE accounts SET email = $2 WHERE id = $1`, [a.id, addr.value]);
      await notifyAccount(q, a.id, 'securityChange', { change: addr.channel, time: formatTime(new Date()) });
    });
  } catch (e) {
    // Another account bound it between the check and the write.
    if ((e as { code?: unknown }).code === '23505') throw taken(addr.channel);
    throw e;
  }
  await noticeSecurityChange(app, request, a, addr.channel, { telPrefix: addr.telPrefix, value: addr.value });
  return contactOf(await accountById(app.db, a.id));
}
