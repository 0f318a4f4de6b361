import { Suspense, lazy } from 'react';
import type { Purchase } from '../../features/payment/components/payment-dialog.tsx';

// The dialog's code loads when something is bought, not with the page that sells it.
const PaymentDialog = lazy(() => import('../../features/payment/components/payment-dialog.tsx').then((m) => ({ default: m.PaymentDialog })));

/** The payment dialog for a purchase without a certificate order (a domain checkout, a package), while there is one. */
export function PurchaseDialog({ purchase, onClose }: { purchase: Purchase | undefined; onClose: () => void }) {
  return purchase ? (
    <Suspense fallback={null}>
      <PaymentDialog open orderNos={[]} purchase={purchase} onClose={onClose} />
    </Suspense>
  ) : null;
}
