import { termDays } from '@cc/domain/terms';
import { formatDate, formatDateTime, toDate } from '../../../lib/datetime.ts';

// The console's one date formatter (lib/datetime), under the names these screens use.
export { formatDate, formatDateTime as formatTime };

/**
 * Doc 02 §4 "Order expiry display": validity 90 is 90 days, otherwise 365 × years, counted from the pay date.
 * Not paid, or paid in year 0001: '-'.
 */
export function orderExpiry(paidAt: string | null, validity: number): string {
  const d = toDate(paidAt);
  if (!d) return '-';
  return formatDate(new Date(d.getTime() + termDays(validity) * 86_400_000).toISOString());
}

/** A file name from a common name: '*.' becomes 'star.', anything odd '_'. */
export function fileStem(cn: string): string {
  return cn.replace(/^\*\./, 'star.').replace(/[^A-Za-z0-9._-]/g, '_') || 'certificate';
}

/** Names typed in a box: split on commas, semicolons and white space, trimmed, without repeats. */
export function splitNames(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
}
