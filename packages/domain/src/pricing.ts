/**
 * Price preview and the product/brand lists of the order screen (document 01 §1, §2, §3 "Price preview", §7).
 * Amounts are integer cents; the price table comes in as arguments.
 */
import { billedNames, nameKey } from './domain-names.ts';
import { daysPerYear, freeTermDays } from './terms.ts';

export interface PricedProduct {
  /** Cents per year for the first name. */
  pricePerYear: number;
  /** Cents per year for each name after the first. */
  extraDomainPrice: number;
  free: boolean;
}

export interface PriceRequest {
  /** Years, or 90 for the free 90-day term. */
  term: number;
  /** Names billed: the common name plus extra domains (or mailboxes), at least 1. */
  domainCount: number;
  /** Percent of the list price the account pays: 100 is no discount, 85 is 15 % off. */
  discountPercent?: number;
}

export interface PricePreview {
  allRawPrice: number;
  allNowPrice: number;
  discount: number;
}

export const noDiscount = 100;

/**
 * raw = (pricePerYear + extra names × extraDomainPrice) × years; now = raw × discount / 100 rounded half up
 * to the cent, so a preview and the charge computed on the server are the same integer. Term 90 and free
 * products cost nothing (§7: the price call with term 90 is skipped and yields zero).
 */
export function priceFor(product: PricedProduct, req: PriceRequest): PricePreview {
  const discount = req.discountPercent ?? noDiscount;
  if (!Number.isFinite(discount) || discount < 0 || discount > 100) throw new RangeError(`discount out of range: ${discount}`);
  if (product.free || req.term === freeTermDays) return { allRawPrice: 0, allNowPrice: 0, discount };
  if (!Number.isInteger(req.term) || req.term < 1) throw new RangeError(`term must be whole years: ${req.term}`);
  if (!Number.isInteger(product.pricePerYear) || !Number.isInteger(product.extraDomainPrice) || product.pricePerYear < 0 || product.extraDomainPrice < 0) {
    throw new RangeError('prices must be non-negative integer cents');
  }
  const extra = Math.max(Math.floor(req.domainCount) - 1, 0);
  const allRawPrice = (product.pricePerYear + extra * product.extraDomainPrice) * req.term;
  return { allRawPrice, allNowPrice: Math.floor((allRawPrice * discount + 50) / 100), discount };
}

/** Sums the previews of several orders (batch payment overview). */
export function sumPrices(previews: readonly PricePreview[]): { allRawPrice: number; allNowPrice: number } {
  return previews.reduce((s, p) => ({ allRawPrice: s.allRawPrice + p.allRawPrice, allNowPrice: s.allNowPrice + p.allNowPrice }), { allRawPrice: 0, allNowPrice: 0 });
}

const dayMs = 86_400_000;

/** Whole days until the plan ends (a started day counts), 0 once it has ended or when there is no end yet. */
export function planDaysLeft(end: Date | null, now: Date): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / dayMs));
}

export interface ReSignPriceInput {
  product: { productType: string; brand: string; extraDomainPrice: number; free: boolean };
  /** The certificate's names now, as the order stores them (with the www names the product added). */
  current: readonly string[];
  /** The new certificate's names, as validateDomains gives them (with the www names the product adds). */
  wanted: readonly string[];
  /** Days left of the plan (planDaysLeft). */
  remainingDays: number;
}

export interface ReSignPrice {
  /** Cents due before the re-sign goes ahead; 0 starts it at once. */
  priceDiff: number;
  /** Names on the new certificate that the current one does not hold (ASCII, www names included). */
  addedDomains: string[];
  /** How many more names are billed than now. */
  billedAdded: number;
}

/**
 * What a re-sign (reissue) costs, the one function behind the preview (POST /v1/orders/reSignPrice) and the
 * charge (POST /v1/orders/reSign): the names billed beyond those billed now (billedNames, so the www names a
 * product adds by itself are free here as they are at purchase), each at extraDomainPrice a year, for the days
 * of the plan left: n × extraDomainPrice × days / daysPerYear (365), rounded half up to the cent. The same names, fewer, or
 * as many others cost nothing; so does a free product.
 */
export function reSignPriceDiff(input: ReSignPriceInput): ReSignPrice {
  const { product, current, wanted } = input;
  const days = Math.max(0, Math.floor(input.remainingDays));
  if (!Number.isInteger(product.extraDomainPrice) || product.extraDomainPrice < 0) throw new RangeError('prices must be non-negative integer cents');
  const seen = new Set(current.map(nameKey));
  const addedDomains: string[] = [];
  for (const n of wanted) {
    const k = nameKey(n);
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    addedDomains.push(n);
  }
  const billedAdded = Math.max(0, billedNames(wanted, product).length - billedNames(current, product).length);
  if (product.free || billedAdded === 0 || days === 0) return { priceDiff: 0, addedDomains, billedAdded };
  // Integer half-up rounding of billedAdded × price × days / 365.
  const priceDiff = Math.floor((2 * billedAdded * product.extraDomainPrice * days + daysPerYear) / (2 * daysPerYear));
  return { priceDiff, addedDomains, billedAdded };
}

