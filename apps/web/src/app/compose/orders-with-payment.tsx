import { OrdersListPage } from '../../features/orders/pages/orders-list-page.tsx';
import { useSearch } from '@tanstack/react-router';
import { firstPageParams, listInitialOf } from '../../features/orders/lib/list-view.ts';
import { ordersQuery } from '../../features/orders/api/get-orders.ts';
import { orderCountQuery } from '../../features/orders/api/get-order-count.ts';
import { useFirstAnswers } from '../../lib/api/first-answers.ts';
import { usePay } from './use-pay.tsx';

// The details page (certificate tools, timeline) loads in a chunk of its own: order-details-with-payment.tsx.
export function OrdersListWithPayment() {
  const { onPay, dialog } = usePay();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // The first page of rows and the tab counts are in before the list renders: once, not once per answer.
  useFirstAnswers([ordersQuery(firstPageParams(search)), orderCountQuery]);
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
