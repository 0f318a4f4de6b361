import type { ExternalPayWay } from '@cc/contracts/payments';

/**
 * What the order and top-up code needs of a payment provider. The built-in sandbox implements it; a real provider
 * (Alipay, WeChat Pay, PayPal, Stripe, a crypto processor) is another implementation of the same interface,
 * chosen in services/payments/context.ts, without touching the order code.
 */
export interface CreatePaymentInput {
  method: ExternalPayWay;
  /** Cents of `currency`. */
  amount: number;
  currency: string;
  /** This server's payment id; the provider echoes it in every callback. */
  merchantRef: string;
  subject: string;
  /** Absolute URL the payer is sent back to. */
  returnUrl: string;
  /** Which of this site's hosted pages shows the payment (the sandbox's /payment/test or /deposit/test). */
  page: 'payment' | 'deposit';
  /** Origin of this site as the payer sees it, for page addresses and QR codes. */
  origin: string;
  expiresAt: Date;
}

/** The pay-result fields of document 01 §3 as this provider answers them ('' / 0 when it has none). */
export interface ProviderFields {
  providerRef: string;
  webPagePayURL: string;
  payURL: string;
  stripePublicKey: string;
  clientSecret: string;
  sessionID: string;
  webCurrency: string;
  transferredPriceCent: number;
  qrCodeBase64: string;
  /** Wallet flow: the token the payer returns with, for capture. */
  captureToken?: string;
}

/** A provider's word that a payment ended, after its signature was checked. */
export interface GatewayEvent {
  eventId: string;
  providerRef: string;
  merchantRef: string;
  status: 'succeeded' | 'declined' | 'expired';
  amount: number;
  currency: string;
  occurredAt: Date;
}

export type VerifiedCallback = { ok: true; event: GatewayEvent } | { ok: false; reason: 'bad_signature' | 'stale_timestamp' | 'malformed' };

export interface PaymentGateway {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<ProviderFields>;
  /** Checks a callback's signature and timestamp against the raw body; never trusts the body before that. */
  verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): VerifiedCallback;
  /** The wallet flow (PayPal): after the payer approved and came back with token and PayerID, take the money. */
  capture(token: string, payerId: string): Promise<CaptureResult>;
}

export type CaptureResult =
  | { ok: true; event: GatewayEvent }
  | { ok: false; reason: 'not_found' | 'not_approved' | 'payer_mismatch' | 'finished'; status?: string };
