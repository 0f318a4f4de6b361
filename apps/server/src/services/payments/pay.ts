import type { Queryable } from '@cc/db/client';
import { translate, type Locale } from '@cc/contracts/messages';
import { isCardProviderWay, isCryptoWay, isPayWayKey, type ExternalPayWay, type PayBody, type PayResult, type PayWay } from '@cc/contracts/payments';
import { maxBatchOrders } from '@cc/domain/terms';
import { fail } from '../../lib/app-error.ts';
import type { PaymentsContext } from './context.ts';
import { payRefusal } from './errors.ts';
import { applyGatewayEvent, baseCurrency, startExternalPayment, type Purpose, type PurchasePurpose } from './external.ts';
import { lockPayableOrders, payOrdersFromBalance } from './order-payment.ts';
import { payTx } from './tx.ts';
import { payFromBalanceInLine } from './balance-line.ts';
import { profileProgress } from '../account/profile.ts';
import type { AuditBy } from '../team/audit.ts';
import { checkVerificationForDeposit, checkVerificationForOrders } from './verification.ts';
import { isBounded, passSpendingGate, type Spender } from './spending.ts';

/** Ways the pay dialog (or the top-up page) may offer: switched on, balance first (document 01 §5). */
export async function listPayWays(q: Queryable, opts: { count: number; scene: 'order' | 'deposit' }): Promise<PayWay[]> {
  const rows = await q.query<{ pay_way: string; name: string; show_name: string; switch: string }>(
    `SELECT pay_way, name, show_name, switch FROM pay_ways WHERE switch = 'Y' ORDER BY (pay_way = 'balance') DESC, sort, pay_way`,
  );
  return rows
    .filter((r) => {
      if (opts.scene === 'deposit') return r.pay_way !== 'balance';
      if (opts.count > 1) return r.pay_way === 'balance';
      return !isCryptoWay(r.pay_way);
    })
    .map((r) => ({ name: r.name, switch: r.switch, payWay: r.pay_way, showName: r.show_name }));
}

async function checkWayOn(q: Queryable, payWay: string) {
  if (!isPayWayKey(payWay)) throw payRefusal('INVALID_INPUT', 'pay.way.unknown', { payWay }, 'payWay');
  const [row] = await q.query(`SELECT 1 FROM pay_ways WHERE pay_way = $1 AND switch = 'Y'`, [payWay]);
  if (!row) throw payRefusal('INVALID_INPUT', 'pay.way.off', { payWay }, 'payWay');
}

/** The card provider needs a complete personal profile (code 12077; what "complete" is: services/account/profile.ts). */
async function checkProfileFor(q: Queryable, accountId: number, payWay: string) {
  if (isCardProviderWay(payWay) && !(await profileProgress(q, accountId)).complete) throw fail('PROFILE_INCOMPLETE');
}

const balanceResult = (amount: number): PayResult => ({
  status: 'paid', paymentId: '', payWay: 'balance', amount, webPagePayURL: '', payURL: '', stripePublicKey: '', clientSecret: '', sessionID: '',
  webCurrency: baseCurrency, backCurrency: baseCurrency, transferredPriceCent: 0, qrCodeBase64: '', expireTime: 0, sandboxPageURL: '',
});

/**
 * POST /v1/orders/pay: balance pays at once (all orders or none); an outside way opens a gateway payment for one order.
 * Either passes the spending gate with what the orders cost.
 */
