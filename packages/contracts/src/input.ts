import { z } from 'zod';

/**
 * The primitives every request schema is built from, so that a value the database cannot store is refused
 * where it enters, with a message that names the field: text without U+0000 or lone surrogates and of bounded
 * length, ids that fit PostgreSQL's `integer`, and dates that exist on the calendar. Messages are keys of
 * messages-core.ts; the server's error handler fills {{field}}, {{max}} and {{min}}.
 */

/** The largest value of PostgreSQL's `integer` (int4), the type of every id and stored whole number. */
export const int32Max = 2_147_483_647;
export const int32Min = -2_147_483_648;

// Without the `u` flag the pattern sees UTF-16 code units: a high half not followed by a low half, or a low half alone.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What makes a string unfit to store: U+0000 (PostgreSQL text and JSON refuse it) or a lone UTF-16 surrogate
 * (no Unicode character; PostgreSQL refuses it in JSON and encodeURIComponent throws on it). Null when fine.
 */
export function textFault(s: string): 'v.text.nul' | 'v.text.surrogate' | null {
  if (s.includes('\u0000')) return 'v.text.nul';
  if (loneSurrogate.test(s)) return 'v.text.surrogate';
  return null;
}

/**
 * A string of at most `max` characters, without U+0000 or lone surrogates. Chain `.trim()`, `.min()`,
 * `.regex()` as on any string; `message` is said when the value is not a string at all, `tooLong` past `max`.
 */
export const text = (max: number, message?: string, tooLong = 'v.text.tooLong') =>
  z
    .string(message ? { message } : undefined)
    .max(max, { message: tooLong, abort: true })
    .refine((s) => !s.includes('\u0000'), { message: 'v.text.nul', abort: true })
    .refine((s) => !loneSurrogate.test(s), { message: 'v.text.surrogate', abort: true });

/** Text that must not be empty once trimmed. */
export const requiredText = (max: number, message = 'v.required') => text(max, message).trim().min(1, { message });

/** Optional text: '' when absent. */
export const optionalText = (max: number) => text(max).trim().optional().default('');

/** The text of a whole number as a form, a query string or a path carries it: digits, maybe a minus sign, nothing else. */
const decimalText = /^-?\d+$/;

/**
 * A whole number from `min` to `max` (within 32 bits unless the bounds say otherwise): a JSON number, or its
 * decimal text (path, query and form values are text). Nothing else: not `true` (Number(true) is 1), not `[500]`
 * (Number([500]) is 500), not '', ' 5', '1e3' or '0x10', which Number() and z.coerce would all read as numbers.
 * `type` is said for any other value or a non-whole one, `range` for one out of bounds (by default "must be at
 * least {{min}}" / "at most {{max}}").
 */
export const int = (min = int32Min, max = int32Max, messages: { type?: string; range?: string } = {}) =>
  z.preprocess(
    (v) => (typeof v === 'string' && decimalText.test(v) ? Number(v) : v),
    z
      .number({ message: messages.type ?? 'v.int.type' })
      .int({ message: messages.type ?? 'v.int.type' })
      .min(min, { message: messages.range ?? 'v.int.tooSmall' })
      .max(max, { message: messages.range ?? 'v.int.tooBig' }),
  );

/** A row id: 1 … 2^31−1, from a number or its decimal text. */
export const id = (message = 'v.id') => int(1, int32Max, { type: message, range: message });

/** A 1-based page number and a page size, bounded so that the offset computed from them stays a safe integer. */
export const pageNumber = () => int(1, 1_000_000);
export const pageSize = (max = 1000) => int(1, max);

const daysIn = (year: number, month: number) => (month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** True for YYYY-MM-DD naming a day that exists, in years 0001 … 9999 (what PostgreSQL's date takes and prints alike). */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** A calendar day, YYYY-MM-DD: 2019-02-30 and year 99999 are refused. */
export const calendarDate = (message = 'v.date') => text(40, message).trim().refine(isCalendarDate, { message });

const instantPattern = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True for an ISO 8601 date-time (YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±hh:mm]) on a real day and at a real time. */
export function isInstant(v: string): boolean {
  const m = instantPattern.exec(v);
  if (!m) return false;
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  return isCalendarDate(m[1]!) && hour <= 23 && minute <= 59 && second <= 59;
}

/** A calendar day or an ISO 8601 date-time. */
export const dateOrInstant = (message = 'v.dateTime') => text(40, message).trim().refine((v) => isCalendarDate(v) || isInstant(v), { message });

/**
 * A list of `min` (1 by default) to `max` items whose refusals say different things: `empty` when the list is
 * absent, not a list or too short, and past `max` the limit ({{max}} filled in): `tooMany`, by default "{{field}}
 * must have at most {{max}} items". One message for both told a caller who sent 10,000 records to "give the records".
 */
export const boundedList = <T extends z.ZodType>(item: T, max: number, messages: { empty: string; tooMany?: string }, min = 1) =>
  z
    .array(item, { message: messages.empty })
    .min(min, { message: messages.empty })
    .max(max, { message: messages.tooMany ?? 'v.list.tooLong' });

/**
 * A list of short texts: an array, or text split on commas, semicolons and whitespace (as forms and the console
 * send them). At most `maxItems` items of at most `maxLength` characters each.
 */
export const textList = (maxItems = 1000, maxLength = 1000, tooMany = 'v.list.tooLong') =>
  z
    .preprocess((v) => {
      if (typeof v === 'string') return v.split(/[\s,;]+/).filter(Boolean);
      if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x.trim() : typeof x === 'number' ? String(x) : x)).filter((x) => x !== '' && x !== null && x !== undefined);
      return v ?? [];
    }, z.array(text(maxLength, 'v.text.type'), { message: 'v.list.type' }).max(maxItems, { message: tooMany }));
