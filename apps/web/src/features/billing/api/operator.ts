import type { z } from 'zod';
import { operatorHeader, type operatorDiscountsAnswer, type operatorInvoicesAnswer, type operatorOffersAnswer, type operatorWithdrawalsAnswer } from '@cc/contracts/billing';
import { currentLocale } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/http.ts';

export type OperatorInvoices = z.infer<typeof operatorInvoicesAnswer>;
export type OperatorWithdrawals = z.infer<typeof operatorWithdrawalsAnswer>;
export type OperatorDiscounts = z.infer<typeof operatorDiscountsAnswer>;
export type OperatorOffers = z.infer<typeof operatorOffersAnswer>;

/**
 * The operator area's calls carry the operator secret, not the customer's token: kept apart from lib/http, whose
 * 401 handling would sign the customer out on a wrong secret.
 */
export async function operatorCall<T>(secret: string, path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: object): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', lang: currentLocale(), [operatorHeader]: secret };
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const env = (await res.json().catch(() => null)) as { code: number; msg: string; data: unknown; errors?: Record<string, string> } | null;
  if (!env || env.code !== 200) throw new ApiError(env?.code ?? res.status, env?.msg ?? `HTTP ${res.status}`, null, { msg: env?.msg ?? '', ...(env?.errors ?? {}) }, res.status);
  return env.data as T;
}
