import { prepared, type Queryable } from '@cc/db/client';
import { enqueue, enqueueSql } from '../jobs/queue.ts';
import { RuleError } from '../purchase/rule-error.ts';
import { payRefusal } from './errors.ts';
import { accountOrderIdsSql } from '../orders/by-number.ts';
import { debitEntriesSql, ledgerError } from './ledger.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { auditRowsSql, type AuditBy } from '../team/audit.ts';
import { unmetVerificationSql, verificationRefusal } from './verification.ts';

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

/** An order as the payment checks see it, locked. */
export type OrderRow = {
  id: number;
  order_no: string;
  order_status: number;
  pay_amount: number;
  re_sign_status: number;
  re_sign_price_diff: number;
  re_sign_paid: boolean;
  paid: boolean;
};

/** The columns of OrderRow, of `orders` aliased `o`. */
export const orderRowColumns = `o.id, o.order_no, o.order_status, o.pay_amount::float8 AS pay_amount, o.re_sign_status,
  o.re_sign_price_diff::float8 AS re_sign_price_diff, (o.re_sign_paid_at IS NOT NULL) AS re_sign_paid, (o.paid_at IS NOT NULL) AS paid`;

/**
 * Why the order cannot be paid for `aim` (precisely: the first rule it breaks), or the cents it owes. Absent (another
 * account's order included) is answered as not found: its existence is not the caller's to learn.
 * payOrdersFromBalance says the same in SQL (payableSql): keep the two together.
 */
export function payableOrRefusal(orderNo: string, r: OrderRow | undefined, aim: Aim): PayableOrder | RuleError {
  if (!r) return payRefusal('NOT_FOUND', 'pay.order.notFound', { orderNo }, 'orderNo');
  if (aim === 'reSign') {
    if (r.re_sign_status !== reSignMark) return payRefusal('CONFLICT', 'pay.order.notReSign', { orderNo }, 'orderNo');
    if (r.re_sign_paid) return payRefusal('CONFLICT', 'pay.order.alreadyPaid', { orderNo }, 'orderNo');
    if (r.re_sign_price_diff <= 0) return payRefusal('CONFLICT', 'pay.order.nothingDue', { orderNo }, 'orderNo');
    return { id: r.id, orderNo, due: r.re_sign_price_diff };
  }
  if (r.order_status !== awaitingPayment) {
    if (r.re_sign_status === reSignMark && !r.re_sign_paid) return payRefusal('CONFLICT', 'pay.order.isReSign', { orderNo }, 'orderNo');
    if (r.paid) return payRefusal('CONFLICT', 'pay.order.alreadyPaid', { orderNo }, 'orderNo');
    return payRefusal('CONFLICT', 'pay.order.notPending', { orderNo }, 'orderNo');
  }
  return { id: r.id, orderNo, due: r.pay_amount };
}

/** payableOrRefusal's "can be paid" in SQL, over an OrderRow `l`; `aim` is a SQL expression. */
const payableSql = (aim: string) => `CASE WHEN ${aim} = 'reSign'
  THEN l.re_sign_status = ${reSignMark} AND NOT l.re_sign_paid AND l.re_sign_price_diff > 0
  ELSE l.order_status = ${awaitingPayment} END`;

/**
 * Locks the caller's orders (in id order, so concurrent payers never deadlock) and checks each can be paid for `aim`.
 * Refuses with the first order at fault, precisely. Call inside the paying transaction.
 */
export async function lockPayableOrders(q: Queryable, accountId: number, orderNos: string[], aim: Aim): Promise<PayableOrder[]> {
  const rows = await q.query<OrderRow>(
    `SELECT ${orderRowColumns} FROM orders o WHERE o.id IN ${accountOrderIdsSql('$1::int', '$2::text[]')} ORDER BY o.id FOR UPDATE`,
    [accountId, orderNos],
  );
  const byNo = new Map(rows.map((r) => [r.order_no, r]));
  return orderNos.map((orderNo) => {
    const o = payableOrRefusal(orderNo, byNo.get(orderNo), aim);
    if (o instanceof RuleError) throw o;
    return o;
  });
}

/** The orders.paid job of paid orders, as its handler reads it. */
export const ordersPaidPayload = (orders: PayableOrder[], aim: Aim, payWay: string, ref: string) =>
  ({ orderIds: orders.map((o) => o.id), orderNos: orders.map((o) => o.orderNo), aim, payWay, ref });

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
  await enqueue(q, ordersPaidJob, ordersPaidPayload(orders, aim, payWay, ref));
}

/**
 * The orders.paid job of the rows of WITH part `src` (columns id, order_no, seq) as a WITH part: what markOrdersPaid
 * queues, for a payment made in one statement (one job per value of column `perPayment`, for payments made together).
 * `aim` and `ref` are SQL expressions.
 */
