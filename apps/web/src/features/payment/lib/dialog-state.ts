import { balanceCovers } from '@cc/domain/balance';
/**
 * What the payment dialog (document 01 §2 "confirm order and pay") derives from its state: the way in force,
 * the confirm dialog's verdict, whether the pay button waits or is blocked, where the hosted pages send the
 * payer back. Pure, moved out of the dialog so that each rule is tested.
 */
import type { PayKind } from './pay-way.ts';

export type Aim = 'makeOrder' | 'reSign';
export type PollState = 'idle' | 'polling' | 'done' | 'failed' | 'timeout';

/**
 * Where the hosted pages send the payer back: our /payment page, which shows the feedback and captures PayPal. It
 * confirms a success on the order's status, so it is told when the order pays its re-sign difference.
 */
export const returnPathFor = (orderNos: readonly string[], payWay: string, aim: Aim) =>
  `/payment?orderNos=${encodeURIComponent(orderNos.join(','))}&payWay=${encodeURIComponent(payWay)}${aim === 'reSign' ? '&aim=reSign' : ''}`;

/**
 * Where the hosted pages send the payer back from paying a purchase (a domain checkout, a package): the /payment
 * page, which confirms it on the payment itself and then offers `next`.
 */
export const purchaseReturnPath = (payWay: string, next: string) => `/payment?payWay=${encodeURIComponent(payWay)}&next=${encodeURIComponent(next)}`;

/** The way chosen while the server offers it, else the first offered, else the balance. */
export function wayInForce(chosen: string | null, offered: readonly { payWay: string }[]): string {
  return chosen && offered.some((w) => w.payWay === chosen) ? chosen : (offered[0]?.payWay ?? 'balance');
}

/** The confirm dialog: paid, failed (declined, no answer in time, cancelled), or still waiting. */
export function confirmStateOf(poll: PollState, declined: boolean): 'success' | 'fail' | 'pending' {
  return poll === 'done' ? 'success' : declined || poll === 'timeout' || poll === 'failed' ? 'fail' : 'pending';
}

/** QR and crypto ways wait on the page for the payment: the pay button shows it waits. */
export function isWaiting(hasPending: boolean, kind: PayKind, poll: PollState, declined: boolean): boolean {
  return hasPending && (kind === 'qr' || kind === 'crypto') && poll === 'polling' && !declined;
}

/** The balance cannot pay what is due (unknown balance: not judged). */
export function isInsufficient(kind: PayKind, balance: number | undefined, due: number): boolean {
  return kind === 'balance' && balance !== undefined && !balanceCovers(balance, due);
}
