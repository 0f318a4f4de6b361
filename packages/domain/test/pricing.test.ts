import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandOptions, orderBrands, pickDefaultBrand, planDaysLeft, priceFor, pricePlaceholder, reSignPriceDiff, sumPrices, visibleProducts } from '../src/pricing.ts';
import { isIPv4, isWildcard, isDomain, validateDomains } from '../src/domain-names.ts';

const paid = { pricePerYear: 39900, extraDomainPrice: 10000, free: false };

describe('priceFor', () => {
  it.each([
    [{ term: 1, domainCount: 1 }, { allRawPrice: 39900, allNowPrice: 39900, discount: 100 }],
    [{ term: 3, domainCount: 1 }, { allRawPrice: 119700, allNowPrice: 119700, discount: 100 }],
    [{ term: 1, domainCount: 3 }, { allRawPrice: 59900, allNowPrice: 59900, discount: 100 }],
    [{ term: 2, domainCount: 3, discountPercent: 85 }, { allRawPrice: 119800, allNowPrice: 101830, discount: 85 }],
    [{ term: 1, domainCount: 0 }, { allRawPrice: 39900, allNowPrice: 39900, discount: 100 }],
    [{ term: 90, domainCount: 5 }, { allRawPrice: 0, allNowPrice: 0, discount: 100 }],
    [{ term: 1, domainCount: 1, discountPercent: 0 }, { allRawPrice: 39900, allNowPrice: 0, discount: 0 }],
  ])('%j → %j', (req, want) => expect(priceFor(paid, req)).toEqual(want));

  it('rounds half up to the cent', () => {
    expect(priceFor({ pricePerYear: 1, extraDomainPrice: 0, free: false }, { term: 1, domainCount: 1, discountPercent: 50 }).allNowPrice).toBe(1);
    expect(priceFor({ pricePerYear: 3, extraDomainPrice: 0, free: false }, { term: 1, domainCount: 1, discountPercent: 50 }).allNowPrice).toBe(2);
    expect(priceFor({ pricePerYear: 99, extraDomainPrice: 0, free: false }, { term: 1, domainCount: 1, discountPercent: 33 }).allNowPrice).toBe(33);
  });

  it('charges nothing for free products', () => {
    expect(priceFor({ pricePerYear: 0, extraDomainPrice: 0, free: true }, { term: 90, domainCount: 3 }).allNowPrice).toBe(0);
  });

  it.each([
    [{ term: 1, domainCount: 1, discountPercent: 101 }], [{ term: 1, domainCount: 1, discountPercent: -1 }],
    [{ term: 0, domainCount: 1 }], [{ term: 1.5, domainCount: 1 }], [{ term: 1, domainCount: 1, discountPercent: Number.NaN }],
  ])('refuses %j', (req) => expect(() => priceFor(paid, req)).toThrow(RangeError));

  it('always gives integer cents with now ≤ raw', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 250 }), fc.integer({ min: 0, max: 100 }),
      (pricePerYear, extraDomainPrice, term, domainCount, discountPercent) => {
        const p = priceFor({ pricePerYear, extraDomainPrice, free: false }, { term, domainCount, discountPercent });
        expect(Number.isInteger(p.allRawPrice) && Number.isInteger(p.allNowPrice)).toBe(true);
        expect(p.allNowPrice).toBeLessThanOrEqual(p.allRawPrice);
        expect(p.allNowPrice).toBeGreaterThanOrEqual(0);
      },
    ));
  });

  it('sums several previews', () => {
    expect(sumPrices([{ allRawPrice: 100, allNowPrice: 90, discount: 90 }, { allRawPrice: 50, allNowPrice: 45, discount: 90 }])).toEqual({ allRawPrice: 150, allNowPrice: 135 });
  });
});

describe('pricePlaceholder', () => {
  it('gives a valid name for the product type', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 0.999999, noNaN: true }), (r) => {
      expect(isIPv4(pricePlaceholder('ip_ssl', () => r))).toBe(true);
      expect(isWildcard(pricePlaceholder('wild', () => r))).toBe(true);
      expect(isDomain(pricePlaceholder('ssl', () => r))).toBe(true);
    }));
  });
});

const brand = (subBrand: string) => ({ subBrand, brandName: subBrand.toUpperCase(), brandDescription: `${subBrand} 中文`, brandDescriptionEn: `${subBrand} en` });

describe('visibleProducts', () => {
  const all = ['globalsign', 'globalsign_ks', 'globalsign_mssl', 'alphassl', 'certum', 'sectigo'].map(brand);
  it.each([
    ['Y', ['globalsign_ks', 'globalsign_mssl', 'alphassl']],
    ['N', ['globalsign', 'alphassl', 'certum', 'sectigo']],
    [undefined, ['globalsign', 'alphassl', 'certum', 'sectigo']],
    ['', ['globalsign', 'alphassl', 'certum', 'sectigo']],
  ])('xGlobalsignBrands %s', (mode, want) => expect(visibleProducts(all, mode).map((p) => p.subBrand)).toEqual(want));
});

