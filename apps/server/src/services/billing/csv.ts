import { translate, type Locale } from '@cc/contracts/messages';

/** A cell that a spreadsheet will not run as a formula, quoted when it must be. */
export function cell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** CSV with a BOM (spreadsheets then read UTF-8) and a translated header line. */
export function csv(locale: Locale, headerKey: string, rows: (string | number | null)[][]): string {
  return `\uFEFF${translate(locale, headerKey)}\r\n${rows.map((r) => `${r.map(cell).join(',')}\r\n`).join('')}`;
}

/** Cents as yuan with two decimals (document 02 §5). */
export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** An instant as China Standard Time "YYYY-MM-DD HH:mm:ss" (document 02 §5). */
export function cst(d: Date | string | null): string {
  if (!d) return '';
  const t = new Date(new Date(d).getTime() + 8 * 3600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`;
}

/** Most rows an export carries. */
export const exportLimit = 50_000;
