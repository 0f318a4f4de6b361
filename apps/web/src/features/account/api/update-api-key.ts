import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyUpdateBody } from '@cc/contracts/api-keys';
import { http } from '../../../lib/http.ts';
import { apiKeysQuery } from './get-api-keys.ts';

/** PUT /v1/apiKey/{id}: renames a key or changes its scope. */
export function updateApiKey({ id, ...body }: ApiKeyUpdateBody & { id: number }): Promise<ApiKey> {
  return http<ApiKey>(`/v1/apiKey/${id}`, { method: 'PUT', body });
}

export function useUpdateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQuery.queryKey }) });
}