describe('brand ordering', () => {
  it('puts the preferred brands first, then the default, then the rest in catalogue order', () => {
    expect(orderBrands(['sectigo', 'digicert', 'cfca', 'alphassl', 'certum', 'positivessl', 'globalsign', 'bitcert', 'geotrust', 'sectigo']))
      .toEqual(['certum', 'globalsign', 'bitcert', 'geotrust', 'digicert', 'alphassl', 'sectigo', 'cfca', 'positivessl']);
    expect(orderBrands(['alphassl', 'globalsign_mssl', 'globalsign_ks'])).toEqual(['alphassl', 'globalsign_mssl', 'globalsign_ks']);
  });

  it('shows 6 brands and adds "more brands" past 6', () => {
    const many = brandOptions(['sectigo', 'cfca', 'certum', 'digicert', 'alphassl', 'geotrust', 'bitcert', 'globalsign'].map(brand));
    expect(many.hasMore).toBe(true);
    expect(many.options.filter((o) => o.show).map((o) => o.value)).toEqual(['certum', 'globalsign', 'bitcert', 'geotrust', 'digicert', 'alphassl']);
    expect(many.options[0]).toEqual({ value: 'certum', label: 'CERTUM', show: true, desc: 'certum 中文', descEn: 'certum en', brandName: 'CERTUM' });
    expect(pickDefaultBrand(many.options)).toBe('alphassl');
    const few = brandOptions(['sectigo', 'cfca'].map(brand));
    expect(few.hasMore).toBe(false);
    expect(pickDefaultBrand(few.options)).toBe('sectigo');
    expect(pickDefaultBrand([])).toBeNull();
  });
});

describe('reSignPriceDiff: one price for the re-sign preview and its charge', () => {
  const ucc = { productType: 'flex', brand: 'sectigo', extraDomainPrice: 26000, free: false };
  const ssl = { productType: 'ssl', brand: 'globalsign', extraDomainPrice: 10000, free: false };
  const certumFlex = { productType: 'flex', brand: 'certum', extraDomainPrice: 5000, free: false };
  const issued = ['d.com', 'www.d.com'];
  type Case = [label: string, product: typeof ucc, current: string[], wanted: string[], days: number, priceDiff: number, billedAdded: number];
  const cases: Case[] = [
    // The case: [d, www2.d] on an SC-DV-UCC order adds one billed name (www.www2.d comes free), not two.
    ['flex: www2 added, its www free', ucc, issued, ['d.com', 'www.d.com', 'www2.d.com', 'www.www2.d.com'], 365, 26000, 1],
    ['flex: the same names cost nothing', ucc, issued, issued, 365, 0, 0],
    ['flex: the www name typed again costs nothing', ucc, ['d.com', 'www.d.com'], ['d.com', 'www.d.com'], 200, 0, 0],
    ['flex: a wildcard is a billed name', ucc, issued, ['d.com', 'www.d.com', '*.d.com'], 365, 26000, 1],
    ['flex: fewer names cost nothing', ucc, ['d.com', 'www.d.com', 'e.com', 'www.e.com'], issued, 365, 0, 0],
    ['flex: as many other names cost nothing', ucc, ['d.com', 'www.d.com', 'e.com', 'www.e.com'], ['d.com', 'www.d.com', 'f.com', 'www.f.com'], 365, 0, 0],
    ['ssl: www is billed like any name', ssl, ['d.com'], ['d.com', 'www.d.com'], 365, 10000, 1],
    ['certum flex: every name billed', certumFlex, ['d.com'], ['d.com', 'www.d.com', 'e.com'], 365, 10000, 2],
    ['the rest of the plan by the day, rounded half up', ssl, ['d.com'], ['d.com', 'e.com'], 100, 2740, 1],
    ['0.4 cent rounds down', { ...ssl, extraDomainPrice: 73 }, ['d.com'], ['d.com', 'e.com'], 2, 0, 1],
    ['0.6 cent rounds up', { ...ssl, extraDomainPrice: 73 }, ['d.com'], ['d.com', 'e.com'], 3, 1, 1],
    ['a plan that has ended costs nothing', ssl, ['d.com'], ['d.com', 'e.com'], 0, 0, 1],
    ['a free product costs nothing', { ...ssl, extraDomainPrice: 0, free: true }, ['d.com'], ['d.com', 'e.com'], 365, 0, 1],
  ];
  it.each(cases)('%s', (_label, product, current, wanted, remainingDays, priceDiff, billedAdded) => {
    expect(reSignPriceDiff({ product, current, wanted, remainingDays })).toMatchObject({ priceDiff, billedAdded });
  });

  // n × price × days / 365 is never exactly half a cent (365 is odd), so the nearest cent is always defined.
  it('rounds n × price × days / 365 to the nearest cent, in integers', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1200 }), fc.integer({ min: 1, max: 5 }), (price, days, n) => {
      const wanted = ['d.com', ...Array.from({ length: n }, (_, i) => `n${i}.com`)];
      const { priceDiff } = reSignPriceDiff({ product: { ...ssl, extraDomainPrice: price }, current: ['d.com'], wanted, remainingDays: days });
      const exact = (n * price * days) / 365;
      expect(priceDiff).toBe(Math.floor(exact + 0.5 + 1e-9));
      expect(Number.isInteger(priceDiff)).toBe(true);
    }));
  });

  it('lists the names new to the certificate', () => {
    const wanted = validateDomains({ productType: 'flex', brand: 'sectigo', commonName: 'd.com', extraDomains: ['www2.d.com'] }).domains;
    expect(reSignPriceDiff({ product: ucc, current: issued, wanted, remainingDays: 365 }).addedDomains).toEqual(['www2.d.com', 'www.www2.d.com']);
  });

  it('planDaysLeft: started days count, an ended or unknown plan has none', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(planDaysLeft(new Date('2027-01-01T00:00:00Z'), now)).toBe(365);
    expect(planDaysLeft(new Date('2026-01-01T00:00:01Z'), now)).toBe(1);
    expect(planDaysLeft(new Date('2025-12-31T00:00:00Z'), now)).toBe(0);
    expect(planDaysLeft(null, now)).toBe(0);
  });
});
