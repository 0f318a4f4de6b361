import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TargetsAdded } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

/** POST /v1/discovery/targets/fromZones: the A/AAAA/CNAME names of the account's hosted zones become targets. */
export function importFromZones(body: { group: string }): Promise<TargetsAdded> {
  return http<TargetsAdded>('/v1/discovery/targets/fromZones', { method: 'POST', body });
}

export function useImportFromZones() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: importFromZones, onSuccess: () => qc.invalidateQueries({ queryKey: ['discovery'] }) });
}
