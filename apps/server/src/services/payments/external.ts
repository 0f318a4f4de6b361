import { randomBytes } from 'node:crypto';
import type { Queryable } from '@cc/db/client';
import { isCryptoWay, type ExternalPayWay, type PayResult } from '@cc/contracts/payments';
import type { GatewayEvent, PaymentGateway } from '../../adapters/payment/gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueue } from '../jobs/queue.ts';
import { queueBalanceCheck, queueInform } from '../account/inform-events.ts';
import type { PaymentsContext } from './context.ts';
import { lockPayableOrders, markOrdersPaid, type Aim } from './order-payment.ts';
import { postLedgerEntry } from './ledger.ts';
import { payTx } from './tx.ts';
import { settleDomainCheckout } from '../domains/orders.ts';
import { settlePackagePurchase } from '../billing/cert-packages.ts';
import type { JobKind } from '../jobs/kinds.ts';
import { auditAs, type AuditBy } from '../team/audit.ts';
import { passSpendingGate, type Spender } from './spending.ts';

export const paymentExpireJob = 'payment.expire' satisfies JobKind;
/** How long an external payment stays payable: crypto 30 minutes (the quote moves), others two hours. */
export const ttlSeconds = (payWay: string) => (isCryptoWay(payWay) ? 30 * 60 : 2 * 3600);
export const baseCurrency = 'CNY';

export type Purpose = 'order' | 're_sign' | 'top_up' | PurchasePurpose;
/** Purchases that have no order row before they are paid: what they buy is in the payment's `items`. */
export type PurchasePurpose = 'domain' | 'package';

/** A purchase's payment that the gateway confirmed, as its settler sees it (inside the transaction that marked it succeeded). */
export interface PaidPurchase {
  id: string;
  accountId: number;
  amount: number;
  payWay: string;
  items: unknown;
}
/** What settling bought: the payment's outcome and the orders it made (stored on the payment). */
export interface Settled {
  outcome: string;
  orderNos: string[];
}

/**
 * Each purchase's settlement, run once per payment (the payment row is locked and moves from pending exactly once):
 * the area that sells it makes what was bought from the payment's items, without moving the balance.
 */
const settlers: Record<PurchasePurpose, (q: Queryable, p: PaidPurchase) => Promise<Settled>> = {
  domain: settleDomainCheckout,
  package: settlePackagePurchase,
};

/**
 * A payment to open: a top-up brings money in (the account's), anything else spends (who spends, for the spending
 * gate).
 */
export type StartPayment = StartPaymentFields & ({ purpose: 'top_up'; accountId: number } | { purpose: Exclude<Purpose, 'top_up'>; spender: Spender });

interface StartPaymentFields {
  orderNos: string[];
  payWay: ExternalPayWay;
  /** Cents of the base currency. */
  amount: number;
  subject: string;
  /** A path on this site. */
  returnPath: string;
  origin: string;
  /** What a purchase buys (purpose domain or package): stored with the payment, settled when it succeeds. */
  items?: unknown;
  /** The live payment the payer saw declined (the provider's callback may still be on its way): open a new one. */
  replacePaymentId?: string | undefined;
  /** Who starts it: written to the team audit log with the payment row. */
  by: AuditBy;
}

/** Decided when answering, not stored: a result saved before (or under another NODE_ENV) answers what applies now. */
function withSandboxPage(ctx: PaymentsContext, gateway: PaymentGateway, result: PayResult): PayResult {
  const page = ctx.showSandboxPage && gateway.name === ctx.sandbox.name ? result.webPagePayURL : '';
  return { ...result, sandboxPageURL: page };
}

/**
 * Creates a payment through the gateway and answers the pay result. Pressing pay again for the same orders, way
 * and amount answers the live payment instead of opening another one.
 */
