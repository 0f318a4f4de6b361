import type { SiteConfig } from '@cc/contracts/site';
import { applySiteDefaultLanguage } from '../i18n/index.ts';
import { setApiBase } from '../lib/http.ts';

let applied: SiteConfig | null = null;
export let siteTitle = '';

function injectScript(id: string, src: string) {
  if (!src || document.getElementById(id)) return;
  const s = document.createElement('script');
  s.id = id;
  s.src = src;
  s.async = true;
  document.head.appendChild(s);
}

/** Puts the host's configuration into effect once: API base, language default, title, favicon, scripts. */
export async function applySiteConfig(site: SiteConfig) {
  if (applied === site) return;
  applied = site;
  setApiBase(site.apiBaseURL);
  await applySiteDefaultLanguage(site.defaultLocal);
  siteTitle = site.title || site.siteName;
  document.title = siteTitle;
  if (site.favicon) {
    const link = document.querySelector<HTMLLinkElement>('link#site-favicon') ?? document.createElement('link');
    link.id = 'site-favicon';
    link.rel = 'icon';
    link.href = site.favicon;
    if (!link.parentNode) document.head.appendChild(link);
  }
  injectScript('site-chat-script', site.chatScript);
  injectScript('site-tracking-script', site.trackingScript);
}
