import type { Db, Queryable } from '@cc/db/client';
import { yuanText } from '../../lib/money.ts';
import { defaultInform, type InformType } from '@cc/contracts/account';
import { translate, type Locale, type MessageKey } from '@cc/contracts/messages';
import { siteMsgLink, type SiteMsgParamsOf } from '@cc/contracts/site-messages';
import type { Messenger } from '../../adapters/messaging/messenger.ts';
import { enqueue } from '../jobs/queue.ts';
import { notifyAccount } from '../messages/notify.ts';
import type { JobKind, JobPayload } from '../jobs/kinds.ts';
import { informColumns, informJoin, informTargetOf } from './inform.ts';
import { deliveryFailedWords } from '../messages/delivery-failed.ts';

/**
 * The notification events of /account/notify other than the expiry reminder (services/renewal/expiry.ts): queued as
 * inform.send in the transaction that made them happen, sent by the job after it commits, on the channels the account
 * has on when the job runs. Domain expiry reminders are sent by the domains area (services/domains/reminders.ts).
 */
export const informSendJob = 'inform.send' satisfies JobKind;
export const informBalanceJob = 'inform.balance' satisfies JobKind;

type Params = Record<string, string | number>;

/**
 * Tells an account of one event, inside the caller's transaction: the message centre and, through inform.send, mail
 * and SMS (services/messages/notify.ts is the one place that does both).
 */
export async function queueInform<K extends Exclude<InformType, 'expiring' | 'domainExpiring'>>(q: Queryable, accountId: number, informType: K, params: SiteMsgParamsOf<K>): Promise<void> {
  await notifyAccount(q, accountId, informType, params);
}

export interface InformDeps {
  db: Db;
  messenger: Messenger;
  baseUrl: string;
}


/** The message's values in one language: links, amounts and words the payload carries as keys or cents. */
async function paramsIn(deps: Pick<InformDeps, 'db' | 'baseUrl'>, locale: Locale, type: InformType, p: Params, accountNo: string): Promise<Params> {
  const base = { ...p, accountNo };
  switch (type) {
    case 'orderValidation':
    case 'issued':
      return { ...base, link: `${deps.baseUrl}/ssl/certificate/${encodeURIComponent(String(p.orderNo))}` };
    case 'payment': {
      const [way] = await deps.db.query<{ name: string; show_name: string }>(`SELECT name, show_name FROM pay_ways WHERE pay_way = $1`, [String(p.payWay)]);
      const what = p.orderNos ? translate(locale, 'inform.payment.orders', { orderNos: String(p.orderNos) }) : translate(locale, 'inform.payment.topUp');
      return { ...base, amount: yuanText(Number(p.amount)), payWay: way ? (locale === 'zh' ? way.name : way.show_name) : String(p.payWay), what };
    }
    case 'balanceLow':
      return { ...base, balance: yuanText(Number(p.balance)), threshold: yuanText(Number(p.threshold)), link: `${deps.baseUrl}/deposit` };
    case 'discovery':
      return { ...base, what: translate(locale, `discovery.alert.${String(p.kind)}` as MessageKey, { days: p.days ?? 0 }), link: `${deps.baseUrl}${siteMsgLink('discovery', p) ?? ''}` };
    case 'newSignIn':
      return { ...base, device: String(p.device || '-'), link: `${deps.baseUrl}/account/secure` };
    case 'deliveryFailed':
      return { ...deliveryFailedWords(locale, base), link: `${deps.baseUrl}${siteMsgLink('deliveryFailed', p) ?? ''}` };
    default:
      return base;
  }
}

type TargetRow = {
  account_no: string;
  email: string | null;
  telephone: string | null;
  tel_prefix: string;
  closed: boolean;
  s_email: 'Y' | 'N' | null;
  s_sms: 'Y' | 'N' | null;
  s_days: number[] | null;
  s_amount: string | null;
};

