import { termDays } from '@cc/domain/terms';

const pad = (n: number) => String(n).padStart(2, '0');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  // The zero date of older systems (year 0001) counts as no date.
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1) return null;
  return d;
}

/** yyyy-MM-dd in local time; '/' for no date (doc 02 §5). */
export function formatDate(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '/';
}

/** yyyy-MM-dd HH:mm:ss in local time; '/' for no date (doc 02 §5). */
export function formatTime(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '/';
}

/**
 * Doc 02 §4 "Order expiry display": validity 90 is 90 days, otherwise 365 × years, counted from the pay date.
 * Not paid, or paid in year 0001: '-'.
 */
export function orderExpiry(paidAt: string | null, validity: number): string {
  const d = parse(paidAt);
  if (!d) return '-';
  return formatDate(new Date(d.getTime() + termDays(validity) * 86_400_000).toISOString());
}

/** Whole days from now until `iso` (negative when past). */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.floor((new Date(iso).getTime() - now) / 86_400_000);
}

/** A file name from a common name: '*.' becomes 'star.', anything odd '_'. */
export function fileStem(cn: string): string {
  return cn.replace(/^\*\./, 'star.').replace(/[^A-Za-z0-9._-]/g, '_') || 'certificate';
}

/** Names typed in a box: split on commas, semicolons and white space, trimmed, without repeats. */
export function splitNames(text: string): string[] {
  return [...new Set(text.split(/[\s,;，；]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
}
