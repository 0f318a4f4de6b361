import { removeDcvRecords } from '../dns/dcv-autopilot.ts';
import type { Queryable } from '@cc/db/client';
import { orderStatus, reSignStatus } from '@cc/contracts/orders';
import { nameKey, validateDomains } from '@cc/domain/domain-names';
import { discountFor, discounted, planDaysLeft, reSignPriceDiff } from '@cc/domain/pricing';
import { discountRules } from '../billing/discount-rules.ts';
import { returnToPackage } from '../billing/cert-packages.ts';
import { hasDomains } from '@cc/domain/product-types';
import { RuleError, said } from '../purchase/rule-error.ts';
import { checkPrivateKey, isParsedCsr, parseCsr } from '../purchase/csr.ts';
import { enqueue } from '../jobs/queue.ts';
import { dcvStartJob, startValidation } from '../dcv/validation.ts';
import { postLedgerEntry } from '../payments/ledger.ts';
import { addEvent, type OrdersContext } from './context.ts';
import type { OrderRow } from './queries.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { accountOrderIdsSql } from './by-number.ts';

export const reSignApplyJob = 'resign.apply' satisfies JobKind;
export const sweepJob = 'orders.sweep' satisfies JobKind;

export interface CancelResult {
  cancelled: string[];
  refunded: { orderNo: string; amount: number }[];
  failed: { orderNo: string; said: ReturnType<typeof said> }[];
}

/**
 * Cancels orders waiting for payment or validation that have no certificate. Each order on its own: one that
 * cannot be cancelled does not stop the others. An order paid from the balance gets its money back there, in
 * the same transaction (ledger kind refund, ref = order number, so it happens once); an order paid outside the
 * balance records the amount due back in its timeline (refundDue) for the payments area.
 */
export async function cancelOrders(ctx: OrdersContext, accountId: number, orderNos: string[]): Promise<CancelResult> {
  const out: CancelResult = { cancelled: [], refunded: [], failed: [] };
  for (const orderNo of [...new Set(orderNos)]) {
    const r = await ctx.db.tx(async (q) => {
      const [o] = await q.query<{ id: number; order_status: number; certificate_id: number | null; paid_at: Date | null; pay_amount: number; cert_package_id: number | null; validity: number }>(
        `SELECT id, order_status, certificate_id, paid_at, pay_amount::float8 AS pay_amount, cert_package_id, validity FROM orders WHERE id IN ${accountOrderIdsSql('$1::int', 'ARRAY[$2::text]')} FOR UPDATE`,
        [accountId, orderNo],
      );
      if (!o) return { refused: said('orders.notFound') };
      const open = o.order_status === orderStatus.awaitingPayment || o.order_status === orderStatus.awaitingValidation;
      if (!open || o.certificate_id) return { refused: said('orders.cancel.notAllowed', { orderNo }) };
      await q.query(`UPDATE orders SET order_status = $2, cancelled_at = now(), updated_at = now() WHERE id = $1`, [o.id, orderStatus.cancelled]);
      // Validation records the DCV autopilot published in hosted zones go with the order.
      await removeDcvRecords(q, o.id);
      // The package units it drew (one per year) go back to the package.
      if (o.cert_package_id) await returnToPackage(q, o.cert_package_id, o.validity);
      const [paid] = await q.query<{ amount: number }>(
        `SELECT (-amount)::float8 AS amount FROM ledger_entries WHERE account_id = $1 AND kind = 'order_payment' AND ref = $2 AND pay_way = 'balance'`,
        [accountId, orderNo],
      );
      let refunded = 0;
      if (paid && paid.amount > 0) {
        await postLedgerEntry(q, { accountId, amount: paid.amount, kind: 'refund', ref: orderNo, payWay: 'balance', remark: `cancel ${orderNo}` });
        refunded = paid.amount;
        await addEvent(q, o.id, 'cancelled');
        await addEvent(q, o.id, 'refunded', { amount: refunded });
      } else {
        const refundDue = o.paid_at && o.order_status === orderStatus.awaitingValidation ? Number(o.pay_amount) : 0;
        await addEvent(q, o.id, 'cancelled', refundDue ? { refundDue } : {});
      }
      return { refunded };
    });
    if (r.refused) out.failed.push({ orderNo, said: r.refused });
    else {
      out.cancelled.push(orderNo);
      if (r.refunded) out.refunded.push({ orderNo, amount: r.refunded });
    }
  }
  return out;
}

