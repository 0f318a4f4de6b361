import { createHash, createHmac, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Db, Queryable } from '@cc/db/client';
import { isCryptoWay, sandboxCallback } from '@cc/contracts/payments';
import { safeEqual } from '../../lib/crypto.ts';
import { enqueue } from '../../services/jobs/queue.ts';
import type { CaptureResult, CreatePaymentInput, GatewayEvent, PaymentGateway, ProviderFields, VerifiedCallback } from './gateway.ts';
import type { JobKind } from '../../services/jobs/kinds.ts';

/**
 * The built-in payment gateway: it stands in for every external provider on one machine. It keeps its own book
 * (sandbox_payments), answers each method as that provider would, lets the payer approve or decline on the hosted
 * pages (/payment/test, /deposit/test, through the public API in routes/payments/sandbox.ts), and tells the server
 * what happened only by HMAC-signed callbacks over HTTP, delivered by durable jobs with back-off.
 */

export const signatureHeader = 'x-sandbox-signature';
export const timestampHeader = 'x-sandbox-timestamp';
/** Callbacks signed further than this from now are refused (replays of old captures). */
export const callbackWindowSeconds = 300;
export const notifyJob = 'payment.notify' satisfies JobKind;
export const sandboxExpireJob = 'sandbox.expire' satisfies JobKind;

/** HMAC-SHA256 over `${timestamp}.${rawBody}`, hex: the timestamp is signed so it cannot be moved. */
export const signCallback = (secret: Buffer, timestamp: number, rawBody: string) => createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

type SandboxStatus = 'pending' | 'approved' | 'succeeded' | 'declined' | 'expired';
export type SandboxRow = {
  id: string;
  merchant_ref: string;
  method: string;
  amount: number;
  currency: string;
  coin_amount: number | null;
  address: string | null;
  subject: string;
  page: 'payment' | 'deposit';
  return_url: string;
  paypal_token: string | null;
  payer_id: string | null;
  status: SandboxStatus;
  expires_at: Date | string;
  finished_at: Date | string | null;
};
const columns = `id, merchant_ref, method, amount::float8 AS amount, currency, coin_amount::float8 AS coin_amount, address, subject, page, return_url,
  paypal_token, payer_id, status, expires_at, finished_at`;

export type SandboxAction = { ok: true; row: SandboxRow; redirectUrl: string } | { ok: false; reason: 'not_found' | 'expired' | 'finished'; status?: SandboxStatus };

export interface SandboxGateway extends PaymentGateway {
  find(id: string): Promise<SandboxRow | undefined>;
  approve(id: string): Promise<SandboxAction>;
  decline(id: string): Promise<SandboxAction>;
  /** Marks a payment past its expiry as expired and notifies (the sandbox.expire job). */
  expire(id: string): Promise<boolean>;
  /** Sends the signed callback of a finished payment to `baseUrl` (the payment.notify job); throws to be retried. */
  deliver(id: string, baseUrl: string): Promise<void>;
}

const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A stable, well-formed looking address per payment: TRON (TRC-20) for USDT, Ethereum (ERC-20) for USDC. */
function cryptoAddress(method: string, id: string): string {
  const h = createHash('sha512').update(`address:${id}`).digest();
  if (method.includes('usdc')) return `0x${h.subarray(0, 20).toString('hex')}`;
  return `T${Array.from(h.subarray(0, 33), (b) => base58[b % base58.length]).join('')}`;
}

const qr = (text: string) => QRCode.toDataURL(text, { margin: 1, width: 256, errorCorrectionLevel: 'M' });
const unix = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

