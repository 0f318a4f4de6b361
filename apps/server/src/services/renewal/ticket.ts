import { z } from 'zod';
import { text } from '@cc/contracts/input';

/**
 * The renewal ticket of a renewal link (document 01 §4): base64 of a JSON object, so the console can pre-fill
 * the order screen from the link alone. Nothing in it is trusted: POST /createorderrenew finds the order by
 * number among the caller's own, and the names go through the purchase rules again.
 *
 *   { "v": 1, "orderNo": "SSL20250101...", "productNo": "LE-DV-FREE", "domains": ["example.com", "*.example.com"] }
 */
export const renewalTicket = z.object({
  v: z.literal(1).optional(),
  // Decoded from base64, so the input guard never saw these strings: text() keeps NUL and lone surrogates out.
  orderNo: text(64).min(1),
  productNo: text(64).optional(),
  domains: z.array(text(253).min(1)).min(1).max(500),
});
export type RenewalTicket = z.infer<typeof renewalTicket>;

export function encodeTicket(t: RenewalTicket): string {
  return Buffer.from(JSON.stringify({ v: 1, ...t }), 'utf8').toString('base64');
}

/** The spec's log line for a ticket that cannot be read (document 02 §8). */
export const ticketDecodeFailure = '解析JSON 串失败';

/**
 * Reads a ticket in base64 or base64url (links get re-encoded on the way); answers null, and reports
 * 解析JSON 串失败 through `log`, when it is not base64 JSON of the right shape.
 */
export function decodeTicket(ticket: string, log: (msg: string, detail: Record<string, unknown>) => void): RenewalTicket | null {
  const b64 = ticket.trim().replace(/-/g, '+').replace(/_/g, '/');
  let reason: string;
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) reason = 'not base64';
  else {
    try {
      const r = renewalTicket.safeParse(JSON.parse(Buffer.from(b64, 'base64').toString('utf8')));
      if (r.success) return r.data;
      reason = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    } catch (e) {
      reason = e instanceof Error ? e.message : String(e);
    }
  }
  log(ticketDecodeFailure, { reason, ticket: ticket.slice(0, 200) });
  return null;
}
