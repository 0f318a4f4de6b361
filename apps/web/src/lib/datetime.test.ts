import { describe, expect, it } from 'vitest';
import { daysLeft, formatDate, formatDateTime, fromChinaTime, toDate } from './datetime.ts';

describe('formatDate / formatDateTime in a fixed time zone', () => {
  // 2026-11-23T16:30:05Z: already the 24th in Shanghai, still the 23rd in Los Angeles and London.
  const at = '2026-11-23T16:30:05Z';
  it.each([
    ['Asia/Shanghai', '2026-11-24', '2026-11-24 00:30:05'],
    ['UTC', '2026-11-23', '2026-11-23 16:30:05'],
    ['America/Los_Angeles', '2026-11-23', '2026-11-23 08:30:05'],
    ['Europe/London', '2026-11-23', '2026-11-23 16:30:05'],
    ['Asia/Kolkata', '2026-11-23', '2026-11-23 22:00:05'],
  ])('%s: %s, %s', (tz, date, time) => {
    expect(formatDate(at, tz)).toBe(date);
    expect(formatDateTime(at, tz)).toBe(time);
  });

  it('midnight is 00, not 24', () => {
    expect(formatDateTime('2026-01-01T16:00:00Z', 'Asia/Shanghai')).toBe('2026-01-02 00:00:00');
  });

  it('takes epoch milliseconds and Dates as well as ISO text', () => {
    const ms = Date.UTC(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(ms, 'UTC')).toBe('2026-01-05 07:08:09');
    expect(formatDateTime(new Date(ms), 'UTC')).toBe('2026-01-05 07:08:09');
  });

  it.each([null, undefined, '', 'not a date', '0001-01-01T00:00:00Z', '1970-01-01T00:00:00Z', 0])('%s is no date: "/"', (none) => {
    expect(formatDate(none, 'UTC')).toBe('/');
    expect(formatDateTime(none, 'UTC')).toBe('/');
    expect(toDate(none)).toBeNull();
  });
});

describe('fromChinaTime (the legacy UTC+8 fields, such as the last sign-in)', () => {
  it('reads the text as UTC+8 and shows it in the user zone', () => {
    const d = fromChinaTime('2026-11-24 00:30:05');
    expect(d?.toISOString()).toBe('2026-11-23T16:30:05.000Z');
    expect(formatDateTime(d, 'America/Los_Angeles')).toBe('2026-11-23 08:30:05');
    expect(formatDateTime(d, 'Asia/Shanghai')).toBe('2026-11-24 00:30:05');
  });
  it.each(['', null, '2026-11-24', 'yesterday'])('%s is no time', (v) => {
    expect(fromChinaTime(v)).toBeNull();
  });
});

describe('daysLeft: calendar days in the user time zone, with a fixed clock', () => {
  const notAfter = '2027-11-23T02:00:00Z'; // 10:00 on the 23rd in Shanghai, 18:00 on the 22nd in Los Angeles

  it.each([
    // [time zone, now, days left]
    ['Asia/Shanghai', '2026-11-23T15:59:59Z', 365], // 23:59:59 on the 23rd in Shanghai
    ['Asia/Shanghai', '2026-11-23T16:00:00Z', 364], // one second later it is the 24th there
    ['America/Los_Angeles', '2026-11-23T07:59:59Z', 365], // 23:59:59 on the 22nd in LA
    ['America/Los_Angeles', '2026-11-23T08:00:00Z', 364], // midnight of the 23rd in LA
    ['UTC', '2026-11-23T23:59:59Z', 365],
    ['UTC', '2026-11-24T00:00:00Z', 364],
  ])('%s at %s: %i', (tz, now, left) => {
    expect(daysLeft(notAfter, now, tz)).toBe(left);
  });

  it('is the same number however many hours of the day are left (list and details agree)', () => {
    const tz = 'Asia/Shanghai';
    const morning = daysLeft(notAfter, '2026-11-23T00:00:01Z', tz); // 08:00:01 local
    const evening = daysLeft(notAfter, '2026-11-23T15:00:00Z', tz); // 23:00 local
    expect(morning).toBe(365);
    expect(evening).toBe(365);
  });

  it('is 0 on the last day and negative once past', () => {
    expect(daysLeft(notAfter, '2027-11-23T01:00:00Z', 'Asia/Shanghai')).toBe(0);
    expect(daysLeft(notAfter, '2027-11-23T03:00:00Z', 'Asia/Shanghai')).toBe(0);
    expect(daysLeft(notAfter, '2027-11-24T03:00:00Z', 'Asia/Shanghai')).toBe(-1);
  });

  it('counts days, not 24-hour spans, across a daylight-saving change', () => {
    // Los Angeles springs forward on 2027-03-14: the 14th has 23 hours.
    expect(daysLeft('2027-03-15T19:00:00Z', '2027-03-13T20:00:00Z', 'America/Los_Angeles')).toBe(2);
  });

  it('is null without a date', () => {
    expect(daysLeft(null, '2026-11-23T00:00:00Z', 'UTC')).toBeNull();
  });
});
