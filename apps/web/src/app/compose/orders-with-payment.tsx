import { OrdersListPage } from '../../features/orders/pages/orders-list-page.tsx';
import { usePay } from './use-pay.tsx';

// The details page (certificate tools, timeline) loads in a chunk of its own: order-details-with-payment.tsx.
export function OrdersListWithPayment() {
  const { onPay, dialog } = usePay();
  return (
    <>
      <OrdersListPage onPay={onPay} />
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
