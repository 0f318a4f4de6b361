import { orderStatus, reSignStatus } from '@cc/contracts/order-status';

interface Payable {
  orderStatus: number;
  payAmount: number;
  reSignStatus: number;
  reSignPriceDiff: number;
}

/** What an order pays: reSignPriceDiff for a re-sign order (5004), otherwise payAmount (document 01 §4). */
export function dueOf(o: Payable): number {
  return o.reSignStatus === reSignStatus.reSign ? o.reSignPriceDiff : o.payAmount;
}

export function totalDue(orders: readonly Payable[]): number {
  return orders.reduce((s, o) => s + dueOf(o), 0);
}

/** The aim of the pay call: re-sign when every order is a re-sign order. */
export function aimOf(orders: readonly Payable[]): 'makeOrder' | 'reSign' {
  return orders.length > 0 && orders.every((o) => o.reSignStatus === reSignStatus.reSign && o.orderStatus !== orderStatus.awaitingPayment) ? 'reSign' : 'makeOrder';
}

/** Whether the order can still be paid with the given aim. */
export function isPayable(o: Payable, aim: 'makeOrder' | 'reSign'): boolean {
  return aim === 'reSign' ? o.reSignStatus === reSignStatus.reSign : o.orderStatus === orderStatus.awaitingPayment;
}

/**
 * The polling's verdict (§4: finish on 1002). A new order that moved past 1002 meanwhile (issuing, issued) is paid
 * too; a cancelled one will never be. A re-sign order is paid when its 5004 mark clears.
 */
export function paidVerdict(s: { orderStatus: number; reSignStatus: number }, aim: 'makeOrder' | 'reSign'): 'paid' | 'waiting' | 'cancelled' {
  if (s.orderStatus === orderStatus.cancelled) return 'cancelled';
  if (aim === 'reSign') return s.reSignStatus !== reSignStatus.reSign ? 'paid' : 'waiting';
  return s.orderStatus === orderStatus.awaitingPayment ? 'waiting' : 'paid';
}
