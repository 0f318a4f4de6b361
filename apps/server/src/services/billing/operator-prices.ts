import type { Db, Queryable } from '@cc/db/client';
import { RuleError, said } from '../purchase/rule-error.ts';
import { listVisibleProducts } from '../purchase/products.ts';

/**
 * The operator's side of each account's own prices (account_discounts, read by discountFor through discountRules)
 * and of the certificate package offers (cert_package_offers). The sandbox back office sets them; every price the
 * customer sees (preview, order, re-sign, packages, the price list) follows at once.
 */

const refused = (name: 'INVALID_INPUT' | 'NOT_FOUND', key: Parameters<typeof said>[0], field: string, params?: Record<string, string | number>) =>
  new RuleError(name, said(key, params), { [field]: said(key, params) });

/** The account named by its e-mail address or account number. */
async function accountOf(q: Queryable, account: string) {
  const [a] = await q.query<{ id: number; email: string; account_no: string }>(
    `SELECT id, email, account_no FROM accounts WHERE lower(email) = lower($1) OR account_no = $1 ORDER BY id LIMIT 1`,
    [account.trim()],
  );
  if (!a) throw refused('NOT_FOUND', 'bill.operator.accountNotFound', 'account', { account: account.trim() });
  return a;
}

async function rulesOf(q: Queryable, accountId: number) {
  return q.query<{ id: number; brand: string | null; productNo: string | null; minQuantity: number; discount: number }>(
    `SELECT id, brand, product_no AS "productNo", min_quantity AS "minQuantity", discount FROM account_discounts
      WHERE account_id = $1 ORDER BY product_no NULLS FIRST, brand NULLS FIRST, min_quantity, id`,
    [accountId],
  );
}

export async function operatorDiscounts(db: Db, account: string) {
  const a = await accountOf(db, account);
  return { account: { id: a.id, email: a.email, accountNo: a.account_no }, rules: await rulesOf(db, a.id) };
}

export interface DiscountInput {
  account: string;
  scope: 'all' | 'brand' | 'product';
  brand?: string | undefined;
  productNo?: string | undefined;
  minQuantity: number;
  discount: number;
}

/** Sets one rule of an account's price table: the same scope and minimum quantity is replaced, not doubled. */
export async function setDiscount(db: Db, d: DiscountInput) {
  const products = await listVisibleProducts(db);
  const brand = d.scope === 'brand' ? (d.brand ?? '') : null;
  const productNo = d.scope === 'product' ? (d.productNo ?? '') : null;
  if (brand !== null && !products.some((p) => p.brand === brand)) throw refused('INVALID_INPUT', 'bill.operator.brand', 'brand');
  if (productNo !== null && !products.some((p) => p.productNo === productNo)) throw refused('INVALID_INPUT', 'bill.operator.product', 'productNo');
  return db.tx(async (q) => {
    const a = await accountOf(q, d.account);
    // One writer per account at a time, so two operators setting the same rule at once leave one row.
    await q.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [a.id]);
    await q.query(
      `DELETE FROM account_discounts WHERE account_id = $1 AND brand IS NOT DISTINCT FROM $2 AND product_no IS NOT DISTINCT FROM $3 AND min_quantity = $4`,
      [a.id, brand, productNo, d.minQuantity],
    );
    await q.query(`INSERT INTO account_discounts (account_id, brand, product_no, min_quantity, discount) VALUES ($1, $2, $3, $4, $5)`, [a.id, brand, productNo, d.minQuantity, d.discount]);
    return { account: { id: a.id, email: a.email, accountNo: a.account_no }, rules: await rulesOf(q, a.id) };
  });
}

export async function deleteDiscount(db: Db, id: number) {
  const [row] = await db.query<{ id: number }>(`DELETE FROM account_discounts WHERE id = $1 RETURNING id`, [id]);
  if (!row) throw refused('NOT_FOUND', 'bill.operator.ruleNotFound', 'id');
  return { id: row.id, status: 'deleted' };
}

/** Every offer, on sale or not, with what sold; and the products and brands an offer or a rule can name. */
export async function operatorOffers(db: Db) {
  const products = await listVisibleProducts(db);
  const offers = await db.query<{ id: number; product_no: string; product_name: string; product_name_en: string; quantity: number; price: number; active: boolean; sold: number }>(
    `SELECT f.id, f.product_no, p.chinese_name AS product_name, p.english_name AS product_name_en, f.quantity, f.price::float8 AS price, f.active,
            (SELECT count(*)::int FROM cert_packages k WHERE k.offer_id = f.id) AS sold
       FROM cert_package_offers f JOIN products p ON p.product_no = f.product_no ORDER BY p.sort, f.product_no, f.quantity`,
  );
  return {
    offers: offers.map((o) => ({ id: o.id, productNo: o.product_no, productName: o.product_name, productNameEn: o.product_name_en, quantity: o.quantity, price: o.price, active: o.active, sold: o.sold })),
    products: products.map((p) => ({ productNo: p.productNo, name: p.chineseName, nameEn: p.englishName, brand: p.brand, pricePerYear: p.pricePerYear })),
    brands: [...new Set(products.map((p) => p.brand))].sort(),
  };
}

/** Puts a package on sale: a new offer, or the same product and quantity at its new price, on sale again. */
export async function setOffer(db: Db, o: { productNo: string; quantity: number; price: number }) {
  const products = await listVisibleProducts(db);
  if (!products.some((p) => p.productNo === o.productNo)) throw refused('INVALID_INPUT', 'bill.operator.product', 'productNo');
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ($1, $2, $3)
     ON CONFLICT (product_no, quantity) DO UPDATE SET price = excluded.price, active = true RETURNING id`,
    [o.productNo, o.quantity, o.price],
  );
  return { id: row!.id, status: 'active' };
}

/** Takes an offer off sale (packages already bought stay) or back on. */
export async function setOfferActive(db: Db, id: number, active: boolean) {
  const [row] = await db.query<{ id: number }>(`UPDATE cert_package_offers SET active = $2 WHERE id = $1 RETURNING id`, [id, active]);
  if (!row) throw refused('NOT_FOUND', 'bill.operator.offerNotFound', 'id');
  return { id: row.id, status: active ? 'active' : 'inactive' };
}
