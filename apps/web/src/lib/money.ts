import type { Locale } from '@cc/contracts/messages-core';

/** BCP 47 tags of the console's languages, for Intl (numbers, dates). */
export const intlLocale = (lang: Locale): string => (lang === 'en' ? 'en-US' : 'zh-CN');

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Amounts travel as integer cents (fen); the console shows units with two decimals (doc 02 §5) and the
 * locale's grouping: 100000000 → "1,000,000.00". Every amount the console shows goes through here.
 */
export function formatMoney(cents: number | null | undefined, rate = 1, lang: Locale = 'zh'): string {
  const tag = intlLocale(lang);
  let f = formats.get(tag);
  if (!f) {
    f = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    formats.set(tag, f);
  }
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return f.format(0);
  // Rounded in cents first, so 0.005 units does not depend on binary floating point.
  return f.format(Math.round(cents * rate) / 100);
}
