/**
 * CAA (RFC 8659): whether a CA may issue for a name. The relevant record set is the first non-empty CAA set found
 * climbing from the name (a wildcard from the name below it) towards the root; none means any CA may issue.
 * A critical property the CA does not understand forbids issuance (§4.1).
 */

/** The domain each brand's CA names in CAA issue properties (its "issuer domain name", as published in its CP/CPS). */
const caaDomains: Record<string, string> = {
  sectigo: 'sectigo.com',
  positivessl: 'sectigo.com',
  comodo: 'sectigo.com',
  globalsign: 'globalsign.com',
  alphassl: 'globalsign.com',
  digicert: 'digicert.com',
  geotrust: 'digicert.com',
  rapidssl: 'digicert.com',
  thawte: 'digicert.com',
  certum: 'certum.pl',
  entrust: 'entrust.net',
  letsencrypt: 'letsencrypt.org',
  zerossl: 'sectigo.com',
  trustasia: 'trustasia.com',
};

export function caaDomainOf(brand: string): string {
  const b = brand.toLowerCase();
  return caaDomains[b] ?? `${b}.com`;
}

export interface CaaProperty {
  critical: boolean;
  tag: string;
  value: string;
}

/** The names to ask for CAA, nearest first: the name itself (for *.x, x), then each parent. */
export function caaLookupChain(name: string): string[] {
  const n = name.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
  const labels = n.split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter((x) => x.includes('.') || labels.length === 1);
}

export type CaaVerdict = { ok: true } | { ok: false; reason: 'notAuthorized' | 'criticalUnknown'; at: string; issuers: string[] };

/** Decides from the relevant CAA set (found at `at`) whether the CA of `caDomain` may issue for `name`. */
export function caaAllows(name: string, caDomain: string, set: CaaProperty[], at: string): CaaVerdict {
  if (!set.length) return { ok: true };
  const known = ['issue', 'issuewild', 'iodef', 'contactemail', 'contactphone', 'issuemail', 'issuevmc'];
  if (set.some((p) => p.critical && !known.includes(p.tag.toLowerCase()))) return { ok: false, reason: 'criticalUnknown', at, issuers: [] };
  const wildcard = name.startsWith('*.');
  const issuewild = set.filter((p) => p.tag.toLowerCase() === 'issuewild');
  const relevant = wildcard && issuewild.length ? issuewild : set.filter((p) => p.tag.toLowerCase() === 'issue');
  // A set with no issue property (only iodef, say) restricts nothing (§4.2).
  if (!relevant.length) return { ok: true };
  const issuers = relevant.map((p) => (p.value.split(';')[0] ?? '').trim().toLowerCase());
  return issuers.includes(caDomain.toLowerCase()) ? { ok: true } : { ok: false, reason: 'notAuthorized', at, issuers: issuers.map((i) => i || ';') };
}
