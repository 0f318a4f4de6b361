import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TargetsAdded, TargetsBody } from '@cc/contracts/discovery';
import { http } from '../../../lib/http.ts';

/** POST /v1/discovery/targets: adds targets from lines; refused lines come back with why. */
export function addTargets(body: TargetsBody): Promise<TargetsAdded> {
  return http<TargetsAdded>('/v1/discovery/targets', { method: 'POST', body });
}

export function useAddTargets() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTargets, onSuccess: () => qc.invalidateQueries({ queryKey: ['discovery'] }) });
}