export async function startExternalPayment(ctx: PaymentsContext, start: StartPayment): Promise<PayResult> {
  const accountId = start.purpose === 'top_up' ? start.accountId : start.spender.accountId;
  // What the payer will pay the gateway is spent now, as far as the payer's limit goes.
  if (start.purpose !== 'top_up') await passSpendingGate(ctx.db, start.spender, start.amount);
  const s = { ...start, accountId };
  const gateway = ctx.gatewayFor(s.payWay);
  const items = s.items === undefined ? null : JSON.stringify(s.items);
  if (s.purpose !== 'top_up') {
    const [live] = await ctx.db.query<{ result: PayResult }>(
      `SELECT result FROM payments
        WHERE account_id = $1 AND purpose = $2 AND order_nos = $3::text[] AND pay_way = $4 AND amount = $5 AND gateway = $6
          AND status = 'pending' AND result IS NOT NULL AND expires_at > now() + interval '5 minutes' AND id IS DISTINCT FROM $7
          AND items IS NOT DISTINCT FROM $8::jsonb
        ORDER BY created_at DESC LIMIT 1`,
      [s.accountId, s.purpose, s.orderNos, s.payWay, s.amount, gateway.name, s.replacePaymentId ?? null, items],
    );
    if (live) return withSandboxPage(ctx, gateway, live.result);
  }
  const id = `pay_${randomBytes(18).toString('base64url')}`;
  const ttl = ttlSeconds(s.payWay);
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await ctx.db.tx(async (q) => {
    await q.query(
      `INSERT INTO payments (id, account_id, purpose, order_nos, pay_way, amount, currency, gateway, expires_at, items) VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $10::jsonb)`,
      [id, s.accountId, s.purpose, s.orderNos, s.payWay, s.amount, baseCurrency, gateway.name, expiresAt.toISOString(), items],
    );
    await enqueue(q, paymentExpireJob, { id }, { delaySeconds: ttl, dedupeKey: id });
    await auditAs(q, s.accountId, s.by, {
      kind: 'payment', action: s.purpose === 'top_up' ? 'team.payment.deposit' : 'team.payment.start',
      params: { amount: s.amount, payWay: s.payWay, orderNo: s.orderNos.join(',') }, objectType: 'payment', objectId: id,
    });
  });
  let fields;
  try {
    fields = await gateway.createPayment({
      method: s.payWay, amount: s.amount, currency: baseCurrency, merchantRef: id, subject: s.subject,
      returnUrl: `${s.origin}${s.returnPath}`, page: s.purpose === 'top_up' ? 'deposit' : 'payment', origin: s.origin, expiresAt,
    });
  } catch (e) {
    await ctx.db.query(`UPDATE payments SET status = 'declined', outcome = 'gateway_error', completed_at = now(), updated_at = now() WHERE id = $1`, [id]);
    throw e;
  }
  const result: PayResult = {
    status: 'pending', paymentId: id, payWay: s.payWay, amount: s.amount,
    webPagePayURL: fields.webPagePayURL, payURL: fields.payURL, stripePublicKey: fields.stripePublicKey, clientSecret: fields.clientSecret,
    sessionID: fields.sessionID, webCurrency: fields.webCurrency, backCurrency: baseCurrency, transferredPriceCent: fields.transferredPriceCent,
    qrCodeBase64: fields.qrCodeBase64, expireTime: Math.floor(expiresAt.getTime() / 1000), sandboxPageURL: '',
  };
  await ctx.db.query(`UPDATE payments SET provider_ref = $2, capture_token = $3, result = $4::jsonb, updated_at = now() WHERE id = $1`, [
    id, fields.providerRef, fields.captureToken || null, JSON.stringify(result),
  ]);
  return withSandboxPage(ctx, gateway, result);
}

type PaymentRow = {
  id: string;
  account_id: number;
  purpose: Purpose;
  order_nos: string[];
  pay_way: string;
  amount: number;
  currency: string;
  gateway: string;
  provider_ref: string | null;
  status: 'pending' | 'succeeded' | 'declined' | 'expired';
  expires_at: Date | string;
  items: unknown;
};

export interface Applied {
  applied: boolean;
  /** applied, replay, late, unknown_payment, amount_mismatch, ... */
  reason: string;
  /** 200 for what was applied or harmlessly ignored (replays, late); 400 for what cannot be ours. */
  httpStatus: 200 | 400;
  paymentId?: string;
}

/** What a refused callback carried, as text PostgreSQL stores: NUL written out, lone surrogates replaced. */
const storable = (detail: string) =>
  detail
    .slice(0, 1000)
    .replaceAll('\u0000', '\\u0000')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

async function logCallback(q: Queryable, gateway: string, paymentId: string | null, verdict: string, detail: string) {
  await q.query(`INSERT INTO payment_callback_log (gateway, payment_id, verdict, detail) VALUES ($1, $2, $3, $4)`, [gateway, paymentId, verdict, storable(detail)]);
}

/** Records a refused callback (bad signature, stale, malformed) outside any payment's transaction. */
export const logRefusedCallback = (q: Queryable, gateway: string, verdict: string, detail: string) => logCallback(q, gateway, null, verdict, detail);

/**
 * Applies a verified gateway event exactly once: the payment row is locked, its status moves only from pending
 * (or from expired when the provider says it was paid in time), and the ledger's unique (kind, ref) backs that up.
 * Replays, late and mismatching events change nothing and are logged.
 */
