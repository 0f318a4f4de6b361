import type { Queryable } from '@cc/db/client';
import { orderStatus } from '@cc/contracts/orders';
import type { CrlReason } from '@cc/domain/revocation';
import { crlStale } from '../../adapters/ca/builtin.ts';
import { addEvent } from './context.ts';

/**
 * Revokes one certificate issued here with its reason, inside the caller's transaction: the row keeps the reason for
 * the CRL entry, the brand's CRL is signed afresh on its next fetch, and the order whose current certificate it is
 * becomes revoked (1008). Every revocation path goes through here. False when it was revoked already (another request won).
 */
export async function revokeCertificate(q: Queryable, c: { id: number; order_id: number }, reason: CrlReason, event: { kind: 'acme_revoked'; serial: string }): Promise<boolean> {
  const rows = await q.query(`UPDATE certificates SET revoked_at = now(), revocation_reason = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [c.id, reason]);
  if (!rows.length) return false;
  await q.query(`UPDATE orders SET order_status = $2, updated_at = now() WHERE id = $1 AND certificate_id = $3 AND order_status = $4`, [c.order_id, orderStatus.revoked, c.id, orderStatus.issued]);
  await crlStale(q, c.order_id);
  await addEvent(q, c.order_id, event.kind, { serial: event.serial, reason });
  return true;
}
