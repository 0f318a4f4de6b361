import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { priceDebounceMs } from '@cc/domain/terms';
import { isAbortError } from '../../../lib/http.ts';
import { getPrice } from '../api/get-price.ts';
import { billedCounts, type PlannedOrder } from '../lib/plan-orders.ts';
import { priceKeyOf, quoteOrders, totalByQuote, type Quote } from '../lib/price-quote.ts';

interface PricedProduct {
  productNo: string;
  free: boolean;
}

const priceOf = (productNo: string, term: number, signal?: AbortSignal) => (names: string[] | undefined) => getPrice(productNo, { year: term, sslDomains: names }, signal);

/**
 * The price preview: one call per distinct number of billed names, debounced 500 ms (§7). `totalOf` says what
 * created orders cost: the preview answers only 500 ms after the last change, so Create may come first; then
 * they are priced now rather than taken as free (which would skip the payment dialog). Null: the call failed.
 */
export function usePricePreview(product: PricedProduct | null, term: number, orders: readonly PlannedOrder[], mode: 'single' | 'batch', withDomains: boolean) {
  /** The last preview, with the priceKey it answers for. */
  const [price, setPrice] = useState<(Quote & { key: string }) | null>(null);
  const [pricing, setPricing] = useState(false);
  const counts = useMemo(() => billedCounts(orders), [orders]);
  const priceKey = priceKeyOf(product?.productNo, term, counts, mode);
  // Reads the inputs as they are when the debounce ends; priceKey, which carries all they price, decides when to ask.
  const quote = useEffectEvent((productNo: string, signal: AbortSignal) => quoteOrders(counts, mode === 'single' ? 1 : 0, withDomains, priceOf(productNo, term, signal)));
  const productNo = product?.productNo;
  useEffect(() => {
    if (!productNo) return;
    const controller = new AbortController();
    setPricing(true);
    const timer = setTimeout(() => {
      quote(productNo, controller.signal).then(
        (q) => {
          setPrice({ ...q, key: priceKey });
          setPricing(false);
        },
        (e: unknown) => {
          if (isAbortError(e)) return;
          setPrice(null);
          setPricing(false);
        },
      );
    }, priceDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [priceKey, productNo]);

  const totalOf = async (created: readonly PlannedOrder[]): Promise<number | null> => {
    if (!product || product.free) return 0;
    if (price?.key === priceKey) return totalByQuote(created, price);
    return quoteOrders(billedCounts(created), 0, withDomains, priceOf(product.productNo, term)).then((q) => q.now, () => null);
  };
  return { price, pricing, totalOf };
}
