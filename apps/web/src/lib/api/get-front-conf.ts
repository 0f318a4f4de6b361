import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { frontConfAnswer } from '@cc/contracts/site';
import { http } from '../http.ts';
import { callOptions, calls } from './calls.ts';

export type FrontConf = z.infer<typeof frontConfAnswer>;

/** GET /frontConf: front settings (`data.frontConf`), read as a setting → value map. */
export function getFrontConf(signal?: AbortSignal): Promise<FrontConf> {
  return http<FrontConf>(calls.frontConf.path, callOptions(calls.frontConf, signal));
}

export const frontConfQuery = queryOptions({ queryKey: ['frontConf'], queryFn: ({ signal }) => getFrontConf(signal), staleTime: 5 * 60_000 });

/** The front settings as a setting → value map; `settled` once answered or failed (a page that follows them waits). */
export function useFrontConf(): { settings: Record<string, string>; settled: boolean } {
  const { data, isPending } = useQuery(frontConfQuery);
  return { settings: Object.fromEntries((data?.frontConf ?? []).map((i) => [i.setting, i.value])), settled: !isPending };
}
