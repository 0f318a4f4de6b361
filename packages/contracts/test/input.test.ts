import { describe, expect, it } from 'vitest';
import { calendarDate, dateOrInstant, id, int, isCalendarDate, isInstant, text, textFault, textList } from '../src/input.ts';

/** The first issue's message key, or the parsed value. */
const said = (r: { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }) => (r.success ? r.data : r.error!.issues[0]!.message);

describe('text', () => {
  it.each([
    ['plain', 'abc', 'abc'],
    ['a surrogate pair (one character)', 'a😀', 'a😀'],
    ['NUL', 'a\u0000b', 'v.text.nul'],
    ['a lone high surrogate', 'a\ud800', 'v.text.surrogate'],
    ['a lone low surrogate', '\udc00b', 'v.text.surrogate'],
    ['two highs', '\ud83d\ud83d\ude00', 'v.text.surrogate'],
    ['over the bound', 'abcdefghijk', 'v.text.tooLong'],
    ['over the bound with a NUL: the length is said', `${'x'.repeat(20)}\u0000`, 'v.text.tooLong'],
  ])('%s', (_, value, expected) => {
    expect(said(text(10).safeParse(value))).toBe(expected);
  });

  it('says the given message for a value that is not text, and stays a string schema', () => {
    expect(said(text(10, 'v.required').safeParse(5))).toBe('v.required');
    expect(said(text(10).trim().min(1, { message: 'v.required' }).safeParse('   '))).toBe('v.required');
    expect(said(text(10, undefined, 'orders.remark.tooLong').safeParse('x'.repeat(11)))).toBe('orders.remark.tooLong');
  });

  it('textFault names the fault', () => {
    expect([textFault('ok'), textFault('\u0000'), textFault('\udfff')]).toEqual([null, 'v.text.nul', 'v.text.surrogate']);
  });
});

describe('whole numbers and ids', () => {
  it.each([
    ['1', 1],
    [2_147_483_647, 2_147_483_647],
    ['2147483648', 'v.id'],
    [99_999_999_999, 'v.id'],
    [0, 'v.id'],
    ['-1', 'v.id'],
    [1.5, 'v.id'],
    ['abc', 'v.id'],
  ])('id(%j)', (value, expected) => {
    expect(said(id().safeParse(value))).toBe(expected);
  });

  it('says which bound an int is past', () => {
    expect(said(int(1, 10).safeParse(11))).toBe('v.int.tooBig');
    expect(said(int(1, 10).safeParse(0))).toBe('v.int.tooSmall');
    expect(said(int(1, 10).safeParse('x'))).toBe('v.int.type');
    expect(said(int(1, 10, { type: 'v.required' }).safeParse(undefined))).toBe('v.required');
  });

  // Number() reads each of these as a number (z.coerce did): true withdrew 1 cent, [500] 500 cents.
  it.each([true, false, null, [500], ['500'], [5, 5], {}, { n: 5 }, '', ' 5', '5 ', '+5', '1e3', '0x10', '0b1', '5.0', 'Infinity'])('int refuses %j', (value) => {
    expect(said(int(0, 1000).safeParse(value))).toBe('v.int.type');
  });

  it.each([[500, 500], ['500', 500], ['-3', -3], ['007', 7], [0, 0], ['0', 0]])('int reads %j as %j', (value, n) => {
    expect(int(-10, 1000).parse(value)).toBe(n);
  });
});

describe('dates', () => {
  it.each([
    ['2019-02-28', true],
    ['2019-02-29', false],
    ['2020-02-29', true],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2019-02-30', false],
    ['2019-04-31', false],
    ['2019-13-01', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['99999-01-01', false],
    ['2019-1-1', false],
  ])('isCalendarDate(%s) is %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it.each([
    ['2024-05-01T08:00:00Z', true],
    ['2024-05-01T08:00Z', true],
    ['2024-05-01 08:00:00.123+08:00', true],
    ['2024-05-01T24:00:00Z', false],
    ['2024-02-30T08:00:00Z', false],
    ['2024-05-01T08:60:00Z', false],
    ['2024-05-01', false],
  ])('isInstant(%s) is %s', (value, expected) => {
    expect(isInstant(value)).toBe(expected);
  });

  it('calendarDate and dateOrInstant say v.date and v.dateTime', () => {
    expect(said(calendarDate().safeParse('2019-02-30'))).toBe('v.date');
    expect(said(calendarDate().safeParse(' 2019-02-28 '))).toBe('2019-02-28');
    expect(said(dateOrInstant().safeParse('99999-01-01'))).toBe('v.dateTime');
    expect(said(dateOrInstant().safeParse('2019-02-28'))).toBe('2019-02-28');
  });
});

describe('textList', () => {
  it('splits text, trims items, turns numbers into text and bounds both the count and each item', () => {
    expect(said(textList().safeParse('a, b;c  d'))).toEqual(['a', 'b', 'c', 'd']);
    expect(said(textList().safeParse([' a ', 12, '']))).toEqual(['a', '12']);
    expect(said(textList(2).safeParse('a,b,c'))).toBe('v.list.tooLong');
    expect(said(textList(5, 3).safeParse(['abcd']))).toBe('v.text.tooLong');
    expect(said(textList().safeParse([{ a: 1 }]))).toBe('v.text.type');
    expect(said(textList().safeParse(['x\u0000']))).toBe('v.text.nul');
    expect(said(textList().safeParse(5))).toBe('v.list.type');
  });
});
