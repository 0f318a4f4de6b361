import { useSyncExternalStore } from 'react';
import type { SiteConfig } from '@cc/contracts/site';
import { defaultSiteConfig } from '../../config/default-site-config.ts';
import { http } from '../http.ts';
import { initialLanguage } from '../../i18n/index.ts';
import { callOptions, calls } from './calls.ts';

/** GET /siteConfig: per-host settings. Never fails: the built-in defaults stand in (doc 01 §1). */
export async function getSiteConfig(): Promise<SiteConfig> {
  try {
    // In the language the page asked in (its first call): the console switches to it only after this has left.
    const c = await http<Partial<SiteConfig>>(calls.siteConfig.path, { ...callOptions(calls.siteConfig), timeout: 3_000, lang: initialLanguage() });
    return { ...defaultSiteConfig, ...c, currency: { ...defaultSiteConfig.currency, ...(c.currency ?? {}) } };
  } catch {
    return defaultSiteConfig;
  }
}

// Read once per page load and kept: a small store rather than the query cache, which the signed-out
// pages do not load.
let current: SiteConfig | null = null;
let pending: Promise<SiteConfig> | null = null;
const listeners = new Set<() => void>();

/** Starts (once) and awaits the site configuration. */
export function loadSiteConfig(): Promise<SiteConfig> {
  pending ??= getSiteConfig().then((c) => {
    current = c;
    for (const l of listeners) l();
    return c;
  });
  return pending;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSiteConfig(): SiteConfig {
  return useSyncExternalStore(subscribe, () => current ?? defaultSiteConfig);
}
