import { describe, expect, it } from 'vitest';
import { balanceAfter, balanceCovers } from '../src/balance.ts';

describe('paying from the balance', () => {
  it.each([
    [10_000, 9_999, true, 1],
    [10_000, 10_000, true, 0],
    [10_000, 10_001, false, -1],
    [0, 0, true, 0],
    [0, 1, false, -1],
  ])('balance %i, amount %i: covered %s, %i left', (balance, amount, covered, left) => {
    expect(balanceCovers(balance, amount)).toBe(covered);
    expect(balanceAfter(balance, amount)).toBe(left);
  });
});
