import { z } from 'zod';
import { maxBatchOrders } from '@cc/domain/terms';
import { pageQuery } from './envelope.ts';
import { dateOrInstant, int, isCalendarDate, requiredText, text, textList } from './input.ts';

/**
 * Calls of payment (document 01 §2–§7, document 02 §3, §7 Finance): pay ways, pay, PayPal capture, top-up,
 * batch payment queues, balance records, and the sandbox gateway's hosted-page API. Amounts are integer cents
 * of the base currency (CNY) unless a field says otherwise. Form and JSON bodies are both accepted.
 */

export const payWayKeys = ['balance', 'alipay', 'wechat', 'paypal', 'stripe', 'stripe_alipay', 'stripe_wechat', 'usdt', 'usdc'] as const;
export type PayWayKey = (typeof payWayKeys)[number];
export const externalPayWays = payWayKeys.filter((k): k is Exclude<PayWayKey, 'balance'> => k !== 'balance');
export type ExternalPayWay = Exclude<PayWayKey, 'balance'>;
export const isPayWayKey = (v: string): v is PayWayKey => (payWayKeys as readonly string[]).includes(v);
/** usdt/usdc (document 01 §2: "identifier contains usdt or usdc"). */
export const isCryptoWay = (v: string) => v.includes('usdt') || v.includes('usdc');
/** The card provider and its Alipay/WeChat variants ("identifier contains stripe"): these need a complete profile (12077). */
export const isCardProviderWay = (v: string) => v.includes('stripe');

/** Payment method codes of finance records (document 01 §4): 0 Alipay, 1 WeChat Pay, 2 wallet, 3 virtual currency, 4 bank transfer. */
export const payWayCodes = { alipay: 0, wechat: 1, wallet: 2, crypto: 3, bankTransfer: 4 } as const;
/** The finance code of a pay way; null for the balance itself (a balance payment is not an outside method). */
export function payWayCodeOf(payWay: string): number | null {
  if (payWay === 'balance') return null;
  if (isCryptoWay(payWay)) return payWayCodes.crypto;
  if (payWay.includes('alipay')) return payWayCodes.alipay;
  if (payWay.includes('wechat')) return payWayCodes.wechat;
  if (payWay === 'bank_transfer') return payWayCodes.bankTransfer;
  // PayPal and the card provider: the global wallet / card family.
  return payWayCodes.wallet;
}

/** Order numbers: an array, or text joined by commas (as the console sends them), spaces tolerated. */
export const orderNoList = textList(1000, 64)
  .pipe(z.array(z.string()).min(1, { message: 'pay.orders.required' }))
  .describe('array, or order numbers joined by commas');

const payWayField = requiredText(32).describe(`one of ${payWayKeys.join(', ')}`);
const returnUrl = text(500)
  .trim()
  .regex(/^\/(?!\/)[^\s\\]*$/, { message: 'pay.returnUrl' })
  .optional()
  .describe('a path on this site ("/ssl/certificate/123"); where the sandbox page sends the payer back. Defaults: the order details (one order), /orders/list (several), /deposit (top-up)');

// --- pay ways
export const payWaysQuery = z.object({
  count: int(1, maxBatchOrders).optional().describe('how many orders the dialog pays (default 1)'),
  orderNos: orderNoList.optional().describe('alternative to count: the orders, comma joined'),
  scene: z.enum(['order', 'deposit']).default('order').describe('deposit lists the ways a top-up may use: every switched-on way but balance'),
});
export const payWay = z.object({
  name: z.string().describe('Chinese name (余额支付, 支付宝, ...)'),
  switch: z.string().describe("'Y' (only switched-on ways are listed)"),
  payWay: z.string().describe('the code sent back as payWay'),
  showName: z.string().describe('English name'),
});
export type PayWay = z.infer<typeof payWay>;
export const payWaysAnswer = z.object({ payWays: z.array(payWay).describe('balance first: it is the default') });

// --- pay
export const payBody = z.object({
  payWay: payWayField,
  aim: z.enum(['makeOrder', 'reSign'], { message: 'pay.aim.invalid' }).default('makeOrder').describe('reSign pays reSignPriceDiff of a re-sign order (reSignStatus 5004)'),
  name: text(200).trim().optional().describe('product name, shown as the payment subject'),
  orderNo: orderNoList.describe('one order number, or several joined by commas (several: balance only)'),
  returnUrl,
  replacePaymentId: text(100)
    .optional()
    .describe("a payment the payer saw declined on the provider's page: not answered again even if its decline has not reached the server yet"),
});
export type PayBody = z.infer<typeof payBody>;

