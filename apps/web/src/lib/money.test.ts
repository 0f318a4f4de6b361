import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney: two decimals and the locale grouping', () => {
  it.each([
    [100_000_000, 1, 'zh', '1,000,000.00'],
    [100_000_000, 1, 'en', '1,000,000.00'],
    [39_900, 1, 'zh', '399.00'],
    [123_456_789, 1, 'en', '1,234,567.89'],
    [5, 1, 'zh', '0.05'],
    [0, 1, 'zh', '0.00'],
    [-250_000, 1, 'en', '-2,500.00'],
    // rate converts to the display currency: 1,000 yuan at 0.14 is 140 dollars
    [100_000, 0.14, 'en', '140.00'],
    [null, 1, 'zh', '0.00'],
    [undefined, 1, 'en', '0.00'],
    [Number.NaN, 1, 'en', '0.00'],
    [99, 1, 'zh', '0.99'],
    [-5, 1, 'zh', '-0.05'],
    [-0.4, 1, 'zh', '0.00'],
    [123_456_789_012, 1, 'zh', '1,234,567,890.12'],
  ] as const)('%s cents × %s in %s: %s', (cents, rate, lang, text) => {
    expect(formatMoney(cents, rate, lang)).toBe(text);
  });
});

describe('formatMoney writes what Intl.NumberFormat writes in both languages', () => {
  it('for amounts across the range, rounded the same way', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456, 1_000_000, 99_999_999, 12_345_678_901, -1, -100_001];
    for (const lang of ['zh', 'en'] as const) {
      const intl = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
      // `|| 0`: Intl writes a negative zero as "-0.00"; the console writes 0.00.
      for (const cents of amounts) for (const rate of [1, 0.14, 7.1]) expect(formatMoney(cents, rate, lang)).toBe(intl.format((Math.round(cents * rate) || 0) / 100));
    }
  });
});
