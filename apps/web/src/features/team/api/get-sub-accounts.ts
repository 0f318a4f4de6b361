import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamListLimit, type SubAccountsAnswer } from '@cc/contracts/team';
import { http } from '../../../lib/http.ts';

/** GET /v1/user/subAccounts: the account's members (at most 100 a page). */
export function getSubAccounts(signal?: AbortSignal): Promise<SubAccountsAnswer> {
  return http<SubAccountsAnswer>('/v1/user/subAccounts', { signal, query: { limit: teamListLimit } });
}

export const subAccountsQuery = queryOptions({ queryKey: ['team', 'subAccounts'], queryFn: ({ signal }) => getSubAccounts(signal) });

export function useSubAccounts() {
  return useQuery(subAccountsQuery);
}
