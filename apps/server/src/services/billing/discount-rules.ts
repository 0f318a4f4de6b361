import type { Queryable } from '@cc/db/client';
import type { DiscountRule } from '@cc/domain/pricing';

/** The account's own price table (account_discounts), for discountFor. */
export async function discountRules(q: Queryable, accountId: number): Promise<DiscountRule[]> {
  return q.query<DiscountRule>(
    `SELECT brand, product_no AS "productNo", min_quantity AS "minQuantity", discount FROM account_discounts WHERE account_id = $1`,
    [accountId],
  );
}
