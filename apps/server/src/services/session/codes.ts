import type { Db, Queryable } from '@cc/db/client';
import { codeResendSeconds } from '@cc/domain/account';
import { translate, type Locale, type MessageKey } from '@cc/contracts/messages';
import { fail } from '../../lib/app-error.ts';
import { sha256, sixDigitCode } from '../../lib/crypto.ts';
import type { Messenger } from '../../adapters/messaging/messenger.ts';
import { record, waitSeconds } from './rate-limit.ts';

export type CodePurpose = 'signup' | 'reset' | 'login' | 'twoStep' | 'close' | 'ownership' | 'modifyOrigin' | 'modifyNew';
export const codeValidMinutes = 10;
export const codeMaxAttempts = 5;
/** Codes any one address may ask for per hour, whatever it asks them for. */
const perIpPerHour = 20;

const purposeKey: Record<CodePurpose, MessageKey> = {
  signup: 'purpose.signup',
  reset: 'purpose.reset',
  login: 'purpose.login',
  twoStep: 'purpose.twoStep',
  close: 'purpose.close',
  ownership: 'purpose.ownership',
  modifyOrigin: 'purpose.modifyOrigin',
  modifyNew: 'purpose.modifyNew',
};

/** Where a code goes: `target` names what it proves control of; `address` is where the message is sent. */
export interface CodeDestination {
  purpose: CodePurpose;
  target: string;
  channel: 'mail' | 'sms';
  address: string;
}

export const telTarget = (telPrefix: string, telephone: string) => `tel:+${telPrefix}${telephone}`;
export const emailTarget = (email: string) => `email:${email}`;
/** SMS are addressed as +{telPrefix}{telephone}: one format, so the outbox can be searched by it. */
export const smsAddress = (telPrefix: string, telephone: string) => `+${telPrefix}${telephone}`;

// The hash binds the code to its purpose and target, so one code never unlocks another use.
const codeHash = (d: { purpose: string; target: string }, code: string) => sha256(`${d.purpose}|${d.target}|${code}`);

/** What goes out instead of the code: a notice with no code in it, or (null) nothing at all. */
export type InsteadOfCode = { subject: string; body: string } | null;

/**
 * Sends a new 6-digit code, refusing within 60 s of the previous one (CODE_TOO_SOON) and past the per-IP cap.
 * The newest code replaces every earlier one for the same purpose and target.
 *
 * With `instead`, the same work is done (the same locks, limits and code row, so a resend within 60 s is refused
 * alike), but the message sent is `instead`, which carries no code: for an address the flow must not say it knows
 * about (a reset for an address that has no account, a sign-up code for one that has), so that the answer and its
 * timing are the same either way and only the address's owner learns which it was.
 */
export async function sendCode(deps: { db: Db; messenger: Messenger }, d: CodeDestination, ip: string, locale: Locale, instead?: InsteadOfCode): Promise<void> {
  const code = sixDigitCode();
  await deps.db.tx(async (q) => {
    // Serialises two sends to one target, so the 60 s rule holds under concurrency and across instances.
    await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`code|${d.purpose}|${d.target}`]);
    const [last] = await q.query<{ left: number }>(
      `SELECT ceil(extract(epoch FROM (created_at + make_interval(secs => $3) - now())))::int AS left
         FROM verification_codes WHERE purpose = $1 AND target = $2 ORDER BY created_at DESC LIMIT 1`,
      [d.purpose, d.target, codeResendSeconds],
    );
    if (last && last.left > 0) throw fail('CODE_TOO_SOON', { seconds: last.left });
    // The per-address cap spans targets, so it needs its own lock (the one rate-limit.ts reserve takes for this key).
    await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`rate|code:ip:${ip}`]);
    const ipWait = await waitSeconds(q, { key: `code:ip:${ip}`, max: perIpPerHour, windowSeconds: 3600 });
    if (ipWait > 0) throw fail('TOO_MANY_ATTEMPTS', { minutes: Math.ceil(ipWait / 60) });
    await record(q, [`code:ip:${ip}`]);
    await q.query(`UPDATE verification_codes SET used_at = now() WHERE purpose = $1 AND target = $2 AND used_at IS NULL`, [d.purpose, d.target]);
    await q.query(
      `INSERT INTO verification_codes (purpose, target, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [d.purpose, d.target, codeHash(d, code), codeValidMinutes],
    );
  });
  if (instead === null) return;
  const params = { code, minutes: codeValidMinutes, purpose: translate(locale, purposeKey[d.purpose]) };
  await deps.messenger.send({
    channel: d.channel,
    to: d.address,
    subject: instead ? instead.subject : translate(locale, 'msg.codeSubject', params),
    body: instead ? instead.body : translate(locale, 'msg.codeBody', params),
  });
}

/**
 * Checks a code without using it up: every wrong try counts (committed at once), and after five the code is dead.
 * Answers the code's id, to be consumed with `consumeCode` in the transaction that acts on it.
 */
export async function checkCode(q: Queryable, d: { purpose: CodePurpose; target: string }, code: string): Promise<number> {
  const [row] = await q.query<{ id: number; code_hash: string }>(
    `UPDATE verification_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM verification_codes WHERE purpose = $1 AND target = $2 AND used_at IS NULL AND expires_at > now()
                   ORDER BY created_at DESC LIMIT 1)
        AND attempts < $3
      RETURNING id, code_hash`,
    [d.purpose, d.target, codeMaxAttempts],
  );
  if (!row || row.code_hash !== codeHash(d, code)) throw fail('CODE_WRONG', undefined, { code: 'err.codeWrong' });
  return row.id;
}

/** Marks a checked code used; fails when another request used it first. */
export async function consumeCode(q: Queryable, id: number): Promise<void> {
  const used = await q.query(`UPDATE verification_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`, [id]);
  if (!used.length) throw fail('CODE_WRONG', undefined, { code: 'err.codeWrong' });
}
