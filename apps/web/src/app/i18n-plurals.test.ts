import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteConfig, siteTitleFor } from '@cc/contracts/site';
import { ensureLanguage, i18n } from '../i18n/index.ts';
import '../features/purchase/i18n.ts';
import '../features/orders/i18n.ts';
import '../features/payment/i18n.ts';

beforeAll(() => ensureLanguage('en'));

// Every place that words a term: the order form and price list (purchase), orders, payment.
const termKeys = [
  ['purchase', 'products.year', 'products.day'],
  ['orders', 'term.year', 'term.day'],
  ['payment', 'term.year', 'term.day'],
] as const;

describe('terms are worded with plurals', () => {
  it.each(termKeys.flatMap(([ns, year, day]) => [
    [ns, 'en', year, 1, '1 year'],
    [ns, 'en', year, 2, '2 years'],
    [ns, 'en', year, 3, '3 years'],
    [ns, 'en', day, 1, '1 day'],
    [ns, 'en', day, 90, '90 days'],
    [ns, 'zh', year, 1, '1 年'],
    [ns, 'zh', year, 2, '2 年'],
    [ns, 'zh', day, 90, '90 天'],
  ] as const))('%s %s %s(%d) = %s', (ns, lng, key, count, want) => {
    expect(i18n.getFixedT(lng, ns)(key, { count })).toBe(want);
  });
});

describe('the tab title per language', () => {
  const fallback = (lng: 'zh' | 'en', siteName: string) => i18n.getFixedT(lng)('layout.siteTitle', { siteName });
  it.each([
    ['built-in, zh', defaultSiteConfig, 'zh', 'CertHub 证书控制台'],
    ['built-in, en: never the Chinese title', defaultSiteConfig, 'en', 'CertHub Console'],
    ['own title per language', { ...defaultSiteConfig, titles: { en: 'Shop certificates', zh: '商店证书' } }, 'en', 'Shop certificates'],
    ['own title per language, zh', { ...defaultSiteConfig, titles: { en: 'Shop certificates', zh: '商店证书' } }, 'zh', '商店证书'],
    ['English site: title is the English one', { ...defaultSiteConfig, siteName: 'Shop', title: 'Shop console', defaultLocal: 'en' as const }, 'en', 'Shop console'],
    ['English site, zh: the name worded in Chinese', { ...defaultSiteConfig, siteName: 'Shop', title: 'Shop console', defaultLocal: 'en' as const }, 'zh', 'Shop 证书控制台'],
  ] as const)('%s', (_, site, lng, want) => {
    expect(siteTitleFor(site, lng, fallback(lng, site.siteName))).toBe(want);
  });
});
