import { z } from 'zod';
import { maxNameservers, maxYears, minNameservers, minYears } from '@cc/domain/registrar';
import { payResult, purchasePayFields } from './payments.ts';
import { id, int, optionalText, pageNumber, requiredText, text, textList } from './input.ts';

/**
 * Domain names under /dm-serv/v1 (document 02 §7): TLDs and prices, availability and suggestions, cart and
 * checkout, contacts, the account's names, renewal, transfer in and out, groups and batch work.
 * Money is cents; dates are ISO 8601.
 */

/** Most names one availability search, renewal or batch takes (the batch pages work over hundreds). */
export const maxNamesPerCall = 1000;
/** Domain list page size (document 02 §9: domain list 5000) and group default limit 100. */
export const domainListMax = 5000;
export const groupLimitDefault = 100;

const years = int(minYears, maxYears, { type: 'dm.v.years', range: 'dm.v.years' });
const names = (max = maxNamesPerCall) => textList(max, 300).refine((l) => l.length > 0, { message: 'dm.v.names' });
const domainName = requiredText(300, 'dm.v.name');

export const tldInfo = z.object({
  tld: z.string().describe('as typed, Unicode for IDN TLDs, no leading dot'),
  ascii: z.string(),
  register: z.number().int().describe('cents per year'),
  renew: z.number().int(),
  transfer: z.number().int().describe('cents; adds one year'),
  redemption: z.number().int().describe('restore fee in the redemption period, cents, on top of the renewal'),
  realName: z.boolean().describe('needs a real-name verified registrant (China TLDs)'),
});
export const tldAnswer = z.object({
  commonTlds: z.array(tldInfo),
  otherTlds: z.array(tldInfo),
  rules: z.object({ minYears: z.number(), maxYears: z.number(), graceDays: z.number(), redemptionDays: z.number(), transferPendingDays: z.number(), premiumFactor: z.number() }),
});

export const availabilityItem = z.object({
  domain: z.string().describe('as asked'),
  ascii: z.string(),
  unicode: z.string(),
  tld: z.string(),
  available: z.boolean(),
  reason: z.enum(['registered', 'reserved', 'invalid', 'tld', 'mine']).nullable(),
  premium: z.boolean(),
  /** One year's registration, cents (premium included); null when not available. */
  price: z.number().int().nullable(),
  renewPrice: z.number().int().nullable(),
  realName: z.boolean(),
});
export type AvailabilityItem = z.infer<typeof availabilityItem>;
export const availableBody = z.object({ domains: names() });
export const availableAnswer = z.array(availabilityItem);

export const suggestQuery = z.object({
  keyword: requiredText(300, 'dm.v.keyword'),
  tlds: textList(30, 40).optional(),
});
export const suggestAnswer = z.object({ exact: z.array(availabilityItem), suggestions: z.array(availabilityItem) });

export const cartItem = z.object({
  id: z.number().int(), domain: z.string(), unicode: z.string(), tld: z.string(), years: z.number().int(),
  price: z.number().int().nullable().describe('cents for the years chosen; null when the name is no longer available'),
  available: z.boolean(), premium: z.boolean(), realName: z.boolean(),
});
export const cartAnswer = z.object({ items: z.array(cartItem), total: z.number().int().describe('cents of the available items') });
export const cartAddBody = z.object({ domains: names(100), years: years.default(1) });
export const cartUpdateBody = z.object({ years });
export const idParams = z.object({ id: id() });

