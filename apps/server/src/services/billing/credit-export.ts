import type { Queryable } from '@cc/db/client';
import type { Locale } from '@cc/contracts/messages';
import { translate } from '@cc/contracts/messages';
import { listCreditRecords, type CreditRecordFilter } from '../payments/ledger.ts';
import { csv, cst, exportLimit, yuan } from './csv.ts';

/** The balance changes as CSV, same filters, newest first. */
export async function exportCreditRecords(q: Queryable, accountId: number, f: Omit<CreditRecordFilter, 'limit' | 'offset'>, locale: Locale): Promise<string> {
  const { data } = await listCreditRecords(q, accountId, { ...f, limit: exportLimit, offset: 1 });
  return csv(locale, 'bill.csv.credit', data.map((r) => [cst(r.createdAt), translate(locale, `bill.kind.${r.kind}`), yuan(r.amount), yuan(r.balanceAfter), r.ref, r.payWayName, r.payWay, r.remark]));
}
