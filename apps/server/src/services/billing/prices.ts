import type { Queryable } from '@cc/db/client';
import type { Product } from '@cc/contracts/purchase';
import { discountFor, discounted, packageCover, priceFor, type DiscountRule } from '@cc/domain/pricing';
import { freeTermDays } from '@cc/domain/terms';
import { listVisibleProducts } from '../purchase/products.ts';
import { packageRemainingByProduct } from './cert-packages.ts';
import { discountRules } from './discount-rules.ts';

export { discountRules };

export interface AccountPrice {
  allRawPrice: number;
  allNowPrice: number;
  discount: number;
  /** Package units the order draws (0: none) and the cents they take off allNowPrice. */
  packageUnits: number;
  packageCovered: number;
}

/**
 * The one price of an order for an account: list price (priceFor), the account's own discount for the product at
 * this quantity (discountFor), then what a certificate package takes off when `packageRemaining` covers it.
 * The preview, order creation, re-sign and packages all go through here or discountFor.
 */
export function accountPrice(product: Product, rules: readonly DiscountRule[], req: { term: number; domainCount: number; quantity: number; packageRemaining: number }): AccountPrice {
  const discount = discountFor(rules, { productNo: product.productNo, brand: product.brand, quantity: req.quantity });
  const p = priceFor(product, { term: req.term, domainCount: req.domainCount, discountPercent: discount });
  const cover = packageCover(product, req.term, req.packageRemaining);
  if (!cover.units) return { ...p, packageUnits: 0, packageCovered: 0 };
  const rest = discounted(p.allRawPrice - cover.coveredRaw, discount);
  return { ...p, packageUnits: cover.units, packageCovered: p.allNowPrice - rest, allNowPrice: rest };
}

/** The account's price list (/ssl/products, /account/products): every visible product at every term, one name. */
export async function myPrices(q: Queryable, accountId: number) {
  const [products, rules, remaining] = await Promise.all([listVisibleProducts(q), discountRules(q, accountId), packageRemainingByProduct(q, accountId)]);
  return products.flatMap((p) => {
    const terms = p.free ? [freeTermDays] : Array.from({ length: Math.max(1, Math.min(3, p.maxYear)) }, (_, i) => i + 1);
    const discount = discountFor(rules, { productNo: p.productNo, brand: p.brand, quantity: 1 });
    return terms.map((term) => {
      const price = priceFor(p, { term, domainCount: 1, discountPercent: discount });
      return {
        productNo: p.productNo,
        productName: p.chineseName,
        productNameEn: p.englishName,
        brand: p.brand,
        brandName: p.brandName,
        productType: p.productType,
        term,
        listPrice: price.allRawPrice,
        myPrice: price.allNowPrice,
        discount,
        extraDomainPrice: discounted(p.extraDomainPrice, discount),
        packageRemaining: remaining.get(p.productNo) ?? 0,
      };
    });
  });
}
