import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from './http.ts';
import { onSessionPurged } from './session.ts';
import { i18n } from '../i18n/index.ts';

/**
 * The console's query cache. Provided by the signed-in layout only: the signed-out pages read no
 * cached queries, and leaving TanStack Query out of them keeps the first page small.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Business errors and 401/500 are answers, not glitches: no retry. One retry after a network loss.
      retry: (count, error) => error instanceof NetworkError && count < 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

// A purged session (sign-out, 401, failed token check) leaves nothing of the old account behind.
onSessionPurged(() => queryClient.clear());

// Answers carry words in the request's language (status texts, product names): a new language fetches them again.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
