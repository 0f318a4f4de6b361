import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { withdrawAnswer, withdrawBody, withdrawListAnswer } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';

export type Withdrawals = z.infer<typeof withdrawListAnswer>;
export type WithdrawInput = z.input<typeof withdrawBody>;

/** GET /v1/withdraw: withdrawals with the balance and the refundable amount. */
export const useWithdrawals = (q: { limit: number; offset: number }) =>
  useQuery({ queryKey: ['billing', 'withdraw', q], queryFn: ({ signal }) => http<Withdrawals>('/v1/withdraw', { query: q, signal }), placeholderData: keepPreviousData });

/** POST /v1/withdraw. */
export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: WithdrawInput) => http<z.infer<typeof withdrawAnswer>>('/v1/withdraw', { method: 'POST', body: b }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['billing'] }),
  });
}
