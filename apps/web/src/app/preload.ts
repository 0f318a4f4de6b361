import type { AnyRoute } from '@tanstack/react-router';
import { prefetch } from '../lib/http.ts';
import { getToken } from '../lib/session.ts';
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

/**
 * Starts the calls the signed-in layout makes on every page (the token check, the account in the header, the
 * currency rates) while the layout's code is still loading: otherwise they leave only after it has loaded and rendered.
 */
export function prefetchLayoutCalls(router: typeof appRouter, pathname: string) {
  const [matched] = router.getMatchedRoutes(pathname);
  if (!getToken() || !matched.includes(signedInRoute as AnyRoute)) return;
  // The same calls, with the same options, as features/auth/api/verify-token.ts, lib/api/get-account.ts and get-ex-rate.ts.
  prefetch('/verify_token', { method: 'POST', body: {}, quiet: true });
  prefetch('/v1/account');
  prefetch('/v1/exRate');
}
