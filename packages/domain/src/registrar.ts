/**
 * The registrar's rules, shared by the sandbox registry (server), the console and the tests: TLDs and their prices,
 * what a name may be, registration periods, the life of a name after its expiry, transfer rules and auth codes.
 * Pure functions: the clock (`now`) is always passed in.
 */
import { toAscii } from './domain-names.ts';

const day = 24 * 3600 * 1000;

export interface TldPrice {
  /** The TLD as typed (Unicode for IDN TLDs), without the leading dot. */
  tld: string;
  /** Its ASCII (xn--) form, what the registry stores. */
  ascii: string;
  /** Cents per year. */
  register: number;
  renew: number;
  /** A transfer adds one year and costs this. */
  transfer: number;
  /** Restoring a name in its redemption period costs this once, on top of the renewal. */
  redemption: number;
  common: boolean;
  /** China's TLDs need a real-name verified registrant. */
  realName: boolean;
}

const tld = (t: string, register: number, renew: number, transfer: number, o: { common?: boolean; realName?: boolean; redemption?: number } = {}): TldPrice => ({
  tld: t,
  ascii: toAscii(`a.${t}`).slice(2),
  register,
  renew,
  transfer,
  redemption: o.redemption ?? 16_000,
  common: o.common ?? false,
  realName: o.realName ?? false,
});

/** The sandbox registry's price list (cents per year). */
export const tldPrices: readonly TldPrice[] = [
  tld('com', 7_900, 7_900, 7_900, { common: true }),
  tld('net', 8_900, 8_900, 8_900, { common: true }),
  tld('cn', 3_900, 3_900, 3_900, { common: true, realName: true }),
  tld('com.cn', 3_900, 3_900, 3_900, { common: true, realName: true }),
  tld('中国', 6_900, 6_900, 6_900, { common: true, realName: true }),
  tld('top', 2_900, 3_500, 3_500, { common: true }),
  tld('xyz', 1_500, 9_000, 9_000, { common: true }),
  tld('org', 8_500, 8_500, 8_500, { common: true }),
  tld('net.cn', 3_900, 3_900, 3_900, { realName: true }),
  tld('org.cn', 3_900, 3_900, 3_900, { realName: true }),
  tld('公司', 9_900, 9_900, 9_900, { realName: true }),
  tld('网址', 9_900, 9_900, 9_900, { realName: true }),
  tld('info', 2_900, 12_900, 12_900),
  tld('cc', 3_900, 5_900, 5_900),
  tld('vip', 3_900, 6_900, 6_900),
  tld('shop', 2_900, 24_900, 24_900),
  tld('site', 1_900, 19_900, 19_900),
  tld('online', 1_900, 24_900, 24_900),
  tld('tech', 4_900, 39_900, 39_900),
  tld('io', 29_900, 29_900, 29_900, { redemption: 30_000 }),
  tld('me', 2_900, 14_900, 14_900),
  tld('co', 19_900, 19_900, 19_900),
];

export const tldByAscii: ReadonlyMap<string, TldPrice> = new Map(tldPrices.map((t) => [t.ascii, t]));

/** The registry's periods (RFC 5731 periods in years; the 10-year cap counts from today). */
export const minYears = 1;
export const maxYears = 10;
/** After expiry: auto-renew grace (renew at the renewal price), then redemption (renewal plus the redemption fee), then pending delete. */
export const graceDays = 30;
export const redemptionDays = 30;
export const pendingDeleteDays = 5;
/** A transfer requested by another registrar completes this long after the request unless the holder rejects it. */
export const transferPendingDays = 5;
/** A name may not change registrar within 60 days of its registration or of its last transfer (ICANN transfer policy). */
export const transferLockDays = 60;
/** The renewal window: reminders and the "expiring" tab. */
export const expiringDays = 30;
/** A premium name costs this many times the TLD's registration price (renewals are standard). */
export const premiumFactor = 50;

