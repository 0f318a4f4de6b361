/**
 * Every kind of line an order's timeline holds (order_events, shown in the order's details and, as "order <no>:
 * <event>", in the activity log), with the detail its writers store, each value by example (messages
 * orders.event.<kind>). The writer's type comes from here (addEvent in services/orders/context.ts) and
 * test/message-templates.test.ts renders every example in both languages. `created` and `paid` are read from the
 * order itself.
 */
export const orderEvents = {
  created: [{}],
  paid: [{}],
  validation_started: [{ reused: 0 }],
  email_sent: [{ email: 'admin@example.com', domain: 'example.com' }],
  domain_validated: [{ domain: 'example.com', method: 'dns_txt' }, { domain: 'www.example.com', reused: true }],
  dcv_changed: [{ domain: 'example.com', method: 'file' }],
  dcv_published: [{ domain: 'example.com', zone: 'example.com', host: '_dnsauth', type: 'TXT' }],
  dcv_removed: [{ zone: 'example.com' }],
  dcv_autopilot_on: [{}],
  dcv_autopilot_off: [{}],
  domains_changed: [{ count: 2 }],
  issuing: [{}],
  issued: [{ serial: '4f3a9c' }],
  cancelled: [{}, { refundDue: 19_900 }],
  refunded: [{ amount: 19_900 }],
  re_sign_requested: [{ priceDiff: 5_000 }],
  re_signed: [{ serial: '4f3a9d' }],
  resubmitted: [{}],
  remark: [{}],
  acme_ordered: [{ count: 2 }],
  acme_failed: [{ reason: 'acme_invalid' }],
  acme_client_ordered: [{ acmeOrder: 12 }],
  acme_revoked: [{ serial: '4f3a9c', reason: 1 }],
  undelivered: [{ amount: 19_900 }, { amount: 0 }],
  re_sign_undelivered: [{ amount: 5_000 }],
  auto_reissue: [{ notAfter: '2026-12-31T00:00:00.000Z' }],
  expired: [{}],
  expiry_reminder: [{ days: 30, threshold: 30 }],
  renewed: [{ orderNo: 'SSL20260101000002' }],
  renewal_of: [{ orderNo: 'SSL20260101000001' }],
  caa_lookup_failed: [{ domain: 'example.com', at: 'example.com', reason: 'SERVFAIL' }],
  caa_refused: [{ domain: 'example.com', at: 'example.com', issuers: 'letsencrypt.org', ca: 'certhub.test' }],
} as const satisfies Record<string, readonly Record<string, string | number | boolean>[]>;

export type OrderEventKind = keyof typeof orderEvents;
/** The detail a kind's writers store, by name (an example's keys; `?` where only some examples have it). */
export type OrderEventDetail<K extends OrderEventKind> = Partial<{ [P in AllKeys<(typeof orderEvents)[K][number]>]: string | number | boolean }> &
  { [P in keyof (typeof orderEvents)[K][number]]: string | number | boolean };
type AllKeys<T> = T extends unknown ? keyof T : never;