/**
 * How a purchase that has no certificate order (a domain checkout, a certificate package) is paid: the same ways as an
 * order, through the same payment dialog. balance pays at once; an outside way answers a pending pay result and what it
 * buys is settled when the gateway confirms the payment (GET /v1/payments/{paymentId}).
 */
export const purchasePayFields = {
  payWay: payWayField.default('balance'),
  returnUrl,
  replacePaymentId: payBody.shape.replacePaymentId,
};

/**
 * Pay result (document 01 §3). Unused fields are '' or 0, as providers' answers are flat. Which fields are set:
 * balance: none (status 'paid'); alipay: webPagePayURL + qrCodeBase64; wechat: qrCodeBase64 (+ webPagePayURL, the sandbox page);
 * paypal: webPagePayURL; stripe: sessionID, clientSecret, stripePublicKey, webPagePayURL; stripe_alipay: qrCodeBase64 + webPagePayURL;
 * stripe_wechat: qrCodeBase64 (+ webPagePayURL); usdt/usdc: payURL (the address), transferredPriceCent, expireTime, qrCodeBase64 (+ webPagePayURL, the sandbox page).
 */
export const payResult = z.object({
  status: z.enum(['paid', 'pending']).describe('paid: done now (balance); pending: waiting for the gateway — poll the order status'),
  paymentId: z.string().describe("the payment's id ('' for balance); GET /v1/deposit/{paymentId} for a top-up"),
  payWay: z.string(),
  amount: z.number().int().describe('cents charged, base currency'),
  webPagePayURL: z.string().describe('hosted payment page to open in a new tab'),
  payURL: z.string().describe('crypto: the address to transfer to'),
  stripePublicKey: z.string(),
  clientSecret: z.string(),
  sessionID: z.string(),
  webCurrency: z.string().describe('currency the payer is charged in (CNY; USDT/USDC for crypto)'),
  backCurrency: z.string().describe('base currency of the order amounts (CNY)'),
  transferredPriceCent: z.number().int().describe('crypto: amount to transfer in the coin\'s cents (1 coin = 1 USD)'),
  qrCodeBase64: z.string().describe('PNG data URL (data:image/png;base64,...)'),
  expireTime: z.number().int().describe('unix seconds when the payment expires (0 for balance)'),
  sandboxPageURL: z
    .string()
    .describe("outside production only: the sandbox gateway's hosted page where the payer approves (what the QR code encodes), for a machine whose phone cannot reach it; '' in production and for balance"),
});
export type PayResult = z.infer<typeof payResult>;

export const paypalCaptureBody = z.object({
  token: requiredText(100),
  PayerID: requiredText(100),
});
export const paymentPurpose = z.enum(['order', 're_sign', 'top_up', 'domain', 'package']);
export const paymentStatus = z.enum(['pending', 'succeeded', 'declined', 'expired']);
export const paypalCaptureAnswer = z.object({
  paymentId: z.string(),
  purpose: paymentPurpose,
  orderNos: z.array(z.string()),
  status: paymentStatus,
});

// --- top-up
export const depositMin = 100;
export const depositMax = 10_000_000;
export const depositBody = z.object({
  amount: int(depositMin, depositMax, { type: 'pay.deposit.amount', range: 'pay.deposit.amount' }).describe('cents, 100 … 10,000,000'),
  payWay: payWayField,
  returnUrl,
});
export const depositParams = z.object({ id: requiredText(100) });
export const depositAnswer = z.object({
  id: z.string(),
  amount: z.number().int().describe('cents'),
  payWay: z.string(),
  status: paymentStatus,
  expireTime: z.number().int().describe('unix seconds'),
  createdAt: z.string().describe('ISO 8601'),
  completedAt: z.string().nullable().describe('ISO 8601, when succeeded, declined or expired'),
});

// --- any payment's status (the dialog polls it for a purchase without a certificate order)
export const paymentParams = z.object({ id: requiredText(100) });
export const paymentAnswer = z.object({
  id: z.string(),
  purpose: paymentPurpose,
  amount: z.number().int().describe('cents'),
  payWay: z.string(),
  status: paymentStatus,
  outcome: z.string().describe("once succeeded: order_paid, domain_paid, package_granted, topped_up, or credited_to_balance (what it paid for was no longer payable: the money is on the balance); '' before"),
  orderNos: z.array(z.string()).describe('the certificate or domain orders it paid (domain orders are made when the payment succeeds)'),
  expireTime: z.number().int().describe('unix seconds'),
  completedAt: z.string().nullable().describe('ISO 8601, when succeeded, declined or expired'),
});

