import { z } from 'zod';
import { dcvMailboxMaxLength, dcvMethods, isDcvMailbox } from '@cc/domain/dcv';
import { defaultPageSize, maxBatchOrders, pageSizes } from '@cc/domain/terms';
import { calendarDate, id, int, pageNumber, pageSize, requiredText, text } from './input.ts';
import { maxCsrLength, maxKeyLength, nameList, orderSummary } from './purchase.ts';
import { expiringWithinDays } from './order-status.ts';

/**
 * Orders after payment (document 02 §7 "Orders management"): the list, details, domain control validation,
 * downloads, re-sign and the batch calls. Amounts are cents; times are ISO 8601 strings in UTC.
 */

// --- statuses (their own module: see order-status.ts)
export * from './order-status.ts';

// --- shared pieces
const iso = z.string().describe('ISO 8601, UTC');
const isoOrNull = iso.nullable();
const bool = z.preprocess((v) => (typeof v === 'string' ? ['true', '1', 'y', 'yes', 'on'].includes(v.toLowerCase()) : v), z.boolean());
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** The day of a date filter: "2024-05-01" or the date part of "2024-05-01T08:00:00Z". */
const dayOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : emptyToUndefined(v));

/** Order numbers are short (SSL2026…, 19 characters); the bound only keeps absurd values away from the database. */
const orderNoField = () => requiredText(64);
export const orderNoParams = z.object({ orderNo: orderNoField() });
export const orderRefParams = z.object({ id: orderNoField().describe('order id or order number') });
export const orderNosBody = z.object({
  orderNos: nameList.pipe(z.array(z.string()).min(1, { message: 'v.required' }).max(maxBatchOrders, { message: 'purchase.batch.tooMany' })),
});

