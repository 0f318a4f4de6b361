import { translate } from '@cc/contracts/messages';
import { orderStatus, reSignStatus } from '@cc/contracts/orders';
import { enqueue } from '../jobs/queue.ts';
import { addEvent, type OrdersContext } from '../orders/context.ts';
import { startValidation } from '../dcv/validation.ts';
import { renewalLink } from './renew.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { defaultReminderDays, reminderDayChoices } from '@cc/contracts/account';
import { informColumns, informJoin, informTargetOf } from '../account/inform.ts';
import { notifyAccount } from '../messages/notify.ts';
import { reissueAtFraction } from '@cc/domain/plan-schedule';
import { validationLapsesAt } from '@cc/domain/dcv';

const day = 86400_000;
export const renewalDailyJob = 'renewal.daily' satisfies JobKind;
export const reissueJob = 'renewal.reissue' satisfies JobKind;
/** Days before notAfter the account is reminded unless it chose others in /account/notify; each once per order and certificate. */
export const reminderDays = defaultReminderDays;
/**
 * A certificate of a plan that goes on is reissued once it has run `reissueAtFraction` (about two thirds) of its life,
 * as the plan's schedule (packages/domain plan-schedule.ts) says; `$frac` is that fraction, `$now` the clock's time.
 */
const reissueDue = (frac: string, now: string) => `o.not_before IS NOT NULL AND o.not_before + (o.not_after - o.not_before + interval '1 second') * ${frac}::float8 <= ${now}`;

/**
 * A plan "goes on" past the certificate when it ends more than a day after it (certificates end a second
 * before the plan, or earlier when the TLS validity limit of the signing day cuts them short).
 */
const planGoesOn = `o.plan_ends_at IS NOT NULL AND o.plan_ends_at > o.not_after + interval '1 day'`;

/** The smallest threshold the days left have reached: 12 days left is the 30-day reminder, 5 days the 7-day one. */
export function reminderThreshold(daysLeft: number): number | null {
  return thresholdReached(daysLeft, reminderDays);
}

