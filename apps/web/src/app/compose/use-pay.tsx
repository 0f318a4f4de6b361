import { Suspense, lazy, useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PayAim } from '../../features/orders/components/page-props.ts';

// The dialog's code loads when something needs paying, not with the orders pages.
const PaymentDialog = lazy(() => import('../../features/payment/components/payment-dialog.tsx').then((m) => ({ default: m.PaymentDialog })));

/** The orders pages' "pay" (orders waiting for payment, or a re-sign's difference) opens payment's dialog. */
export function usePay() {
  const qc = useQueryClient();
  const [pending, setPending] = useState<{ orderNos: string[]; aim: PayAim } | null>(null);
  const onPay = useCallback((orderNos: string[], aim: PayAim) => setPending({ orderNos, aim }), []);
  const dialog = pending ? (
    <Suspense fallback={null}>
      <PaymentDialog
        open
        orderNos={pending.orderNos}
        aim={pending.aim}
        onClose={() => {
          setPending(null);
          void qc.invalidateQueries({ queryKey: ['orders'] });
        }}
      />
    </Suspense>
  ) : null;
  return { onPay, dialog };
}

