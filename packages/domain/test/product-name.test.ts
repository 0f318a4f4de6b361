import { describe, expect, it } from 'vitest';
import { productNameFor } from '../src/product-name.ts';

const gs = { productName: 'GlobalSign OrganizationSSL', chineseName: 'GlobalSign 企业型 SSL 证书', englishName: 'GlobalSign OrganizationSSL' };

describe('productNameFor', () => {
  it.each([
    ['zh', gs, 'GlobalSign 企业型 SSL 证书'],
    ['en', gs, 'GlobalSign OrganizationSSL'],
    ['zh', { ...gs, chineseName: '' }, 'GlobalSign OrganizationSSL'],
    ['zh', { ...gs, chineseName: '   ' }, 'GlobalSign OrganizationSSL'],
    ['en', { ...gs, englishName: null }, 'GlobalSign OrganizationSSL'],
    ['en', { productName: 'AlphaSSL', chineseName: 'AlphaSSL 单域名证书', englishName: 'AlphaSSL Single Domain' }, 'AlphaSSL Single Domain'],
    ['zh', { productName: 'AlphaSSL' }, 'AlphaSSL'],
  ] as const)('%s %o -> %s', (locale, p, want) => {
    expect(productNameFor(locale, p)).toBe(want);
  });
});
