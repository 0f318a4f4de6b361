import { translate, type Locale } from '@cc/contracts/messages';
import type { PaymentsContext } from '../payments/context.ts';
import { balanceOf } from '../payments/ledger.ts';
import { startPurchasePayment } from '../payments/pay.ts';
import type { AuditBy } from '../team/audit.ts';
import type { Spender } from '../payments/spending.ts';
import { buyCertPackage, packageItems, quotePackage } from './cert-packages.ts';

export interface BuyPackageBody {
  offerId: number;
  payWay: string;
  returnUrl?: string | undefined;
  replacePaymentId?: string | undefined;
}

/**
 * POST /v1/certPkg: a package is paid like an order. From the balance it is granted at once; through an outside way
 * the answer is the pending pay result and the package is granted when the gateway confirms the payment.
 */
export async function buyPackage(ctx: PaymentsContext, spender: Spender, by: AuditBy, body: BuyPackageBody, origin: string, locale: Locale) {
  const accountId = spender.accountId;
  if (body.payWay === 'balance') return { ...(await buyCertPackage(ctx.db, spender, body.offerId, by)), payment: null };
  const o = await quotePackage(ctx.db, accountId, body.offerId);
  const payment = await startPurchasePayment(ctx, spender, {
    purpose: 'package', payWay: body.payWay, amount: o.amount, items: packageItems(o),
    subject: translate(locale, 'pay.subject.package', { product: o.productName, quantity: o.quantity }),
    returnPath: body.returnUrl ?? '/account/cert-package', origin, replacePaymentId: body.replacePaymentId, by,
  });
  return { id: 0, amount: o.amount, balance: await balanceOf(ctx.db, accountId), payment };
}
