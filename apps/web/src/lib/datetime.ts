/**
 * The console's one formatter of dates, times and days left (doc 02 §5: yyyy-MM-dd, yyyy-MM-dd HH:mm:ss, '/'
 * for no date), always in the user's time zone: every screen agrees on the day an instant falls on.
 * The time zone is a parameter so the unit tests can fix it, as they fix the clock.
 */

/** An instant as the server sends it (ISO text), as epoch milliseconds or as a Date. */
export type Instant = string | number | Date | null | undefined;

/** The browser's time zone (an IANA name such as Asia/Shanghai). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The instant, or null for none: empty, unreadable, or the zero date of older systems (year 0001 or 1970-01-01). */
export function toDate(at: Instant): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const d = at instanceof Date ? at : new Date(at);
  const ms = d.getTime();
  if (Number.isNaN(ms) || ms <= 0) return null;
  return d;
}

/**
 * lastLoginTime and the other legacy "yyyy-MM-dd HH:mm:ss" fields are China Standard Time (UTC+8, no daylight
 * saving): read as that, so they can be shown in the user's zone like every other time.
 */
export function fromChinaTime(text: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!m) return null;
  return toDate(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+08:00`);
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in a time zone. */
function wall(d: Date, timeZone: string): Wall {
  const p: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year ?? 0, month: p.month ?? 0, day: p.day ?? 0, hour: p.hour ?? 0, minute: p.minute ?? 0, second: p.second ?? 0 };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** yyyy-MM-dd in the user's time zone; '/' for no date. */
export function formatDate(at: Instant, timeZone = userTimeZone()): string {
  const d = toDate(at);
  if (!d) return '/';
  const w = wall(d, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** yyyy-MM-dd HH:mm:ss in the user's time zone; '/' for no date. */
export function formatDateTime(at: Instant, timeZone = userTimeZone()): string {
  const d = toDate(at);
  if (!d) return '/';
  const w = wall(d, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

const dayNumber = (d: Date, timeZone: string) => {
  const w = wall(d, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
};

/**
 * Days left until `until`: calendar days from today to the day it falls on, both in the user's time zone.
 * 0 on the last day, negative once past; null for no date. The list and the details of an order both use it,
 * so they cannot disagree by the hours left in the day.
 */
export function daysLeft(until: Instant, now: Instant = Date.now(), timeZone = userTimeZone()): number | null {
  const end = toDate(until);
  const today = toDate(now);
  if (!end || !today) return null;
  return dayNumber(end, timeZone) - dayNumber(today, timeZone);
}
