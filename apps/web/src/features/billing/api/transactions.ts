import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { monthlyAnswer, transactionsAnswer } from '@cc/contracts/billing';
import { http } from '../../../lib/http.ts';
import { httpFile, type FileAnswer } from '../../../lib/http-file.ts';

export type Transactions = z.infer<typeof transactionsAnswer>;
export type Monthly = z.infer<typeof monthlyAnswer>;
export type Range = { startTime?: string | undefined; endTime?: string | undefined };

/** GET /v1/transactions: bills, newest first. */
export const useTransactions = (q: Range & { limit: number; offset: number }) =>
  useQuery(queryOptions({ queryKey: ['billing', 'bills', q], queryFn: ({ signal }) => http<Transactions>('/v1/transactions', { query: q, signal }), placeholderData: keepPreviousData }));

/** GET /v1/transactions/monthlyConsumption. */
export const useMonthly = (months: number) =>
  useQuery({ queryKey: ['billing', 'monthly', months], queryFn: ({ signal }) => http<Monthly>('/v1/transactions/monthlyConsumption', { query: { months }, signal }) });

/** GET /v1/transactions/export and /v1/transactions/reconciliation: CSV files. */
export const exportBills = (r: Range): Promise<FileAnswer> => httpFile('/v1/transactions/export', { query: r });
export const exportReconciliation = (r: Range): Promise<FileAnswer> => httpFile('/v1/transactions/reconciliation', { query: r });
