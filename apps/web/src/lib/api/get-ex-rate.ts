import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { exRateAnswer } from '@cc/contracts/site';
import { http } from '../http.ts';
import { callOptions, calls } from './calls.ts';

export type ExRates = z.infer<typeof exRateAnswer>;

/** GET /v1/exRate: display rates from CNY (signed-in). */
export function getExRate(): Promise<ExRates> {
  return http<ExRates>(calls.exRate.path, callOptions(calls.exRate));
}

export const exRateQuery = queryOptions({ queryKey: ['exRate'], queryFn: getExRate, staleTime: 10 * 60_000 });

export function useExRates(enabled = true) {
  return useQuery({ ...exRateQuery, enabled });
}
