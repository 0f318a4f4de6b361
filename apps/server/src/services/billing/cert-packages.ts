import type { Queryable, Db } from '@cc/db/client';
import { discountFor, discounted } from '@cc/domain/pricing';
import { RuleError, said } from '../purchase/rule-error.ts';
import { payTx } from '../payments/tx.ts';
import { postLedgerEntry } from '../payments/ledger.ts';
import { passSpendingGate, type Spender } from '../payments/spending.ts';
import { auditAs, type AuditBy } from '../team/audit.ts';
import { discountRules } from './discount-rules.ts';
import type { PaidPurchase, Settled } from '../payments/external.ts';

/** Certificates left in the account's packages, by product. */
export async function packageRemainingByProduct(q: Queryable, accountId: number): Promise<Map<string, number>> {
  const rows = await q.query<{ product_no: string; left: number }>(
    `SELECT product_no, sum(quantity - used)::int AS left FROM cert_packages WHERE account_id = $1 GROUP BY product_no`,
    [accountId],
  );
  return new Map(rows.map((r) => [r.product_no, r.left]));
}

/** Offers on sale and the account's packages (GET /v1/certPkg). Offer prices are after the account's own discount. */
export async function listCertPackages(q: Queryable, accountId: number) {
  const rules = await discountRules(q, accountId);
  const offers = await q.query<{ id: number; product_no: string; product_name: string; product_name_en: string; brand: string; quantity: number; price: number; per_year: number }>(
    `SELECT f.id, f.product_no, p.chinese_name AS product_name, p.english_name AS product_name_en, p.brand, f.quantity, f.price::float8 AS price, p.price_per_year::float8 AS per_year
       FROM cert_package_offers f JOIN products p ON p.product_no = f.product_no WHERE f.active ORDER BY p.sort, f.product_no, f.quantity`,
  );
  const packages = await q.query<{ id: number; product_no: string; product_name: string; product_name_en: string; quantity: number; used: number; price: number; created_at: Date }>(
    `SELECT k.id, k.product_no, p.chinese_name AS product_name, p.english_name AS product_name_en, k.quantity, k.used, k.price::float8 AS price, k.created_at
       FROM cert_packages k JOIN products p ON p.product_no = k.product_no WHERE k.account_id = $1 ORDER BY k.id DESC`,
    [accountId],
  );
  return {
    offers: offers.map((o) => ({
      id: o.id,
      productNo: o.product_no,
      productName: o.product_name,
      productNameEn: o.product_name_en,
      quantity: o.quantity,
      price: discounted(o.price, discountFor(rules, { productNo: o.product_no, brand: o.brand, quantity: o.quantity })),
      listPrice: o.per_year * o.quantity,
    })),
    packages: packages.map((k) => ({
      id: k.id,
      productNo: k.product_no,
      productName: k.product_name,
      productNameEn: k.product_name_en,
      quantity: k.quantity,
      used: k.used,
      remaining: k.quantity - k.used,
      price: k.price,
      createdAt: new Date(k.created_at).toISOString(),
    })),
  };
}

export interface PackageQuote {
  offerId: number;
  productNo: string;
  productName: string;
  quantity: number;
  /** Cents: the offer's price after the account's discount for that many certificates. */
  amount: number;
}

/** What an offer costs the account now (the price a package is bought at, from the balance or through a gateway). */
export async function quotePackage(q: Queryable, accountId: number, offerId: number): Promise<PackageQuote> {
  const [o] = await q.query<{ product_no: string; product_name: string; brand: string; quantity: number; price: number }>(
    `SELECT f.product_no, p.chinese_name AS product_name, p.brand, f.quantity, f.price::float8 AS price
       FROM cert_package_offers f JOIN products p ON p.product_no = f.product_no WHERE f.id = $1 AND f.active`,
    [offerId],
  );
  if (!o) throw new RuleError('NOT_FOUND', said('bill.package.notFound'), { offerId: said('bill.package.notFound') });
  const rules = await discountRules(q, accountId);
  const amount = discounted(o.price, discountFor(rules, { productNo: o.product_no, brand: o.brand, quantity: o.quantity }));
  return { offerId, productNo: o.product_no, productName: o.product_name, quantity: o.quantity, amount };
}

/** The package row; `paymentId` for one paid through a gateway (unique: one package per payment). */
async function grantPackage(q: Queryable, accountId: number, k: { offerId: number; productNo: string; quantity: number; amount: number; paymentId?: string }) {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO cert_packages (account_id, offer_id, product_no, quantity, price, payment_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [accountId, k.offerId, k.productNo, k.quantity, k.amount, k.paymentId ?? null],
  );
  return row!.id;
}

/**
 * Buys a package from the balance, in one transaction: the package row and its ledger entry (kind package_payment,
 * ref the package id) or neither. The price is the offer's after the account's discount for that many certificates,
 * and it passes the spending gate.
 */
export async function buyCertPackage(db: Db, spender: Spender, offerId: number, by: AuditBy) {
  const accountId = spender.accountId;
  return payTx(db, async (q) => {
    const o = await quotePackage(q, accountId, offerId);
    await passSpendingGate(q, spender, o.amount);
    const id = await grantPackage(q, accountId, o);
    const entry = await postLedgerEntry(q, { accountId, amount: -o.amount, kind: 'package_payment', ref: String(id), remark: `package ${o.productNo} × ${o.quantity}` });
    await auditAs(q, accountId, by, { kind: 'payment', action: 'team.payment.package', params: { productNo: o.productNo, quantity: o.quantity, amount: o.amount }, objectType: 'payment', objectId: `package:${id}` });
    return { id, amount: o.amount, balance: entry.balanceAfter };
  });
}

/** What a package payment stores as its items. */
export const packageItems = (o: PackageQuote) => ({ offerId: o.offerId, productNo: o.productNo, quantity: o.quantity });

/**
 * A package paid through a gateway, settled in the transaction that marked its payment succeeded: granted at the
 * price paid, even if the offer was withdrawn since (the payer was quoted it). Once: the payment is unique on the package.
 */
export async function settlePackagePurchase(q: Queryable, p: PaidPurchase): Promise<Settled> {
  const k = p.items as ReturnType<typeof packageItems>;
  await grantPackage(q, p.accountId, { offerId: k.offerId, productNo: k.productNo, quantity: k.quantity, amount: p.amount, paymentId: p.id });
  return { outcome: 'package_granted', orderNos: [] };
}

/**
 * Draws `units` certificates of a product from the account's packages, oldest first, inside the caller's
 * transaction (rows locked, so concurrent orders never draw one unit twice). All or none: answers the package
 * drawn from, or null when fewer than `units` remain in one package. Exported for the orders of ACME as well.
 */
export async function drawFromPackage(q: Queryable, accountId: number, productNo: string, units: number): Promise<number | null> {
  if (units < 1) return null;
  const [k] = await q.query<{ id: number }>(
    `UPDATE cert_packages SET used = used + $3
      WHERE id = (SELECT id FROM cert_packages WHERE account_id = $1 AND product_no = $2 AND quantity - used >= $3 ORDER BY id LIMIT 1 FOR UPDATE)
        AND quantity - used >= $3
      RETURNING id`,
    [accountId, productNo, units],
  );
  return k?.id ?? null;
}

/** Gives a cancelled order's units back to its package (inside the cancelling transaction). */
export async function returnToPackage(q: Queryable, packageId: number, units: number): Promise<void> {
  await q.query(`UPDATE cert_packages SET used = greatest(0, used - $2) WHERE id = $1`, [packageId, units]);
}