export async function setRemark(ctx: OrdersContext, o: OrderRow, remark: string): Promise<void> {
  await ctx.db.tx(async (q) => {
    await q.query(`UPDATE orders SET remark = $2, updated_at = now() WHERE id = $1`, [o.id, remark]);
    await addEvent(q, o.id, 'remark');
  });
}

/** 1003/1006 back to 1002: names already validated stay validated, the rest get fresh values. */
export async function reCommit(ctx: OrdersContext, o: OrderRow): Promise<void> {
  if (o.status !== orderStatus.resubmit && o.status !== orderStatus.resubmitAlt) throw new RuleError('INVALID_INPUT', said('orders.reCommit.notAllowed'));
  await ctx.db.tx(async (q) => {
    // The order before its names, as every validation path locks them (services/dcv/validation.ts): no deadlock.
    await q.query(`SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [o.id]);
    await q.query(`DELETE FROM order_domains WHERE order_id = $1 AND status = 'pending'`, [o.id]);
    await q.query(`UPDATE orders SET order_status = $2, validation_started_at = NULL, status_reason = '', updated_at = now() WHERE id = $1`, [o.id, orderStatus.awaitingValidation]);
    await addEvent(q, o.id, 'resubmitted');
  });
  await startValidation(ctx, o.id);
}

/**
 * Checks the full list of a certificate's names (the common name among them, once) with the product's rules;
 * the common name comes first in the answer. A name given twice, the common name included, is refused as
 * "{domain} duplicate", as at purchase.
 */
function checkNames(o: Pick<OrderRow, 'product_type' | 'brand' | 'cert_type'>, commonName: string, names: string[]): string[] {
  const cnKey = nameKey(commonName);
  const at = names.findIndex((n) => nameKey(n) === cnKey);
  const extras = at >= 0 ? [...names.slice(0, at), ...names.slice(at + 1)] : names;
  const r = validateDomains({ productType: o.product_type, brand: o.brand, certType: o.cert_type, commonName, extraDomains: extras });
  const e = r.errors[0];
  if (e) throw new RuleError('INVALID_INPUT', said(e.messageKey, e.params), { domainNames: said(e.messageKey, e.params) });
  return r.domains;
}

/**
 * Replaces the names of an order waiting for validation: the common name (it is in the CSR) stays, the count
 * may not pass what was paid for. Validated names keep their state; new names start pending.
 */
export async function setDomains(ctx: OrdersContext, o: OrderRow, names: string[]): Promise<void> {
  if (o.status !== orderStatus.awaitingValidation || o.certificate_id) throw new RuleError('INVALID_INPUT', said('orders.domains.locked'));
  const domains = checkNames(o, o.common_name, names);
  if (domains.length > o.domain_names.length) {
    const s = said('orders.domains.tooMany', { count: domains.length, paid: o.domain_names.length });
    throw new RuleError('INVALID_INPUT', s, { domainNames: s });
  }
  await ctx.db.tx(async (q) => {
    await q.query(`SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [o.id]);
    await q.query(`DELETE FROM order_domains WHERE order_id = $1 AND NOT (domain = ANY($2::text[]))`, [o.id, domains]);
    await q.query(`UPDATE orders SET domain_names = $2::jsonb, validation_started_at = NULL, updated_at = now() WHERE id = $1`, [o.id, JSON.stringify(domains)]);
    await addEvent(q, o.id, 'domains_changed', { count: domains.length });
  });
  await startValidation(ctx, o.id);
}

// --- re-sign

type ReSignOrder = Pick<OrderRow, 'account_id' | 'product_no' | 'product_type' | 'brand' | 'cert_type' | 'common_name' | 'domain_names' | 'plan_ends_at' | 'not_after'>;

export interface ReSignQuote {
  /** The new certificate's names, checked (common name first, with the www names the product adds). */
  names: string[];
  priceDiff: number;
  addedDomains: string[];
  remainingDays: number;
}

