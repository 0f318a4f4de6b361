import { OrdersListPage } from '../../features/orders/pages/orders-list-page.tsx';
import { useSearch } from '@tanstack/react-router';
import { listInitialOf } from '../../features/orders/lib/list-view.ts';
import { usePay } from './use-pay.tsx';

// The details page (certificate tools, timeline) loads in a chunk of its own: order-details-with-payment.tsx.
export function OrdersListWithPayment() {
  const { onPay, dialog } = usePay();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // A new address (a dashboard link followed from here) starts the list again from its filters.
  const key = JSON.stringify(search);
  return (
    <>
      <OrdersListPage key={key} onPay={onPay} initial={listInitialOf(search)} />
      {dialog}
    </>
  );
}

export function ExpiringOrdersWithPayment() {
  const { onPay, dialog } = usePay();
  return (
    <>
      <OrdersListPage expiring onPay={onPay} />
      {dialog}
    </>
  );
}
