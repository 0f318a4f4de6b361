import { z } from 'zod';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { id, int, pageNumber, pageSize, requiredText, text } from './input.ts';

/**
 * The message centre (/notification, the header bell) and the platform's announcements: document 02 §1 and §7
 * ("site notifications: data.siteMsges, total", GET /v1/siteMsg/announcement, PUT and DELETE .../{id}).
 */

/** Groups the message centre filters by. */
export const siteMsgCategories = ['orders', 'billing', 'domains', 'security'] as const;
export type SiteMsgCategory = (typeof siteMsgCategories)[number];

/**
 * Every kind of message the product sends an account, with its group. Adding a kind is one line here (plus its
 * title and body in site-messages-messages.ts, and its link below when it has one); the sender calls
 * `notifyAccount` (apps/server/src/services/messages/notify.ts) with it.
 */
export const siteMsgKinds = {
  orderValidation: 'orders',
  issued: 'orders',
  expiring: 'orders',
  payment: 'billing',
  balanceLow: 'billing',
  invoiceIssued: 'billing',
  domainExpiring: 'domains',
  dnsZoneReleased: 'domains',
  newSignIn: 'security',
  securityChange: 'security',
  discovery: 'orders',
  /** Paid goods a job could not deliver, refunded (params: what, orderNo, domain, amount; batchPay: queueId, count). */
  deliveryFailed: 'billing',
} as const satisfies Record<string, SiteMsgCategory>;
export type SiteMsgKind = keyof typeof siteMsgKinds;
export const siteMsgKindNames = Object.keys(siteMsgKinds) as [SiteMsgKind, ...SiteMsgKind[]];
export const isSiteMsgKind = (k: string): k is SiteMsgKind => Object.hasOwn(siteMsgKinds, k);

export type SiteMsgParams = Record<string, string | number>;

const discoveryAlert = { endpoint: 'www.example.com:443', subject: 'CN=www.example.com', notAfter: '2026-12-31', certId: 7 };
/**
 * What each kind's senders pass (notifyAccount), by example: the sender's type comes from here, and
 * test/message-templates.test.ts renders every example as the message centre, the mail and the SMS show it, in
 * both languages, so that a template and its senders cannot drift apart unseen.
 */
export const siteMsgExamples = {
  orderValidation: [{ orderNo: 'SSL20260101000001', domain: 'example.com' }],
  issued: [{ orderNo: 'SSL20260101000001', domain: 'example.com', notAfter: '2027-01-01' }],
  expiring: [{ domain: 'example.com', orderNo: 'SSL20260101000001', notAfter: '2027-01-01', days: 30 }],
  payment: [{ amount: 19_900, payWay: 'alipay', orderNos: 'SSL20260101000001, SSL20260101000002' }, { amount: 50_000, payWay: 'wxpay', orderNos: '' }],
  balanceLow: [{ balance: 900, threshold: 10_000 }],
  invoiceIssued: [{ invoiceNo: 'INV2026000001', amount: 50_000, orgName: '示例科技有限公司' }],
  domainExpiring: [{ domain: 'example.com', expiresAt: '2027-01-01', notAfter: '2027-01-01', days: 30 }],
  newSignIn: [{ ip: '203.0.113.9', device: 'Chrome / Windows', time: '2026-01-01 08:00:00' }, { ip: '203.0.113.9', device: '', time: '2026-01-01 08:00:00' }],
  securityChange: [{ change: 'password', time: '2026-01-01 08:00:00' }, { change: 'tel', time: '2026-01-01 08:00:00' }, { change: 'email', time: '2026-01-01 08:00:00' }],
  dnsZoneReleased: [{ zone: 'shop.example.com', by: 'example.com' }],
  deliveryFailed: [
    { what: 'certificate', orderNo: 'SSL20260101000001', domain: 'example.com', amount: 19_900 },
    { what: 'certificate', orderNo: 'SSL20260101000001', domain: 'example.com', amount: 0 },
    { what: 'reSign', orderNo: 'SSL20260101000001', domain: 'example.com', amount: 5_000 },
    { what: 'domain', orderNo: 'DM20260101000001', domain: 'example.com', amount: 1_500 },
    { what: 'transfer', orderNo: 'DM20260101000002', domain: 'example.com', amount: 4_500 },
    { what: 'batchPay', queueId: 12, count: 3, amount: 0 },
  ],
  discovery: [
    { kind: 'expiring', ...discoveryAlert, days: 7 },
    { kind: 'changed', ...discoveryAlert, managed: 'yes' },
    { kind: 'chainInvalid', ...discoveryAlert },
    { kind: 'unreachable', ...discoveryAlert, subject: '-', notAfter: '-', certId: 0, error: 'ECONNREFUSED' },
    { kind: 'notDeployed', ...discoveryAlert },
    { kind: 'ctUnexpected', ...discoveryAlert, certId: 0, sha256: 'AB:CD:EF' },
  ],
} as const satisfies { [K in SiteMsgKind]: readonly SiteMsgParams[] };
type AllKeys<T> = T extends unknown ? keyof T : never;
/** The parameters a kind's senders pass: those every example has, and the others optional. */
export type SiteMsgParamsOf<K extends SiteMsgKind> = { [P in keyof (typeof siteMsgExamples)[K][number]]: string | number } &
  Partial<Record<AllKeys<(typeof siteMsgExamples)[K][number]>, string | number>>;

