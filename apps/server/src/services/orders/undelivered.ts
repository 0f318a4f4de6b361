import type { Queryable } from '@cc/db/client';
import { orderStatus, reSignStatus } from '@cc/contracts/orders';
import { postLedgerEntry } from '../payments/ledger.ts';
import { returnToPackage } from '../billing/cert-packages.ts';
import { removeDcvRecords } from '../dns/dcv-autopilot.ts';
import { notifyAccount } from '../messages/notify.ts';
import { addEvent } from './context.ts';

type Row = {
  id: number; account_id: number; order_no: string; common_name: string; order_status: number; certificate_id: number | null; paid: boolean;
  pay_amount: number; cert_package_id: number | null; validity: number; started: boolean; re_sign_status: number; re_sign_paid: boolean;
  re_sign_price_diff: number; re_sign_request: number | null;
};

/**
 * Where a paid certificate order stopped when the job taking it further failed for good (services/jobs/kinds.ts
 * paidGoodsKinds): `validation`, paid and its validation (or its paid re-sign) never started; `issuance`, validated
 * and no certificate came.
 */
export type Stopped = 'validation' | 'issuance';

/**
 * Settles a paid certificate order its job could not deliver, in the transaction that marks the job failed, once (the
 * order is locked and must still be where the job left it):
 * - a new order is cancelled, its package units go back, what it cost goes back to the balance through the ledger
 *   (ref its order number, as a cancellation's: a second refund of one order cannot happen);
 * - a re-sign ends (the current certificate stays valid) and its price difference goes back to the balance;
 * the customer is told in the message centre and by mail. An order that moved on meanwhile is left alone, and so is a
 * free one (nothing was paid).
 */
export async function settleUndeliveredOrder(q: Queryable, orderId: number, stopped: Stopped): Promise<void> {
  const [o] = await q.query<Row>(
    `SELECT o.id, o.account_id, o.order_no, o.common_name, o.order_status, o.certificate_id, (o.paid_at IS NOT NULL) AS paid, o.pay_amount::float8 AS pay_amount,
            o.cert_package_id, o.validity, (o.validation_started_at IS NOT NULL) AS started, o.re_sign_status, (o.re_sign_paid_at IS NOT NULL) AS re_sign_paid,
            o.re_sign_price_diff::float8 AS re_sign_price_diff,
            (SELECT max(r.id) FROM re_sign_requests r WHERE r.order_id = o.id AND r.status IN ('awaiting_payment', 'validating')) AS re_sign_request
       FROM orders o WHERE o.id = $1 FOR UPDATE OF o`,
    [orderId],
  );
  if (!o) return;
  const reSign = o.re_sign_status === reSignStatus.reSign && o.certificate_id !== null;
  const stuck =
    stopped === 'issuance'
      ? o.order_status === orderStatus.issuing
      : (o.order_status === orderStatus.awaitingValidation && !o.started) || (reSign && o.order_status === orderStatus.issued);
  if (!stuck) return;
  if (reSign) {
    if (!o.re_sign_paid || o.re_sign_request === null) return;
    const amount = Number(o.re_sign_price_diff);
    await q.query(
      `UPDATE orders SET re_sign_status = $2, re_sign_price_diff = 0, re_sign_paid_at = NULL, order_status = $3, updated_at = now() WHERE id = $1`,
      [o.id, reSignStatus.none, orderStatus.issued],
    );
    await q.query(`UPDATE re_sign_requests SET status = 'cancelled', done_at = now() WHERE id = $1`, [o.re_sign_request]);
    await removeDcvRecords(q, o.id);
    if (amount > 0) await postLedgerEntry(q, { accountId: o.account_id, amount, kind: 'refund', ref: `${o.order_no}:reSign:${o.re_sign_request}`, remark: `re-sign ${o.order_no} not completed` });
    await addEvent(q, o.id, 're_sign_undelivered', { amount });
    await notifyAccount(q, o.account_id, 'deliveryFailed', { what: 'reSign', orderNo: o.order_no, domain: o.common_name, amount });
    return;
  }
  if (o.certificate_id !== null || (!o.paid && !o.cert_package_id)) return;
  const amount = o.paid ? Number(o.pay_amount) : 0;
  await q.query(`UPDATE orders SET order_status = $2, cancelled_at = now(), updated_at = now() WHERE id = $1`, [o.id, orderStatus.cancelled]);
  await removeDcvRecords(q, o.id);
  if (o.cert_package_id) await returnToPackage(q, o.cert_package_id, o.validity);
  // Whether the balance or a gateway paid it, the money is the customer's again: it lands on the balance.
  if (amount > 0) await postLedgerEntry(q, { accountId: o.account_id, amount, kind: 'refund', ref: o.order_no, remark: `${o.order_no} not completed` });
  await addEvent(q, o.id, 'undelivered', { amount });
  await notifyAccount(q, o.account_id, 'deliveryFailed', { what: 'certificate', orderNo: o.order_no, domain: o.common_name, amount });
}