export function createSandboxGateway(deps: { db: Db; secret: Buffer; fetch?: typeof fetch }): SandboxGateway {
  const { db, secret } = deps;
  const publicKey = `pk_test_sandbox_${createHmac('sha256', secret).update('publishable-key').digest('hex').slice(0, 24)}`;

  async function find(id: string, q: Queryable = db): Promise<SandboxRow | undefined> {
    const [row] = await q.query<SandboxRow>(`SELECT ${columns} FROM sandbox_payments WHERE id = $1`, [id]);
    return row;
  }

  function eventOf(row: SandboxRow): GatewayEvent {
    if (row.status !== 'succeeded' && row.status !== 'declined' && row.status !== 'expired') throw new Error(`sandbox payment ${row.id} is not finished`);
    return {
      eventId: `${row.id}:${row.status}`,
      providerRef: row.id,
      merchantRef: row.merchant_ref,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      occurredAt: new Date(row.finished_at ?? Date.now()),
    };
  }

  /** Moves a payment to a final state once (guarded in SQL) and queues its callback in the same transaction. */
  async function finish(id: string, to: 'succeeded' | 'declined' | 'expired', from: SandboxStatus[], extraWhere = ''): Promise<SandboxRow | undefined> {
    return db.tx(async (q) => {
      const [row] = await q.query<SandboxRow>(
        `UPDATE sandbox_payments SET status = $2, finished_at = now() WHERE id = $1 AND status = ANY($3::text[]) ${extraWhere} RETURNING ${columns}`,
        [id, to, from],
      );
      if (row) await enqueue(q, notifyJob, { id }, { dedupeKey: `${id}:${to}`, maxAttempts: 12 });
      return row;
    });
  }

  function withQuery(url: string, params: Record<string, string>): string {
    const [path, hash] = url.split('#', 2);
    const sep = path!.includes('?') ? '&' : '?';
    return `${path}${sep}${new URLSearchParams(params).toString()}${hash ? `#${hash}` : ''}`;
  }

  async function refusal(id: string): Promise<SandboxAction> {
    const row = await find(id);
    if (!row) return { ok: false, reason: 'not_found' };
    if (row.status === 'pending' || row.status === 'approved') return { ok: false, reason: 'expired', status: 'expired' };
    return { ok: false, reason: row.status === 'expired' ? 'expired' : 'finished', status: row.status };
  }

  return {
    name: 'sandbox',

    async createPayment(input: CreatePaymentInput): Promise<ProviderFields> {
      const id = `sbx_${randomBytes(18).toString('base64url')}`;
      const crypto = isCryptoWay(input.method);
      let coinAmount: number | null = null;
      let address: string | null = null;
      if (crypto) {
        // The coin is worth one USD: convert at the site's USD rate, rounding up so the merchant is never short.
        const [r] = await db.query<{ cents: number }>(`SELECT ceil($1::numeric * rate)::float8 AS cents FROM exchange_rates WHERE currency = 'USD'`, [input.amount]);
        if (!r) throw new Error('exchange_rates has no USD rate: crypto payments cannot be priced');
        coinAmount = Math.max(1, r.cents);
        address = cryptoAddress(input.method, id);
      }
      const paypalToken = input.method === 'paypal' ? `EC-${randomBytes(12).toString('hex').toUpperCase()}` : null;
      await db.tx(async (q) => {
        await q.query(
          `INSERT INTO sandbox_payments (id, merchant_ref, method, amount, currency, coin_amount, address, subject, page, return_url, paypal_token, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [id, input.merchantRef, input.method, input.amount, input.currency, coinAmount, address, input.subject, input.page, input.returnUrl, paypalToken, input.expiresAt.toISOString()],
        );
        const delay = Math.max(0, Math.ceil((input.expiresAt.getTime() - Date.now()) / 1000));
        await enqueue(q, sandboxExpireJob, { id }, { delaySeconds: delay, dedupeKey: id });
      });
      const page = `${input.origin}/${input.page}/test?${new URLSearchParams({ id, ...(paypalToken ? { token: paypalToken } : {}) }).toString()}`;
      const coin = input.method.includes('usdc') ? 'USDC' : 'USDT';
      const none: ProviderFields = {
        providerRef: id, webPagePayURL: page, payURL: '', stripePublicKey: '', clientSecret: '', sessionID: '',
        webCurrency: input.currency, transferredPriceCent: 0, qrCodeBase64: '',
      };
      switch (input.method) {
        case 'alipay':
        case 'stripe_alipay':
        case 'wechat':
        case 'stripe_wechat':
          // A phone scanning the code opens the same hosted page, where the payer approves.
          return { ...none, qrCodeBase64: await qr(page) };
        case 'paypal':
          return { ...none, captureToken: paypalToken ?? '' };
        case 'stripe':
          return { ...none, sessionID: `cs_test_${id}`, clientSecret: `pi_${id}_secret_${randomBytes(9).toString('base64url')}`, stripePublicKey: publicKey };
        case 'usdt':
        case 'usdc':
          // No wallet can pay the sandbox: its code opens the hosted page, where the payer approves the transfer.
          return { ...none, payURL: address ?? '', webCurrency: coin, transferredPriceCent: coinAmount ?? 0, qrCodeBase64: await qr(page) };
      }
    },

    verifyCallback(headers, rawBody, now = new Date()): VerifiedCallback {
      const sig = headers[signatureHeader];
      const ts = headers[timestampHeader];
      if (typeof sig !== 'string' || typeof ts !== 'string' || !/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'bad_signature' };
      if (!safeEqual(sig, signCallback(secret, Number(ts), rawBody))) return { ok: false, reason: 'bad_signature' };
      if (Math.abs(now.getTime() / 1000 - Number(ts)) > callbackWindowSeconds) return { ok: false, reason: 'stale_timestamp' };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const body = sandboxCallback.safeParse(parsed);
      if (!body.success) return { ok: false, reason: 'malformed' };
      const b = body.data;
      return {
        ok: true,
        event: { eventId: b.eventId, providerRef: b.paymentId, merchantRef: b.merchantRef, status: b.status, amount: b.amount, currency: b.currency, occurredAt: new Date(b.occurredAt * 1000) },
      };
    },

    async capture(token, payerId): Promise<CaptureResult> {
      const [row] = await db.query<SandboxRow>(`SELECT ${columns} FROM sandbox_payments WHERE paypal_token = $1`, [token]);
      if (!row) return { ok: false, reason: 'not_found' };
      if (row.payer_id && row.payer_id !== payerId) return { ok: false, reason: 'payer_mismatch' };
      // Capturing twice answers the same completed capture, as PayPal does for an idempotent retry.
      if (row.status === 'succeeded') return { ok: true, event: eventOf(row) };
      if (row.status === 'pending') return { ok: false, reason: 'not_approved' };
      if (row.status !== 'approved') return { ok: false, reason: 'finished', status: row.status };
      // The payer id was checked above; 'approved' always carries one.
      const done = await finish(row.id, 'succeeded', ['approved'], 'AND expires_at > now()');
      if (done) return { ok: true, event: eventOf(done) };
      const again = await find(row.id);
      if (again?.status === 'succeeded') return { ok: true, event: eventOf(again) };
      return { ok: false, reason: 'finished', status: again?.status ?? 'expired' };
    },

    find: (id) => find(id),

    async approve(id) {
      const row = await find(id);
      if (!row) return { ok: false, reason: 'not_found' };
      if (row.method === 'paypal') {
        // PayPal: approval only authorises; the merchant captures after the payer comes back with token and PayerID.
        const payerId = row.payer_id ?? randomBytes(7).toString('hex').toUpperCase();
        const [approved] = await db.query<SandboxRow>(
          `UPDATE sandbox_payments SET status = 'approved', payer_id = $2 WHERE id = $1 AND status IN ('pending', 'approved') AND expires_at > now() RETURNING ${columns}`,
          [id, payerId],
        );
        if (!approved) return refusal(id);
        return { ok: true, row: approved, redirectUrl: withQuery(approved.return_url, { token: approved.paypal_token ?? '', PayerID: payerId }) };
      }
      const done = await finish(id, 'succeeded', ['pending'], 'AND expires_at > now()');
      if (!done) return refusal(id);
      return { ok: true, row: done, redirectUrl: withQuery(done.return_url, { paymentStatus: 'succeeded', paymentId: done.merchant_ref }) };
    },

    async decline(id) {
      const done = await finish(id, 'declined', ['pending', 'approved'], 'AND expires_at > now()');
      if (!done) return refusal(id);
      return { ok: true, row: done, redirectUrl: withQuery(done.return_url, { paymentStatus: 'declined', paymentId: done.merchant_ref }) };
    },

    async expire(id) {
      return Boolean(await finish(id, 'expired', ['pending', 'approved'], 'AND expires_at <= now()'));
    },

    async deliver(id, baseUrl) {
      const row = await find(id);
      if (!row) return;
      const b = eventOf(row);
      const body = JSON.stringify({
        eventId: b.eventId, paymentId: b.providerRef, merchantRef: b.merchantRef, status: b.status, amount: b.amount, currency: b.currency, occurredAt: unix(b.occurredAt),
      });
      const ts = Math.floor(Date.now() / 1000);
      const res = await (deps.fetch ?? fetch)(`${baseUrl}/payment-callbacks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [signatureHeader]: signCallback(secret, ts, body), [timestampHeader]: String(ts) },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      // Anything but 2xx is retried with back-off, as a provider retries its webhooks.
      if (!res.ok) throw new Error(`callback answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}
