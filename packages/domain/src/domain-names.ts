/**
 * Names a certificate may hold (document 01 §5 "Domains by product type" and "Public/private addresses").
 * The console runs these on input and the server runs them again on the request, so both agree.
 */
import { hasDomains, isIpProduct } from './product-types.ts';
import type { PurchaseMessageKey } from './purchase-messages.ts';

const labelPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
/** A letter TLD, or an IDN TLD in its xn-- form; an all-digit last label would make IPs look like domains. */
const tldPattern = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/**
 * An ASCII host name of at least two labels. Unicode names are not domains until toAscii has run.
 * Underscores are refused: CAs may no longer put them in certificates (CA/B ballot SC12).
 */
export function isDomain(d: string): boolean {
  if (d.length === 0 || d.length > 253 || d.endsWith('.')) return false;
  const labels = d.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => labelPattern.test(l))) return false;
  return tldPattern.test(labels[labels.length - 1] ?? '');
}

/** What makes a name a wildcard (§5), and what the wildcard switch puts before the common name. */
export const wildcardPrefix = '*.';

/** A name written as a wildcard, whatever follows the prefix (isWildcard also checks the rest is a domain). */
export function isWildcardName(name: string): boolean {
  return name.trim().startsWith(wildcardPrefix);
}

/** The wildcard switch (§5 "prefixes *. to the domain"): the prefix once, and nothing for an empty name. */
export function withWildcardPrefix(name: string): string {
  return name && !name.startsWith(wildcardPrefix) ? `${wildcardPrefix}${name}` : name;
}

export function isWildcard(d: string): boolean {
  return d.startsWith(wildcardPrefix) && d.length > 4 && isDomain(d.slice(2));
}

/** Four dotted numbers 0-255; leading zeros are refused because some resolvers read them as octal. */
export function parseIPv4(s: string): [number, number, number, number] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map((p) => (p.length > 1 && p.startsWith('0') ? NaN : Number(p)));
  if (!parts.every((n) => n >= 0 && n <= 255)) return null;
  return parts as [number, number, number, number];
}

export function isIPv4(s: string): boolean {
  return parseIPv4(s) !== null;
}

/** The eight 16-bit groups of an IPv6 address (with '::' and a trailing dotted IPv4 allowed), or null. */
export function parseIPv6(input: string): number[] | null {
  let s = input;
  if (!/^[0-9a-f:.]+$/i.test(s) || !s.includes(':')) return null;
  let tail: number[] = [];
  if (s.includes('.')) {
    const cut = s.lastIndexOf(':');
    const v4 = parseIPv4(s.slice(cut + 1));
    if (!v4) return null;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    const head = s.slice(0, cut + 1);
    // Keep a '::' that ends right before the IPv4 part; drop a single separating colon.
    s = head.endsWith('::') ? head : head.slice(0, -1);
  }
  const group = /^[0-9a-f]{1,4}$/i;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const toGroups = (h: string) => (h === '' ? [] : h.split(':'));
  const want = 8 - tail.length;
  let groups: string[];
  if (halves.length === 2) {
    const left = toGroups(halves[0] ?? '');
    const right = toGroups(halves[1] ?? '');
    if (left.length + right.length > want - 1) return null;
    groups = [...left, ...Array<string>(want - left.length - right.length).fill('0'), ...right];
  } else {
    groups = toGroups(s);
    if (groups.length !== want) return null;
  }
  if (!groups.every((g) => group.test(g))) return null;
  return [...groups.map((g) => parseInt(g, 16)), ...tail];
}

export function isIPv6(s: string): boolean {
  return parseIPv6(s) !== null;
}

export function isIp(s: string): boolean {
  return isIPv4(s) || isIPv6(s);
}

function privateIPv4([a, b]: readonly number[]): boolean {
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b !== undefined && b >= 16 && b <= 31)
    // Link-local: the IPv4 counterpart of fe80::/10, never reachable from a CA.
    || (a === 169 && b === 254);
}

/** IPv4 ranges that are neither private nor public: unspecified, shared (CGNAT), documentation, benchmarking, multicast, reserved. */
function specialIPv4([a = 0, b = 0, c = 0]: readonly number[]): boolean {
  return a === 0 || (a === 100 && b >= 64 && b <= 127) || (a === 192 && b === 0 && (c === 0 || c === 2))
    || (a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)
    || a >= 224;
}

