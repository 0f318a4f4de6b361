import type { Queryable } from '@cc/db/client';
import { payWayCodeOf } from '@cc/contracts/payments';
import type { Locale } from '@cc/contracts/messages';
import { csv, cst, exportLimit, yuan } from './csv.ts';

/**
 * What an account consumed: the view billing_consumption (migration 0100), one row per payment or refund of an
 * order or a package. Bills, monthly consumption and the amount that can be invoiced read only this.
 */

export interface RangeFilter {
  startTime?: Date | undefined;
  endTime?: Date | undefined;
}

const rangeWhere = `c.account_id = $1 AND ($2::timestamptz IS NULL OR c.at >= $2) AND ($3::timestamptz IS NULL OR c.at < $3)`;
const rangeParams = (accountId: number, f: RangeFilter) => [accountId, f.startTime?.toISOString() ?? null, f.endTime?.toISOString() ?? null];

/** Product of a consumption row: the order's product, or the package's. */
const productJoin = `LEFT JOIN orders o ON c.item = 'order' AND o.order_no = c.ref AND o.account_id = c.account_id
  LEFT JOIN cert_packages k ON c.item = 'package' AND k.id::text = c.ref AND k.account_id = c.account_id
  LEFT JOIN products p ON p.product_no = coalesce(o.product_no, k.product_no)`;

type TxRow = { at: Date | string; amount: number; kind: string; item: 'order' | 'package'; ref: string; pay_way: string; product_name: string | null; product_name_en: string | null; product_type: string | null };

export async function listTransactions(q: Queryable, accountId: number, f: RangeFilter & { limit: number; offset: number; item?: 'order' | 'package' | undefined }) {
  const where = `${rangeWhere} AND ($4::text IS NULL OR c.item = $4)`;
  const params = [...rangeParams(accountId, f), f.item ?? null];
  const rows = await q.query<TxRow>(
    `SELECT c.at, c.amount::float8 AS amount, c.kind, c.item, c.ref, c.pay_way, p.chinese_name AS product_name, p.english_name AS product_name_en, p.product_type
       FROM billing_consumption c ${productJoin} WHERE ${where} ORDER BY c.at DESC, c.ref LIMIT $5 OFFSET $6`,
    [...params, f.limit, (f.offset - 1) * f.limit],
  );
  const [agg] = await q.query<{ n: number; s: number }>(`SELECT count(*)::int AS n, coalesce(sum(c.amount), 0)::float8 AS s FROM billing_consumption c WHERE ${where}`, params);
  return { data: rows.map(txOf), total: agg?.n ?? 0, sum: agg?.s ?? 0 };
}

const txOf = (r: TxRow) => ({
  at: new Date(r.at).toISOString(),
  amount: r.amount,
  kind: r.kind,
  item: r.item,
  ref: r.ref,
  productName: r.product_name ?? '',
  productNameEn: r.product_name_en ?? '',
  productType: r.item === 'package' ? 'package' : (r.product_type ?? ''),
  payWay: payWayCodeOf(r.pay_way),
  payWayName: r.pay_way,
});