export async function payOrders(ctx: PaymentsContext, spender: Spender, body: PayBody, origin: string, locale: Locale, by: AuditBy): Promise<PayResult> {
  const accountId = spender.accountId;
  const orderNos = [...new Set(body.orderNo)];
  if (orderNos.length > maxBatchOrders) throw payRefusal('INVALID_INPUT', 'pay.orders.tooMany', undefined, 'orderNo');
  const payWay = body.payWay;
  if (payWay === 'balance' && isBounded(spender)) {
    // A payer with a limit: the orders are locked and their amount passes the gate in the transaction that pays
    // them, so the amount gated is the amount taken.
    const paid = await payTx(ctx.db, async (q) => {
      const orders = await lockPayableOrders(q, accountId, orderNos, body.aim);
      await passSpendingGate(q, spender, orders.reduce((n, o) => n + o.due, 0));
      return payOrdersFromBalance(q, accountId, orderNos, body.aim, by);
    });
    return balanceResult(paid);
  }
  // The balance way, and the real-name verification an order needs, are checked by the paying statement itself (one
  // round trip for the whole payment, shared with the account's other payments waiting in line).
  if (payWay === 'balance') return balanceResult(await payFromBalanceInLine(ctx.db, accountId, body.aim, { orderNos, by }));
  await checkVerificationForOrders(ctx.db, accountId, orderNos, body.aim);
  await checkWayOn(ctx.db, payWay);
  if (orderNos.length > 1) throw payRefusal('INVALID_INPUT', 'pay.way.balanceOnlyForSeveral', undefined, 'payWay');
  if (isCryptoWay(payWay)) throw payRefusal('INVALID_INPUT', 'pay.way.cryptoNotForOrder', { payWay }, 'payWay');
  await checkProfileFor(ctx.db, accountId, payWay);
  const orderNo = orderNos[0]!;
  const [order] = await payTx(ctx.db, (q) => lockPayableOrders(q, accountId, orderNos, body.aim));
  if (!order || order.due <= 0) throw payRefusal('CONFLICT', 'pay.order.nothingDue', { orderNo }, 'orderNo');
  const label = translate(locale, 'pay.subject.order', { orderNo });
  return startExternalPayment(ctx, {
    spender, purpose: body.aim === 'reSign' ? 're_sign' : 'order', orderNos, payWay: payWay as ExternalPayWay, amount: order.due,
    subject: body.name ? `${body.name} · ${label}` : label, returnPath: body.returnUrl ?? `/ssl/certificate/${encodeURIComponent(orderNo)}`, origin,
    replacePaymentId: body.replacePaymentId, by,
  });
}

/** What a purchase without a certificate order (a domain checkout, a certificate package) asks of an outside way. */
export interface PurchasePayment {
  purpose: PurchasePurpose;
  payWay: string;
  /** Cents, as the purchase priced them. */
  amount: number;
  /** What is bought, settled from this when the gateway confirms (services/payments/external.ts settlers). */
  items: unknown;
  subject: string;
  returnPath: string;
  origin: string;
  replacePaymentId?: string | undefined;
  /** Who opens it, from where: the team audit log records the start (as for an order's payment). */
  by: AuditBy;
}

/**
 * Opens the gateway payment of a purchase by the rules an order's has: the way must be known and on, no crypto for
 * a purchase, the card provider needs a complete profile. The balance is each area's own transaction, not this.
 */
export async function startPurchasePayment(ctx: PaymentsContext, spender: Spender, s: PurchasePayment): Promise<PayResult> {
  await checkWayOn(ctx.db, s.payWay);
  if (s.payWay === 'balance') throw new Error('a balance purchase is paid in its own transaction');
  if (isCryptoWay(s.payWay)) throw payRefusal('INVALID_INPUT', 'pay.way.cryptoNotForOrder', { payWay: s.payWay }, 'payWay');
  if (s.amount <= 0) throw payRefusal('CONFLICT', 'pay.purchase.nothingDue', undefined, 'payWay');
  await checkProfileFor(ctx.db, spender.accountId, s.payWay);
  return startExternalPayment(ctx, {
    spender, purpose: s.purpose, orderNos: [], payWay: s.payWay as ExternalPayWay, amount: s.amount, items: s.items,
    subject: s.subject, returnPath: s.returnPath, origin: s.origin, replacePaymentId: s.replacePaymentId, by: s.by,
  });
}

