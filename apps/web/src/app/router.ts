import { createRouter } from '@tanstack/react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { RouteError } from '../components/route-error.tsx';
import { routeTree } from './routes.tsx';

export const router = createRouter({
  routeTree,
  defaultPendingComponent: PageLoading,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteError,
  defaultPreload: 'intent',
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
