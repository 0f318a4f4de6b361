import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeySecretAnswer } from '@cc/contracts/api-keys';
import { http } from '../../../lib/http.ts';
import { apiKeysQuery } from './get-api-keys.ts';

/** POST /v1/apiKey/{id}/rotate: a new secret for the key; the old one stops working at once. */
export function rotateApiKey(id: number): Promise<ApiKeySecretAnswer> {
  return http<ApiKeySecretAnswer>(`/v1/apiKey/${id}/rotate`, { method: 'POST', body: {} });
}

export function useRotateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: rotateApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQuery.queryKey }) });
}