function mappedIPv4(g: readonly number[]): number[] | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = g;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255];
  return null;
}

/**
 * localhost, 127.x, 10.x, 192.168.x, 172.16-172.31 (§5), plus 169.254.x and IPv6 loopback (::1),
 * link-local (fe80::/10), unique-local (fc00::/7) and IPv4-mapped forms of the above.
 */
export function isPrivateAddress(host: string): boolean {
  const h = host.toLowerCase().replace(/^\*\./, '').replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = parseIPv4(h);
  if (v4) return privateIPv4(v4);
  const v6 = parseIPv6(h);
  if (!v6) return false;
  const mapped = mappedIPv4(v6);
  if (mapped) return privateIPv4(mapped);
  const g0 = v6[0] ?? 0;
  const loopback = v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1;
  return loopback || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xfe00) === 0xfc00;
}

/** An IP a public CA can validate: not private, not unspecified, multicast, documentation or otherwise reserved. */
export function isPublicIp(s: string): boolean {
  if (isPrivateAddress(s)) return false;
  const v4 = parseIPv4(s);
  if (v4) return !specialIPv4(v4);
  const v6 = parseIPv6(s);
  if (!v6) return false;
  const mapped = mappedIPv4(v6);
  if (mapped) return !specialIPv4(mapped);
  const [g0 = 0, g1 = 0] = v6;
  if (v6.every((g) => g === 0)) return false;
  if ((g0 & 0xff00) === 0xff00) return false; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  return true;
}

/**
 * IDN to its xn-- form, lower-cased and trimmed, keeping a '*.' prefix. WHATWG URL does the IDNA mapping
 * the same way in browsers and Node (no node:url). ASCII input skips the URL parser, which would otherwise
 * rewrite things like "0x7f.1" into "127.0.0.1". Input that cannot be a host is returned trimmed, for the
 * format check to refuse.
 */
