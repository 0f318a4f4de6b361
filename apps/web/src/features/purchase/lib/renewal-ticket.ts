/**
 * The renewal link's ticket (document 01 §4): base64 (or base64url) of a JSON object with the order's names,
 *
 *   { "v": 1, "orderNo": "SSL2025…", "productNo": "GS-DV-SSL", "domains": ["example.com", "www.example.com"] }
 *
 * read here only to pre-fill the order screen; the server checks everything again when it is sent back.
 */
import { isWildcardName, wildcardPrefix } from '@cc/domain/domain-names';
export interface RenewalTicket {
  orderNo: string;
  productNo?: string;
  domains: string[];
}

/** The spec's log line for a ticket that cannot be read (document 02 §8). */
export const ticketDecodeFailure = '解析JSON 串失败';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function utf8FromBase64(b64: string): string {
  const normal = b64.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normal)) throw new Error('not base64');
  const bin = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The ticket's content, or null when it is not base64 JSON of that shape (the reason goes to `log`). */
export function decodeRenewalTicket(ticket: string, log: (msg: string, reason: string) => void = (m, r) => console.error(m, r)): RenewalTicket | null {
  let reason: string;
  try {
    const v: unknown = JSON.parse(utf8FromBase64(ticket));
    if (!isRecord(v)) reason = 'not an object';
    else if (typeof v.orderNo !== 'string' || !v.orderNo) reason = 'orderNo missing';
    else if (!Array.isArray(v.domains) || !v.domains.length || !v.domains.every((d): d is string => typeof d === 'string' && d.trim() !== '')) reason = 'domains missing';
    else return { orderNo: v.orderNo, domains: v.domains.map((d) => d.trim()), ...(typeof v.productNo === 'string' && v.productNo ? { productNo: v.productNo } : {}) };
  } catch (e) {
    reason = e instanceof Error ? e.message : String(e);
  }
  log(ticketDecodeFailure, reason);
  return null;
}

export interface RenewalPrefill {
  /** The product to choose, when the catalogue has it. */
  product: { subBrand: string; certType: string; productNo: string } | null;
  /** The common name as a buyer types it: without '*.' (the wildcard switch says it). */
  commonName: string;
  wildcard: boolean;
  extraDomains: string;
}

/** How a renewal link fills the order form: its product (the ticket's, else the link's productNo) and its names. */
export function renewalPrefill<P extends { subBrand: string; certType: string; productNo: string }>(ticket: RenewalTicket, products: readonly P[], linkProductNo: string | null): RenewalPrefill & { product: P | null } {
  const product = products.find((x) => x.productNo === (ticket.productNo ?? linkProductNo)) ?? null;
  const [cn = '', ...rest] = ticket.domains;
  // A wildcard common name is the switch on and its base typed, as a buyer would enter it.
  const wildcard = isWildcardName(cn);
  return { product, commonName: wildcard ? cn.slice(wildcardPrefix.length) : cn, wildcard, extraDomains: rest.join('\n') };
}
