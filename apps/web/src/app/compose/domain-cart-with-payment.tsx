import { useState } from 'react';
import CartPage, { type CartCheckout } from '../../features/domains/components/cart-page.tsx';
import { checkoutCart } from '../../features/domains/api/cart.ts';
import { useDomainsT } from '../../features/domains/i18n.ts';
import type { Purchase } from '../../features/payment/components/payment-dialog.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { toast } from '../../lib/toast.ts';

/**
 * /domain/cart: the cart with the payment dialog plugged in. A checkout is paid like a certificate order, by the
 * balance or an outside way; the names are registered once it is paid. Features never import each other; they meet here.
 */
export default function DomainCartWithPayment() {
  const { t } = useDomainsT();
  const [checkout, setCheckout] = useState<CartCheckout | null>(null);
  const purchase: Purchase | undefined = checkout
    ? {
        title: t('cart.purchase', { count: checkout.items.length }),
        lines: [
          { label: t('cart.names'), value: checkout.items.map((i) => i.unicode).join(', ') },
          { label: t('common.years'), value: [...new Set(checkout.items.map((i) => t('common.yearsN', { count: i.years })))].join(', ') },
        ],
        amount: checkout.total,
        start: async ({ payWay, returnUrl, replacePaymentId }) => {
          const r = await checkoutCart({ cartIds: checkout.cartIds, contactId: checkout.contactId, payWay, returnUrl, ...(replacePaymentId ? { replacePaymentId } : {}) });
          const refunded = r.orders.filter((o) => o.status === 'refunded').length;
          if (refunded) toast.warning(t('cart.refunded', { count: refunded }));
          return r.payment;
        },
        doneHref: '/domain/manage/mine',
      }
    : undefined;
  return (
    <>
      <CartPage onCheckout={setCheckout} />
      <PurchaseDialog purchase={purchase} onClose={() => setCheckout(null)} />
    </>
  );
}
