import { useEffect } from 'react';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { onSessionPurged } from '../lib/session.ts';
import { currencyPref } from '../lib/prefs.ts';
import { useRouteTitle } from '../hooks/use-route-title.ts';
import { useTranslation } from 'react-i18next';
import { currentSiteTitle } from './site-config-effects.ts';
import { Deferred } from '../components/deferred.tsx';
import { PageLoading } from '../components/page-loading.tsx';

/** Doc 02 §2: every navigation scrolls to the top after 100 ms. */
const scrollDelayMs = 100;

export function RootShell() {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const area = useRouterState({ select: (s): string => s.matches[1]?.routeId ?? '' });
  const title = useRouteTitle();
  const { i18n } = useTranslation();

  useEffect(() => {
    const t = setTimeout(() => window.scrollTo({ top: 0 }), scrollDelayMs);
    return () => clearTimeout(t);
  }, [pathname]);

  // Follows the language: the page's title and the site's title both change with it.
  useEffect(() => {
    const site = currentSiteTitle();
    document.title = title && site ? `${title} - ${site}` : site || title;
  }, [title, i18n.language]);

  // 401, a failed token check or sign-out: go to /sign-in (the query cache clears itself).
  useEffect(
    () =>
      onSessionPurged(() => {
        currencyPref.refresh();
        const here = router.state.location;
        if (here.pathname === '/sign-in') return;
        const back = here.pathname === '/dashboard' || here.pathname === '/' ? undefined : here.href;
        void router.navigate({ to: '/sign-in', search: { redirect: back }, replace: true });
      }),
    [router],
  );

  // The first render of a page (or of the signed-in layout) yields to the browser: see components/deferred.tsx.
  return (
    <Deferred key={area} fallback={<PageLoading />}>
      <Outlet />
    </Deferred>
  );
}