// --- list
export const orderListQuery = z.object({
  orderNos: nameList.optional().describe('when given: the caller\'s orders with these numbers, answered as { allOrders } (purchase flow)'),
  limit: pageSize()
    .refine((v) => (pageSizes as readonly number[]).includes(v), { message: 'orders.pageSize' })
    .default(defaultPageSize)
    .describe('10, 15, 20, 30, 50, 100, 300 or 400'),
  offset: pageNumber().default(1).describe('1-based page number'),
  status: z.preprocess(emptyToUndefined, int().optional()).describe('an order status code; 5004 selects re-sign orders'),
  productNo: z.preprocess(emptyToUndefined, text(100).optional()),
  brand: z.preprocess(emptyToUndefined, text(100).optional()),
  commonName: z.preprocess(emptyToUndefined, text(255).trim().optional()).describe('substring of the common name or of any name'),
  domain: z.preprocess(emptyToUndefined, text(255).trim().optional()).describe('same as commonName'),
  orderNo: z.preprocess(emptyToUndefined, text(64).trim().optional()).describe('substring of the order number'),
  // A date, or an ISO 8601 time whose day counts (the list filters by whole days).
  dateFrom: z.preprocess(dayOf, calendarDate().optional()).describe('created on or after (YYYY-MM-DD, UTC)'),
  dateTo: z.preprocess(dayOf, calendarDate().optional()).describe('created on or before (YYYY-MM-DD, inclusive)'),
  expiring: bool.optional().default(false).describe(`issued and ending within ${expiringWithinDays} days`),
  renewalFailed: bool.optional().default(false).describe('renewals (automatic reissues and renewal orders) that need resubmitting'),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderListItem = z.object({
  id: z.number().int(),
  origin: z.enum(['CONSOLE', 'ACME']).describe('where the order came from: the console or the API (CONSOLE), or the customer\'s ACME client (ACME)'),
  orderNo: z.string(),
  orderStatus: z.number().int().describe('see orderStatuses; 1007 when an issued certificate has expired'),
  orderStatusText: z.string().describe('the status label in the caller\'s language'),
  validity: z.number().int().describe('years, or 90 for 90 days; above 6 is days'),
  commonName: z.string(),
  domainNames: z.array(z.string()),
  productNo: z.string(),
  productName: z.string(),
  productType: z.string(),
  brand: z.string(),
  brandName: z.string(),
  certType: z.string(),
  dcvMethod: z.string(),
  payAmount: z.number().int().describe('cents'),
  reSignStatus: z.number().int().describe('0, or 5004 during a re-sign'),
  reSignPriceDiff: z.number().int().describe('cents'),
  remark: z.string(),
  createdAt: iso,
  paidAt: isoOrNull,
  notBefore: isoOrNull,
  notAfter: isoOrNull,
  daysLeft: z.number().int().nullable().describe('whole days until notAfter; null before issuance'),
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderListAnswer = z.object({ data: z.array(orderListItem), total: z.number().int() });
export const ordersAnswer = z.union([orderListAnswer, z.object({ allOrders: z.array(orderSummary) })]);

// --- domain control validation
export const dcvInstructions = z.discriminatedUnion('method', [
  z.object({ method: z.literal('dns'), recordType: z.literal('CNAME'), host: z.string(), value: z.string() }),
  z.object({ method: z.literal('dns_txt'), recordType: z.literal('TXT'), host: z.string(), value: z.string() }),
  z.object({
    method: z.literal('file'),
    url: z.string().describe('what the CA fetches (port 80 in production)'),
    path: z.string().describe('/.well-known/pki-validation/{fileName}'),
    fileName: z.string(),
    content: z.string().describe('the whole body of the file'),
  }),
  z.object({ method: z.literal('email'), email: z.string().describe('the approval link is sent here') }),
  z.object({
    method: z.literal('email_dns'),
    email: z.string(),
    recordType: z.literal('TXT'),
    host: z.string().describe('_validation-contactemail.{domain}'),
    value: z.string().describe('the mailbox; the approval e-mail goes out once the record is seen'),
  }),
]);
export type DcvInstructions = z.infer<typeof dcvInstructions>;

export const domainDcvState = z.object({
  domain: z.string(),
  method: z.enum(dcvMethods),
  status: z.enum(['pending', 'validated']),
  reused: z.boolean().describe('validated by an earlier order of this account (and company)'),
  checkedAt: isoOrNull,
  validatedAt: isoOrNull,
  lapsesAt: isoOrNull.describe('when the validation stops being reusable, by the dated rules table (packages/domain cabf-rules.ts: the DCV reuse period of each day, and the method\'s end date): after that the name must be validated again'),
  methodEndsOn: z.string().nullable().describe('YYYY-MM-DD from which the method no longer validates a name (the rules table: the e-mail methods end by SC-090); null when no end is set'),
  emailSentAt: isoOrNull,
  lastError: z.string().describe('why the last check failed, in the caller\'s language; empty when none'),
  instructions: dcvInstructions,
  hostedZone: z.string().nullable().describe('the zone hosted here that holds the name: the DCV autopilot publishes its record there (null: none)'),
});
export type DomainDcvState = z.infer<typeof domainDcvState>;

// --- details
const contactInfo = z.object({ id: z.number().int(), lastname: z.string(), firstname: z.string(), position: z.string(), email: z.string(), telephone: z.string() });
const companyInfo = z.object({
  id: z.number().int(),
  orgName: z.string(),
  creditCode: z.string(),
  nationCode: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  postalCode: z.string(),
  telephone: z.string(),
});
export const timelineEvent = z.object({
  at: iso,
  kind: z.string().describe('created, paid, validation_started, email_sent, domain_validated, dcv_changed, issuing, issued, cancelled, refunded, undelivered, re_sign_requested, re_signed, re_sign_undelivered, resubmitted, remark'),
  text: z.string().describe('the event in the caller\'s language'),
  detail: z.record(z.string(), z.unknown()),
});
export const certificateInfo = z.object({
  serial: z.string().describe('hex'),
  issuer: z.string(),
  notBefore: iso,
  notAfter: iso,
  domains: z.array(z.string()),
});
export const reSignRecord = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  domainNames: z.array(z.string()),
  priceDiff: z.number().int().describe('cents'),
  status: z.enum(['awaiting_payment', 'validating', 'done', 'cancelled']),
  createdAt: iso,
  doneAt: isoOrNull,
});
export const orderDetail = orderListItem.extend({
  rawAmount: z.number().int(),
  discount: z.number().int(),
  term: z.object({ value: z.number().int(), unit: z.enum(['day', 'year']), days: z.number().int().describe('days the plan covers') }),
  freeProduct: z.boolean(),
  dcvEmail: z.string(),
  dcvAutopilot: z.boolean().describe('DCV autopilot on (names in zones hosted here validate with no step)'),
  csr: z.string(),
  hasKey: z.boolean().describe('the server holds the private key (sealed): downloads can include it'),
  domains: z.array(domainDcvState),
  rulesOn: z.string().describe('YYYY-MM-DD: the server\'s day, for which the console reads the rules table (the methods it offers)'),
  contact: contactInfo.nullable(),
  company: companyInfo.nullable(),
  timeline: z.array(timelineEvent),
  issuedAt: isoOrNull,
  cancelledAt: isoOrNull,
  planEndsAt: isoOrNull.describe('end of the paid plan; certificates are reissued within it'),
  plan: z
    .object({
      current: z.number().int().describe('k: the current certificate is certificate k of the plan'),
      total: z.number().int().describe('how many certificates serve the plan, the projected ones included'),
      nextReissueAt: isoOrNull.describe('when the next certificate is issued by itself (about two thirds into the current one\'s life); null when the current one reaches the plan\'s end'),
      certificates: z.array(z.object({ k: z.number().int(), notBefore: iso, notAfter: iso, issued: z.boolean() })).describe('the current certificate, then the ones the rules table projects'),
    })
    .nullable()
    .describe('the schedule of an issued plan (packages/domain plan-schedule.ts), recomputed from the rules table on every read'),
  validationLapsesAt: isoOrNull.describe('earliest lapse date of the names\' validation'),
  statusReason: z.string().describe('why the order waits or stopped, as a code: validation_window (1003), auto_reissue (1002), acme_csr_names, acme_invalid (1003); empty when none'),
  statusReasonText: z.string().describe('statusReason in the caller\'s language'),
  certificate: certificateInfo.nullable(),
  reSign: z.object({
    status: z.number().int(),
    priceDiff: z.number().int(),
    paid: z.boolean(),
    request: reSignRecord.nullable().describe('the re-sign under way, if any'),
  }),
  actions: z.object({
    pay: z.boolean(),
    cancel: z.boolean(),
    verify: z.boolean(),
    changeDcv: z.boolean(),
    resendEmail: z.boolean(),
    download: z.boolean(),
    reSign: z.boolean(),
    reCommit: z.boolean(),
  }),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderDetailAnswer = z.object({ orderInfo: orderDetail });
export const orderStatusAnswer = z.object({ orderStatus: z.number().int(), reSignStatus: z.number().int() });
/** The expired-orders count call (document 02 §7): `?status=expired` answers the expired orders as `total`. */
export const orderCountQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(['expired'], { message: 'count.v.status' }).optional()).describe('expired: total counts expired orders only'),
});
export const orderCountAnswer = z.object({
  total: z.number().int(),
  expiring: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()).describe('status code → count (effective statuses: 1007 for expired); 5004 counts re-sign orders'),
});