/** Labels no one may register (registry-reserved). */
const reservedLabels = new Set(['nic', 'whois', 'www', 'registry', 'rdap', 'localhost', 'example', 'invalid', 'test', 'local', 'root', 'dns']);
/** Dictionary names the registry sells at a premium. */
const premiumLabels = new Set(['shop', 'cloud', 'app', 'ai', 'pay', 'bank', 'game', 'home', 'mail', 'news', 'tech', 'web', 'vip', 'love', 'money', 'car', 'hotel', 'travel', 'music', 'china', '中国', '北京']);
/** Well-known names held at other registrars in the sandbox under every TLD (whois would show them taken). */
const heldElsewhereLabels = new Set(['google', 'baidu', 'qq', 'taobao', 'tmall', 'jd', 'weibo', 'alibaba', 'tencent', 'amazon', 'apple', 'microsoft', 'github', 'facebook', 'youtube', 'wikipedia', 'bing', 'yahoo']);

export type NameFault = 'empty' | 'format' | 'tld' | 'tooLong';

export interface ParsedName {
  /** ASCII form (xn-- labels), lower case: what the registry stores. */
  ascii: string;
  /** The form a person reads. */
  unicode: string;
  /** The registrable label (ASCII) and its Unicode form. */
  label: string;
  labelUnicode: string;
  tld: TldPrice;
}

const ldh = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A name as typed ("例子.中国", "Example.COM") to its registrable form, by the same IDN rule as certificate names
 * (toAscii). Only second-level names under a TLD of the price list are registrable here.
 */
export function parseName(input: string): ParsedName | NameFault {
  const s = input.trim().replace(/\.$/, '').replace(/[。．｡]/g, '.');
  if (!s) return 'empty';
  const ascii = toAscii(s);
  if (ascii.length > 253) return 'tooLong';
  if (!/^[a-z0-9.-]+$/.test(ascii)) return 'format';
  const labels = ascii.split('.');
  // The longest TLD of the list that ends the name (com.cn before cn).
  for (const take of [2, 1]) {
    if (labels.length <= take) continue;
    const t = tldByAscii.get(labels.slice(-take).join('.'));
    if (!t) continue;
    if (labels.length !== take + 1) return 'format';
    const label = labels[0]!;
    if (!ldh.test(label) || (label.slice(2, 4) === '--' && !label.startsWith('xn--'))) return 'format';
    const unicodeLabel = s.split('.')[0]!.toLowerCase();
    const labelUnicode = /^[\x00-\x7f]*$/.test(unicodeLabel) ? label : unicodeLabel;
    return { ascii, unicode: `${labelUnicode}.${t.tld}`, label, labelUnicode, tld: t };
  }
  return labels.length < 2 ? 'format' : 'tld';
}

export type NameClass = 'reserved' | 'premium' | 'heldElsewhere' | 'standard';

/** What the registry's policy says of a label before its records are consulted. */
export function classifyLabel(label: string, labelUnicode = label): NameClass {
  if (reservedLabels.has(label)) return 'reserved';
  if (heldElsewhereLabels.has(label)) return 'heldElsewhere';
  if (premiumLabels.has(label) || premiumLabels.has(labelUnicode) || (label.length <= 2 && !label.startsWith('xn--'))) return 'premium';
  return 'standard';
}

/** The price of registering `years` years of a name (a premium name's first year costs premiumFactor times). */
export function registerPrice(t: TldPrice, years: number, premium: boolean): number {
  const first = premium ? t.register * premiumFactor : t.register;
  return first + t.renew * (years - 1);
}

export const isPeriod = (years: number) => Number.isInteger(years) && years >= minYears && years <= maxYears;

/** Adds whole years (UTC calendar; 29 February falls back to the 28th). */
export function addYears(d: Date, years: number): Date {
  const r = new Date(d.getTime());
  r.setUTCFullYear(r.getUTCFullYear() + years);
  if (r.getUTCDate() !== d.getUTCDate()) r.setUTCDate(0);
  return r;
}

export type Phase = 'active' | 'grace' | 'redemption' | 'pendingDelete' | 'released';

/** Days after expiry at which the registry releases a name nobody renewed. */
export const releaseAfterDays = graceDays + redemptionDays + pendingDeleteDays;

/** Where a name is in its life at `now`, by its expiry date. */
export function phaseAt(expiresAt: Date, now: Date): Phase {
  const past = now.getTime() - expiresAt.getTime();
  if (past < 0) return 'active';
  if (past < graceDays * day) return 'grace';
  if (past < (graceDays + redemptionDays) * day) return 'redemption';
  if (past < releaseAfterDays * day) return 'pendingDelete';
  return 'released';
}

/** The latest expiry of a name released by `now` (phaseAt 'released' exactly for expiries at or before it): for SQL. */
export const releasedIfExpiredBy = (now: Date): Date => new Date(now.getTime() - releaseAfterDays * day);

