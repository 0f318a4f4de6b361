import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { twoStepStatus } from '@cc/contracts/session';
import { http } from '../../../lib/http.ts';

export type TwoStepStatus = z.infer<typeof twoStepStatus>;

/** GET /v1/twoStepAuth: which second-step methods are on ('Y' / 'N'). */
export function getTwoStepAuth(): Promise<TwoStepStatus> {
  return http<TwoStepStatus>('/v1/twoStepAuth');
}

export const twoStepAuthQuery = queryOptions({ queryKey: ['twoStepAuth'], queryFn: getTwoStepAuth });

export function useTwoStepAuth() {
  return useQuery(twoStepAuthQuery);
}
