import type { SiteConfig } from '@cc/contracts/site';

declare const __DEFAULT_SITE_CONFIG__: SiteConfig;

/** `defaultSiteConfig` of @cc/contracts/site, inlined at build time (vite.config.ts `define`). */
export const defaultSiteConfig: SiteConfig = __DEFAULT_SITE_CONFIG__;