// --- actions
export const cancelAnswer = z.object({
  cancelled: z.array(z.string()),
  refunded: z.array(z.object({ orderNo: z.string(), amount: z.number().int() })).describe('cents returned to the balance'),
  failed: z.array(z.object({ orderNo: z.string(), msg: z.string() })),
});
export const domainsAnswer = z.object({
  orderNo: z.string(),
  orderStatus: z.number().int(),
  autopilot: z.boolean().describe('DCV autopilot on: names in zones hosted here get their records published, checked and removed with no step'),
  domains: z.array(domainDcvState),
});
// --- DCV autopilot (issue 16)
export const dcvAutopilotQuery = z.object({
  names: nameList.pipe(z.array(z.string().max(253, { message: 'orders.autopilot.nameTooLong' })).min(1, { message: 'v.required' }).max(maxBatchOrders * 10, { message: 'orders.autopilot.tooMany' })),
});
export const dcvAutopilotAnswer = z.object({
  names: z.array(z.object({ name: z.string(), zone: z.string().nullable().describe('the zone hosted here that holds the name; null: the autopilot cannot help it') })),
});
export const dcvAutopilotBody = z.object({
  on: z.preprocess(
    (v) => (typeof v === 'string' ? ({ true: true, '1': true, on: true, false: false, '0': false, off: false } as Record<string, boolean>)[v.toLowerCase()] ?? v : v),
    z.boolean({ message: 'orders.autopilot.on' }),
  ),
});
export const domainListBody = z.object({
  domainNames: nameList.pipe(z.array(z.string()).min(1, { message: 'v.required' })).describe('the names of the order (the common name first); the count may not exceed what was paid for'),
});
/** The validation mailbox of the e-mail methods: a role name (admin, webmaster, …) or one address (domain isDcvMailbox). */
export const dcvMailbox = z
  .string()
  .trim()
  .max(dcvMailboxMaxLength, { message: 'orders.dcv.emailTooLong' })
  .refine(isDcvMailbox, { message: 'orders.dcv.emailFormat' });
