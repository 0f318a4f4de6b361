import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeysAnswer } from '@cc/contracts/api-keys';
import { http } from '../../../lib/http.ts';

/** GET /v1/apiKey: whether the account is a developer, and its API keys in use (never their secrets). */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeysAnswer> {
  return http<ApiKeysAnswer>('/v1/apiKey', { signal });
}

export const apiKeysQuery = queryOptions({ queryKey: ['account', 'apiKeys'], queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
