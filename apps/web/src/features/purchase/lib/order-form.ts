/**
 * What the order screen derives from its choices and its plan (document 01 §2): the validation methods offered,
 * the domain type shown in the preview, the error of each field, and the request a generated key is made for.
 * Pure, moved out of the screen so that each rule is tested and the screen only shows them.
 */
import type { CsrRequest } from '@cc/pki/csr';
import { dcvMethodsFor, defaultDcvMethod, validateDcvEmail, validatesWildcard, type DcvMethod } from '@cc/domain/dcv';
import { holdsOneName, isWildcardProduct } from '@cc/domain/domain-names';
import { namedCurves, subjectDefaultsFor } from '@cc/domain/key-options';
import { hasDomains, isIpProduct } from '@cc/domain/product-types';
import type { KeyChoices } from './product-choice.ts';
import type { Plan, PlannedOrder, RuleMessage } from './plan-orders.ts';

export type Mode = 'single' | 'batch';

export interface DcvChoiceInput {
  /** Whether a product is chosen at all (no product: nothing offered, 'dns' assumed). */
  hasProduct: boolean;
  brand: string;
  productType: string;
  certType: string;
  /** The wildcard switch as shown and on. */
  wildOn: boolean;
  orders: readonly Pick<PlannedOrder, 'commonName' | 'domainNames'>[];
  chosen: DcvMethod | null;
  /** The server's day (YYYY-MM-DD, from GET /v1/products): the rules table decides which methods still validate then. */
  on: string;
}

export interface DcvChoice {
  /** What defaultDcvMethod and dcvMethodsFor were asked with (the create call sends its default when hidden). */
  input: { brand: string; productType: string; certType: string; wildcard: boolean };
  options: DcvMethod[];
  method: DcvMethod;
}

export function chooseDcv(c: DcvChoiceInput): DcvChoice {
  // The server judges each order by all its names, so a method it would refuse (file, or anything but the forced one) is not offered.
  const wildcard = validatesWildcard({ names: c.orders.flatMap((o) => [o.commonName, ...o.domainNames]), wildcardSwitch: c.wildOn, productType: c.productType });
  const input = { brand: c.brand, productType: c.productType, certType: c.certType, wildcard };
  const options: DcvMethod[] = c.hasProduct ? dcvMethodsFor({ ...input, on: c.on }).filter((m) => m !== 'email_dns') : [];
  const fallback = c.hasProduct ? defaultDcvMethod(input) : 'dns';
  const method: DcvMethod = c.chosen && options.includes(c.chosen) ? c.chosen : options.includes(fallback) ? fallback : (options[0] ?? fallback);
  return { input, options, method };
}

export type DomainType = 'none' | 'ip' | 'wildcard' | 'single' | 'multi';

/** The preview's "domain type": what the product holds, as the first order fills it. */
export function domainTypeOf(productType: string, wildOn: boolean, firstOrderDomains: number): DomainType {
  if (!hasDomains(productType)) return 'none';
  if (isIpProduct(productType)) return 'ip';
  if (isWildcardProduct(productType) || wildOn) return 'wildcard';
  if (holdsOneName(productType) || ((productType === 'ov' || productType === 'ev') && firstOrderDomains === 0)) return 'single';
  return 'multi';
}

/** A field's error: text the server sent (already translated) or a rule message to translate. */
export type FieldError = { text: string } | RuleMessage | null;

export interface FormErrorsInput {
  mode: Mode;
  csrFrom: 'create' | 'paste' | 'zip';
  hasProduct: boolean;
  plan: Plan;
  /** The server's field errors of the last create, by its field names. */
  serverErrors: Readonly<Record<string, string>>;
  emailFamily: boolean;
  mailbox: string;
  saveEmail: boolean;
  contactMissing: boolean;
  orgMissing: boolean;
}

export type FormField = 'product' | 'commonName' | 'extraDomains' | 'batch' | 'csr' | 'mailbox' | 'dcv' | 'term' | 'contact' | 'org';
export type FormErrors = Record<FormField, FieldError>;

const server = (s: string | undefined): FieldError => (s === undefined ? null : { text: s });
const key = (messageKey: string): RuleMessage => ({ messageKey, params: {} });

