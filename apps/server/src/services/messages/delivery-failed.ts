import { translate, type Locale, type MessageKey } from '@cc/contracts/messages';
import type { SiteMsgParams } from '@cc/contracts/site-messages';
import { yuanText } from '../../lib/money.ts';

/** What a deliveryFailed message names (its `what`): a certificate order, a re-sign, a domain registration or transfer, a batch payment. */
export type Undelivered = 'certificate' | 'reSign' | 'domain' | 'transfer' | 'batchPay';

/**
 * The words of a deliveryFailed message in one language, from what it stores (keys and cents): its subject, and the
 * detail that says what came back. The message centre and the mail say the same.
 */
export function deliveryFailedWords(locale: Locale, p: SiteMsgParams): SiteMsgParams {
  const what = String(p.what) as Undelivered;
  const subject = translate(locale, `delivery.subject.${what}` as MessageKey, p);
  const amount = yuanText(Number(p.amount ?? 0));
  const detail =
    what === 'batchPay'
      ? translate(locale, 'delivery.detail.batchPay', p as { queueId: string | number; count: string | number })
      : translate(locale, Number(p.amount ?? 0) > 0 ? 'delivery.detail.refunded' : 'delivery.detail.returned', { subject, amount });
  return { ...p, subject, amount, detail };
}
