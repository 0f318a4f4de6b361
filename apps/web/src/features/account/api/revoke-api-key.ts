import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { apiKeysQuery } from './get-api-keys.ts';

/** DELETE /v1/apiKey/{id}: revokes a key; it stops working at once. */
export function revokeApiKey(id: number): Promise<null> {
  return http<null>(`/v1/apiKey/${id}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQuery.queryKey }) });
}
