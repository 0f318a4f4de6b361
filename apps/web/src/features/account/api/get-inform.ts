import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InformAnswer } from '@cc/contracts/account';
import { http } from '../../../lib/http.ts';

/** GET /v1/inform: which events reach the account by e-mail and SMS. */
export function getInform(signal?: AbortSignal): Promise<InformAnswer> {
  return http<InformAnswer>('/v1/inform', { signal });
}

export const informQuery = queryOptions({ queryKey: ['account', 'inform'], queryFn: ({ signal }) => getInform(signal) });

export function useInform() {
  return useQuery(informQuery);
}
