/**
 * Ids of an account's rows among some values of a unique key, as a SQL sub-select: found through the key's own index,
 * then the account checked on what was found (OFFSET 0 keeps that check out of the lookup). Given the account in the
 * same condition, PostgreSQL met the account's rows through an (account, ...) index whenever its statistics lagged a
 * burst of new rows, and read every row of the account for each lookup (test/query-plans.test.ts: 3,001 index entries
 * for one order). `account` and `keys` are SQL expressions (an integer, an array of the key's type); `held` is the
 * condition of the key's partial unique index, if it has one.
 */
export const ownedIdsSql = (o: { table: string; key: string; account: string; keys: string; held?: string }) =>
  `(SELECT f.id FROM (SELECT id, account_id FROM ${o.table} WHERE ${o.key} = ANY(${o.keys})${o.held ? ` AND ${o.held}` : ''} OFFSET 0) f
     WHERE f.account_id = ${o.account})`;
