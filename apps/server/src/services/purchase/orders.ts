import type { Queryable } from '@cc/db/client';
import { accountIdOf, deptFilterSql, type Viewer } from '../team/scope.ts';
import { accountOrderIdsSql } from '../orders/by-number.ts';

export interface OrderSummaryRow {
  id: number;
  orderNo: string;
  orderStatus: number;
  validity: number;
  commonName: string;
  payAmount: number;
  reSignStatus: number;
  reSignPriceDiff: number;
  [k: string]: unknown;
}

/** The caller's orders among the given numbers; others' numbers are simply absent. */
export async function ordersByNumbers(db: Queryable, who: Viewer | number, orderNos: string[]): Promise<OrderSummaryRow[]> {
  const params: unknown[] = [accountIdOf(who), orderNos];
  const scope = deptFilterSql(who, 'o', params);
  return db.query<OrderSummaryRow>(
    `SELECT id, order_no AS "orderNo", order_status AS "orderStatus", validity, common_name AS "commonName",
            pay_amount::float8 AS "payAmount", re_sign_status AS "reSignStatus", re_sign_price_diff::float8 AS "reSignPriceDiff"
       FROM orders o WHERE o.id IN ${accountOrderIdsSql('$1::int', '$2::text[]')}${scope} ORDER BY id`,
    params,
  );
}

export async function saveCsrs(db: Queryable, accountId: number, items: { commonName: string; csr: string; keySealed?: string | null }[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO csrs (account_id, common_name, csr, private_key_sealed)
     SELECT $1::int, e->>'commonName', e->>'csr', e->>'keySealed' FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, i) ORDER BY i
     RETURNING id`,
    [accountId, JSON.stringify(items.map((i) => ({ commonName: i.commonName, csr: i.csr, keySealed: i.keySealed ?? null })))],
  );
  // Serial ids follow insertion order, which follows ORDER BY i.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