/** Every field's error; the server's error of a field wins over the rule's until the field is changed. */
export function formErrors(f: FormErrorsInput): FormErrors {
  const { plan, serverErrors: se, mode } = f;
  const fromCsr = f.csrFrom !== 'create';
  return {
    product: f.hasProduct ? null : key('purchase.product.required'),
    commonName: server(se.commonName) ?? (mode === 'single' ? plan.commonNameError : null),
    extraDomains: server(se.domainNames) ?? (mode === 'single' ? plan.extraDomainsError : null),
    batch: mode === 'batch' && f.csrFrom === 'create' ? (plan.tooMany ?? plan.commonNameError) : mode === 'batch' ? plan.tooMany : null,
    csr: server(se.csr) ?? server(se.key) ?? (fromCsr ? plan.csrError : null),
    // §5: emptied with save-email still ticked asks to "enter" the address rather than to "fill in" one.
    mailbox: server(se['dcvEmail.email']) ?? (f.emailFamily ? (() => {
      const k = validateDcvEmail({ email: f.mailbox, saveEmail: f.saveEmail });
      return k ? key(k) : null;
    })() : null),
    dcv: server(se.dcvMethod),
    term: server(se.year),
    contact: server(se.contactID) ?? (f.contactMissing ? key('purchase.contact.required') : null),
    org: server(se.orgID) ?? (f.orgMissing ? key('purchase.org.required') : null),
  };
}

/** The fields whose error stops Create (product, validation method and term are the server's to refuse). */
export const blockingFields: readonly FormField[] = ['commonName', 'extraDomains', 'batch', 'csr', 'mailbox', 'contact', 'org'];

/** Batch: the first error of each order that has one, with the order's label. */
export function batchOrderErrors(mode: Mode, orders: readonly PlannedOrder[]): { label: string; error: RuleMessage }[] {
  if (mode !== 'batch') return [];
  return orders.flatMap((o) => o.errors.slice(0, 1).map((error) => ({ label: o.label, error })));
}

export interface SubjectOrg {
  nationCode: string;
  country: string;
  province: string;
  city: string;
  locality: string;
  orgName: string;
  name: string;
}

/** The request a key is generated for: the order's names, the company's subject (OV/EV) or the product's defaults. */
export function csrRequestFor(o: Pick<PlannedOrder, 'commonName' | 'allNames'>, p: { productType: string; certType: string | null; withDomains: boolean; org: SubjectOrg | null; key: KeyChoices }): CsrRequest {
  const sd = subjectDefaultsFor(p.productType, p.certType ?? undefined);
  const subject = p.org ? { country: p.org.nationCode || p.org.country, province: p.org.province, city: p.org.city || p.org.locality, org: p.org.orgName || p.org.name } : { country: sd.country, province: sd.province, city: sd.locality, org: sd.organization };
  const { encryption, signature, keyLength, curve } = p.key;
  return {
    signAlg: encryption === 'ECC' ? 'ECDSA' : 'RSASSA-PKCS1-v1_5',
    hashAlg: signature === 'SHA384' ? 'SHA-384' : signature === 'SHA512' ? 'SHA-512' : 'SHA-256',
    keySize: keyLength,
    curve: namedCurves[curve],
    hostname: o.commonName,
    sans: p.withDomains ? o.allNames.slice(1) : [],
    ...subject,
    unit: sd.orgUnit,
  };
}

const longPasteLines = 50;

/**
 * A paste the domain box inserts itself rather than leaving it to the browser: Chromium's editing inserts a pasted text
 * line by line, about two seconds for 1,000 lines (the main thread blocked throughout), where putting it in the box's
 * text at once takes milliseconds. A shorter paste keeps the browser's own, which undo can take back.
 */
export const isLongPaste = (text: string): boolean => boxRows(text, 0, longPasteLines) >= longPasteLines;

/** Rows of a domain box: one per line typed, at least `min` (§2: 7), at most `max` (then it scrolls). */
export function boxRows(text: string, min: number, max: number): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (++lines >= max) break;
  return Math.min(max, Math.max(min, lines));
}