/**
 * The one place a re-sign is priced: the preview (reSignPrice) and the request (requestReSign) both call it,
 * so the preview is what the request charges. The names are checked with the product's rules first (and the
 * www names it adds put in), then priced by reSignPriceDiff of @cc/domain. `commonName` is the new CSR's;
 * the preview has none and takes the order's when it is among the names, else the first name. The names of
 * products without domains (code, doc, S/MIME) are not checked here, only counted.
 */
export async function quoteReSign(db: Queryable, o: ReSignOrder, given: string[] | undefined, now: Date, commonName?: string): Promise<ReSignQuote> {
  let names = given?.length ? given : o.domain_names;
  if (hasDomains(o.product_type)) {
    const cnKey = nameKey(o.common_name);
    const cn = commonName ?? (names.some((n) => nameKey(n) === cnKey) ? o.common_name : (names[0] ?? o.common_name));
    names = checkNames(o, cn, names);
  }
  const [p] = await db.query<{ extra_domain_price: number; free: boolean }>(
    `SELECT extra_domain_price::float8 AS extra_domain_price, free FROM products WHERE product_no = $1`,
    [o.product_no],
  );
  const discount = discountFor(await discountRules(db, o.account_id), { productNo: o.product_no, brand: o.brand, quantity: 1 });
  const end = o.plan_ends_at ?? o.not_after;
  const remainingDays = planDaysLeft(end ? new Date(end) : null, now);
  const { priceDiff, addedDomains } = reSignPriceDiff({
    // An order whose product left the catalogue re-signs for free: there is no price to charge.
    // The names added are priced at the account's own price (billing/prices.ts), as a new order would be.
    product: { productType: o.product_type, brand: o.brand, extraDomainPrice: discounted(Number(p?.extra_domain_price ?? 0), discount), free: p?.free ?? true },
    current: o.domain_names,
    wanted: names,
    remainingDays,
  });
  return { names, priceDiff, addedDomains, remainingDays };
}

/** POST /v1/orders/reSignPrice: what the same names would cost with POST /v1/orders/reSign. */
export async function reSignPrice(db: Queryable, o: OrderRow, names: string[] | undefined, now: Date): Promise<{ priceDiff: number; addedDomains: string[]; remainingDays: number }> {
  const { priceDiff, addedDomains, remainingDays } = await quoteReSign(db, o, names, now);
  return { priceDiff, addedDomains, remainingDays };
}

/**
 * A re-sign (reissue) of an issued order with a new CSR and names: 5004 with the price difference; free ones
 * start at once, paid ones once the payments area sets re_sign_paid_at. The current certificate stays
 * downloadable until the new one replaces it. The order is locked and its state checked again inside the
 * transaction that records the request, and the price is computed there too, so two requests at once make one.
 */
export async function requestReSign(ctx: OrdersContext, o: OrderRow, body: { csr: string; key?: string | undefined; domainNames?: string[] | undefined }): Promise<{ priceDiff: number }> {
  if (o.status !== orderStatus.issued) throw new RuleError('INVALID_INPUT', said('orders.reSign.notAllowed'));
  if (o.re_sign_status === reSignStatus.reSign) throw new RuleError('INVALID_INPUT', said('orders.reSign.pending'));
  const csr = await parseCsr(body.csr);
  if (!isParsedCsr(csr)) throw new RuleError('INVALID_INPUT', csr, { csr });
  let keySealed: string | null = null;
  if (body.key?.trim()) {
    const bad = checkPrivateKey(body.key.trim(), csr);
    if (bad) throw new RuleError('INVALID_INPUT', bad, { key: bad });
    keySealed = ctx.box.seal(body.key.trim());
  }
  const names = body.domainNames?.length ? body.domainNames : o.domain_names;
  let cn: string | undefined;
  if (hasDomains(o.product_type)) {
    cn = csr.commonName.trim() || o.common_name;
    const cnKey = nameKey(cn);
    if (!names.some((n) => nameKey(n) === cnKey)) {
      const s = said('purchase.csr.cnMismatch', { csrCn: csr.commonName || '-', commonName: names[0] ?? '' });
      throw new RuleError('INVALID_INPUT', s, { csr: s });
    }
  }
  const priceDiff = await ctx.db.tx(async (q) => {
    const [now] = await q.query<{ order_status: number; re_sign_status: number }>(
      `SELECT order_status, re_sign_status FROM orders WHERE id = $1 FOR UPDATE`,
      [o.id],
    );
    if (now?.order_status !== orderStatus.issued) throw new RuleError('INVALID_INPUT', said('orders.reSign.notAllowed'));
    if (now.re_sign_status === reSignStatus.reSign) throw new RuleError('INVALID_INPUT', said('orders.reSign.pending'));
    const quote = await quoteReSign(q, o, names, ctx.now(), cn);
    await q.query(
      `INSERT INTO re_sign_requests (order_id, csr, key_sealed, domain_names, price_diff, status) VALUES ($1, $2, $3, $4::jsonb, $5, 'awaiting_payment')`,
      [o.id, csr.pem, keySealed, JSON.stringify(quote.names), quote.priceDiff],
    );
    await q.query(`UPDATE orders SET re_sign_status = $2, re_sign_price_diff = $3, re_sign_paid_at = NULL, updated_at = now() WHERE id = $1`, [o.id, reSignStatus.reSign, quote.priceDiff]);
    await addEvent(q, o.id, 're_sign_requested', { priceDiff: quote.priceDiff });
    if (quote.priceDiff === 0) await enqueue(q, reSignApplyJob, { orderId: o.id }, { dedupeKey: `resign:${o.id}` });
    return quote.priceDiff;
  });
  if (priceDiff === 0) await applyReSign(ctx, o.id);
  return { priceDiff };
}