export const ordersPaidJobSql = (src: string, aim: string, ref: string, perPayment?: string) =>
  enqueueSql('paid_job', `SELECT '${ordersPaidJob}', jsonb_build_object('orderIds', jsonb_agg(id ORDER BY seq), 'orderNos', jsonb_agg(order_no ORDER BY seq),
      'aim', ${aim}, 'payWay', 'balance', 'ref', ${ref}) FROM ${src} ${perPayment ? `GROUP BY ${perPayment}` : 'HAVING count(*) > 0'}`);

/**
 * The statement of balance payments of one account ($1 account, $2 order numbers of every payment one after another,
 * $3 aim, $4 ledger kind, $5 the payment (1-based) each order number belongs to, $6 members, $7 IPs, $8 user agents:
 * one each per payment), prepared: it runs for every balance payment, and PostgreSQL would otherwise plan its dozen
 * parts each time. Each payment is all or nothing by itself: it is paid only if every order it names is the
 * account's and payable, none needs a verification the account lacks, and the balance way is on. The payments must
 * name disjoint orders (payBalanceGroup's caller keeps them so).
 */
const payFromBalanceSql = prepared('pay_from_balance', `WITH wanted AS (SELECT no, req, i FROM unnest($2::text[], $5::int[]) WITH ORDINALITY AS t(no, req, i)),
   -- The caller's orders among those asked for, found by number (accountOrderIdsSql) and locked in id order.
   locked AS MATERIALIZED (SELECT ${orderRowColumns}, o.product_no FROM orders o WHERE o.id IN ${accountOrderIdsSql('$1::int', '$2::text[]')} ORDER BY o.id FOR UPDATE),
   -- The orders asked for that were found, in the order asked, with the payment asking and what each would cost.
   asked AS (
     SELECT l.*, w.req, w.i AS seq, CASE WHEN $3::text = 'reSign' THEN l.re_sign_price_diff ELSE l.pay_amount END::bigint AS due
       FROM locked l JOIN wanted w ON w.no = l.order_no),
   due AS (
     SELECT l.id, l.order_no, l.req, l.seq, l.due,
            -- A re-sign is paid once per round: its reference counts the rounds paid before (among the account's own
            -- entries: a prefix LIKE cannot use the (kind, ref) index under a non-C collation, so the whole ledger was read).
            CASE WHEN $3::text = 'reSign'
              THEN l.order_no || ':reSign:' || (SELECT count(*) + 1 FROM ledger_entries e WHERE e.account_id = $1 AND e.kind = 're_sign_payment' AND e.ref LIKE l.order_no || ':reSign:%')
              ELSE l.order_no END AS ref
       FROM asked l
      WHERE ${payableSql('$3::text')}),
   -- Orders asked for (payable or not) that need a real-name verification the account lacks: the first refuses its
   -- payment before any other reason, as checkVerificationForOrders does for the other ways. Verifications only move
   -- forward to approved, so the account's row is read, not locked.
   unverified AS (
     SELECT l.order_no, l.seq, ${unmetVerificationSql({ certType: 'p.cert_type', amountCents: 'l.due', authPProgress: 'a.auth_p_progress', authEProgress: 'a.auth_e_progress' })} AS need
       FROM asked l JOIN accounts a ON a.id = $1 LEFT JOIN products p ON p.product_no = l.product_no),
   way AS (SELECT EXISTS (SELECT 1 FROM pay_ways WHERE pay_way = 'balance' AND switch = 'Y') AS way_on),
   -- Each payment: are all its orders payable, and the first of them that needs a verification.
   go AS MATERIALIZED (
     SELECT w.req, count(d.id) = count(*) AS payable,
            (array_agg(json_build_object('orderNo', u.order_no, 'need', u.need) ORDER BY w.i) FILTER (WHERE u.need IS NOT NULL))[1] AS unverified
       FROM wanted w LEFT JOIN due d ON d.order_no = w.no LEFT JOIN unverified u ON u.order_no = w.no
      GROUP BY w.req),
   pay AS MATERIALIZED (SELECT d.* FROM due d JOIN go g ON g.req = d.req, way WHERE way.way_on AND g.payable AND g.unverified IS NULL),
   -- Written first on purpose: the writes nothing reads run after the query, the later-written first (PostgreSQL's
   -- es_auxmodifytables; checked with clock_timestamp()), so this debit, which locks the account's row that every
   -- payment of the account queues on, runs last and the row is held only for it and the commit.
   ${debitEntriesSql({ src: 'pay', account: '$1', kind: '$4::text' })},
   paid AS (
     UPDATE orders o SET order_status = CASE WHEN $3::text = 'reSign' THEN o.order_status ELSE ${paidAwaitingValidation} END,
            paid_at = CASE WHEN $3::text = 'reSign' THEN o.paid_at ELSE now() END,
            re_sign_paid_at = CASE WHEN $3::text = 'reSign' THEN now() ELSE o.re_sign_paid_at END, updated_at = now()
       FROM pay p WHERE o.id = p.id RETURNING o.id),
   ${ordersPaidJobSql('pay', '$3::text', `string_agg(order_no, ',' ORDER BY seq)`, 'req')},
   ${auditRowsSql('audited', {
     account: '$1', member: '($6::int[])[x.req]', ip: '($7::text[])[x.req]', ua: '($8::text[])[x.req]', kind: 'payment', action: 'team.payment.balance', objectType: 'payment',
     rows: `SELECT jsonb_build_object('orderNo', order_no, 'amount', due, 'aim', $3::text) AS params, order_no AS object_id, req FROM pay`,
   })}
   SELECT g.req, w.way_on, g.payable, g.unverified, (SELECT coalesce(sum(due) FILTER (WHERE due > 0), 0) FROM pay p WHERE p.req = g.req)::float8 AS total,
          CASE WHEN NOT (w.way_on AND g.payable) THEN (SELECT json_agg(l) FROM asked l WHERE l.req = g.req) END AS orders
     FROM go g, way w ORDER BY g.req`);

