import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TargetsAdded } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

/** POST /v1/discovery/targets/fromOrders: the names of the account's certificates bought here become targets. */
export function importFromOrders(body: { group: string }): Promise<TargetsAdded> {
  return http<TargetsAdded>('/v1/discovery/targets/fromOrders', { method: 'POST', body });
}

export function useImportFromOrders() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importFromOrders, onSuccess: () => qc.invalidateQueries({ queryKey: ['discovery'] }) });
}
