import type { AnyRoute } from '@tanstack/react-router';
import { prefetch } from '../lib/http.ts';
import { getToken } from '../lib/session.ts';
import type { Call } from '../lib/api/calls.ts';
import type { Locale } from '@cc/contracts/messages-core';
import type { router as appRouter } from './router.ts';
import { signedInRoute } from './routes.tsx';

/**
 * Starts loading the chunks of the routes that match `pathname` (layout and page), at once. Signed out, the
 * signed-in pages are not loaded: the guard sends the visitor to sign-in.
 */
export function preloadRouteChunks(router: typeof appRouter, pathname: string) {
  const [matched] = router.getMatchedRoutes(pathname);
  if (!getToken() && matched.includes(signedInRoute as AnyRoute)) return;
  for (const route of matched) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Calls the route's page (or layout) makes as soon as it shows, whatever its address (lib/api/calls.ts). */
    calls?: readonly Call[];
    /** Calls that depend on the address's search (the list's filters), from the search as the router parses it. */
    searchCalls?: (search: Record<string, unknown>) => readonly Call[];
  }
}

/**
 * Starts the calls of the routes that match `pathname` (the signed-in layout's: the token check, the account in the
 * header, the rates, the bell; the page's own) while their code is still loading: otherwise they leave only after it
 * has loaded and rendered, one layer after the other. Signed out, none is made.
 */
export function prefetchRouteCalls(router: typeof appRouter, pathname: string, search: string, lang: Locale) {
  const [matched] = router.getMatchedRoutes(pathname);
  if (!getToken() || !matched.includes(signedInRoute as AnyRoute)) return;
  const searchOf = () => router.options.parseSearch(search) as Record<string, unknown>;
  for (const route of matched) {
    const { calls = [], searchCalls } = route.options.staticData ?? {};
    // Calls made signed out too (the site configuration) main.tsx makes itself, before this.
    for (const { path, anyone, ...opts } of [...calls, ...(searchCalls?.(searchOf()) ?? [])]) if (!anyone) prefetch(path, { ...opts, lang });
  }
}
