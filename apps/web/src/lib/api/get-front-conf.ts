import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { frontConfAnswer } from '@cc/contracts/site';
import { http } from '../http.ts';

export type FrontConf = z.infer<typeof frontConfAnswer>;

/** GET /frontConf: front settings (`data.frontConf`), read as a setting → value map. */
export function getFrontConf(): Promise<FrontConf> {
  return http<FrontConf>('/frontConf');
}

export const frontConfQuery = queryOptions({ queryKey: ['frontConf'], queryFn: getFrontConf, staleTime: 5 * 60_000 });

export function useFrontConf(): Record<string, string> {
  const { data } = useQuery(frontConfQuery);
  return Object.fromEntries((data?.frontConf ?? []).map((i) => [i.setting, i.value]));
}
