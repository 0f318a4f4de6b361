import { OrderDetailsPage } from '../../features/orders/pages/order-details-page.tsx';
import { usePay } from './use-pay.tsx';

export function OrderDetailsWithPayment() {
  const { onPay, dialog } = usePay();
  return (
    <>
      <OrderDetailsPage onPay={onPay} />
      {dialog}
    </>
  );
}