/** The console page a message leads to (a path of the console), or null. */
export function siteMsgLink(kind: SiteMsgKind, p: SiteMsgParams): string | null {
  const order = p.orderNo ? `/ssl/certificate/${encodeURIComponent(String(p.orderNo))}` : null;
  switch (kind) {
    case 'orderValidation':
    case 'issued':
    case 'expiring':
      return order;
    case 'payment':
      return p.orderNos ? '/orders/list' : '/account/credit-records';
    case 'balanceLow':
      return '/deposit';
    case 'invoiceIssued':
      return '/account/invoice';
    case 'domainExpiring':
      return '/domain/manage/expiring';
    case 'dnsZoneReleased':
      return '/domain/dns';
    case 'newSignIn':
    case 'securityChange':
      return '/account/secure';
    case 'deliveryFailed':
      // A certificate order's page shows it cancelled and refunded; the refund of anything else is in the balance records.
      if (p.what === 'certificate' || p.what === 'reSign') return order;
      return p.what === 'batchPay' ? '/payment/batch' : '/account/credit-records';
    case 'discovery':
      // A certificate found in CT that was not ordered here: the CT lookup, narrowed to it.
      if (p.kind === 'ctUnexpected') return `/certhub/discovery/log?q=${encodeURIComponent(String(p.sha256 ?? '').replace(/:/g, ''))}`;
      return Number(p.certId) ? `/certhub/discovery/certs/${Number(p.certId)}` : '/certhub/discovery/dashboard';
  }
}

const iso = z.string().describe('ISO 8601, UTC');

export const siteMsg = z.object({
  id: z.number().int(),
  kind: z.enum(siteMsgKindNames),
  category: z.enum(siteMsgCategories),
  title: z.string().describe('in the caller\'s language'),
  content: z.string().describe('in the caller\'s language'),
  link: z.string().nullable().describe('console path the message is about'),
  read: z.boolean(),
  createdAt: iso,
});
export type SiteMsg = z.infer<typeof siteMsg>;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const siteMsgListQuery = z.object({
  limit: pageSize()
    .refine((v) => (pageSizes as readonly number[]).includes(v), { message: 'orders.pageSize' })
    .default(defaultPageSize)
    .describe('10, 15, 20, 30, 50, 100, 300 or 400'),
  offset: pageNumber().default(1).describe('1-based page number'),
  category: z.preprocess(emptyToUndefined, z.enum(siteMsgCategories, { message: 'siteMsg.v.category' }).optional()),
  kind: z.preprocess(emptyToUndefined, z.enum(siteMsgKindNames, { message: 'siteMsg.v.kind' }).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(['unread', 'read'], { message: 'siteMsg.v.status' }).optional()),
});
export type SiteMsgListQuery = Partial<z.infer<typeof siteMsgListQuery>>;

export const siteMsgListAnswer = z.object({
  siteMsges: z.array(siteMsg),
  total: z.number().int().describe('messages matching the filters'),
  unread: z.number().int().describe('unread messages of the account, whatever the filters'),
});
export type SiteMsgListAnswer = z.infer<typeof siteMsgListAnswer>;

export const siteMsgIdParams = z.object({ id: id() });
export const siteMsgReadAllBody = z.object({
  category: z.preprocess(emptyToUndefined, z.enum(siteMsgCategories, { message: 'siteMsg.v.category' }).optional()).describe('only this group; all when absent'),
});
export const siteMsgUnreadAnswer = z.object({ unread: z.number().int() });
export const siteMsgReadAllAnswer = z.object({ read: z.number().int().describe('messages marked read now'), unread: z.number().int() });

// --- announcements
export const announcementKinds = ['maintenance', 'price', 'rules', 'general'] as const;
export type AnnouncementKind = (typeof announcementKinds)[number];

export const announcement = z.object({
  id: z.number().int(),
  kind: z.enum(announcementKinds),
  title: z.string().describe('in the caller\'s language'),
  content: z.string().describe('in the caller\'s language; plain text'),
  startsAt: iso,
  endsAt: iso.nullable(),
  read: z.boolean(),
});
export type Announcement = z.infer<typeof announcement>;
export const announcementListAnswer = z.object({
  siteMsges: z.array(announcement).describe('announcements in force, newest first, without those the account hid'),
  total: z.number().int(),
  unread: z.number().int(),
});
export type AnnouncementListAnswer = z.infer<typeof announcementListAnswer>;
export const announcementIdParams = z.object({ id: id() });

/** What the header needs on every page, in one cheap call: the bell's count and the announcement to show, if any. */
export const siteMsgSummary = z.object({
  unread: z.number().int().describe('unread messages, counted up to 100 (the bell shows 99+)'),
  announcement: announcement.nullable().describe('the newest unread announcement, shown once as a banner'),
});
export type SiteMsgSummary = z.infer<typeof siteMsgSummary>;

/** Publishing an announcement (the `npm run announce` command; no web page publishes). */
export const announcementInput = z
  .object({
    kind: z.enum(announcementKinds, { message: 'siteMsg.v.announcementKind' }),
    titleZh: requiredText(200),
    titleEn: requiredText(200),
    bodyZh: requiredText(4000),
    bodyEn: requiredText(4000),
    startsAt: text(40).optional().refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), { message: 'v.dateTime' }),
    endsAt: text(40).optional().refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), { message: 'v.dateTime' }),
    days: int(1, 3650).optional().describe('ends this many days after it starts (instead of endsAt)'),
  })
  .refine((v) => !(v.endsAt && v.days), { message: 'siteMsg.v.endsTwice', path: ['days'] });
export type AnnouncementInput = z.input<typeof announcementInput>;
