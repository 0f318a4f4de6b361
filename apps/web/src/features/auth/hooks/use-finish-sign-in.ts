import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { storeUser } from '../../../lib/session.ts';

/** Only paths of this site: never an absolute or protocol-relative address from the query. */
export function safeRedirect(target: unknown): string {
  // A path on this site only: "//host" and "/\host" are read by browsers as another host.
  return typeof target === 'string' && /^\/(?![/\\])/.test(target) && !target.startsWith('/sign-in') ? target : '/dashboard';
}

/** After /login, /sec-validation or /signup: the token is stored by the client; load the user, then go on. */
export function useFinishSignIn() {
  const router = useRouter();
  return useCallback(
    async (user: unknown, redirect?: unknown) => {
      if (user && typeof user === 'object') storeUser(user);
      try {
        // Loaded here rather than imported: the query cache is not part of the signed-out pages.
        const [{ queryClient }, { accountQuery }] = await Promise.all([import('../../../lib/query-client.ts'), import('../../../lib/api/get-account.ts')]);
        queryClient.removeQueries();
        await queryClient.fetchQuery(accountQuery);
      } catch {
        // the layout retries; signing in succeeded
      }
      router.history.push(safeRedirect(redirect));
    },
    [router],
  );
}
