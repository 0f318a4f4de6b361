import { describe, expect, it } from 'vitest';
import { discountFor, discounted, priceFor, type DiscountRule } from '../src/pricing.ts';

const rules: DiscountRule[] = [
  { brand: null, productNo: null, minQuantity: 1, discount: 95 },
  { brand: 'sectigo', productNo: null, minQuantity: 1, discount: 90 },
  { brand: 'sectigo', productNo: null, minQuantity: 10, discount: 80 },
  { brand: null, productNo: 'S-DV', minQuantity: 5, discount: 70 },
];

describe('discountFor', () => {
  it.each([
    ['no rule', [], 'X', 'any', 1, 100],
    ['every product', rules, 'G-DV', 'globalsign', 1, 95],
    ['brand beats all', rules, 'S-OV', 'sectigo', 1, 90],
    ['higher tier reached', rules, 'S-OV', 'sectigo', 10, 80],
    ['product below its tier falls back to brand', rules, 'S-DV', 'sectigo', 4, 90],
    ['product tier reached beats brand tier', rules, 'S-DV', 'sectigo', 12, 70],
  ] as const)('%s', (_, table, productNo, brand, quantity, want) => {
    expect(discountFor(table, { productNo, brand, quantity })).toBe(want);
  });

  it('feeds priceFor, rounding half up to the cent', () => {
    const p = priceFor({ pricePerYear: 999, extraDomainPrice: 0, free: false }, { term: 1, domainCount: 1, discountPercent: 85 });
    expect(p).toEqual({ allRawPrice: 999, allNowPrice: 849, discount: 85 });
    expect(discounted(999, 85)).toBe(849);
  });
});
