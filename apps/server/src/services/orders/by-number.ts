/**
 * An account's orders among some order numbers (or one order by number or id), as a SQL sub-select of their ids:
 * found through the order number's unique index (or the primary key), then the account checked on what was found;
 * OFFSET 0 keeps that check out of the lookup. Given the account in the same condition, PostgreSQL met the account's
 * orders through an (account, ...) index whenever its statistics lagged a burst of new orders, and read every order
 * of the account for each lookup (test/query-plans.test.ts: 3,001 index entries for one order).
 * `account` and `numbers` are SQL expressions: an integer and a text[] (or text, for accountOrderIdSql).
 */
export const accountOrderIdsSql = (account: string, numbers: string) =>
  `(SELECT f.id FROM (SELECT id, account_id FROM orders WHERE order_no = ANY(${numbers}) OFFSET 0) f WHERE f.account_id = ${account})`;

/** One order by its number or its id (digits), the account checked as above. */
export const accountOrderIdSql = (account: string, ref: string) =>
  `(SELECT f.id FROM (SELECT id, account_id FROM orders WHERE order_no = ${ref}
                      UNION ALL SELECT id, account_id FROM orders WHERE ${ref} ~ '^[0-9]{1,9}$' AND id = CASE WHEN ${ref} ~ '^[0-9]{1,9}$' THEN ${ref}::int END
                      OFFSET 0) f WHERE f.account_id = ${account})`;
