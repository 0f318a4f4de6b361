import type { AnyRoute } from '@tanstack/react-router';
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