type BalancePayRow = {
  req: number; way_on: boolean; payable: boolean; unverified: { orderNo: string; need: 'enterprise' | 'personal' } | null; total: number; orders: OrderRow[] | null;
};

/** One balance payment: the orders it pays (each once), all or none, and who pays (the team audit log). */
export interface BalancePayment {
  orderNos: string[];
  by: AuditBy;
}

/** What became of one payment of a group: the cents taken, or why it was refused. */
export type BalancePayOutcome = { paid: number } | { refused: Error };

/** A payment's outcome from its row: the cents taken, or the first rule it breaks (as lockPayableOrders would say). */
function outcomeOf(p: BalancePayment, row: BalancePayRow, aim: Aim): BalancePayOutcome {
  if (row.unverified) return { refused: verificationRefusal(row.unverified.orderNo, row.unverified.need) };
  if (!row.way_on) return { refused: payRefusal('INVALID_INPUT', 'pay.way.off', { payWay: 'balance' }, 'payWay') };
  if (row.payable) return { paid: row.total };
  const byNo = new Map((row.orders ?? []).map((r) => [r.order_no, r]));
  for (const orderNo of p.orderNos) {
    const o = payableOrRefusal(orderNo, byNo.get(orderNo), aim);
    if (o instanceof RuleError) return { refused: o };
  }
  return { refused: new Error('orders refused by the statement passed every check') };
}

/**
 * Pays balance payments of one account in one statement (one round trip, atomic by itself), each all or nothing by
 * itself: checks the balance way is on, locks the orders in id order and checks them, then debits the balance once
 * for every payment whose orders are all payable, with one ledger entry per order (the CHECK on accounts.balance
 * refuses going below zero, which fails the whole statement), moves the orders and queues one orders.paid per payment.
 * The payments must name disjoint orders, each once. The orders updated here are the very rows locked above, so no
 * other payer can have changed them in between. Each order paid is written to the team audit log by the same statement.
 * Throws InsufficientBalanceError or AlreadyAppliedError as postLedgerEntry does (for the group as a whole).
 */
export async function payBalanceGroup(q: Queryable, accountId: number, aim: Aim, payments: BalancePayment[]): Promise<BalancePayOutcome[]> {
  const kind = aim === 'reSign' ? 're_sign_payment' : 'order_payment';
  const orderNos = payments.flatMap((p) => p.orderNos);
  let rows: BalancePayRow[];
  try {
    rows = await q.query<BalancePayRow>(payFromBalanceSql, [
      accountId, orderNos, aim, kind, payments.flatMap((p, i) => p.orderNos.map(() => i + 1)),
      payments.map((p) => p.by.memberId), payments.map((p) => p.by.ip), payments.map((p) => p.by.userAgent),
    ]);
  } catch (e) {
    throw ledgerError(e, kind, orderNos.join(','));
  }
  const byReq = new Map(rows.map((r) => [r.req, r]));
  return payments.map((p, i) => {
    const row = byReq.get(i + 1);
    if (!row) throw new Error('the balance payment statement did not answer for every payment');
    return outcomeOf(p, row, aim);
  });
}

/**
 * Pays the orders from the balance, all or nothing, in one statement (payBalanceGroup, a group of one). Refuses as
 * lockPayableOrders would otherwise. Answers the cents taken.
 */
export async function payOrdersFromBalance(q: Queryable, accountId: number, orderNumbers: string[], aim: Aim, by: AuditBy): Promise<number> {
  // The statement counts the payable orders against the orders asked for: each once.
  const [outcome] = await payBalanceGroup(q, accountId, aim, [{ orderNos: [...new Set(orderNumbers)], by }]);
  if (!outcome) throw new Error('the balance payment statement answered nothing');
  if ('refused' in outcome) throw outcome.refused;
  return outcome.paid;
}
