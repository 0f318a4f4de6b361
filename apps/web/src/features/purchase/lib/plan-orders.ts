/**
 * What the order screen would submit: one planned order per certificate, each checked with the shared
 * domain rules (packages/domain). Pure, so the screen and its unit test agree.
 */
import { parseBatchOrders } from '@cc/domain/batch-input';
import { toAscii, validateDomains, type DomainError } from '@cc/domain/domain-names';
import { hasDomains } from '@cc/domain/product-types';
import type { CsrSource } from '@cc/domain/key-options';
import type { ParsedCsr } from '../../../lib/pki-worker/client.ts';

/** A message key of @cc/contracts messages and its values (the domain rules' keys and the server's CSR keys). */
export interface RuleMessage {
  messageKey: string;
  params: Record<string, string | number>;
}

export interface PlanProduct {
  productType: string;
  brand: string;
  certType: string;
}

export interface PlannedOrder {
  /** As typed (or read from the CSR), for messages and the progress list. */
  label: string;
  /** ASCII (xn--) common name, with '*.' when the wildcard switch is on. */
  commonName: string;
  /** ASCII names typed besides the common name (the www variants the server adds are not listed). */
  domainNames: string[];
  /** Every name the certificate will hold, common name first (for the SANs of a generated CSR). */
  allNames: string[];
  /** Names billed: what was typed, not the added www variants. */
  billed: number;
  /** The PEM request for paste and zip; generated later for create. */
  csr?: string;
  /** Why this order cannot be created; empty when it can. */
  errors: RuleMessage[];
}

export interface PlanInput {
  mode: 'single' | 'batch';
  csrFrom: CsrSource;
  product: PlanProduct;
  wildcard: boolean;
  commonName: string;
  extraDomains: string;
  batchText: string;
  /** Requests read from the paste box (paste) or from the zip (zip). */
  csrs: readonly ParsedCsr[];
}

export interface Plan {
  orders: PlannedOrder[];
  /** Single mode: errors of the common name and of the other-domains box. */
  commonNameError: RuleMessage | null;
  extraDomainsError: RuleMessage | null;
  /** Paste and zip: no request, or one that cannot be read. */
  csrError: RuleMessage | null;
  /** Batch: more than 500 orders. */
  tooMany: RuleMessage | null;
}

const rule = (e: DomainError): RuleMessage => ({ messageKey: e.messageKey, params: e.params });

function checkOrder(product: PlanProduct, wildcard: boolean, label: string, extras: readonly string[], batch: boolean, csr?: string): PlannedOrder & { raw: DomainError[] } {
  if (!hasDomains(product.productType)) {
    const cn = label.trim();
    return { label: cn, commonName: cn, domainNames: [], allNames: cn ? [cn] : [], billed: 1, csr, errors: cn ? [] : [{ messageKey: 'purchase.domain.required', params: {} }], raw: [] };
  }
  // The common name may be repeated among the names: count it once (the server does the same).
  const cnTyped = wildcard && label.trim() && !label.trim().startsWith('*.') ? `*.${label.trim()}` : label.trim();
  const cnAscii = toAscii(cnTyped);
  const rest = [...extras];
  const again = cnAscii ? rest.findIndex((d) => toAscii(d) === cnAscii) : -1;
  if (again >= 0) rest.splice(again, 1);
  const r = validateDomains({ ...product, wildcard, commonName: label, extraDomains: rest, batch });
  const auto = new Set(r.autoAdded);
  const typed = r.domains.filter((d) => !auto.has(d));
  return {
    label: label.trim(),
    commonName: r.domains[0] ?? cnAscii,
    domainNames: typed.slice(1),
    allNames: r.domains,
    billed: Math.max(1, typed.length),
    csr,
    errors: r.errors.map(rule),
    raw: r.errors,
  };
}

const lines = (text: string) => text.split(/\r\n|\r|\n/).map((l) => l.trim()).filter(Boolean);

export function planOrders(input: PlanInput): Plan {
  const { mode, csrFrom, product, wildcard } = input;
  const plan: Plan = { orders: [], commonNameError: null, extraDomainsError: null, csrError: null, tooMany: null };
  const fromCsr = csrFrom !== 'create';
  const readable = input.csrs.filter((c): c is Extract<ParsedCsr, { ok: true }> => c.ok);
  if (fromCsr) {
    if (input.csrs.length === 0) plan.csrError = { messageKey: 'purchase.csr.required', params: {} };
    else if (readable.length < input.csrs.length) plan.csrError = { messageKey: 'purchase.csr.invalid', params: {} };
  }

  if (mode === 'single') {
    const csr = fromCsr ? readable[0] : undefined;
    if (fromCsr && !csr) return plan;
    const label = csr ? csr.commonName : input.commonName;
    const o = checkOrder(product, fromCsr ? false : wildcard, label, lines(input.extraDomains), false, csr?.pem);
    const typedCn = (wildcard && !fromCsr && label.trim() && !label.trim().startsWith('*.') ? `*.${label.trim()}` : label.trim());
    for (const e of o.raw) {
      const onCn = e.messageKey === 'purchase.domain.required' || (e.entry !== '' && e.entry === typedCn);
      if (onCn) plan.commonNameError ??= rule(e);
      else plan.extraDomainsError ??= rule(e);
    }
    if (!hasDomains(product.productType) && o.errors[0]) plan.commonNameError = o.errors[0];
    const { raw: _raw, ...order } = o;
    plan.orders.push(order);
    return plan;
  }

  if (fromCsr) {
    for (const c of readable) {
      const cnAscii = toAscii(c.commonName);
      const extras = c.names.filter((n) => toAscii(n) !== cnAscii);
      const { raw: _raw, ...order } = checkOrder(product, false, c.commonName, extras, true, c.pem);
      plan.orders.push(order);
    }
  } else {
    const parsed = parseBatchOrders(input.batchText);
    plan.tooMany = parsed.error;
    for (const g of parsed.groups) {
      const { raw: _raw, ...order } = checkOrder(product, wildcard, g.commonName, g.domainNames, true);
      plan.orders.push(order);
    }
    if (parsed.groups.length === 0) plan.commonNameError = { messageKey: 'purchase.domain.required', params: {} };
  }
  return plan;
}

/** Orders grouped by the number of names billed: orders with the same count cost the same (one price call each). */
export function billedCounts(orders: readonly PlannedOrder[]): Map<number, { count: number; sample: PlannedOrder }> {
  const m = new Map<number, { count: number; sample: PlannedOrder }>();
  for (const o of orders) {
    if (o.errors.length) continue;
    const hit = m.get(o.billed);
    if (hit) hit.count++;
    else m.set(o.billed, { count: 1, sample: o });
  }
  return m;
}
