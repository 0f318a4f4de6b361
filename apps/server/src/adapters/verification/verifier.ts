/**
 * What real-name verification needs of a verifying party (an identity-check provider for people; a company
 * register plus a bank's small-deposit check for enterprises). The built-in sandbox implements it; a real provider
 * is another implementation of the same interface, without touching the account code.
 */
export interface VerificationRequest {
  kind: 'personal' | 'enterprise';
  /** This server's verification id; the provider echoes it in every callback. */
  merchantRef: string;
  /** Full values go to the provider, which needs them; the server keeps them sealed. */
  subject: { name: string; idNumber: string; orgName?: string; openAccount?: string; bankAccount?: string };
  /** Origin of this site as the user sees it, for the review page address. */
  origin: string;
}

export interface VerificationSubmitted {
  providerRef: string;
  /** The provider's page for this verification (the sandbox's review page), '' when it has none. */
  reviewUrl: string;
}

export interface VerificationEvent {
  eventId: string;
  providerRef: string;
  merchantRef: string;
  status: 'approved' | 'declined';
  reason: string;
}

export type VerifiedVerificationCallback = { ok: true; event: VerificationEvent } | { ok: false; reason: 'bad_signature' | 'stale_timestamp' | 'malformed' };

export interface Verifier {
  readonly name: string;
  submit(input: VerificationRequest): Promise<VerificationSubmitted>;
  /** Enterprise: the amount the user read on the bank statement, checked by the party that paid it. */
  checkDeposit(providerRef: string, cents: number): Promise<'matched' | 'wrong' | 'unknown'>;
  /** Checks a callback's signature and timestamp against the raw body; never trusts the body before that. */
  verifyCallback(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): VerifiedVerificationCallback;
}
