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
