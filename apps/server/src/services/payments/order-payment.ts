import type { Queryable } from '@cc/db/client';
import { enqueue } from '../jobs/queue.ts';
import { payRefusal } from './errors.ts';
import { postLedgerEntry } from './ledger.ts';
import type { JobKind } from '../jobs/kinds.ts';

export type Aim = 'makeOrder' | 'reSign';

/** Order statuses this area reads and writes (document 01 §4). */
export const awaitingPayment = 1001;
export const paidAwaitingValidation = 1002;
export const reSignMark = 5004;

/** Queued in the transaction that paid orders, so the orders area can start validation (register a handler for it). */
export const ordersPaidJob = 'orders.paid' satisfies JobKind;

export interface PayableOrder {
  id: number;
  orderNo: string;
  /** Cents due: payAmount, or reSignPriceDiff for a re-sign. */
  due: number;
}

type OrderRow = {
  id: number;
  order_no: string;
  order_status: number;
  pay_amount: number;
  re_sign_status: number;
  re_sign_price_diff: number;
  re_sign_paid: boolean;
  paid: boolean;
};

/**
 * Locks the caller's orders (in id order, so concurrent payers never deadlock) and checks each can be paid for `aim`.
 * Refuses with the first order at fault, precisely. Call inside the paying transaction.
 */
export async function lockPayableOrders(q: Queryable, accountId: number, orderNos: string[], aim: Aim): Promise<PayableOrder[]> {
  const rows = await q.query<OrderRow>(
    `SELECT id, order_no, order_status, pay_amount::float8 AS pay_amount, re_sign_status, re_sign_price_diff::float8 AS re_sign_price_diff,
            (re_sign_paid_at IS NOT NULL) AS re_sign_paid, (paid_at IS NOT NULL) AS paid
       FROM orders WHERE account_id = $1 AND order_no = ANY($2::text[]) ORDER BY id FOR UPDATE`,
    [accountId, orderNos],
  );
  const byNo = new Map(rows.map((r) => [r.order_no, r]));
  const out: PayableOrder[] = [];
  for (const orderNo of orderNos) {
    const r = byNo.get(orderNo);
    // Another account's order is answered as absent: its existence is not the caller's to learn.
    if (!r) throw payRefusal('NOT_FOUND', 'pay.order.notFound', { orderNo }, 'orderNo');
    if (aim === 'reSign') {
      if (r.re_sign_status !== reSignMark) throw payRefusal('CONFLICT', 'pay.order.notReSign', { orderNo }, 'orderNo');
      if (r.re_sign_paid) throw payRefusal('CONFLICT', 'pay.order.alreadyPaid', { orderNo }, 'orderNo');
      if (r.re_sign_price_diff <= 0) throw payRefusal('CONFLICT', 'pay.order.nothingDue', { orderNo }, 'orderNo');
      out.push({ id: r.id, orderNo, due: r.re_sign_price_diff });
      continue;
    }
    if (r.order_status !== awaitingPayment) {
      if (r.re_sign_status === reSignMark && !r.re_sign_paid) throw payRefusal('CONFLICT', 'pay.order.isReSign', { orderNo }, 'orderNo');
      if (r.paid) throw payRefusal('CONFLICT', 'pay.order.alreadyPaid', { orderNo }, 'orderNo');
      throw payRefusal('CONFLICT', 'pay.order.notPending', { orderNo }, 'orderNo');
    }
    out.push({ id: r.id, orderNo, due: r.pay_amount });
  }
  return out;
}

/** Marks locked, checked orders paid (guarded in SQL as well) and queues orders.paid; throws if any changed meanwhile. */
export async function markOrdersPaid(q: Queryable, orders: PayableOrder[], aim: Aim, payWay: string, ref: string): Promise<void> {
  const ids = orders.map((o) => o.id);
  const done =
    aim === 'reSign'
      ? await q.query(`UPDATE orders SET re_sign_paid_at = now(), updated_at = now() WHERE id = ANY($1::int[]) AND re_sign_status = $2 AND re_sign_paid_at IS NULL RETURNING id`, [ids, reSignMark])
      : await q.query(
          `UPDATE orders SET order_status = $2, paid_at = now(), updated_at = now() WHERE id = ANY($1::int[]) AND order_status = $3 RETURNING id`,
          [ids, paidAwaitingValidation, awaitingPayment],
        );
  if (done.length !== ids.length) throw new Error(`orders changed while locked (${done.length}/${ids.length})`);
  // Once per paying transaction, which commits once: no dedupe key needed.
  await enqueue(q, ordersPaidJob, { orderIds: ids, orderNos: orders.map((o) => o.orderNo), aim, payWay, ref });
}

/** The ledger reference of paying one order: unique per order, and per re-sign round for re-sign payments. */
async function ledgerRef(q: Queryable, orderNo: string, aim: Aim): Promise<string> {
  if (aim === 'makeOrder') return orderNo;
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 're_sign_payment' AND ref LIKE $1`, [`${orderNo}:reSign:%`]);
  return `${orderNo}:reSign:${(row?.n ?? 0) + 1}`;
}

/**
 * Pays the orders from the balance, all or nothing, in the caller's transaction: one ledger entry per order
 * (the CHECK on accounts.balance refuses going below zero), then the orders change state. Answers the cents taken.
 */
export async function payOrdersFromBalance(q: Queryable, accountId: number, orderNos: string[], aim: Aim): Promise<number> {
  const orders = await lockPayableOrders(q, accountId, orderNos, aim);
  let total = 0;
  for (const o of orders) {
    if (o.due <= 0) continue;
    const ref = await ledgerRef(q, o.orderNo, aim);
    await postLedgerEntry(q, { accountId, amount: -o.due, kind: aim === 'reSign' ? 're_sign_payment' : 'order_payment', ref, payWay: 'balance' });
    total += o.due;
  }
  await markOrdersPaid(q, orders, aim, 'balance', orders.map((o) => o.orderNo).join(','));
  return total;
}
