/**
 * The provider's page sends the payer back to /payment in the tab it ran in, often not the tab whose dialog opened
 * it. The return page tells the other tabs of this console that a payment was declined, so that the dialog waiting
 * on it stops saying "waiting" and offers to pay again. (The order status, which the dialog polls, never changes on
 * a decline.) Same-origin tabs only, through a BroadcastChannel; nothing happens where there is none.
 */
export interface PaymentOutcome {
  paymentId: string;
  status: 'declined';
}

const channelName = 'cc-payment-outcome';

const isOutcome = (v: unknown): v is PaymentOutcome =>
  typeof v === 'object' && v !== null && typeof (v as { paymentId?: unknown }).paymentId === 'string' && (v as { status?: unknown }).status === 'declined';

export function announceOutcome(outcome: PaymentOutcome): void {
  if (typeof BroadcastChannel === 'undefined' || !outcome.paymentId) return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(outcome);
  channel.close();
}

/** Calls `listener` for each outcome another tab announces; answers the function that stops listening. */
export function listenForOutcomes(listener: (outcome: PaymentOutcome) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = (e: MessageEvent<unknown>) => {
    if (isOutcome(e.data)) listener(e.data);
  };
  return () => channel.close();
}
