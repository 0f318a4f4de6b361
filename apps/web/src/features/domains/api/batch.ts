import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BatchKind, batchAnswer, batchListAnswer } from '@cc/contracts/domains';
import { http } from '../../../lib/http.ts';

export type Batch = z.infer<typeof batchAnswer>;

/** POST /dm-serv/v1/batch */
export function useStartBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: BatchKind; domains: string[]; contactId?: number; nameservers?: string[]; groupId?: number | null; remark?: string }) =>
      http<Batch>('/dm-serv/v1/batch', { method: 'POST', body: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['domains', 'batches'] }),
  });
}

/** GET /dm-serv/v1/batch/{id}: polled every second until finished. */
export const useBatch = (id: string) =>
  useQuery({
    queryKey: ['domains', 'batch', id],
    queryFn: ({ signal }) => http<Batch>(`/dm-serv/v1/batch/${id}`, { signal }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.finished ? false : 1000),
  });

/** GET /dm-serv/v1/batch */
export const useBatches = () =>
  useQuery({
    queryKey: ['domains', 'batches'],
    queryFn: ({ signal }) => http<z.infer<typeof batchListAnswer>>('/dm-serv/v1/batch', { signal }),
    // Progress moves while a batch runs.
    refetchInterval: (q) => (q.state.data?.items.some((b) => !b.finished) ? 1000 : false),
  });
