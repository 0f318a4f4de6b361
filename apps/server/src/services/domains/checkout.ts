import { translate, type Locale } from '@cc/contracts/messages';
import type { PaymentsContext } from '../payments/context.ts';
import { startPurchasePayment } from '../payments/pay.ts';
import type { DomainsContext } from './context.ts';
import { unicodeOf } from './names.ts';
import { payCart, quoteCheckout, type CheckoutItems } from './orders.ts';
import { authorOf, type Who } from '../team/scope.ts';
import type { Spender } from '../payments/spending.ts';
import type { AuditBy } from '../team/audit.ts';

export interface CheckoutBody {
  cartIds: number[];
  contactId: number;
  payWay: string;
  returnUrl?: string | undefined;
  replacePaymentId?: string | undefined;
}

/**
 * POST /dm-serv/v1/pay: a checkout is paid like an order. From the balance the orders are made and registered now;
 * through an outside way the answer is the pending pay result, and the orders are made (and registered) when the
 * gateway confirms the payment.
 */
export async function checkout(ctx: DomainsContext, pay: PaymentsContext, who: Who, spender: Spender, by: AuditBy, body: CheckoutBody, origin: string, locale: Locale) {
  if (body.payWay === 'balance') return { ...(await payCart(ctx, who, spender, by, body)), payment: null };
  const quote = await quoteCheckout(ctx, ctx.db, who, body, false);
  const items: CheckoutItems = { contactId: body.contactId, lines: quote.lines, author: authorOf(who), by };
  const names = quote.lines.map((l) => unicodeOf(l.name));
  const payment = await startPurchasePayment(pay, spender, {
    purpose: 'domain', payWay: body.payWay, amount: quote.amount, items,
    subject: translate(locale, 'pay.subject.domains', { domains: names.length > 3 ? `${names.slice(0, 3).join(', ')} …` : names.join(', ') }),
    returnPath: body.returnUrl ?? '/domain/manage/mine', origin, replacePaymentId: body.replacePaymentId, by,
  });
  return { orders: [], amount: quote.amount, payment };
}
