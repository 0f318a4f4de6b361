/** Domain control validation choices (document 01 §4 "DCV methods", "Default DCV method", "Email validation"; §5). */
import { emailPattern } from './account.ts';
import { isWildcardName, isWildcardProduct } from './domain-names.ts';
import { isIpProduct } from './product-types.ts';
import { dcvReuseDays, endDate, reuseLapsesAt, ruleOn, validationMethodAllowed, type BrMethod } from './cabf-rules.ts';
import type { PurchaseMessageKey } from './purchase-messages.ts';

export const dcvMethods = ['dns', 'dns_txt', 'file', 'email', 'email_dns'] as const;
export type DcvMethod = (typeof dcvMethods)[number];

export function isDcvMethod(v: string): v is DcvMethod {
  return (dcvMethods as readonly string[]).includes(v);
}

/**
 * §4: certum → dns_txt; sectigo, positivessl, bitcert and the rest → dns; file for doc and code products;
 * a wildcard forces dns_txt with certum and dns with sectigo. IP products validate by file: an IP has no
 * DNS zone to hold a record, which is also why the screen hides the method for them.
 */
export function defaultDcvMethod(p: { brand: string; productType: string; wildcard?: boolean }): DcvMethod {
  if (p.productType === 'code' || p.productType === 'doc' || p.productType === 'file') return 'file';
  if (isIpProduct(p.productType)) return 'file';
  const forced = forcedDcvMethod(p);
  if (forced) return forced;
  if (p.brand === 'certum') return 'dns_txt';
  return 'dns';
}

/** A wildcard with certum must use dns_txt and with sectigo dns, whatever was chosen (§4); null when free to choose. */
export function forcedDcvMethod(p: { brand: string; wildcard?: boolean }): DcvMethod | null {
  if (!p.wildcard) return null;
  if (p.brand === 'certum') return 'dns_txt';
  if (p.brand === 'sectigo') return 'dns';
  return null;
}

/** The email methods are offered for globalsign, digicert or sectigo products of level DV, OV or EV (§4). */
export const emailDcvBrands: readonly string[] = ['globalsign', 'digicert', 'sectigo'];

export function emailDcvOffered(p: { brand: string; certType: string }): boolean {
  return emailDcvBrands.includes(p.brand) && ['DV', 'OV', 'EV'].includes(p.certType);
}

/**
 * Whether the names one method validates hold a wildcard: the `wildcard` that dcvMethodsFor, defaultDcvMethod and
 * forcedDcvMethod take. The one place that decides it, for the order screen (all the names of every order, with the
 * switch and a wild product counting before any name is typed: their names will be wildcards), the create call,
 * a method change (the names it changes) and the details page.
 */
export function validatesWildcard(p: { names: readonly string[]; wildcardSwitch?: boolean; productType?: string }): boolean {
  if (p.wildcardSwitch) return true;
  if (p.productType !== undefined && isWildcardProduct(p.productType)) return true;
  return p.names.some(isWildcardName);
}

/** The Baseline Requirements method each of ours is: the dated table (cabf-rules.ts) says until when each may validate a name. */
export const brMethodOf: Record<DcvMethod, BrMethod> = { dns: '3.2.2.4.7', dns_txt: '3.2.2.4.7', file: '3.2.2.4.18', email: '3.2.2.4.4', email_dns: '3.2.2.4.14' };

/** Whether the method may validate a domain name on the date (a mailbox name of S/MIME is not a BR 3.2.2.4 method). */
export function dcvMethodAllowedOn(method: DcvMethod, date: Date | string): boolean {
  return ruleOn(validationMethodAllowed[brMethodOf[method]], date);
}

/** The first day the method no longer validates a domain name (YYYY-MM-DD), or null when no end is set. */
export function dcvMethodEndsOn(method: string): string | null {
  return isDcvMethod(method) ? endDate(validationMethodAllowed[brMethodOf[method]]) : null;
}

/**
 * When a name's validation stops being reusable: the DCV reuse rule of the rules table, ended early by its method's
 * end (a validation by a method that no longer validates is not reused either). A mailbox (S/MIME) is not a BR
 * 3.2.2.4 domain method, so only the reuse period applies to it.
 */
export function validationLapsesAt(p: { method: string; name: string; validatedAt: Date | string }): Date {
  const until = p.name.includes('@') ? null : dcvMethodEndsOn(p.method);
  return reuseLapsesAt(dcvReuseDays, new Date(p.validatedAt), until);
}

/** Whether a name's validation may be reused on a date (the same rule as validationLapsesAt). */
export function validationReusableOn(p: { method: string; name: string; validatedAt: Date | string }, on: Date): boolean {
  return on.getTime() < validationLapsesAt(p).getTime();
}

/**
 * The methods to offer in the selector on a date. A wildcard cannot be validated by file (CA/B Baseline
 * Requirements 3.2.2.4.18 covers only the exact host); an IP product only by file; a method past its end date
 * in the rules table is not offered.
 */
