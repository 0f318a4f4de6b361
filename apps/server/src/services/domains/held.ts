import { ownedIdsSql } from '../../lib/owned-ids.ts';

/**
 * The names an account holds now among some (ASCII) names, as a SQL sub-select of their ids, found through the unique
 * index of held names (lib/owned-ids.ts says why). `account` and `names` are SQL expressions: an integer and a text[].
 */
export const heldDomainIdsSql = (account: string, names: string) =>
  ownedIdsSql({ table: 'domains', key: 'name', account, keys: names, held: 'gone_at IS NULL' });

/** A name the account holds now, by the number of the order that registered it. */
export const heldDomainIdByOrderNoSql = (account: string, orderNo: string) =>
  ownedIdsSql({ table: 'domains', key: 'order_no', account, keys: `ARRAY[${orderNo}]`, held: 'gone_at IS NULL' });
