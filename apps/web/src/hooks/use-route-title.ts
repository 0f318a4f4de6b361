import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key of the page's title (menu, breadcrumbs, document title, "not available yet" page). */
    titleKey?: string;
  }
}

/** The translated title of the deepest matched route that has one. */
export function useRouteTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const key = matches[i]?.staticData?.titleKey;
    if (key) return t(key, { defaultValue: key });
  }
  return '';
}