/** Moves a paid (or free) re-sign into validation: new CSR, key and names; names validated before are reused. */
export async function applyReSign(ctx: OrdersContext, orderId: number): Promise<boolean> {
  const applied = await ctx.db.tx(async (q) => {
    const [r] = await q.query<{ id: number; csr: string; key_sealed: string | null; domain_names: string[]; price_diff: number; paid: boolean }>(
      `SELECT r.id, r.csr, r.key_sealed, r.domain_names, r.price_diff::float8 AS price_diff, (o.re_sign_paid_at IS NOT NULL) AS paid
         FROM re_sign_requests r JOIN orders o ON o.id = r.order_id
        WHERE r.order_id = $1 AND r.status = 'awaiting_payment' AND o.re_sign_status = $2 AND o.order_status = $3
        ORDER BY r.id DESC LIMIT 1 FOR UPDATE OF r, o`,
      [orderId, reSignStatus.reSign, orderStatus.issued],
    );
    if (!r || (Number(r.price_diff) > 0 && !r.paid)) return false;
    const cn = r.domain_names[0];
    await q.query(`UPDATE re_sign_requests SET status = 'validating' WHERE id = $1`, [r.id]);
    await q.query(`DELETE FROM order_domains WHERE order_id = $1`, [orderId]);
    await q.query(
      `UPDATE orders SET csr = $2, private_key_sealed = $3, domain_names = $4::jsonb, common_name = COALESCE($5, common_name),
              order_status = $6, validation_started_at = NULL, updated_at = now() WHERE id = $1`,
      [orderId, r.csr, r.key_sealed, JSON.stringify(r.domain_names), cn ?? null, orderStatus.awaitingValidation],
    );
    return true;
  });
  if (applied) await startValidation(ctx, orderId);
  return applied;
}

/**
 * The safety net run every minute: paid orders whose validation has not started (the payments area may also
 * queue dcv.start itself), and paid re-signs.
 */
export async function sweep(ctx: OrdersContext): Promise<void> {
  const start = await ctx.db.query<{ id: number }>(
    `SELECT id FROM orders WHERE order_status = $1 AND validation_started_at IS NULL ORDER BY id LIMIT 200`,
    [orderStatus.awaitingValidation],
  );
  for (const o of start) await enqueue(ctx.db, dcvStartJob, { orderId: o.id }, { dedupeKey: `dcv.start:${o.id}` });
  const paid = await ctx.db.query<{ id: number }>(
    `SELECT id FROM orders WHERE re_sign_status = $1 AND re_sign_paid_at IS NOT NULL AND order_status = $2 ORDER BY id LIMIT 200`,
    [reSignStatus.reSign, orderStatus.issued],
  );
  for (const o of paid) await enqueue(ctx.db, reSignApplyJob, { orderId: o.id }, { dedupeKey: `resign:${o.id}` });
}
