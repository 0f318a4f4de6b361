import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payAnswer, transferOutAnswer, transferPriceAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

/** POST /dm-serv/v1/transferIn/price */
export const transferPrice = (domains: string[]) => http<z.infer<typeof transferPriceAnswer>>('/dm-serv/v1/transferIn/price', { method: 'POST', body: { domains } });

/** POST /dm-serv/v1/transferIn */
export function useTransferIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { items: { domain: string; authCode: string }[]; contactId: number }) => http<z.infer<typeof payAnswer>>('/dm-serv/v1/transferIn', { method: 'POST', body: v }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['domains'] }), qc.invalidateQueries({ queryKey: ['account'] })]),
  });
}

/** GET /dm-serv/v1/transferOut */
export const useTransfersOut = () => useQuery({ queryKey: ['domains', 'transferOut'], queryFn: ({ signal }) => http<z.infer<typeof transferOutAnswer>>('/dm-serv/v1/transferOut', { signal }) });

/** POST /dm-serv/v1/transferOut/{id} */
export function useDecideTransferOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; approve: boolean }) => http<unknown>(`/dm-serv/v1/transferOut/${v.id}`, { method: 'POST', body: { approve: v.approve } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['domains'] }),
  });
}