export const dcvChangeBody = z.object({
  orderNo: orderNoField(),
  dcvMethod: z.enum(dcvMethods, { message: 'purchase.dcv.method' }),
  domain: z.preprocess(emptyToUndefined, text(1000).optional()).describe('one name; every pending name when absent'),
  email: z
    .preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : emptyToUndefined(v)), dcvMailbox.optional())
    .describe('email/email_dns: a role name (admin, webmaster, …) or one address of at most 254 characters; the order\'s mailbox when absent'),
});
export const resendAnswer = z.object({ sent: z.number().int() });
export const remarkBody = z.object({ remark: text(500, undefined, 'orders.remark.tooLong').optional().default('') });
export const autoDetectQuery = z.object({
  orderNo: z.preprocess(emptyToUndefined, text(64).optional()).describe('which method\'s record each pending name already has'),
  domain: z.preprocess(emptyToUndefined, text(1000).optional()).describe('whether the name is validated for the account'),
});
export const autoDetectAnswer = z.object({
  domains: z.array(
    z.object({
      domain: z.string(),
      detected: z.enum(dcvMethods).nullable().describe('a method whose record or file is in place now'),
      validated: z.boolean(),
      lapsesAt: isoOrNull,
    }),
  ),
});
export const validatedDomain = z.object({
  id: z.number().int(),
  domain: z.string(),
  method: z.string(),
  orgId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  validatedAt: iso,
  lapsesAt: iso,
});
export const validatedDomainsQuery = z.object({
  limit: pageSize().default(defaultPageSize),
  offset: pageNumber().default(1),
  domain: z.preprocess(emptyToUndefined, text(255).trim().optional()),
});
export const validatedDomainsAnswer = z.object({ data: z.array(validatedDomain), total: z.number().int() });
export const msslDomainsBody = z.object({ domains: nameList.pipe(z.array(z.string()).min(1, { message: 'v.required' }).max(500)) });
export const idNumberParams = z.object({ id: id() });

// --- downloads
export const certAnswer = z.object({
  orderNo: z.string(),
  commonName: z.string(),
  cert: z.string().describe('PEM of the certificate'),
  chain: z.string().describe('PEM of the intermediate(s), leaf excluded'),
  fullchain: z.string().describe('cert + chain'),
  root: z.string().describe('PEM of the root (for trust stores; not for servers)'),
  key: z.string().nullable().describe('PEM private key when the server holds it (sealed at rest); otherwise null'),
  serial: z.string(),
  notBefore: iso,
  notAfter: iso,
});
/**
 * PKCS#12 takes any Unicode password (BMPString for its MAC, UTF-8 for PBES2) and so does JKS (UTF-16 characters):
 * only control characters, which no password field can type reliably, are refused.
 */