export const payBody = z.object({
  cartIds: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(id()).min(1, { message: 'dm.v.cart' }).max(100, { message: 'v.list.tooLong' })),
  contactId: id('dm.v.contact'),
  ...purchasePayFields,
});
export const domainOrder = z.object({
  orderNo: z.string(), kind: z.enum(['register', 'renew', 'transferIn']), domain: z.string(), unicode: z.string(), years: z.number().int(),
  amount: z.number().int(), status: z.enum(['paid', 'pending', 'succeeded', 'refunded']), reason: z.string(),
  createdAt: z.string(), completedAt: z.string().nullable(), expiresAfter: z.string().nullable(),
  transfer: z.object({ status: z.string(), requestedAt: z.string(), actBy: z.string() }).nullable(),
});
export type DomainOrder = z.infer<typeof domainOrder>;
export const payAnswer = z.object({ orders: z.array(domainOrder), amount: z.number().int() });
export const checkoutAnswer = payAnswer.extend({
  payment: payResult.nullable().describe('an outside way: the pending pay result (orders is empty until the gateway confirms; then GET /v1/payments/{paymentId} names them); balance: null'),
});

export const contactKinds = ['personal', 'enterprise'] as const;
export const domainContactBody = z.object({
  kind: z.enum(contactKinds, { message: 'dm.v.contactKind' }).default('personal'),
  name: requiredText(100, 'dm.v.contactName'),
  org: optionalText(200),
  email: requiredText(200, 'dm.v.email').pipe(z.email({ message: 'dm.v.email' })),
  telephone: requiredText(30, 'dm.v.telephone').regex(/^\+?[0-9-]{5,20}$/, { message: 'dm.v.telephone' }),
  country: text(2).trim().regex(/^[A-Z]{2}$/, { message: 'dm.v.country' }).default('CN'),
  province: optionalText(100),
  city: optionalText(100),
  address: optionalText(300),
  postalCode: optionalText(20),
});
export const domainContact = z.object({
  id: z.number().int(), kind: z.enum(contactKinds), name: z.string(), org: z.string(), email: z.string(), telephone: z.string(), country: z.string(),
  province: z.string(), city: z.string(), address: z.string(), postalCode: z.string(),
  verified: z.boolean().describe('the account\'s real-name verification covers this registrant (needed for .cn names)'),
});
export const domainContactsAnswer = z.object({ items: z.array(domainContact), total: z.number().int(), realName: z.object({ personal: z.string(), enterprise: z.string() }) });

export const domainTabs = ['mine', 'expiring', 'expired', 'forSale'] as const;
export const domainListQuery = z.object({
  tab: z.enum(domainTabs, { message: 'dm.v.tab' }).default('mine'),
  keyword: optionalText(300),
  groupId: id().optional(),
  limit: int(1, domainListMax).default(20),
  offset: pageNumber().default(1),
});
export const domainItem = z.object({
  orderNo: z.string(), domain: z.string(), unicode: z.string(), tld: z.string(), registeredAt: z.string(), expiresAt: z.string(),
  phase: z.enum(['active', 'grace', 'redemption', 'pendingDelete', 'released']), locked: z.boolean(), forSale: z.boolean(),
  remark: z.string(), groupId: z.number().int().nullable(), groupName: z.string().nullable(), nameservers: z.array(z.string()),
  maxRenewYears: z.number().int(), renewPrice: z.number().int().describe('one year, cents (redemption fee included when due)'),
  transferOut: z.object({ id: z.number().int(), status: z.string(), actBy: z.string() }).nullable(),
});
export type DomainItem = z.infer<typeof domainItem>;
export const domainListAnswer = z.object({ items: z.array(domainItem), total: z.number().int() });
export const orderNoParams = z.object({ orderNo: requiredText(64, 'dm.v.orderNo') });
export const domainDetail = domainItem.extend({
  contacts: z.object({ registrant: domainContact.nullable(), admin: domainContact.nullable(), tech: domainContact.nullable(), billing: domainContact.nullable() }),
  orders: z.array(domainOrder),
});

