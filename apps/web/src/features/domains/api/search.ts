import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { availableAnswer, suggestAnswer, tldAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

export type TldAnswer = z.infer<typeof tldAnswer>;
export type SuggestAnswer = z.infer<typeof suggestAnswer>;
export type Availability = z.infer<typeof availableAnswer>;

/** GET /dm-serv/v1/tld: TLDs and prices (cents per year). */
export const tldQuery = queryOptions({ queryKey: ['domains', 'tld'], queryFn: ({ signal }) => http<TldAnswer>('/dm-serv/v1/tld', { signal }), staleTime: 5 * 60_000 });
export const useTlds = () => useQuery(tldQuery);

/** GET /dm-serv/v1/domains/suggest: the keyword across TLDs and suggestions. */
export function useSuggest(keyword: string) {
  return useQuery({
    queryKey: ['domains', 'suggest', keyword],
    queryFn: ({ signal }) => http<SuggestAnswer>('/dm-serv/v1/domains/suggest', { query: { keyword }, signal }),
    enabled: keyword.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /dm-serv/v1/domains/available: availability of many names (bulk search). */
export const checkAvailability = (domains: string[]) => http<Availability>('/dm-serv/v1/domains/available', { method: 'POST', body: { domains } });
export const useCheckAvailability = () => useMutation({ mutationFn: checkAvailability });
