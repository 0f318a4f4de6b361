import { translate } from '@cc/contracts/messages';
import { reminderDayChoices } from '@cc/contracts/account';
import type { Messenger } from '../../adapters/messaging/messenger.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { informColumns, informJoin, informTargetOf } from '../account/inform.ts';
import type { DomainsContext } from './context.ts';
import { notifyAccount } from '../messages/notify.ts';

/** Once a day: reminders before a name expires, on the days and channels of /account/notify ("domain expiring"). */
export const domainsDailyJob = 'domains.daily' satisfies JobKind;
const day = 86400_000;

/** The largest reminder threshold (days before expiry) reached at `days` left, or null. */
const thresholdReached = (days: number, thresholds: number[]) => {
  const hit = thresholds.filter((t) => days <= t).sort((a, b) => a - b);
  return hit.length ? hit[0]! : null;
};

export async function sendDomainReminders(ctx: DomainsContext, messenger: Messenger, baseUrl: string): Promise<number> {
  const now = ctx.clock();
  const rows = await ctx.db.query<{ id: number; account_id: number; order_no: string; unicode: string; expires_at: Date | string } & Parameters<typeof informTargetOf>[1]>(
    `SELECT d.id, d.account_id, d.order_no, d.unicode, d.expires_at, a.email, a.telephone, a.tel_prefix, ${informColumns}
       FROM domains d JOIN accounts a ON a.id = d.account_id ${informJoin('domainExpiring')}
      WHERE d.gone_at IS NULL AND a.closed_at IS NULL AND d.expires_at > $1 AND d.expires_at <= $2 ORDER BY d.expires_at LIMIT 5000`,
    [now, new Date(now.getTime() + Math.max(...reminderDayChoices) * day)],
  );
  let sent = 0;
  for (const r of rows) {
    // The message centre always hears of it, on the days the account chose; mail and SMS only when switched on.
    const to = informTargetOf('domainExpiring', r);
    const expiresAt = new Date(r.expires_at);
    const days = Math.ceil((expiresAt.getTime() - now.getTime()) / day);
    const threshold = thresholdReached(days, to.days);
    if (threshold === null) continue;
    const fresh = await ctx.db.query(
      `INSERT INTO domain_expiry_reminders (domain_id, expires_at, threshold_days, mailed) VALUES ($1, $2, $3, false) ON CONFLICT DO NOTHING RETURNING domain_id`,
      [r.id, expiresAt, threshold],
    );
    const p0 = { domain: r.unicode, expiresAt: expiresAt.toISOString().slice(0, 10), notAfter: expiresAt.toISOString().slice(0, 10), days };
    if (fresh.length) await notifyAccount(ctx.db, r.account_id, 'domainExpiring', p0, { mailAndSms: false });
    if (!to.mail && !to.sms) continue;
    // Mail and SMS once per threshold, even when switched on after the day's notice; the instance whose UPDATE wins sends.
    const claimed = await ctx.db.query(
      `UPDATE domain_expiry_reminders SET mailed = true WHERE domain_id = $1 AND expires_at = $2 AND threshold_days = $3 AND NOT mailed RETURNING domain_id`,
      [r.id, expiresAt, threshold],
    );
    if (!claimed.length) continue;
    const p = { ...p0, link: `${baseUrl}/domain/renew/form?domains=${encodeURIComponent(r.unicode)}` };
    if (to.mail) {
      await messenger.send({
        channel: 'mail', to: to.mail,
        subject: `${translate('zh', 'dm.mail.expiring.subject', p)} / ${translate('en', 'dm.mail.expiring.subject', p)}`,
        body: `${translate('zh', 'dm.mail.expiring.body', p)}\n\n----\n\n${translate('en', 'dm.mail.expiring.body', p)}`,
      });
    }
    if (to.sms) await messenger.send({ channel: 'sms', to: to.sms, subject: '', body: `${translate('zh', 'dm.sms.expiring', p)} ${translate('en', 'dm.sms.expiring', p)}` });
    sent++;
  }
  return sent;
}
