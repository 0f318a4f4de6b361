import { describe, expect, it } from 'vitest';
import { aimOf, isPayable, paidVerdict, totalDue } from './due.ts';

const order = (o: Partial<{ orderStatus: number; payAmount: number; reSignStatus: number; reSignPriceDiff: number }> = {}) => ({
  orderStatus: 1001, payAmount: 39_900, reSignStatus: 0, reSignPriceDiff: 0, ...o,
});

describe('what the dialog charges (document 01 §3, §4)', () => {
  it('a re-sign order (5004) pays reSignPriceDiff, any other its payAmount', () => {
    expect(totalDue([order(), order({ orderStatus: 1005, reSignStatus: 5004, reSignPriceDiff: 1_200 })])).toBe(41_100);
  });

  it('aims at reSign only when every order is a re-sign order past payment', () => {
    expect(aimOf([order({ orderStatus: 1005, reSignStatus: 5004, reSignPriceDiff: 1 })])).toBe('reSign');
    expect(aimOf([order({ orderStatus: 1005, reSignStatus: 5004, reSignPriceDiff: 1 }), order()])).toBe('makeOrder');
    expect(aimOf([])).toBe('makeOrder');
    expect(isPayable(order({ orderStatus: 1002 }), 'makeOrder')).toBe(false);
  });

  it.each([
    [1001, 0, 'makeOrder', 'waiting'],
    [1002, 0, 'makeOrder', 'paid'],
    [1005, 0, 'makeOrder', 'paid'],
    [1004, 0, 'makeOrder', 'cancelled'],
    [1005, 5004, 'reSign', 'waiting'],
    [1005, 0, 'reSign', 'paid'],
  ] as const)('status %i / re-sign %i polled for %s: %s (finishes on 1002)', (orderStatus, reSignStatus, aim, verdict) => {
    expect(paidVerdict({ orderStatus, reSignStatus }, aim)).toBe(verdict);
  });
});
