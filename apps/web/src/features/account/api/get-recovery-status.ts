import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recoveryStatus } from '@cc/contracts/security';
import { http } from '../../../lib/http.ts';

/** GET /v1/googleAuth/recoveryCodes: how many recovery codes are left. */
export function getRecoveryStatus(): Promise<z.infer<typeof recoveryStatus>> {
  return http('/v1/googleAuth/recoveryCodes');
}

export const recoveryStatusQuery = queryOptions({ queryKey: ['recoveryCodes'], queryFn: getRecoveryStatus });

export function useRecoveryStatus(enabled: boolean) {
  return useQuery({ ...recoveryStatusQuery, enabled });
}