export function dcvMethodsFor(p: { brand: string; productType: string; certType: string; wildcard?: boolean; on: Date | string }): DcvMethod[] {
  if (isIpProduct(p.productType)) return ['file'];
  const forced = forcedDcvMethod(p);
  if (forced) return [forced];
  const methods: DcvMethod[] = ['dns', 'dns_txt'];
  if (!p.wildcard) methods.push('file');
  if (emailDcvOffered(p)) methods.push('email', 'email_dns');
  return methods.filter((m) => dcvMethodAllowedOn(m, p.on));
}

/** What a passed validation proves, kept for reuse by later orders: a file its own host, the other methods the base domain. */
export function provenDomain(method: string, name: string): string {
  return method === 'file' ? name.trim().toLowerCase() : approverBase(name);
}

/**
 * Whether a validation kept for reuse (its method and provenDomain) covers a name: a file only its own host and
 * never a wildcard (BR 3.2.2.4.18 is not suitable for wildcard names), the other methods their domain and every
 * name below it (BR 3.2.2.4.4, .7: an Authorization Domain Name covers its subdomains).
 */
export function reuseCovers(proof: { method: string; domain: string }, name: string): boolean {
  if (proof.method === 'file') return !isWildcardName(name) && proof.domain === name.trim().toLowerCase();
  const base = approverBase(name);
  return base === proof.domain || base.endsWith(`.${proof.domain}`);
}

/** The standard role mailboxes of §4 (and CA/B BR 3.2.2.4.4). */
export const standardMailboxes = ['admin', 'administrator', 'webmaster', 'hostmaster', 'postmaster'] as const;

export function isStandardMailbox(v: string): boolean {
  return (standardMailboxes as readonly string[]).includes(v.trim().toLowerCase());
}

/** The registrable part used for approver addresses: a '*.' prefix is dropped, nothing else (no public-suffix list). */
export function approverBase(domain: string): string {
  return domain.trim().toLowerCase().replace(/^\*\./, '');
}

/** admin@, administrator@, webmaster@, hostmaster@, postmaster@ of the domain. */
export function approverEmails(domain: string): string[] {
  const base = approverBase(domain);
  return standardMailboxes.map((m) => `${m}@${base}`);
}

/** Whether the address is one of the constructed approver mailboxes of the domain (admin@, … of its base). */
export function isConstructedApprover(mailbox: string, domain: string): boolean {
  return approverEmails(domain).includes(mailbox.trim().toLowerCase());
}

/**
 * Who may approve a name by the plain 'email' method (a link with no DNS proof): only a constructed approver
 * mailbox of a domain name (CA/B BR 3.2.2.4.4), or for a mailbox name (S/MIME) that mailbox itself. Any other
 * address must prove itself in DNS first ('email_dns').
 */
export function mayApproveByEmail(mailbox: string, name: string): boolean {
  const n = name.trim().toLowerCase();
  if (n.includes('@')) return mailbox.trim().toLowerCase() === n;
  return isConstructedApprover(mailbox, n);
}

/**
 * A standard role name (bare, or at the order's domain when given) validates by 'email'; any other
 * address by 'email_dns', where the address is published in a TXT record.
 */
export function emailDcvMode(mailbox: string, domain?: string): 'email' | 'email_dns' {
  if (isStandardMailbox(mailbox)) return 'email';
  if (domain && isConstructedApprover(mailbox, domain)) return 'email';
  return 'email_dns';
}

/** RFC 5321 §4.5.3.1.3: a path holds at most 256 octets, so an address at most 254. */
export const dcvMailboxMaxLength = 254;

/**
 * What the validation mailbox field accepts: a bare role name (admin, …) or one address, at most 254 characters.
 * The address pattern admits no whitespace, line break, quote or angle bracket, so nothing that could split a
 * mail header or carry markup gets through.
 */
export function isDcvMailbox(v: string): boolean {
  const s = v.trim();
  if (!s || s.length > dcvMailboxMaxLength) return false;
  return isStandardMailbox(s) || emailPattern.test(s);
}

/** Where the email_dns TXT record goes (CA/B BR 3.2.2.4.14, "DNS TXT record email contact"). */
export function emailDnsTxtHost(domain: string): string {
  return `_validation-contactemail.${approverBase(domain)}`;
}

/** Save-email applies only to email_dns with a custom address (§4). */
export function saveEmailApplies(mailbox: string, domain?: string): boolean {
  return mailbox.trim() !== '' && emailDcvMode(mailbox, domain) === 'email_dns';
}

/**
 * §5 "Verification email": empty with save-email set → "please enter the verification email"; empty →
 * "please fill in the verification email"; a role name is a valid choice; anything else must be an address.
 */
export function validateDcvEmail(p: { email: string; saveEmail?: boolean }): PurchaseMessageKey | null {
  const v = p.email.trim();
  if (!v) return p.saveEmail ? 'purchase.dcvEmail.enter' : 'purchase.dcvEmail.required';
  // The same rule as a method change's mailbox (a role name or one address of at most 254 characters).
  return isDcvMailbox(v) ? null : 'purchase.dcvEmail.format';
}
