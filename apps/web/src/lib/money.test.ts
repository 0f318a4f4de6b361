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
  ] as const)('%s cents × %s in %s: %s', (cents, rate, lang, text) => {
    expect(formatMoney(cents, rate, lang)).toBe(text);
  });
});
