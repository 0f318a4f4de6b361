import { orderStatus, orderStatuses, reSignStatus } from '@cc/contracts/order-status';

export type StatusEntry = (typeof orderStatuses)[number];

/** Tag colours per status (antd preset colours, which follow the light and dark themes). */
const colours: Record<number, string> = {
  1001: 'gold',
  1002: 'blue',
  1003: 'orange',
  1004: 'default',
  1005: 'green',
  1006: 'orange',
  1007: 'red',
  1008: 'magenta',
  1009: 'cyan',
  5004: 'purple',
};

export function statusColour(code: number): string {
  return colours[code] ?? 'default';
}

export function statusEntry(code: number): StatusEntry | undefined {
  return orderStatuses.find((s) => s.code === code);
}

/** The filter's choices: 1006 reads the same as 1003, so it is not offered twice. */
export const filterStatuses: readonly StatusEntry[] = orderStatuses.filter((s) => s.code !== orderStatus.resubmitAlt);

/** Can the list's bulk "pay" take this order: waiting for payment, or a re-sign with an unpaid difference. */
export function isPayable(o: { orderStatus: number; reSignStatus: number; reSignPriceDiff: number }): boolean {
  return o.orderStatus === orderStatus.awaitingPayment || (o.reSignStatus === reSignStatus.reSign && o.reSignPriceDiff > 0);
}

/** Statuses the server lets the owner cancel (before issuance). */
export function isCancellable(o: { orderStatus: number }): boolean {
  return ([orderStatus.awaitingPayment, orderStatus.awaitingValidation, orderStatus.resubmit, orderStatus.resubmitAlt] as number[]).includes(o.orderStatus);
}

export function isIssued(o: { orderStatus: number }): boolean {
  return o.orderStatus === orderStatus.issued || o.orderStatus === orderStatus.expired;
}

/** The list's bulk "verify now" takes orders whose names await validation. */
export function isVerifiable(o: { orderStatus: number }): boolean {
  return o.orderStatus === orderStatus.awaitingValidation;
}