export const keystorePassword = z.string().min(6, { message: 'orders.password.short' }).max(128).regex(/^[^\p{Cc}]+$/u, { message: 'orders.password.control' });
export const keystoreBody = z.object({
  orderNo: orderNoField(),
  password: keystorePassword,
  key: z.preprocess(emptyToUndefined, text(maxKeyLength).optional()).describe('PEM private key when the server does not hold it'),
});
export const pfxAnswer = z.object({ fileName: z.string(), pfx: z.string().describe('base64 of the PKCS#12 (AES-256-CBC, PBKDF2, HMAC-SHA-256)') });
export const jksAnswer = z.object({ fileName: z.string(), jks: z.string().describe('base64 of the Java KeyStore (alias "server")') });
export const downloadQuery = z.object({
  password: z.preprocess(emptyToUndefined, keystorePassword.optional()).describe('for the IIS .pfx and Tomcat .jks; generated (and written to password.txt) when absent'),
});
/** The zip of one order with the key the server does not hold: in a body, never in an address (logs keep addresses). */
export const downloadBody = downloadQuery.extend({
  key: z.preprocess(emptyToUndefined, z.string().max(20_000).optional()).describe('PEM private key when the server does not hold it: adds the key files, iis/ and tomcat/'),
});
export const batchDownloadQuery = downloadQuery.extend({ orderNos: nameList.pipe(z.array(z.string()).min(1).max(maxBatchOrders)) });
/** A file answer (zip, DER): bytes, not JSON. */
export const binaryFile = z.custom<Uint8Array>((v) => v instanceof Uint8Array);
export const zipFile = binaryFile.describe('application/zip');

// --- re-sign
export const reSignPriceBody = z.object({
  domainNames: nameList.optional().describe('the names wanted on the new certificate; the current ones when absent'),
});
export const reSignPriceAnswer = z.object({
  priceDiff: z.number().int().describe('cents: names billed beyond those billed now (the www names a product adds by itself are free) × extraDomainPrice × days of the plan left / 365; what POST /v1/orders/reSign charges for the same names'),
  addedDomains: z.array(z.string()),
  remainingDays: z.number().int(),
});
export const reSignBody = z.object({
  orderNo: orderNoField(),
  csr: text(maxCsrLength, 'purchase.csr.required').min(1, { message: 'purchase.csr.required' }),
  key: z.preprocess(emptyToUndefined, text(maxKeyLength).optional()),
  domainNames: nameList.optional().describe('the names of the new certificate; the current ones when absent'),
});
export const reSignAnswer = z.object({ orderNo: z.string(), reSignStatus: z.number().int(), reSignPriceDiff: z.number().int(), orderStatus: z.number().int() });
export const reSignRecordsQuery = z.object({
  orderNo: z.preprocess(emptyToUndefined, text(64).optional()),
  limit: pageSize().default(defaultPageSize),
  offset: pageNumber().default(1),
});
export const reSignRecordsAnswer = z.object({ data: z.array(reSignRecord), total: z.number().int() });

// --- batch
export const batchCertsAnswer = z.object({ data: z.array(certAnswer), missing: z.array(z.string()).describe('not yours or not issued') });
export const batchVerifyAnswer = z.object({
  data: z.array(z.object({ orderNo: z.string(), orderStatus: z.number().int(), validated: z.number().int(), pending: z.number().int() })),
});
export const batchHashValuesAnswer = z.object({
  data: z.array(z.object({ orderNo: z.string(), domain: z.string(), status: z.enum(['pending', 'validated']), instructions: dcvInstructions })),
});
export const batchOrdersAnswer = z.object({ data: z.array(orderListItem) });
