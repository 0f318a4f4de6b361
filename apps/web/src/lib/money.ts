import type { Locale } from '@cc/contracts/messages-core';

/** BCP 47 tags of the console's languages, for Intl (numbers, dates). */
export const intlLocale = (lang: Locale): string => (lang === 'en' ? 'en-US' : 'zh-CN');

/**
 * Amounts travel as integer cents (fen); the console shows units with two decimals (doc 02 §5), grouped by
 * thousands: 100000000 → "1,000,000.00". Every amount the console shows goes through here. Both of the console's
 * languages write amounts alike (zh-CN and en-US: "," groups, "." decimals), so no Intl.NumberFormat is made: the
 * first one costs a phone ~100 ms of the first page's render (its locale data).
 */
export function formatMoney(cents: number | null | undefined, rate = 1, _lang: Locale = 'zh'): string {
  // Rounded in cents first, so 0.005 units does not depend on binary floating point.
  const total = cents === null || cents === undefined || !Number.isFinite(cents) ? 0 : Math.round(cents * rate);
  const abs = Math.abs(total);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${total < 0 ? '-' : ''}${units}.${String(abs % 100).padStart(2, '0')}`;
}
