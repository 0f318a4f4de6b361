import { http } from '../../../lib/http.ts';

/**
 * The answer of GET /v1/orders/renewTicket/{orderNo} (declared by the server's renewal routes, not in contracts):
 * the base64 JSON ticket and the order screen's address carrying it.
 */
export interface RenewTicket {
  ticket: string;
  url: string;
  productNo: string;
  domains: string[];
}

export function getRenewTicket(orderNo: string): Promise<RenewTicket> {
  return http<RenewTicket>(`/v1/orders/renewTicket/${encodeURIComponent(orderNo)}`);
}

/** The console's own address of the link: the server's may name another origin (PUBLIC_URL). */
export function renewHref(url: string): string {
  const u = new URL(url, window.location.origin);
  return `${u.pathname}${u.search}`;
}
