/** CRLReason codes (RFC 5280 §5.3.1); 7 is unused. */
export const crlReason = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  removeFromCRL: 8,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;
export type CrlReason = (typeof crlReason)[keyof typeof crlReason];

/**
 * What a subscriber may give as the reason (BR 4.9.1.1, 7.2.2): privilegeWithdrawn is the CA's to decide, the CA
 * compromises are not the subscriber's, certificateHold is not allowed for TLS, removeFromCRL belongs to delta CRLs.
 */
export const subscriberReasons: readonly CrlReason[] = [crlReason.unspecified, crlReason.keyCompromise, crlReason.affiliationChanged, crlReason.superseded, crlReason.cessationOfOperation];

export const isSubscriberReason = (code: number): code is CrlReason => (subscriberReasons as readonly number[]).includes(code);

/**
 * The reason recorded for a revocation. A request proved by the certificate's own private key rather than by its
 * owner's account (RFC 8555 §7.6) says the key is in someone's hands: it is recorded as keyCompromise whatever it
 * claims, as public CAs do, since its sender need not be the subscriber.
 */
export function recordedReason(given: CrlReason | undefined, provedBy: 'account' | 'certificateKey'): CrlReason {
  if (provedBy === 'certificateKey') return crlReason.keyCompromise;
  return given ?? crlReason.unspecified;
}

/** The reasonCode a CRL entry carries: none for unspecified (RFC 5280 §5.3.1 asks to leave the extension out). */
export const crlEntryReason = (code: CrlReason): Exclude<CrlReason, 0> | undefined => (code === crlReason.unspecified ? undefined : code);
