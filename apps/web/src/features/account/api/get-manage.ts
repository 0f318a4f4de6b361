import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManageAnswer } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';

/** GET /v1/account/manage: number, owner, verification, holders, and whether (and why not) the account can be closed. */
export function getManage(signal?: AbortSignal): Promise<ManageAnswer> {
  return http<ManageAnswer>('/v1/account/manage', { signal });
}

export const manageQuery = queryOptions({ queryKey: ['account', 'manage'], queryFn: ({ signal }) => getManage(signal) });

export function useManage() {
  return useQuery(manageQuery);
}
