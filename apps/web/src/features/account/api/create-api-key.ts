import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreateBody, ApiKeySecretAnswer } from '@cc/contracts/api-keys';
import { http } from '../../../lib/http.ts';
import { apiKeysQuery } from './get-api-keys.ts';

/** POST /v1/apiKey: a new key; the answer carries its secret, shown this once. */
export function createApiKey(body: ApiKeyCreateBody): Promise<ApiKeySecretAnswer> {
  return http<ApiKeySecretAnswer>('/v1/apiKey', { method: 'POST', body });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQuery.queryKey }) });
}