function thresholdReached(daysLeft: number, days: readonly number[]): number | null {
  const reached = days.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/**
 * Orders whose certificate has reached its reissue date while the plan goes on: queued for a reissue with the same
 * CSR and key. Ours to do, so no reminder is sent for them.
 */
async function queueReissues(ctx: OrdersContext, now: Date): Promise<number> {
  const rows = await ctx.db.query<{ id: number }>(
    `SELECT o.id FROM orders o
      WHERE o.order_status IN ($1, $2) AND o.certificate_id IS NOT NULL AND o.re_sign_status = $3
        AND ${reissueDue('$5', '$4')} AND ${planGoesOn}
      ORDER BY o.id LIMIT 500`,
    [orderStatus.issued, orderStatus.expired, reSignStatus.none, now, reissueAtFraction],
  );
  for (const r of rows) await enqueue(ctx.db, reissueJob, { orderId: r.id }, { dedupeKey: `reissue:${r.id}` });
  return rows.length;
}

/**
 * The renewal.reissue job: the order goes back through validation with its CSR and key unchanged; names
 * still within the reuse period pass at once, so issue.order makes the next certificate of the plan.
 */
export async function reissueWithinPlan(ctx: OrdersContext, orderId: number): Promise<void> {
  const now = ctx.now();
  const started = await ctx.db.tx(async (q) => {
    const [o] = await q.query<{ id: number; not_after: Date }>(
      `SELECT o.id, o.not_after FROM orders o
        WHERE o.id = $1 AND o.order_status IN ($2, $3) AND o.certificate_id IS NOT NULL AND o.re_sign_status = $4
          AND ${reissueDue('$6', '$5')} AND ${planGoesOn}
        FOR UPDATE`,
      [orderId, orderStatus.issued, orderStatus.expired, reSignStatus.none, now, reissueAtFraction],
    );
    if (!o) return false;
    await q.query(`DELETE FROM order_domains WHERE order_id = $1`, [orderId]);
    await q.query(`UPDATE orders SET order_status = $2, validation_started_at = NULL, status_reason = 'auto_reissue', updated_at = now() WHERE id = $1`, [
      orderId,
      orderStatus.awaitingValidation,
    ]);
    await addEvent(q, orderId, 'auto_reissue', { notAfter: new Date(o.not_after).toISOString() });
    return true;
  });
  if (started) await startValidation(ctx, orderId);
}

/** Issued certificates past notAfter become 1007 for good (reads already show 1007; this records when). */
async function markExpired(ctx: OrdersContext, now: Date): Promise<number> {
  const rows = await ctx.db.query<{ id: number }>(
    `UPDATE orders o SET order_status = $1, updated_at = now()
      WHERE o.order_status = $2 AND o.not_after < $3 AND NOT (${planGoesOn})
      RETURNING o.id`,
    [orderStatus.expired, orderStatus.issued, now],
  );
  for (const r of rows) await addEvent(ctx.db, r.id, 'expired');
  return rows.length;
}

type ReminderRow = {
  id: number;
  account_id: number;
  order_no: string;
  common_name: string;
  not_after: Date;
  email: string | null;
  telephone: string | null;
  tel_prefix: string;
  s_email: 'Y' | 'N' | null;
  s_sms: 'Y' | 'N' | null;
  s_days: number[] | null;
  s_amount: string | null;
};

/**
 * Reminds the account before the end of the last certificate of a plan, on the days and channels it chose in
 * /account/notify (by default e-mail, 30, 7 and 1 days before); once per threshold, recorded before sending so two
 * instances never both send. An order already renewed is left alone.
 */
async function sendReminders(ctx: OrdersContext, now: Date): Promise<number> {
  const rows = await ctx.db.query<ReminderRow>(
    `SELECT o.id, o.account_id, o.order_no, o.common_name, o.not_after, a.email, a.telephone, a.tel_prefix, ${informColumns}
       FROM orders o JOIN accounts a ON a.id = o.account_id ${informJoin('expiring')}
      WHERE o.order_status = $1 AND o.not_after > $2 AND o.not_after <= $3 AND NOT (${planGoesOn})
        AND NOT EXISTS (SELECT 1 FROM orders r WHERE r.renewed_from = o.id AND r.order_status <> $4)
      ORDER BY o.not_after LIMIT 2000`,
    [orderStatus.issued, now, new Date(now.getTime() + Math.max(...reminderDayChoices) * day), orderStatus.cancelled],
  );
  let sent = 0;
  for (const r of rows) {
    // The message centre always hears of it, on the days the account chose; mail and SMS only when switched on.
    const to = informTargetOf('expiring', r);
    const notAfter = new Date(r.not_after);
    const days = Math.ceil((notAfter.getTime() - now.getTime()) / day);
    const threshold = thresholdReached(days, to.days);
    if (threshold === null) continue;
    const fresh = await ctx.db.query(
      `INSERT INTO expiry_reminders (order_id, threshold_days, not_after, mailed) VALUES ($1, $2, $3, false) ON CONFLICT DO NOTHING RETURNING order_id`,
      [r.id, threshold, notAfter],
    );
    const p0 = { domain: r.common_name, orderNo: r.order_no, notAfter: notAfter.toISOString().slice(0, 10), days };
    if (fresh.length) await notifyAccount(ctx.db, r.account_id, 'expiring', p0, { mailAndSms: false });
    if (!to.mail && !to.sms) {
      if (fresh.length) {
        await addEvent(ctx.db, r.id, 'expiry_reminder', { days, threshold });
        sent++;
      }
      continue;
    }
    // Mail and SMS once per threshold, even when switched on after the day's notice; the instance whose UPDATE wins sends.
    const claimed = await ctx.db.query(
      `UPDATE expiry_reminders SET mailed = true WHERE order_id = $1 AND threshold_days = $2 AND not_after = $3 AND NOT mailed RETURNING order_id`,
      [r.id, threshold, notAfter],
    );
    if (!claimed.length) continue;
    const { url } = await renewalLink(ctx, r.account_id, r.order_no);
    const p = { ...p0, link: url };
    // We do not know the reader's language: both, Chinese first (the default locale).
    if (to.mail) {
      await ctx.messenger.send({
        channel: 'mail',
        to: to.mail,
        subject: `${translate('zh', 'renewal.mail.subject', p)} / ${translate('en', 'renewal.mail.subject', p)}`,
        body: `${translate('zh', 'renewal.mail.body', p)}\n\n----\n\n${translate('en', 'renewal.mail.body', p)}`,
      });
    }
    if (to.sms) await ctx.messenger.send({ channel: 'sms', to: to.sms, subject: '', body: `${translate('zh', 'inform.sms.expiring', p)} ${translate('en', 'inform.sms.expiring', p)}` });
    await addEvent(ctx.db, r.id, 'expiry_reminder', { days, threshold });
    sent++;
  }
  return sent;
}

/**
 * validated_domains.expires_at keeps the lapse the rules table gave when the name was validated (the calendar and the
 * lists read it in SQL); when the table changes (the Forum moved a date), the lapses still ahead follow it here.
 * Whether a validation is reused is decided from validated_at and the table itself (dcv/validation.ts).
 */
async function refreshValidationLapses(ctx: OrdersContext, now: Date): Promise<number> {
  const rows = await ctx.db.query<{ id: number; domain: string; method: string; validated_at: Date; expires_at: Date }>(
    `SELECT id, domain, method, validated_at, expires_at FROM validated_domains WHERE expires_at > $1 ORDER BY id LIMIT 20000`,
    [now],
  );
  let changed = 0;
  for (const r of rows) {
    const lapses = validationLapsesAt({ method: r.method, name: r.domain, validatedAt: r.validated_at });
    if (lapses.getTime() === new Date(r.expires_at).getTime()) continue;
    await ctx.db.query(`UPDATE validated_domains SET expires_at = $2 WHERE id = $1`, [r.id, lapses]);
    changed++;
  }
  return changed;
}

/** The daily job: reissues within plans, expiry marks, reminders, validation lapses. Answers what it did (kept as the job's result). */
export async function runDaily(ctx: OrdersContext): Promise<{ reissues: number; expired: number; reminders: number; lapses: number }> {
  const now = ctx.now();
  const reissues = await queueReissues(ctx, now);
  const expired = await markExpired(ctx, now);
  const reminders = await sendReminders(ctx, now);
  const lapses = await refreshValidationLapses(ctx, now);
  return { reissues, expired, reminders, lapses };
}
