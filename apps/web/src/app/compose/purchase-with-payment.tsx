import { Suspense, lazy, useCallback, useState } from 'react';
import PurchasePage from '../../features/purchase/pages/purchase-page.tsx';
import { productsQuery } from '../../lib/api/get-products.ts';
import { useFirstAnswers } from '../../lib/api/first-answers.ts';

// The dialog's code loads when the first orders need paying, not with the purchase page.
const PaymentDialog = lazy(() => import('../../features/payment/components/payment-dialog.tsx').then((m) => ({ default: m.PaymentDialog })));

/**
 * /ssl/certificates: the purchase page with the payment dialog plugged in (document 01 §4 "After creation": orders
 * that cost something open "confirm order and pay"). Features never import each other; they meet here.
 * A pay call that loses the network on this page counts as success (document 01 §8).
 */
export default function PurchaseWithPayment() {
  const [orderNos, setOrderNos] = useState<string[] | null>(null);
  const onOrdersCreated = useCallback((nos: string[]) => setOrderNos(nos), []);
  // The catalogue is in before the form renders: once with its products, not first as a placeholder.
  useFirstAnswers([productsQuery]);
  return (
    <>
      <PurchasePage onOrdersCreated={onOrdersCreated} />
      {orderNos ? (
        <Suspense fallback={null}>
          <PaymentDialog open orderNos={orderNos} networkLossIsSuccess onClose={() => setOrderNos(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
