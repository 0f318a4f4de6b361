import { z } from 'zod';

/** Per-host site configuration (document 01 §1, 02 §3). Data in the database, editable without a rebuild. */
export const siteConfig = z.object({
  siteName: z.string(),
  title: z.string().describe("the browser tab's title in the site's default language (defaultLocal)"),
  titles: z
    .object({ zh: z.string().optional(), en: z.string().optional() })
    .describe("the tab's title per language; a language without one shows title (default language) or siteName")
    .default({}),
  logo: z.string().describe('URL or data URL; empty for the built-in mark'),
  favicon: z.string(),
  apiBaseURL: z.string().describe('empty means the same origin'),
  defaultLocal: z.enum(['zh', 'en']),
  defaultPrefix: z.string(),
  defaultLoginType: z.enum(['email', 'tel']),
  defaultRegisteType: z.enum(['email', 'tel']),
  defaultOrderMode: z.enum(['single', 'batch']),
  orderLimit: z.number().int(),
  currency: z.object({ symbol: z.string(), unit: z.string(), exRate: z.number() }),
  chatScript: z.string().describe('URL of a chat widget script; empty for none'),
  trackingScript: z.string().describe('URL of a tracking script; empty for none'),
  features: z.record(z.string(), z.boolean()),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const defaultSiteConfig: SiteConfig = {
  siteName: 'CertHub',
  title: 'CertHub 证书控制台',
  titles: {},
  logo: '',
  favicon: '/favicon.svg',
  apiBaseURL: '',
  defaultLocal: 'zh',
  defaultPrefix: '86',
  defaultLoginType: 'email',
  defaultRegisteType: 'tel',
  defaultOrderMode: 'single',
  orderLimit: 10,
  currency: { symbol: '￥', unit: 'CNY', exRate: 1 },
  chatScript: '',
  trackingScript: '',
  features: { cfca: false, domains: true, discovery: true },
};

/**
 * The tab's title in a language: its own title; in the default language `title`; otherwise `fallback` (the console
 * words the site's name in that language) or the site's name. A title in one language never shows in the other.
 */
export function siteTitleFor(site: Pick<SiteConfig, 'title' | 'titles' | 'siteName' | 'defaultLocal'>, locale: 'zh' | 'en', fallback = ''): string {
  return site.titles[locale]?.trim() || (locale === site.defaultLocal ? site.title : '') || fallback || site.siteName;
}

export const frontConfItem = z.object({ setting: z.string(), value: z.string(), description: z.string() });
export const frontConfAnswer = z.object({ frontConf: z.array(frontConfItem) });

export const exRateAnswer = z.object({
  currencies: z.array(z.object({ currency: z.string(), rate: z.number(), symbol: z.string() })),
});