/** The inform.send job: the event on each channel the account has on (informTexts). */
export async function sendInform(deps: InformDeps, job: JobPayload<'inform.send'>): Promise<{ sent: string[] }> {
  const [r] = await deps.db.query<TargetRow>(
    `SELECT a.account_no, a.email, a.telephone, a.tel_prefix, a.closed_at IS NOT NULL AS closed, ${informColumns}
       FROM accounts a ${informJoin(job.informType)} WHERE a.id = $1`,
    [job.accountId],
  );
  if (!r || r.closed) return { sent: [] };
  const to = informTargetOf(job.informType, r);
  const texts = await informTexts(deps, job.informType, job.params, r.account_no);
  const sent: string[] = [];
  if (to.mail) {
    await deps.messenger.send({ channel: 'mail', to: to.mail, subject: texts.subject, body: texts.body });
    sent.push('mail');
  }
  if (to.sms) {
    await deps.messenger.send({ channel: 'sms', to: to.sms, subject: '', body: texts.sms });
    sent.push('sms');
  }
  return { sent };
}

/** The mail (subject, body) and the SMS of one event, in both languages (we do not know the reader's), Chinese first. */
export async function informTexts(deps: Pick<InformDeps, 'db' | 'baseUrl'>, type: InformType, params: Params, accountNo: string): Promise<{ subject: string; body: string; sms: string }> {
  const [zh, en] = [await paramsIn(deps, 'zh', type, params, accountNo), await paramsIn(deps, 'en', type, params, accountNo)];
  return {
    subject: `${translate('zh', `inform.mail.${type}.subject`, zh)} / ${translate('en', `inform.mail.${type}.subject`, en)}`,
    body: `${translate('zh', `inform.mail.${type}.body`, zh)}\n\n----\n\n${translate('en', `inform.mail.${type}.body`, en)}`,
    sms: `${translate('zh', `inform.sms.${type}`, zh)} ${translate('en', `inform.sms.${type}`, en)}`,
  };
}

/**
 * The inform.balance job: compares the balance with the account's low-balance amount and flips balance_low_sent when
 * the side changed, in one statement (two instances cannot both flip it). Falling below queues the reminder; rising
 * back re-arms it. So the reminder goes out once per crossing, whatever the number of payments below the line.
 */
export async function checkBalanceLow(db: Db, accountId: number): Promise<{ crossed: 'below' | 'above' | null }> {
  return db.tx(async (q) => {
    const [r] = await q.query<{ below: boolean; balance: string; threshold: string }>(
      `WITH t AS (SELECT a.id, a.balance, COALESCE(s.amount, $2::bigint) AS threshold
                    FROM accounts a ${informJoin('balanceLow')} WHERE a.id = $1 AND a.closed_at IS NULL)
       UPDATE accounts a SET balance_low_sent = (t.balance < t.threshold)
         FROM t WHERE a.id = t.id AND a.balance_low_sent <> (t.balance < t.threshold)
       RETURNING a.balance_low_sent AS below, t.balance, t.threshold`,
      [accountId, defaultInform('balanceLow').amount],
    );
    if (!r) return { crossed: null };
    if (r.below) await queueInform(q, accountId, 'balanceLow', { balance: Number(r.balance), threshold: Number(r.threshold) });
    return { crossed: r.below ? 'below' : 'above' };
  });
}

/** Queues the balance check after a change of the balance (inside the changing transaction, or after it). */
export const queueBalanceCheck = (q: Queryable, accountId: number) => enqueue(q, informBalanceJob, { accountId });

/**
 * For the orders.paid job (queued in the paying transaction): the payment event, and the balance check when the
 * balance paid. Both are queued in one transaction, before the orders move on.
 */
export async function informPaid(db: Db, paid: JobPayload<'orders.paid'>): Promise<void> {
  const [r] = await db.query<{ account_id: number; amount: string }>(
    `SELECT min(account_id) AS account_id, sum(CASE WHEN $2 = 'reSign' THEN re_sign_price_diff ELSE pay_amount END) AS amount
       FROM orders WHERE id = ANY($1::int[])`,
    [paid.orderIds, paid.aim],
  );
  if (!r?.account_id) return;
  await db.tx(async (q) => {
    await queueInform(q, r.account_id, 'payment', { amount: Number(r.amount), payWay: paid.payWay, orderNos: paid.orderNos.join(', ') });
    if (paid.payWay === 'balance') await queueBalanceCheck(q, r.account_id);
  });
}
