import { z } from 'zod';

/** Per-host site configuration (document 01 §1, 02 §3). Data in the database, editable without a rebuild. */
export const siteConfig = z.object({
  siteName: z.string(),
  title: z.string(),
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

export const frontConfItem = z.object({ setting: z.string(), value: z.string(), description: z.string() });
export const frontConfAnswer = z.object({ frontConf: z.array(frontConfItem) });

export const exRateAnswer = z.object({
  currencies: z.array(z.object({ currency: z.string(), rate: z.number(), symbol: z.string() })),
});
