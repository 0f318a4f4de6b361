import type { z } from 'zod';
import type { depositBody } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';
import type { PayResult } from './pay-orders.ts';

export type DepositInput = z.input<typeof depositBody>;

/** POST /v1/deposit { amount (cents), payWay, returnUrl }: starts a top-up; answers the pay result. */
export function createDeposit(input: DepositInput): Promise<PayResult> {
  return http<PayResult>('/v1/deposit', { method: 'POST', body: input });
}
