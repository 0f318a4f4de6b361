import { describe, expect, it } from 'vitest';
import { keyOptionsFor } from '@cc/domain/key-options';
import type { BrandOption } from '@cc/domain/pricing';
import { chooseKey, chooseProduct } from './product-choice.ts';

const p = (productNo: string, subBrand: string, certType: string, maxYear = 1, free = false) => ({ productNo, subBrand, certType, maxYear, free });
const catalogue = [p('A-DV', 'alphassl', 'DV'), p('A-DV-WILD', 'alphassl', 'DV'), p('G-DV', 'globalsign', 'DV', 3), p('G-OV', 'globalsign', 'OV', 3), p('FREE', 'free', 'DV', 1, true)];
const brand = (value: string): BrandOption => ({ value, label: value, show: true, desc: '', descEn: '', brandName: value });
const brands = [brand('alphassl'), brand('globalsign'), brand('free')];
const none = { brand: null, certType: null, productNo: null, term: null };

describe('chooseProduct', () => {
  it.each([
    ['nothing chosen: the first brand, type and product', none, { brand: 'alphassl', certType: 'DV', productNo: 'A-DV' }],
    ['a product of the brand', { ...none, productNo: 'A-DV-WILD' }, { brand: 'alphassl', certType: 'DV', productNo: 'A-DV-WILD' }],
    ['a product of another brand falls back to the brand\'s first', { ...none, productNo: 'G-OV' }, { brand: 'alphassl', certType: 'DV', productNo: 'A-DV' }],
    ['a certificate type the brand lacks falls back', { ...none, brand: 'globalsign', certType: 'EV' }, { brand: 'globalsign', certType: 'DV', productNo: 'G-DV' }],
    ['brand and type chosen', { ...none, brand: 'globalsign', certType: 'OV' }, { brand: 'globalsign', certType: 'OV', productNo: 'G-OV' }],
    ['an unknown brand falls back', { ...none, brand: 'nope' }, { brand: 'alphassl', certType: 'DV', productNo: 'A-DV' }],
  ])('%s', (_, choices, want) => {
    const c = chooseProduct(catalogue, brands, choices);
    expect({ brand: c.brand, certType: c.certType, productNo: c.product?.productNo }).toEqual(want);
  });

  it('the term chosen while the product offers it, else the default', () => {
    const on = chooseProduct(catalogue, brands, { ...none, brand: 'globalsign', term: 3 });
    expect(on.terms).toContain(3);
    expect(on.term).toBe(3);
    const off = chooseProduct(catalogue, brands, { ...none, brand: 'alphassl', term: 3 });
    expect(off.terms).not.toContain(3);
    expect(off.terms).toContain(off.term);
  });

  it('no products: no product, term 1', () => {
    expect(chooseProduct([], [], none)).toMatchObject({ product: null, certType: null, term: 1, terms: [] });
  });
});

describe('chooseKey', () => {
  const chosen = { encryption: 'ECC', keyLength: 3072, curve: 'P384', signature: 'SHA512' } as const;
  it.each([
    ['a product that leaves the choice', { brand: 'globalsign', productType: 'ssl' }, chosen],
    ['code signing: RSA 4096 only (no curve offered: the default)', { brand: 'globalsign', productType: 'code' }, { encryption: 'RSA', keyLength: 4096, curve: 'P256', signature: 'SHA512' }],
    ['CFCA: RSA 2048, SHA256', { brand: 'cfca', productType: 'ssl' }, { encryption: 'RSA', keyLength: 2048, curve: 'P256', signature: 'SHA256' }],
  ] as const)('%s', (_, product, want) => {
    expect(chooseKey(keyOptionsFor(product), chosen)).toEqual(want);
  });
});