export async function applyGatewayEvent(ctx: PaymentsContext, gateway: PaymentGateway, ev: GatewayEvent): Promise<Applied> {
  const out = await payTx(ctx.db, async (q): Promise<Applied> => {
    const [p] = await q.query<PaymentRow>(
      `SELECT id, account_id, purpose, order_nos, pay_way, amount::float8 AS amount, currency, gateway, provider_ref, status, expires_at, items
         FROM payments WHERE id = $1 FOR UPDATE`,
      [ev.merchantRef],
    );
    const ignore = async (reason: string, httpStatus: 200 | 400): Promise<Applied> => {
      await logCallback(q, gateway.name, p?.id ?? null, reason, JSON.stringify({ ...ev, paymentStatus: p?.status }));
      return { applied: false, reason, httpStatus, ...(p ? { paymentId: p.id } : {}) };
    };
    if (!p || p.gateway !== gateway.name || (p.provider_ref !== null && p.provider_ref !== ev.providerRef)) return ignore('unknown_payment', 400);
    if (ev.amount !== p.amount || ev.currency !== p.currency) return ignore('amount_mismatch', 400);
    if (ev.status !== 'succeeded') {
      const [moved] = await q.query(`UPDATE payments SET status = $2, completed_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`, [p.id, ev.status]);
      return moved ? { applied: true, reason: 'applied', httpStatus: 200, paymentId: p.id } : ignore(p.status === ev.status ? 'replay' : 'late', 200);
    }
    if (p.status === 'succeeded') return ignore('replay', 200);
    if (p.status === 'declined') return ignore('late', 200);
    // Paid after the quote lapsed: the provider's own time says so, and it is signed.
    if (ev.occurredAt.getTime() > new Date(p.expires_at).getTime()) return ignore('late', 200);
    const [moved] = await q.query(
      `UPDATE payments SET status = 'succeeded', completed_at = now(), updated_at = now() WHERE id = $1 AND status IN ('pending', 'expired') RETURNING id`,
      [p.id],
    );
    if (!moved) return ignore('replay', 200);
    const outcome = await fulfil(q, p);
    await q.query(`UPDATE payments SET outcome = $2 WHERE id = $1`, [p.id, outcome]);
    return { applied: true, reason: 'applied', httpStatus: 200, paymentId: p.id };
  });
  if (out.reason !== 'applied' && out.reason !== 'replay') ctx.log.warn({ event: ev, verdict: out.reason }, 'payment callback ignored');
  return out;
}

const isPurchase = (purpose: Purpose): purpose is PurchasePurpose => purpose in settlers;

/**
 * What a succeeded payment buys: a top-up, the orders, or a purchase (its settler); money for orders paid meanwhile
 * goes to the balance.
 */
async function fulfil(q: Queryable, p: PaymentRow): Promise<string> {
  if (isPurchase(p.purpose)) {
    const done = await settlers[p.purpose](q, { id: p.id, accountId: p.account_id, amount: p.amount, payWay: p.pay_way, items: p.items });
    if (done.orderNos.length) await q.query(`UPDATE payments SET order_nos = $2::text[] WHERE id = $1`, [p.id, done.orderNos]);
    return done.outcome;
  }
  if (p.purpose === 'top_up') {
    await postLedgerEntry(q, { accountId: p.account_id, amount: p.amount, kind: 'top_up', ref: p.id, payWay: p.pay_way });
    await queueInform(q, p.account_id, 'payment', { amount: p.amount, payWay: p.pay_way, orderNos: '' });
    await queueBalanceCheck(q, p.account_id);
    return 'topped_up';
  }
  const aim: Aim = p.purpose === 're_sign' ? 'reSign' : 'makeOrder';
  try {
    const orders = await lockPayableOrders(q, p.account_id, p.order_nos, aim);
    const due = orders.reduce((n, o) => n + o.due, 0);
    if (due === p.amount) {
      await markOrdersPaid(q, orders, aim, p.pay_way, p.id);
      return 'order_paid';
    }
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
  // Paid another way, cancelled or repriced since: the money is the customer's, so it lands on the balance.
  await postLedgerEntry(q, { accountId: p.account_id, amount: p.amount, kind: 'refund', ref: p.id, payWay: p.pay_way, remark: `orders ${p.order_nos.join(',')} no longer payable` });
  return 'credited_to_balance';
}

/** The payment.expire job: a payment nobody completed in time stops being payable. */
export async function expirePayment(ctx: PaymentsContext, id: string): Promise<{ retryInSeconds: number } | undefined> {
  const [row] = await ctx.db.query<{ wait: number | null }>(
    `WITH moved AS (UPDATE payments SET status = 'expired', completed_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending' AND expires_at <= now() RETURNING id)
     SELECT (SELECT ceil(extract(epoch FROM expires_at - now()))::float8 FROM payments WHERE id = $1 AND status = 'pending' AND NOT EXISTS (SELECT 1 FROM moved)) AS wait`,
    [id],
  );
  return row?.wait && row.wait > 0 ? { retryInSeconds: row.wait } : undefined;
}