// --- batch payment queues
export const batchPayBody = z.object({
  orderNos: orderNoList.pipe(z.array(z.string()).max(maxBatchOrders, { message: 'pay.orders.tooMany' })),
});
export const batchPayAnswer = z.object({ queueId: z.string(), total: z.number().int() });
export const batchQueuesAnswer = z.object({ queueIds: z.array(z.string()).describe("the caller's 20 newest queues, newest first") });
export const batchStatusQuery = z.object({ queueId: requiredText(100) });
export const batchStatusAnswer = z.object({
  queueId: z.string(),
  total: z.number().int(),
  pendingCount: z.number().int(),
  successCount: z.number().int(),
  failCount: z.number().int(),
  failOrders: z.array(z.object({ orderNo: z.string(), reason: z.string().describe("in the caller's language") })),
  status: z.enum(['ready', 'pending', 'end']).describe('ready: none processed yet; pending: some; end: total = successCount + failCount'),
});

// --- balance records
export const ledgerKinds = ['order_payment', 're_sign_payment', 'top_up', 'refund', 'adjustment', 'referral_reward', 'withdrawal', 'withdrawal_return', 'package_payment'] as const;
const firstInstant = Date.parse('0001-01-01T00:00:00Z');
const lastInstant = Date.parse('9999-12-31T23:59:59.999Z');
/** A date (China Standard Time; as an end bound the whole day counts) or an ISO 8601 instant. */
export const dateBound = (end: boolean) =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), dateOrInstant().optional())
    .transform((v) => {
      if (!v) return undefined;
      const day = isCalendarDate(v);
      const d = new Date(day ? `${v}T00:00:00+08:00` : v);
      const at = day && end ? d.getTime() + 24 * 3600 * 1000 : d.getTime();
      // Past the years a database timestamp takes (0001-01-01 in China, 9999-12-31 west of UTC) a bound means "from the start" / "to the end".
      return new Date(Math.min(Math.max(at, firstInstant), lastInstant));
    });
export const creditRecordsQuery = pageQuery.extend({
  startTime: dateBound(false).describe('from (inclusive): YYYY-MM-DD (China Standard Time) or ISO 8601'),
  endTime: dateBound(true).describe('to: YYYY-MM-DD (the whole day, inclusive) or ISO 8601 (exclusive)'),
  kind: z.enum(ledgerKinds).optional(),
});
export const creditRecord = z.object({
  id: z.number().int(),
  amount: z.number().int().describe('signed cents: + credit (top-up, refund), - debit (payment)'),
  balanceAfter: z.number().int().describe('cents'),
  kind: z.enum(ledgerKinds),
  ref: z.string().describe('order number (payments), payment id (top-ups, refunds)'),
  payWay: z.number().int().nullable().describe('0 Alipay, 1 WeChat Pay, 2 wallet (PayPal, card), 3 virtual currency, 4 bank transfer; null: the balance'),
  payWayName: z.string().describe('the pay way code: balance, alipay, ...'),
  remark: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});
export const creditRecordsAnswer = z.object({ data: z.array(creditRecord), total: z.number().int() });

// --- sandbox gateway: the hosted pages' API (public; the id is unguessable)
export const sandboxParams = z.object({ id: text(100).min(16) });
export const sandboxStatus = z.enum(['pending', 'approved', 'succeeded', 'declined', 'expired']);
export const sandboxPayment = z.object({
  id: z.string(),
  method: z.string().describe('alipay, wechat, paypal, stripe, stripe_alipay, stripe_wechat, usdt, usdc'),
  amount: z.number().int().describe('cents of currency'),
  currency: z.string(),
  coinAmount: z.number().int().nullable().describe('crypto: cents of the coin to transfer'),
  address: z.string().nullable().describe('crypto: the address'),
  subject: z.string(),
  page: z.enum(['payment', 'deposit']).describe('which hosted page shows it: /payment/test or /deposit/test'),
  status: sandboxStatus.describe('approved: PayPal approved by the payer, waiting for the merchant to capture'),
  expiresAt: z.string().describe('ISO 8601'),
  expireTime: z.number().int().describe('unix seconds'),
  returnUrl: z.string().describe('where to send the payer back when done'),
});
export const sandboxActionAnswer = z.object({
  status: sandboxStatus,
  redirectUrl: z.string().describe('returnUrl; for PayPal approval it carries ?token=…&PayerID=… to capture'),
});

/** The sandbox gateway's signed callback body (POST /payment-callbacks/sandbox). */
export const sandboxCallback = z.object({
  eventId: z.string(),
  paymentId: z.string().describe("the gateway's id of the payment"),
  merchantRef: z.string().describe("this server's payment id"),
  status: z.enum(['succeeded', 'declined', 'expired']),
  amount: z.number().int(),
  currency: z.string(),
  occurredAt: z.number().int().describe('unix seconds'),
});
export type SandboxCallback = z.infer<typeof sandboxCallback>;
export const callbackAnswer = z.object({ received: z.boolean(), applied: z.boolean(), reason: z.string() });
