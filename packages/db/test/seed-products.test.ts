import { describe, expect, it } from 'vitest';
import { brandOptions, productTypes, termChoices, visibleProducts } from '@cc/domain';
import { products } from '../src/seed-products.ts';

describe('seeded catalogue', () => {
  it('has unique product numbers and sort values', () => {
    expect(new Set(products.map((p) => p.productNo)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.sort)).size).toBe(products.length);
    expect(products.length).toBeGreaterThanOrEqual(45);
    expect(products.length).toBeLessThanOrEqual(70);
  });

  it('covers every product type', () => {
    expect(new Set(products.map((p) => p.productType))).toEqual(new Set(productTypes));
  });

  it('has the brands and sub-brands of document 01', () => {
    const subBrands = new Set(products.map((p) => p.subBrand));
    for (const b of ['certum', 'globalsign', 'globalsign_ks', 'globalsign_mssl', 'alphassl', 'bitcert', 'geotrust', 'digicert', 'sectigo', 'positivessl', 'cfca']) {
      expect(subBrands, b).toContain(b);
    }
    for (const p of products.filter((x) => x.subBrand.startsWith('globalsign') || x.subBrand === 'alphassl')) expect(p.brand).toBe('globalsign');
  });

  it('prices in integer cents, free products at zero with the 90-day term only', () => {
    for (const p of products) {
      expect(Number.isInteger(p.pricePerYear) && p.pricePerYear >= 0, p.productNo).toBe(true);
      expect(Number.isInteger(p.extraDomainPrice) && p.extraDomainPrice >= 0, p.productNo).toBe(true);
      if (p.free) {
        expect([p.pricePerYear, p.extraDomainPrice, p.maxYear], p.productNo).toEqual([0, 0, 0]);
        expect(termChoices(p.maxYear, p.free)).toEqual([90]);
      } else {
        expect(p.pricePerYear, p.productNo).toBeGreaterThan(0);
        expect(p.maxYear, p.productNo).toBeGreaterThanOrEqual(1);
        expect(p.maxYear, p.productNo).toBeLessThanOrEqual(5);
      }
    }
    expect(products.some((p) => p.free && ['dv_one_ssl', 'ssl'].includes(p.productType))).toBe(true);
  });

  it('keeps certType consistent with productType', () => {
    const levels: Record<string, string[]> = { code: ['CODE'], doc: ['DOC'], email: ['SMIME'], smime: ['SMIME'], vmc: ['VMC'], ov: ['OV'], ev: ['EV'] };
    for (const p of products) expect(levels[p.productType] ?? ['DV', 'OV', 'EV'], p.productNo).toContain(p.certType);
  });

  it('has names and descriptions in both languages', () => {
    for (const p of products) {
      for (const v of [p.productName, p.chineseName, p.englishName, p.productDescription, p.productDescriptionEn, p.brandDescription, p.brandDescriptionEn, p.typeDescription]) {
        expect(v.trim(), p.productNo).not.toBe('');
      }
      expect(/[\u4e00-\u9fa5]/.test(p.chineseName + p.productDescription), p.productNo).toBe(true);
    }
  });

  it('shows a non-empty set under both xGlobalsignBrands modes, and "more brands" in the default one', () => {
    const y = visibleProducts(products, 'Y');
    const n = visibleProducts(products, 'N');
    expect(new Set(y.map((p) => p.subBrand))).toEqual(new Set(['alphassl', 'globalsign_ks', 'globalsign_mssl']));
    expect(n.some((p) => p.subBrand === 'globalsign_ks' || p.subBrand === 'globalsign_mssl')).toBe(false);
    expect(brandOptions(n).options.length).toBeGreaterThanOrEqual(7);
    expect(brandOptions(n).hasMore).toBe(true);
  });
});