export type RenewFault = 'period' | 'cap' | 'pendingDelete' | 'released';

/** Why `years` more years cannot be added (null: they can): the new expiry may not pass today plus the 10-year cap. */
export function renewFault(expiresAt: Date, years: number, now: Date): RenewFault | null {
  if (!isPeriod(years)) return 'period';
  const phase = phaseAt(expiresAt, now);
  if (phase === 'pendingDelete' || phase === 'released') return phase;
  return addYears(expiresAt, years).getTime() > addYears(now, maxYears).getTime() ? 'cap' : null;
}

/** The most years a renewal may add now. */
export function maxRenewYears(expiresAt: Date, now: Date): number {
  for (let y = maxYears; y >= 1; y--) if (!renewFault(expiresAt, y, now)) return y;
  return 0;
}

/** The price of renewing: the renewal price per year, plus the redemption fee in redemption. */
export function renewPrice(t: TldPrice, years: number, expiresAt: Date, now: Date): number {
  return t.renew * years + (phaseAt(expiresAt, now) === 'redemption' ? t.redemption : 0);
}

/** A transfer adds one year to the expiry, up to the cap. */
export function expiryAfterTransfer(expiresAt: Date, now: Date): Date {
  const next = addYears(expiresAt, 1);
  const cap = addYears(now, maxYears);
  return next.getTime() > cap.getTime() ? expiresAt : next;
}

export type TransferFault = 'locked' | 'tooNew' | 'authCode' | 'sameRegistrar' | 'notActive' | 'pending';

/** Why a transfer request is refused by the registry (RFC 5731 transfer request), or null. */
export function transferFault(d: { locked: boolean; createdAt: Date; lastTransferAt: Date | null; expiresAt: Date; authCode: string; pending: boolean; registrar: string }, req: { authCode: string; registrar: string; now: Date }): TransferFault | null {
  if (d.registrar === req.registrar) return 'sameRegistrar';
  if (d.pending) return 'pending';
  const phase = phaseAt(d.expiresAt, req.now);
  if (phase !== 'active' && phase !== 'grace') return 'notActive';
  if (d.locked) return 'locked';
  const since = (d.lastTransferAt ?? d.createdAt).getTime();
  if (req.now.getTime() - since < transferLockDays * day) return 'tooNew';
  if (!d.authCode || d.authCode !== req.authCode) return 'authCode';
  return null;
}

/** When a pending transfer completes by itself. */
export const transferDueAt = (requestedAt: Date) => new Date(requestedAt.getTime() + transferPendingDays * day);

/** Auth codes: 16 characters of letters, digits and signs (registries ask for mixed classes). */
export const authCodePattern = /^[A-Za-z0-9!@#$%^*()_+=-]{6,32}$/;
const authAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** Makes an auth code from random bytes (pass crypto's bytes in): letters and digits, and one sign so every class appears. */
export function makeAuthCode(bytes: Uint8Array): string {
  const chars = Array.from(bytes.slice(0, 15), (b) => authAlphabet[b % authAlphabet.length]!);
  return `${chars.slice(0, 7).join('')}#${chars.slice(7).join('')}`;
}

/** Nameservers: host names, 2 to 13 (registries ask for at least two). */
export const minNameservers = 2;
export const maxNameservers = 13;

/** Suggestions for a label: common TLDs of the exact label, then a few affixes under .com and .cn. */
export function suggestLabels(label: string): string[] {
  if (label.startsWith('xn--')) return [];
  const out = [`get${label}`, `${label}app`, `${label}hq`, `my${label}`, `${label}online`, `the${label}`, `${label}cloud`, `${label}go`];
  return out.filter((l) => ldh.test(l) && l.length <= 63);
}

export type DomainTab = 'mine' | 'expiring' | 'expired' | 'forSale';

/** Which tab of /domain/manage a name belongs to at `now` (mine lists every name held). */
export function inTab(tab: DomainTab, d: { expiresAt: Date; forSale: boolean }, now: Date): boolean {
  const left = d.expiresAt.getTime() - now.getTime();
  if (tab === 'mine') return true;
  if (tab === 'expired') return left <= 0;
  if (tab === 'expiring') return left > 0 && left <= expiringDays * day;
  return d.forSale;
}
