/**
 * Closing an account (/account/manage): what must be settled first. Nothing is deleted on closing (orders and the
 * ledger are kept for the records), so these are the things the customer would lose or leave half done.
 * Pure: the server counts the facts in the closing transaction, the console shows the same reasons.
 */

/** The blocking reasons, in the order the page lists them. */
export const closureBlockerKinds = ['balance', 'unpaidOrders', 'ordersInProgress', 'pendingPayments', 'activeCertificates'] as const;
export type ClosureBlockerKind = (typeof closureBlockerKinds)[number];

export interface ClosureFacts {
  /** Cents on the balance: refunded on request, never forfeited by closing. */
  balanceCents: number;
  /** Orders waiting for payment (1001). */
  unpaidOrders: number;
  /** Paid orders not finished: validating, resubmit, issuing, or a re-sign under way. */
  ordersInProgress: number;
  /** Payments through an outside way still open (the money may yet arrive). */
  pendingPayments: number;
  /** Issued certificates not yet past notAfter: their renewals, reissues and revocation need the account. */
  activeCertificates: number;
}

export interface ClosureBlocker {
  kind: ClosureBlockerKind;
  /** Cents for balance, a count for the others. */
  value: number;
}

/** Each reason the account cannot be closed now, in closureBlockerKinds order; empty when it can. */
export function closureBlockers(f: ClosureFacts): ClosureBlocker[] {
  const value: Record<ClosureBlockerKind, number> = {
    balance: f.balanceCents,
    unpaidOrders: f.unpaidOrders,
    ordersInProgress: f.ordersInProgress,
    pendingPayments: f.pendingPayments,
    activeCertificates: f.activeCertificates,
  };
  return closureBlockerKinds.filter((k) => value[k] > 0).map((kind) => ({ kind, value: value[kind] }));
}
