import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeysAnswer, DeveloperBody } from '@cc/contracts/api-keys';
import { http } from '../../../lib/http.ts';
import { apiKeysQuery } from './get-api-keys.ts';

/** POST /v1/developer: agrees to the developer terms. */
export function becomeDeveloper(body: DeveloperBody): Promise<ApiKeysAnswer> {
  return http<ApiKeysAnswer>('/v1/developer', { method: 'POST', body });
}

export function useBecomeDeveloper() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: becomeDeveloper, onSuccess: (answer) => qc.setQueryData(apiKeysQuery.queryKey, answer) });
}
