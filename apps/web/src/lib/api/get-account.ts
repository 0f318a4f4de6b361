import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountAnswer } from '@cc/contracts/session';
import { http } from '../http.ts';
import { getToken, storeUser } from '../session.ts';
import { callOptions, calls } from './calls.ts';

/** GET /v1/account: the signed-in user (data.accountInfo, lastLoginIP, lastLoginTime, rootUUID). */
export async function getAccount(): Promise<AccountAnswer> {
  const a = await http<AccountAnswer>(calls.account.path, callOptions(calls.account));
  // An answer that arrives after sign-out must not leave the old user cached.
  if (getToken()) storeUser(a.accountInfo);
  return a;
}

export const accountQuery = queryOptions({ queryKey: ['account'], queryFn: getAccount, staleTime: 30_000 });

export function useAccount() {
  return useQuery(accountQuery);
}
