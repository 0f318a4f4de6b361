/**
 * Order statuses and the orders screens' fixed figures: plain constants, no schemas, so that a screen that only
 * shows statuses (the orders list) does not bring zod and the orders contract with it. orders.ts re-exports them.
 */
/** Order status codes. 1001..1004, 1006 come from the documents; the rest are ours. */
export const orderStatus = {
  awaitingPayment: 1001,
  awaitingValidation: 1002,
  resubmit: 1003,
  cancelled: 1004,
  issued: 1005,
  resubmitAlt: 1006,
  expired: 1007,
  revoked: 1008,
  issuing: 1009,
} as const;
export type OrderStatusCode = (typeof orderStatus)[keyof typeof orderStatus];

/** Re-sign status: 0 none; 5004 a re-sign is under way (its price difference is what the order pays). */
export const reSignStatus = { none: 0, reSign: 5004 } as const;

/** Every status with its labels, for the list's tags and filter; `final` statuses take no further action. */
export const orderStatuses = [
  { code: 1001, zh: '待支付', en: 'Waiting for payment', final: false, desc: 'created, not paid' },
  { code: 1002, zh: '待验证', en: 'Waiting for validation', final: false, desc: 'paid (or free); domain control validation under way' },
  { code: 1003, zh: '需重新提交', en: 'Resubmit', final: false, desc: 'validation lapsed or the CA refused the request; POST /v1/orders/reCommit/{orderNo}' },
  { code: 1004, zh: '已取消', en: 'Cancelled', final: true, desc: 'cancelled before issuance (refunded to the balance when paid)' },
  { code: 1005, zh: '已签发', en: 'Issued', final: false, desc: 'certificate issued and valid' },
  { code: 1006, zh: '需重新提交', en: 'Resubmit', final: false, desc: 'same as 1003 (kept for the documents)' },
  { code: 1007, zh: '已过期', en: 'Expired', final: true, desc: 'issued, and the certificate has passed notAfter (computed when read)' },
  { code: 1008, zh: '已吊销', en: 'Revoked', final: true, desc: 'certificate revoked' },
  { code: 1009, zh: '签发中', en: 'Issuing', final: false, desc: 'every name validated; the CA is issuing' },
  { code: 5004, zh: '重签中', en: 'Re-signing', final: false, desc: 'reSignStatus only: a re-sign order; pays reSignPriceDiff' },
] as const;

/** Issued and ending within this many days: the /orders/expiring screen. */
export const expiringWithinDays = 30;
/** Pending longer than this, an order goes to 1003 (resubmit): the request has gone stale (orders.reason.validation_window). */
export const validationWindowDays = 30;
