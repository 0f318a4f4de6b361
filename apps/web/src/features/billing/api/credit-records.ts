import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { creditRecordsAnswer, ledgerKinds } from '@cc/contracts/payments';
import { http } from '../../../lib/http.ts';
import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

export type CreditRecords = z.infer<typeof creditRecordsAnswer>;
export type LedgerKind = (typeof ledgerKinds)[number];
export type CreditFilter = { kind?: LedgerKind | undefined; startTime?: string | undefined; endTime?: string | undefined };

/** GET /v1/creditChangeRecords: balance changes, newest first, one page. */
export const creditRecordsQuery = (q: CreditFilter & { limit: number; offset: number }) =>
  queryOptions({ queryKey: ['billing', 'credit', q], queryFn: ({ signal }) => http<CreditRecords>('/v1/creditChangeRecords', { query: q, signal }), placeholderData: keepPreviousData });
export const useCreditRecords = (q: CreditFilter & { limit: number; offset: number }) => useQuery(creditRecordsQuery(q));

/** GET /v1/creditChangeRecords/export: the same filters as CSV. */
export const exportCreditRecords = (f: CreditFilter): Promise<FileAnswer> => httpFile('/v1/creditChangeRecords/export', { query: f });
