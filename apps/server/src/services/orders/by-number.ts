import { ownedIdsSql } from '../../lib/owned-ids.ts';

/**
 * An account's orders among some order numbers, as a SQL sub-select of their ids, found through the order number's
 * unique index (lib/owned-ids.ts says why). `account` and `numbers` are SQL expressions: an integer and a text[].
 */
export const accountOrderIdsSql = (account: string, numbers: string) => ownedIdsSql({ table: 'orders', key: 'order_no', account, keys: numbers });

/**
 * One of an account's orders by its number or its id, found through the unique index of either. An id is its decimal
 * text exactly (no sign, no leading zero), as `id::text = ref` read it.
 */
export const accountOrderIdSql = (account: string, ref: string) =>
  `(SELECT f.id FROM (SELECT id, account_id FROM orders WHERE order_no = ${ref}
                      UNION ALL SELECT id, account_id FROM orders WHERE id = CASE WHEN ${ref} ~ '^[1-9][0-9]{0,9}$' THEN ${ref}::bigint END
                      OFFSET 0) f WHERE f.account_id = ${account})`;