export function toAscii(d: string): string {
  const s = d.trim();
  const prefix = s.startsWith(wildcardPrefix) ? wildcardPrefix : '';
  const rest = s.slice(prefix.length);
  if (/^[\x00-\x7f]*$/.test(rest)) return prefix + rest.toLowerCase();
  if (/[\s/?#@:\\[\]%]/.test(rest)) return s;
  try {
    return prefix + new URL(`http://${rest}`).hostname;
  } catch {
    return s;
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits what a user typed into entries: the separator (comma by default), semicolons, their full-width
 * forms and any whitespace (so one-per-line input works too). Empty entries are dropped.
 */
export function splitDomainList(text: string, separator = ','): string[] {
  const seps = [escapeRegExp(separator), ',', ';', '，', '；', '、', '\\s'].filter(Boolean);
  return text.split(new RegExp(`(?:${seps.join('|')})+`)).map((e) => e.trim()).filter((e) => e.length > 0);
}

export type NameKind = 'domain' | 'wildcard' | 'ipv4' | 'ipv6';

/** What an ASCII entry is, or null if it is none of them. */
export function nameKind(entry: string): NameKind | null {
  if (isIPv4(entry)) return 'ipv4';
  if (isIPv6(entry)) return 'ipv6';
  if (isWildcard(entry)) return 'wildcard';
  if (isDomain(entry)) return 'domain';
  return null;
}

/** Flex products add www variants automatically except for this brand, whose CA adds none and bills each name. */
export const flexNoWwwBrands: readonly string[] = ['certum'];
/** Product types that hold exactly one name. ip_single has its own message (此产品不支持多IP). */
export const singleNameProductTypes: readonly string[] = ['dv_one_ssl', 'wild', 'ip_single'];

/** The order form shows no other-names box for these: the common name is the certificate's only name. */
export function holdsOneName(productType: string): boolean {
  return singleNameProductTypes.includes(productType);
}

/** Product types whose names must be wildcards ('wild'): the order form's wildcard switch starts on for them. */
export const wildcardProductTypes: readonly string[] = ['wild'];
export function isWildcardProduct(productType: string): boolean {
  return wildcardProductTypes.includes(productType);
}
/** Names per order for the other products; the CAs we resell cap SANs at 250. */
export const maxDomainsPerOrder = 250;

export interface DomainCheckInput {
  productType: string;
  brand: string;
  /** Needed to refuse wildcards on EV multi-domain (flex) products; productType 'ev' is EV already. */
  certType?: string;
  /** The wildcard switch: prefixes '*.' to the common name. */
  wildcard?: boolean;
  commonName: string;
  /** Extra names, as a list or as typed (one per line, or separated by commas or semicolons). */
  extraDomains?: string | readonly string[];
  /** Batch mode words the format error as "{entry} 格式不正确". */
  batch?: boolean;
  maxDomains?: number;
}

export interface DomainError {
  /** The entry as typed, or '' for an error about the whole list. */
  entry: string;
  /** The input at fault: the common name (the first entry), or the other names (and the list as a whole). */
  field: 'commonName' | 'domainNames';
  messageKey: PurchaseMessageKey;
  params: Record<string, string | number>;
}

export interface DomainCheckResult {
  /** Valid names, ASCII and lower case, common name first; www variants follow their domain. */
  domains: string[];
  /** The www variants added for flex products: listed in domains, not typed by the user (callers may not bill them). */
  autoAdded: string[];
  errors: DomainError[];
}

/**
 * The key two entries are compared by: entries with the same key are the same name, and a second one is
 * refused as "{domain} duplicate" (document 01 §5), inside one order (common name included) and across the
 * orders of one batch. What counts as the same name:
 * - case does not: `Example.COM` = `example.com` (DNS names are case-insensitive);
 * - an IDN and its xn-- form are one name: `例子.com` = `xn--fsqu00a.com` (toAscii, which also maps full-width dots);
 * - spaces around an entry do not count;
 * - an IPv6 address is compared as an address: `2001:db8::1` = `2001:DB8:0:0::1`;
 * - a wildcard is not its base: `*.a.com` and `a.com` are two names;
 * - a trailing dot is not dropped: `a.com.` is not a valid name (§5) and is refused for its format, not as a duplicate;
 * - the www name a product adds by itself (flex, see addsWww) is no duplicate when it is typed as well: the
 *   certificate holds it once, and it is not billed (billedNames).
 */
export function nameKey(entry: string): string {
  const name = toAscii(entry);
  const v6 = parseIPv6(name);
  return v6 ? v6.map((g) => g.toString(16)).join(':') : name;
}

/** Products that add the www name of every domain by themselves (§5: flex, except one brand). */
export function addsWww(p: { productType: string; brand: string }): boolean {
  return p.productType === 'flex' && !flexNoWwwBrands.includes(p.brand);
}

/**
 * The names a certificate is billed for, from its names (typed or as stored; ASCII): each distinct name once,
 * less the www names a product adds by itself (www.a.com when a.com is there too), whether the product added
 * them or the user typed them. The purchase price, the price preview and a re-sign's difference all count with
 * this, so the same set of names always costs the same however it was typed.
 */
export function billedNames(names: readonly string[], p: { productType: string; brand: string }): string[] {
  const keys = new Set<string>();
  const distinct: string[] = [];
  for (const n of names) {
    const k = nameKey(n);
    if (k === '' || keys.has(k)) continue;
    keys.add(k);
    distinct.push(n);
  }
  if (!addsWww(p)) return distinct;
  return distinct.filter((n) => {
    const k = nameKey(n);
    const base = k.slice(4);
    return !(k.startsWith('www.') && !base.startsWith('www.') && keys.has(base));
  });
}

/** An entry as typed and the valid ASCII name it became. */
interface TypedName {
  entry: string;
  name: string;
  /** The common name. */
  first: boolean;
}

/**
 * Every rule of §5 "Domains by product type". Products without names (code, doc, email, smime) give an
 * empty, error-free result: their subject is the company or the mailbox, checked elsewhere.
 */
export function validateDomains(input: DomainCheckInput): DomainCheckResult {
  return checkDomains(input).result;
}

/**
 * validateDomains for each order of one request (a batch, or one order), plus the rule across them: a name
 * typed in an earlier order may not be typed again in a later one ("{domain} duplicate" on the later order).
 * Only names typed are compared (the www names a product adds are not); the names an order claims are its
 * valid ones, even when another of its names is refused. The console's order plan and the server's create
 * call both run this, so they refuse the same orders with the same messages.
 */
export function validateOrders(inputs: readonly DomainCheckInput[]): DomainCheckResult[] {
  const taken = new Set<string>();
  return inputs.map((input) => {
    const { result, typed } = checkDomains(input);
    const mine = new Set<string>();
    for (const t of typed) {
      const k = nameKey(t.name);
      if (taken.has(k)) result.errors.push({ entry: t.entry, field: t.first ? 'commonName' : 'domainNames', messageKey: 'purchase.domain.duplicate', params: { domain: t.entry } });
      mine.add(k);
    }
    for (const k of mine) taken.add(k);
    return result;
  });
}

function checkDomains(input: DomainCheckInput): { result: DomainCheckResult; typed: TypedName[] } {
  const { productType, brand, certType, wildcard = false, batch = false, maxDomains = maxDomainsPerOrder } = input;
  const result: DomainCheckResult = { domains: [], autoAdded: [], errors: [] };
  const typed: TypedName[] = [];
  if (!hasDomains(productType)) return { result, typed };

  let cn = input.commonName.trim();
  if (wildcard) cn = withWildcardPrefix(cn);
  const extras = typeof input.extraDomains === 'string' ? splitDomainList(input.extraDomains) : (input.extraDomains ?? []).map((e) => e.trim());
  const entries = [cn, ...extras].filter((e) => e.length > 0);
  let index = -1;
  const fail = (entry: string, messageKey: PurchaseMessageKey, params: Record<string, string | number> = {}) =>
    result.errors.push({ entry, field: index === 0 && cn !== '' ? 'commonName' : 'domainNames', messageKey, params });

  if (entries.length === 0) {
    fail('', 'purchase.domain.required');
    return { result, typed };
  }

  const ipProduct = isIpProduct(productType);
  const ev = productType === 'ev' || certType === 'EV';
  const seen = new Set<string>();
  const plain: string[] = [];
  for (const entry of entries) {
    index++;
    const name = toAscii(entry);
    const key = nameKey(entry);
    // The common name is the first entry: typed again among the other names, it is a duplicate too.
    if (seen.has(key)) {
      fail(entry, 'purchase.domain.duplicate', { domain: entry });
      continue;
    }
    seen.add(key);
    if (isPrivateAddress(name)) {
      fail(entry, 'purchase.domain.private', { domain: entry });
      continue;
    }
    const kind = nameKind(name);
    if (!kind) {
      fail(entry, batch ? 'purchase.domain.formatBatch' : 'purchase.domain.format', { entry });
      continue;
    }
    const isIpName = kind === 'ipv4' || kind === 'ipv6';
    if (ipProduct) {
      if (!isIpName || !isPublicIp(name)) {
        fail(entry, 'purchase.domain.publicIpRequired', { domain: entry });
        continue;
      }
    } else if (productType === 'vmc' && kind !== 'domain') {
      fail(entry, 'purchase.domain.vmcUnsupported', { domain: entry });
      continue;
    } else if (isIpName) {
      if (productType !== 'flex') {
        fail(entry, 'purchase.domain.ipUnsupported', { domain: entry });
        continue;
      }
      if (!isPublicIp(name)) {
        fail(entry, 'purchase.domain.publicIpRequired', { domain: entry });
        continue;
      }
    } else if (kind === 'wildcard') {
      if (ev) {
        fail(entry, 'purchase.domain.evNoWildcard', { domain: entry });
        continue;
      }
      if (!isWildcardProduct(productType) && productType !== 'flex') {
        fail(entry, 'purchase.domain.wildcardUnsupported', { domain: entry });
        continue;
      }
    } else if (isWildcardProduct(productType)) {
      fail(entry, 'purchase.domain.notWildcard', { domain: entry });
      continue;
    }
    result.domains.push(name);
    typed.push({ entry, name, first: index === 0 && cn !== '' });
    if (kind === 'domain') plain.push(name);
  }

  index = -1;
  if (holdsOneName(productType) && seen.size > 1) {
    fail('', productType === 'ip_single' ? 'purchase.domain.multipleIp' : 'purchase.domain.multipleDomains');
  } else if (seen.size > maxDomains) {
    fail('', 'purchase.domain.tooMany', { max: maxDomains });
  }

  if (addsWww({ productType, brand })) {
    const present = new Set(result.domains);
    for (const d of plain) {
      const www = `www.${d}`;
      if (d.startsWith('www.') || present.has(www) || present.has(`*.${d}`) || www.length > 253) continue;
      result.domains.splice(result.domains.indexOf(d) + 1, 0, www);
      result.autoAdded.push(www);
      present.add(www);
    }
  }
  return { result, typed };
}
