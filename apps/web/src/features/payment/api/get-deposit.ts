import type { z } from 'zod';
import type { depositAnswer } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';

export type Deposit = z.infer<typeof depositAnswer>;

/** GET /v1/deposit/{id}: a top-up's status (pending, succeeded, declined, expired). */
export function getDeposit(id: string, signal?: AbortSignal): Promise<Deposit> {
  return http<Deposit>(`/v1/deposit/${encodeURIComponent(id)}`, { signal, quiet: true });
}
