import { useState } from 'react';
import CertPackagePage, { type Offer } from '../../features/billing/pages/cert-package-page.tsx';
import { buyCertPackage } from '../../features/billing/api/cert-packages.ts';
import { useBillingT } from '../../features/billing/i18n.ts';
import type { Purchase } from '../../features/payment/components/payment-dialog.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { useMoney } from '../../hooks/use-money.ts';

/**
 * /account/cert-package: packages on sale with the payment dialog plugged in. A package is paid like a certificate
 * order, by the balance or an outside way, and granted once it is paid. Features never import each other; they meet here.
 */
export default function CertPackageWithPayment() {
  const { t, lang } = useBillingT();
  const money = useMoney();
  const [offer, setOffer] = useState<Offer | null>(null);
  const product = offer ? (lang === 'en' ? offer.productNameEn : offer.productName) : '';
  const purchase: Purchase | undefined = offer
    ? {
        title: t('pkg.purchase', { product, quantity: offer.quantity }),
        lines: [
          { label: t('pkg.quantity'), value: String(offer.quantity) },
          { label: t('pkg.listPrice'), value: money(offer.listPrice) },
          { label: t('pkg.price'), value: money(offer.price) },
        ],
        amount: offer.price,
        start: async ({ payWay, returnUrl, replacePaymentId }) =>
          (await buyCertPackage({ offerId: offer.id, payWay, returnUrl, ...(replacePaymentId ? { replacePaymentId } : {}) })).payment,
        doneHref: '/account/cert-package',
      }
    : undefined;
  return (
    <>
      <CertPackagePage onBuy={setOffer} />
      <PurchaseDialog purchase={purchase} onClose={() => setOffer(null)} />
    </>
  );
}
