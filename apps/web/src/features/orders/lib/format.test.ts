import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, orderExpiry, splitNames } from './format.ts';
import { isCancellable, isPayable } from './status.ts';

describe('orders format', () => {
  it('dates: yyyy-MM-dd, timestamps with seconds, no date as /', () => {
    const iso = new Date(2026, 0, 5, 7, 8, 9).toISOString();
    expect(formatDate(iso)).toBe('2026-01-05');
    expect(formatTime(iso)).toBe('2026-01-05 07:08:09');
    for (const none of [null, undefined, '', '0001-01-01T00:00:00Z', 'nonsense']) {
      expect(formatDate(none)).toBe('/');
      expect(formatTime(none)).toBe('/');
    }
  });

  it.each([
    { paidAt: new Date(2026, 2, 1, 12).toISOString(), validity: 90, want: '2026-05-30' },
    { paidAt: new Date(2026, 2, 1, 12).toISOString(), validity: 1, want: '2027-03-01' },
    { paidAt: new Date(2026, 2, 1, 12).toISOString(), validity: 2, want: '2028-02-29' },
    { paidAt: '0001-01-01T00:00:00Z', validity: 1, want: '-' },
    { paidAt: null, validity: 1, want: '-' },
  ])('expiry from the pay date: $validity from $paidAt → $want', ({ paidAt, validity, want }) => {
    expect(orderExpiry(paidAt, validity)).toBe(want);
  });

  it('splits typed names', () => {
    expect(splitNames(' a.example.com, B.example.com;\n*.c.example.com  a.example.com ')).toEqual(['a.example.com', 'b.example.com', '*.c.example.com']);
  });

  it('bulk pay and cancel rules', () => {
    expect(isPayable({ orderStatus: 1001, reSignStatus: 0, reSignPriceDiff: 0 })).toBe(true);
    expect(isPayable({ orderStatus: 1005, reSignStatus: 5004, reSignPriceDiff: 500 })).toBe(true);
    expect(isPayable({ orderStatus: 1005, reSignStatus: 0, reSignPriceDiff: 0 })).toBe(false);
    expect(isCancellable({ orderStatus: 1002 })).toBe(true);
    expect(isCancellable({ orderStatus: 1005 })).toBe(false);
  });
});
