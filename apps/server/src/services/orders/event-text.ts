import { isMessageKey, translate, type Locale } from '@cc/contracts/messages';
import { validationWindowDays } from '@cc/contracts/order-status';

/** A status reason code (orders.status_reason, an event's `reason`) in words; a code without words shows as it is. */
export function reasonText(locale: Locale, code: string): string {
  if (!code) return '';
  const key = `orders.reason.${code}`;
  return isMessageKey(key) ? translate(locale, key, { days: validationWindowDays }) : code;
}

/**
 * One line of an order's timeline in words (messages orders.event.<kind>, its detail as addEvent stored it): the
 * order's details and the activity log both say it this way.
 */
export function orderEventText(locale: Locale, kind: string, detail: Record<string, unknown>): string {
  const params = Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, k === 'reason' ? reasonText(locale, String(v)) : String(v)]));
  return translate(locale, `orders.event.${kind}`, params);
}
