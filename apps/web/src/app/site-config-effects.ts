import { siteTitleFor, type SiteConfig } from '@cc/contracts/site';
import { applySiteDefaultLanguage, currentLocale, i18n } from '../i18n/index.ts';
import { setApiBase } from '../lib/http.ts';

let applied: SiteConfig | null = null;

/** The site's title in the current language (the tab reads "page - site title"); empty before the configuration is in. */
export function currentSiteTitle(): string {
  return applied ? siteTitleFor(applied, currentLocale(), i18n.t('layout.siteTitle', { siteName: applied.siteName })) : '';
}

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
  document.title = currentSiteTitle();
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
