import { orderStatus, reSignStatus } from '@cc/contracts/orders';
import type { IssuedCertificate } from '../../adapters/ca/types.ts';
import { queueInform } from '../account/inform-events.ts';
import { addEvent, type OrdersContext } from '../orders/context.ts';
import { removeDcvRecords } from '../dns/dcv-autopilot.ts';

/**
 * Records a certificate as the order's current one (1009 to 1005) and closes a re-sign under way; the same
 * for both CAs. rootPem null means "the built-in CA's root of the brand", found by the downloads.
 */
export async function storeCertificate(ctx: OrdersContext, orderId: number, issued: IssuedCertificate, planEndsAt: Date, rootPem: string | null): Promise<void> {
  await ctx.db.tx(async (q) => {
    const [o] = await q.query<{ domain_names: string[]; common_name: string; re_sign_status: number; account_id: number; order_no: string }>(
      `SELECT domain_names, common_name, re_sign_status, account_id, order_no FROM orders WHERE id = $1 FOR UPDATE`,
      [orderId],
    );
    if (!o) throw new Error('order vanished while issuing');
    const names = o.domain_names.length ? o.domain_names : [o.common_name];
    const reSign = o.re_sign_status === reSignStatus.reSign;
    const [c] = await q.query<{ id: number }>(
      `INSERT INTO certificates (order_id, serial, cert_pem, chain_pem, issuer, domains, not_before, not_after, root_pem)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9) RETURNING id`,
      [orderId, issued.serial, issued.certPem, issued.chainPem, issued.issuer, JSON.stringify(names), issued.notBefore, issued.notAfter, rootPem],
    );
    const done = await q.query(
      `UPDATE orders SET order_status = $2, certificate_id = $3, not_before = $4, not_after = $5, plan_ends_at = $6,
              issued_at = COALESCE(issued_at, now()), re_sign_status = 0, re_sign_price_diff = 0, re_sign_paid_at = NULL, status_reason = '', updated_at = now()
        WHERE id = $1 AND order_status = $7 RETURNING id`,
      [orderId, orderStatus.issued, c!.id, issued.notBefore, issued.notAfter, planEndsAt, orderStatus.issuing],
    );
    if (!done.length) throw new Error('order changed while issuing');
    if (reSign) {
      await q.query(`UPDATE re_sign_requests SET status = 'done', certificate_id = $2, done_at = now() WHERE order_id = $1 AND status = 'validating'`, [orderId, c!.id]);
    }
    await addEvent(q, orderId, reSign ? 're_signed' : 'issued', { serial: issued.serial });
    // Validation records published in zones hosted here are no longer needed.
    await removeDcvRecords(q, orderId);
    await queueInform(q, o.account_id, 'issued', { orderNo: o.order_no, domain: o.common_name, notAfter: new Date(issued.notAfter).toISOString().slice(0, 10) });
  });
}
