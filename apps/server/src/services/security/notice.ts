import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '@cc/contracts/messages';
import { maskContact } from '@cc/domain/account';
import { formatTime, type AccountRow } from '../session/accounts.ts';
import { smsAddress } from '../session/codes.ts';

export type SecurityChange = 'password' | 'tel' | 'email';

/**
 * Tells the account holder, through the address bound before the change, that a security setting changed (so a
 * change they did not make does not go unnoticed). A failure to send is logged and never undoes the change.
 */
export async function noticeSecurityChange(app: FastifyInstance, request: FastifyRequest, before: AccountRow, change: SecurityChange, newAddress?: { telPrefix: string; value: string }) {
  const masked = newAddress ? (change === 'tel' ? `+${newAddress.telPrefix} ${maskContact(newAddress.value)}` : maskContact(newAddress.value)) : '';
  const params = { time: formatTime(new Date()), to: masked };
  const subject = translate(request.locale, 'sec.notice.subject');
  const body = translate(request.locale, `sec.notice.${change}`, params);
  // The old address of what changed; otherwise the e-mail, else the phone, bound before.
  const viaMail = change === 'email' ? Boolean(before.email) : change === 'tel' ? !before.telephone && Boolean(before.email) : Boolean(before.email);
  const to = viaMail ? { channel: 'mail' as const, to: before.email! } : before.telephone ? { channel: 'sms' as const, to: smsAddress(before.tel_prefix, before.telephone) } : null;
  if (!to) return;
  await app.messenger.send({ ...to, subject, body }).catch((err: unknown) => request.log.warn({ err }, 'security notice not sent'));
}

/**
 * Tells the account holder that wrong second-step codes reached the limit (services/session/sign-in.ts): whoever
 * typed them knows the password, the holder's or a member's. By mail to the holder's e-mail, else by SMS to its
 * phone; a failure to send is logged and changes nothing.
 */
export async function noticeSecondStepLocked(app: FastifyInstance, request: FastifyRequest, accountId: number, memberId: number | null, limit: { count: number; minutes: number }) {
  const [a] = await app.db.query<{ account_no: string; email: string | null; telephone: string | null; tel_prefix: string; member_name: string | null }>(
    `SELECT a.account_no, a.email, a.telephone, a.tel_prefix, (SELECT name FROM members WHERE id = $2 AND account_id = a.id) AS member_name FROM accounts a WHERE a.id = $1`,
    [accountId, memberId],
  );
  if (!a) return;
  const params = { accountNo: a.account_no, name: a.member_name ?? '', count: limit.count, minutes: limit.minutes, time: formatTime(new Date()) };
  const body = translate(request.locale, memberId === null ? 'sec.notice.secondStepLocked' : 'sec.notice.memberSecondStepLocked', params);
  const to = a.email ? { channel: 'mail' as const, to: a.email } : a.telephone ? { channel: 'sms' as const, to: smsAddress(a.tel_prefix, a.telephone) } : null;
  if (!to) return;
  await app.messenger.send({ ...to, subject: translate(request.locale, 'sec.notice.subject'), body }).catch((err: unknown) => request.log.warn({ err }, 'second-step lock notice not sent'));
}
