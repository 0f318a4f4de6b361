/**
 * What the order screen would submit: one planned order per certificate, each checked with the shared
 * domain rules (packages/domain). Pure, so the screen and its unit test agree.
 */
import { parseBatchOrders } from '@cc/domain/batch-input';
import { billedNames, nameKey, toAscii, validateOrders, withWildcardPrefix, type DomainError } from '@cc/domain/domain-names';
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
  /** Names billed (billedNames): each name once, not the www names the product adds by itself. */
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

interface OrderInput {
  label: string;
  extras: readonly string[];
  wildcard: boolean;
  csr?: string;
}

/**
 * Every order of the submission checked with the shared rules at once (validateOrders: each order's names,
 * and a name typed in two orders), as the server's create call checks them. A repeat is refused, never
 * dropped: the common name typed again among the other names, a line repeated in a group, or a name in two
 * groups gives "{domain} duplicate".
 */
function checkOrders(product: PlanProduct, inputs: readonly OrderInput[], batch: boolean): (PlannedOrder & { raw: DomainError[] })[] {
  if (!hasDomains(product.productType)) {
    return inputs.map(({ label, csr }) => {
      const cn = label.trim();
      return { label: cn, commonName: cn, domainNames: [], allNames: cn ? [cn] : [], billed: 1, csr, errors: cn ? [] : [{ messageKey: 'purchase.domain.required', params: {} }], raw: [] };
    });
  }
  const results = validateOrders(inputs.map((i) => ({ ...product, wildcard: i.wildcard, commonName: i.label, extraDomains: i.extras, batch })));
  return inputs.map((input, k) => {
    const r = results[k]!;
    const label = input.label.trim();
    const cnTyped = input.wildcard ? withWildcardPrefix(label) : label;
    const auto = new Set(r.autoAdded);
    const typed = r.domains.filter((d) => !auto.has(d));
    return {
      label,
      commonName: r.domains[0] ?? toAscii(cnTyped),
      domainNames: typed.slice(1),
      allNames: r.domains,
      billed: Math.max(1, billedNames(r.domains, product).length),
      csr: input.csr,
      errors: r.errors.map(rule),
      raw: r.errors,
    };
  });
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
  const strip = ({ raw: _raw, ...order }: PlannedOrder & { raw: DomainError[] }): PlannedOrder => order;

  if (mode === 'single') {
    const csr = fromCsr ? readable[0] : undefined;
    if (fromCsr && !csr) return plan;
    const label = csr ? csr.commonName : input.commonName;
    const [o] = checkOrders(product, [{ label, extras: lines(input.extraDomains), wildcard: fromCsr ? false : wildcard, csr: csr?.pem }], false);
    for (const e of o!.raw) {
      if (e.messageKey === 'purchase.domain.required' || e.field === 'commonName') plan.commonNameError ??= rule(e);
      else plan.extraDomainsError ??= rule(e);
    }
    if (!hasDomains(product.productType) && o!.errors[0]) plan.commonNameError = o!.errors[0];
    plan.orders.push(strip(o!));
    return plan;
  }

  if (fromCsr) {
    // A request's SANs repeat its common name by convention: that is the request, not a repeat typed.
    const inputs = readable.map((c) => {
      const cnKey = nameKey(c.commonName);
      return { label: c.commonName, extras: c.names.filter((n) => nameKey(n) !== cnKey), wildcard: false, csr: c.pem };
    });
    plan.orders.push(...checkOrders(product, inputs, true).map(strip));
  } else {
    const parsed = parseBatchOrders(input.batchText);
    plan.tooMany = parsed.error;
    plan.orders.push(...checkOrders(product, parsed.groups.map((g) => ({ label: g.commonName, extras: g.domainNames, wildcard })), true).map(strip));
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
