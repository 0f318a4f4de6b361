/**
 * The order screen's choices resolved against what is on offer (document 01 §2): brand → certificate type →
 * product → term, and the key options. A choice that no longer applies (another brand, a product without that
 * key length) falls back to the default, so every choice shown is valid. Pure, so the screen and its test agree.
 */
import type { KeyOptions } from '@cc/domain/key-options';
import type { Curve, Encryption, RsaKeyLength, Signature } from '@cc/domain/key-options';
import { pickDefaultBrand, type BrandOption } from '@cc/domain/pricing';
import { defaultTerm, termChoices } from '@cc/domain/terms';

export interface ChoosableProduct {
  productNo: string;
  subBrand: string;
  certType: string;
  maxYear: number;
  free: boolean;
}

export interface ProductChoices {
  brand: string | null;
  certType: string | null;
  productNo: string | null;
  term: number | null;
}

export interface ChosenProduct<P extends ChoosableProduct> {
  brand: string | null;
  certTypes: string[];
  certType: string | null;
  /** The products of the chosen brand and certificate type, in catalogue order. */
  typeProducts: P[];
  product: P | null;
  terms: number[];
  term: number;
}

const uniq = <T>(xs: readonly T[]) => [...new Set(xs)];

export function chooseProduct<P extends ChoosableProduct>(all: readonly P[], brands: readonly BrandOption[], c: ProductChoices): ChosenProduct<P> {
  const brand = brands.some((b) => b.value === c.brand) ? c.brand : pickDefaultBrand(brands);
  const brandProducts = all.filter((p) => p.subBrand === brand);
  const certTypes = uniq(brandProducts.map((p) => p.certType));
  const certType = c.certType && certTypes.includes(c.certType) ? c.certType : (certTypes[0] ?? null);
  const typeProducts = brandProducts.filter((p) => p.certType === certType);
  const product = typeProducts.find((p) => p.productNo === c.productNo) ?? typeProducts[0] ?? null;
  const terms = product ? termChoices(product.maxYear, product.free) : [];
  const term = c.term !== null && terms.includes(c.term) ? c.term : product ? (terms.includes(defaultTerm(product.free)) ? defaultTerm(product.free) : (terms[0] ?? 1)) : 1;
  return { brand, certTypes, certType, typeProducts, product, terms, term };
}

export interface KeyChoices {
  encryption: Encryption;
  keyLength: RsaKeyLength;
  curve: Curve;
  signature: Signature;
}

/** The key options as chosen where the product allows them, else the product's defaults. */
export function chooseKey(opts: KeyOptions, c: KeyChoices): KeyChoices {
  return {
    encryption: opts.encryptions.includes(c.encryption) ? c.encryption : opts.defaults.encryption,
    keyLength: opts.keyLengths.includes(c.keyLength) ? c.keyLength : opts.defaults.keyLength,
    curve: opts.curves.includes(c.curve) ? c.curve : opts.defaults.curve,
    signature: opts.signatures.includes(c.signature) ? c.signature : opts.defaults.signature,
  };
}