/** Month keys (China Standard Time) from `months - 1` months before `now` up to now's month, oldest first. */
export function monthKeys(now: Date, months: number): string[] {
  const local = new Date(now.getTime() + 8 * 3600_000);
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

/** Consumption per month and per product type (packages as 'package'), every month of the window, zeros included. */
export async function monthlyConsumption(q: Queryable, accountId: number, months: number, now: Date) {
  const keys = monthKeys(now, months);
  const from = new Date(`${keys[0]}-01T00:00:00+08:00`);
  const rows = await q.query<{ month: string; product_type: string; amount: number }>(
    `SELECT to_char(c.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS month,
            CASE WHEN c.item = 'package' THEN 'package' ELSE coalesce(p.product_type, '') END AS product_type,
            sum(c.amount)::float8 AS amount
       FROM billing_consumption c ${productJoin}
      WHERE c.account_id = $1 AND c.at >= $2 GROUP BY 1, 2 ORDER BY 1, 2`,
    [accountId, from.toISOString()],
  );
  const byMonth = new Map(keys.map((k) => [k, 0]));
  for (const r of rows) if (byMonth.has(r.month)) byMonth.set(r.month, (byMonth.get(r.month) ?? 0) + r.amount);
  return {
    months: keys.map((month) => ({ month, amount: byMonth.get(month) ?? 0 })),
    byType: rows.filter((r) => byMonth.has(r.month) && r.amount !== 0).map((r) => ({ month: r.month, productType: r.product_type, amount: r.amount })),
  };
}

/**
 * Cents that can be invoiced: everything consumed (payments less refunds) less the invoices applied for and not
 * rejected or cancelled. Grows with paid orders, shrinks with refunds and invoices. Never below zero (a refund
 * after an invoice was issued leaves nothing more to invoice, not a debt). Kept in accounts.uninvoiced by the
 * statements that change it (migration 0155); read under the account's lock, it is what a new application may claim.
 */
export async function toBeInvoicedAmount(q: Queryable, accountId: number): Promise<number> {
  const [r] = await q.query<{ due: number }>(`SELECT greatest(uninvoiced, 0)::float8 AS due FROM accounts WHERE id = $1`, [accountId]);
  return r?.due ?? 0;
}

/** The bills as CSV. */
export async function exportTransactions(q: Queryable, accountId: number, f: RangeFilter, locale: Locale): Promise<string> {
  const { data } = await listTransactions(q, accountId, { ...f, limit: exportLimit, offset: 1 });
  return csv(locale, 'bill.csv.transactions', data.map((t) => [cst(t.at), t.kind, t.ref, t.productName, t.productType, t.payWayName, t.payWay, yuan(t.amount)]));
}

/**
 * The reconciliation export (document 02 §7 "Finance"): the account's orders paid or refunded in the range, one line
 * each, with list price, discount, amount paid, refunded and how it was paid, so they can be checked against the bills.
 */
export async function exportReconciliation(q: Queryable, accountId: number, f: RangeFilter, locale: Locale): Promise<string> {
  const rows = await q.query<{
    order_no: string; product_name: string; common_name: string; validity: number; order_status: number; raw_amount: number; discount: number;
    pay_amount: number; paid: number; refunded: number; pay_way: string | null; paid_at: Date | null; created_at: Date;
  }>(
    `WITH c AS (SELECT * FROM billing_consumption c WHERE ${rangeWhere} AND c.item = 'order')
     SELECT o.order_no, p.chinese_name AS product_name, o.common_name, o.validity, o.order_status, o.raw_amount::float8 AS raw_amount, o.discount,
            o.pay_amount::float8 AS pay_amount,
            coalesce((SELECT sum(amount) FROM c WHERE c.ref = o.order_no AND c.amount > 0), 0)::float8 AS paid,
            coalesce((SELECT -sum(amount) FROM c WHERE c.ref = o.order_no AND c.amount < 0), 0)::float8 AS refunded,
            (SELECT pay_way FROM c WHERE c.ref = o.order_no AND c.amount > 0 ORDER BY at LIMIT 1) AS pay_way, o.paid_at, o.created_at
       FROM orders o JOIN products p ON p.product_no = o.product_no
      WHERE o.account_id = $1 AND EXISTS (SELECT 1 FROM c WHERE c.ref = o.order_no)
      ORDER BY o.id LIMIT ${exportLimit}`,
    rangeParams(accountId, f),
  );
  return csv(locale, 'bill.csv.reconciliation', rows.map((r) => [
    r.order_no, r.product_name, r.common_name, r.validity, r.order_status, yuan(r.raw_amount), r.discount, yuan(r.pay_amount),
    yuan(r.paid), yuan(r.refunded), r.pay_way ?? '', r.pay_way ? payWayCodeOf(r.pay_way) : '', cst(r.created_at), cst(r.paid_at),
  ]));
}
