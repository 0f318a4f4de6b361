import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeptCreateBody, DeptUpdateBody } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** POST /v1/user/depts creates a department; PUT renames or moves one (never under itself or its own). */
export function saveDept(body: DeptCreateBody | DeptUpdateBody): Promise<{ deptID: number }> {
  return http<{ deptID: number }>('/v1/user/depts', { method: 'deptID' in body ? 'PUT' : 'POST', body });
}

export function useSaveDept() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveDept, onSuccess: () => qc.invalidateQueries({ queryKey: ['team'] }) });
}