/** With no domains entered the price call still needs one name (§7): a random label, or an IP for IP products. */
export function pricePlaceholder(productType: string, random: () => number): string {
  const n = Math.floor(random() * 1e9);
  if (productType === 'ip_ssl' || productType === 'ip_single') return `8.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 254) + 1}`;
  const label = n.toString(36).padStart(6, 'a');
  return productType === 'wild' ? `*.${label}.com` : `${label}.com`;
}

export const globalsignOnlySubBrands: readonly string[] = ['globalsign_ks', 'globalsign_mssl', 'alphassl'];
export const globalsignHiddenSubBrands: readonly string[] = ['globalsign_ks', 'globalsign_mssl'];

/** xGlobalsignBrands 'Y': only globalsign_ks, globalsign_mssl and alphassl products; otherwise all but the first two (§1). */
export function visibleProducts<T extends { subBrand: string }>(products: readonly T[], xGlobalsignBrands: string | null | undefined): T[] {
  return xGlobalsignBrands === 'Y'
    ? products.filter((p) => globalsignOnlySubBrands.includes(p.subBrand))
    : products.filter((p) => !globalsignHiddenSubBrands.includes(p.subBrand));
}

export const preferredBrandOrder: readonly string[] = ['certum', 'globalsign', 'bitcert', 'geotrust', 'digicert'];
export const defaultBrand = 'alphassl';
/** Brands shown before the "more brands" entry (§2: the entry exists when more than 6 brands do). */
export const maxShownBrands = 6;

export interface BrandOption {
  /** The product's subBrand: globalsign products split into globalsign, globalsign_ks, globalsign_mssl, alphassl. */
  value: string;
  label: string;
  /** False for brands behind "more brands". */
  show: boolean;
  desc: string;
  descEn: string;
  brandName: string;
}

export interface BrandSource {
  subBrand: string;
  brandName: string;
  brandDescription: string;
  brandDescriptionEn: string;
}

/**
 * The preferred brands in their order, then the default brand (so it is always among the shown ones), then
 * the rest in the order the products come (the catalogue's sort order).
 */
export function orderBrands(values: readonly string[]): string[] {
  const distinct = [...new Set(values)];
  const head = [...preferredBrandOrder, defaultBrand].filter((b) => distinct.includes(b));
  return [...head, ...distinct.filter((b) => !head.includes(b))];
}

export function brandOptions(products: readonly BrandSource[]): { options: BrandOption[]; hasMore: boolean } {
  const first = new Map<string, BrandSource>();
  for (const p of products) if (!first.has(p.subBrand)) first.set(p.subBrand, p);
  const options = orderBrands([...first.keys()]).map((value, i): BrandOption => {
    const p = first.get(value) as BrandSource;
    return { value, label: p.brandName, show: i < maxShownBrands, desc: p.brandDescription, descEn: p.brandDescriptionEn, brandName: p.brandName };
  });
  return { options, hasMore: options.length > maxShownBrands };
}

/** alphassl when it is visible, else the first brand in order. */
export function pickDefaultBrand(options: readonly BrandOption[]): string | null {
  return options.find((o) => o.value === defaultBrand)?.value ?? options[0]?.value ?? null;
}

/** One row of an account's own price table: a brand or one product (neither: every product), from a quantity up. */
export type DiscountRule = {
  brand: string | null;
  productNo: string | null;
  minQuantity: number;
  /** Percent of the list price: 100 none, 85 is 15 % off. */
  discount: number;
};

/**
 * The account's percent for a product bought `quantity` at a time: among the rules that apply (same product, or
 * same brand, or every product; quantity reached), the most specific kind wins (product, then brand, then all),
 * and within it the highest tier reached. No rule: noDiscount. The price preview, order creation, re-sign and
 * packages all call this before priceFor, so they agree to the cent.
 */
export function discountFor(rules: readonly DiscountRule[], p: { productNo: string; brand: string; quantity: number }): number {
  const rank = (r: DiscountRule) => (r.productNo !== null ? 2 : r.brand !== null ? 1 : 0);
  let best: DiscountRule | null = null;
  for (const r of rules) {
    if (r.productNo !== null && r.productNo !== p.productNo) continue;
    if (r.productNo === null && r.brand !== null && r.brand !== p.brand) continue;
    if (p.quantity < r.minQuantity) continue;
    if (!best || rank(r) > rank(best) || (rank(r) === rank(best) && r.minQuantity > best.minQuantity)) best = r;
  }
  return best ? best.discount : noDiscount;
}

/** A price after a percent, rounded half up to the cent (as priceFor rounds). */
export const discounted = (cents: number, discount: number) => Math.floor((cents * discount + 50) / 100);

/**
 * What a certificate package takes off an order: one unit is one year of the product's first name, so an order of
 * `term` years draws `term` units when that many remain (all or none; the 90-day free term draws none). The names
 * past the first are still paid. Answers the units drawn and the list-price cents they cover.
 */
export function packageCover(p: { pricePerYear: number; free: boolean }, term: number, remaining: number): { units: number; coveredRaw: number } {
  if (p.free || term === freeTermDays || !Number.isInteger(term) || term < 1 || remaining < term) return { units: 0, coveredRaw: 0 };
  return { units: term, coveredRaw: p.pricePerYear * term };
}