/** GET /v1/payments/{id}: any of the caller's payments, as the dialog polls it for a purchase. */
export async function paymentStatus(ctx: PaymentsContext, accountId: number, id: string) {
  const [row] = await ctx.db.query<{
    id: string; purpose: Purpose; amount: number; pay_way: string; status: 'pending' | 'succeeded' | 'declined' | 'expired'; outcome: string; order_nos: string[];
    expires_at: Date | string; completed_at: Date | string | null;
  }>(
    `SELECT id, purpose, amount::float8 AS amount, pay_way, status, outcome, order_nos, expires_at, completed_at FROM payments WHERE id = $1 AND account_id = $2`,
    [id, accountId],
  );
  if (!row) throw payRefusal('NOT_FOUND', 'pay.payment.notFound', undefined, 'id');
  return {
    id: row.id, purpose: row.purpose, amount: row.amount, payWay: row.pay_way, status: row.status, outcome: row.outcome, orderNos: row.order_nos,
    expireTime: Math.floor(new Date(row.expires_at).getTime() / 1000),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}

/** POST /v1/deposit: a top-up through an outside way; the balance rises when the gateway confirms. */
export async function startDeposit(ctx: PaymentsContext, accountId: number, body: { amount: number; payWay: string; returnUrl?: string | undefined }, origin: string, locale: Locale, by: AuditBy): Promise<PayResult> {
  if (body.payWay === 'balance') throw payRefusal('INVALID_INPUT', 'pay.way.balanceNotForDeposit', undefined, 'payWay');
  await checkWayOn(ctx.db, body.payWay);
  await checkVerificationForDeposit(ctx.db, accountId, body.amount);
  await checkProfileFor(ctx.db, accountId, body.payWay);
  return startExternalPayment(ctx, {
    accountId, purpose: 'top_up', orderNos: [], payWay: body.payWay as ExternalPayWay, amount: body.amount,
    subject: translate(locale, 'pay.subject.deposit'), returnPath: body.returnUrl ?? '/deposit', origin, by,
  });
}

export async function depositStatus(ctx: PaymentsContext, accountId: number, id: string) {
  const [row] = await ctx.db.query<{ id: string; amount: number; pay_way: string; status: 'pending' | 'succeeded' | 'declined' | 'expired'; expires_at: Date | string; created_at: Date | string; completed_at: Date | string | null }>(
    `SELECT id, amount::float8 AS amount, pay_way, status, expires_at, created_at, completed_at FROM payments WHERE id = $1 AND account_id = $2 AND purpose = 'top_up'`,
    [id, accountId],
  );
  if (!row) throw payRefusal('NOT_FOUND', 'pay.deposit.notFound', undefined, 'id');
  return {
    id: row.id, amount: row.amount, payWay: row.pay_way, status: row.status,
    expireTime: Math.floor(new Date(row.expires_at).getTime() / 1000),
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}

/**
 * POST /v1/orders/paypal/capture: the payer came back from the wallet's page; take the money and apply it. The capture
 * is when the money moves: a payment for orders or a purchase passes the spending gate of whoever captures it.
 */
export async function capturePaypal(ctx: PaymentsContext, spender: Spender, token: string, payerId: string) {
  const accountId = spender.accountId;
  const [p] = await ctx.db.query<{ id: string; gateway: string; purpose: Purpose; amount: number }>(
    `SELECT id, gateway, purpose, amount::float8 AS amount FROM payments WHERE capture_token = $1 AND account_id = $2`,
    [token, accountId],
  );
  const gateway = p ? ctx.gatewayByName(p.gateway) : undefined;
  if (!p || !gateway) throw payRefusal('NOT_FOUND', 'pay.capture.notFound', undefined, 'token');
  if (p.purpose !== 'top_up') await passSpendingGate(ctx.db, spender, p.amount);
  const r = await gateway.capture(token, payerId);
  if (!r.ok) {
    if (r.reason === 'not_found') throw payRefusal('NOT_FOUND', 'pay.capture.notFound', undefined, 'token');
    if (r.reason === 'not_approved') throw payRefusal('CONFLICT', 'pay.capture.notApproved', undefined, 'token');
    if (r.reason === 'payer_mismatch') throw payRefusal('INVALID_INPUT', 'pay.capture.payerMismatch', undefined, 'PayerID');
    throw payRefusal('CONFLICT', 'pay.capture.failed', { status: r.status ?? 'unknown' }, 'token');
  }
  // The capture answer is as good as a callback (same event); the webhook that follows is then a replay.
  await applyGatewayEvent(ctx, gateway, r.event);
  const [after] = await ctx.db.query<{ id: string; purpose: Purpose; order_nos: string[]; status: 'pending' | 'succeeded' | 'declined' | 'expired' }>(
    `SELECT id, purpose, order_nos, status FROM payments WHERE id = $1`,
    [p.id],
  );
  return { paymentId: p.id, purpose: after!.purpose, orderNos: after!.order_nos, status: after!.status };
}