export const domainLockBody = z.object({ domain: domainName, lock: z.preprocess((v) => (v === 'true' || v === 'Y' ? true : v === 'false' || v === 'N' ? false : v), z.boolean({ message: 'dm.v.lock' })) });
export const forSaleBody = z.object({ domain: domainName, forSale: z.preprocess((v) => (v === 'true' || v === 'Y' ? true : v === 'false' || v === 'N' ? false : v), z.boolean({ message: 'dm.v.forSale' })) });
export const authCodeBody = z.object({ domain: domainName, reset: z.boolean().optional().default(false) });
export const authCodeAnswer = z.object({ domain: z.string(), authCode: z.string() });
export const remarkBody = z.object({ orderNo: requiredText(64, 'dm.v.orderNo'), remark: text(200, 'v.text.type') });
export const nameserversBody = z.object({
  domain: domainName,
  nameservers: textList(maxNameservers, 253).refine((l) => l.length >= minNameservers, { message: 'dm.v.nameservers' }),
});

export const renewBody = z.object({ domains: names(), years: years.default(1) });
export const renewPriceItem = z.object({
  domain: z.string(), unicode: z.string(), years: z.number().int(), price: z.number().int().nullable(), expiresAt: z.string().nullable(),
  newExpiresAt: z.string().nullable(), redemption: z.boolean(), fault: z.string().nullable().describe('why the name cannot be renewed for these years, translated'),
});
export const renewPriceAnswer = z.object({ items: z.array(renewPriceItem), total: z.number().int() });
export const orderListQuery = z.object({ limit: int(1, domainListMax).default(20), offset: pageNumber().default(1), keyword: optionalText(300) });
export const orderListAnswer = z.object({ items: z.array(domainOrder), total: z.number().int() });

export const transferInItem = z.object({ domain: domainName, authCode: requiredText(64, 'dm.v.authCode') });
export const transferInBody = z.object({ items: z.array(transferInItem).min(1, { message: 'dm.v.names' }).max(100, { message: 'v.list.tooLong' }), contactId: id('dm.v.contact') });
export const transferPriceBody = z.object({ domains: names(100) });
export const transferPriceAnswer = z.object({ items: z.array(z.object({ domain: z.string(), unicode: z.string(), price: z.number().int().nullable(), fault: z.string().nullable() })), total: z.number().int() });
export const transferOutItem = z.object({ id: z.number().int(), domain: z.string(), unicode: z.string(), orderNo: z.string().nullable(), status: z.string(), requestedAt: z.string(), actBy: z.string(), settledAt: z.string().nullable() });
export const transferOutAnswer = z.object({ items: z.array(transferOutItem), total: z.number().int() });
export const transferDecisionBody = z.object({ approve: z.boolean() });

export const groupQuery = z.object({ limit: int(1, 1000).default(groupLimitDefault), offset: pageNumber().default(1) });
export const groupBody = z.object({ name: requiredText(50, 'dm.v.groupName') });
export const group = z.object({ id: z.number().int(), name: z.string(), count: z.number().int(), createdAt: z.string() });
export const groupsAnswer = z.object({ items: z.array(group), total: z.number().int(), pagination: z.object({ limit: z.number().int(), offset: z.number().int() }) });
export const groupDomainsBody = z.object({ domains: names(domainListMax) });

export const batchKinds = ['ownership', 'nameservers', 'group', 'remark'] as const;
export type BatchKind = (typeof batchKinds)[number];
export const batchBody = z.object({
  kind: z.enum(batchKinds, { message: 'dm.v.batchKind' }),
  domains: names(domainListMax),
  contactId: id('dm.v.contact').optional(),
  nameservers: textList(maxNameservers, 253).optional(),
  groupId: id().nullable().optional(),
  remark: text(200).optional(),
});
export const batchAnswer = z.object({
  id: z.string(), kind: z.enum(batchKinds), total: z.number().int(), done: z.number().int(), failed: z.number().int(), finished: z.boolean(), createdAt: z.string(),
  items: z.array(z.object({ domain: z.string(), status: z.enum(['waiting', 'done', 'failed']), message: z.string() })),
});
export const batchListAnswer = z.object({ items: z.array(batchAnswer.omit({ items: true })), total: z.number().int() });
export const batchIdParams = z.object({ id: requiredText(64) });
