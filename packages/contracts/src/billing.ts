import { z } from 'zod';
import { emailPattern } from '@cc/domain/account';
import { isCreditCode } from '@cc/domain/real-name';
import { pageQuery } from './envelope.ts';
import { id, int, requiredText, text } from './input.ts';
import { dateBound, payResult, purchasePayFields } from './payments.ts';

/**
 * Calls of billing (document 02 §3, §7 "Finance"; document 01 §7 "my price list"): bills, monthly consumption,
 * the reconciliation export, invoices and their templates, withdrawals, certificate packages, each account's own
 * prices and the sandbox operator area. Amounts are integer cents (CNY).
 */

const range = {
  startTime: dateBound(false).describe('from (inclusive): YYYY-MM-DD (China Standard Time) or ISO 8601'),
  endTime: dateBound(true).describe('to: YYYY-MM-DD (the whole day, inclusive) or ISO 8601 (exclusive)'),
};
export const rangeQuery = z.object(range);
const maxCents = 100_000_000_000;

// --- bills
export const billItems = ['order', 'package'] as const;
export const transactionsQuery = pageQuery.extend({ ...range, item: z.enum(billItems).optional() });
export const transaction = z.object({
  at: z.string().describe('ISO 8601'),
  amount: z.number().int().describe('cents: + paid, - refunded'),
  kind: z.string().describe('order_payment, re_sign_payment, package_payment, refund'),
  item: z.enum(billItems),
  ref: z.string().describe('order number, or package id'),
  productName: z.string(),
  productNameEn: z.string(),
  productType: z.string(),
  payWay: z.number().int().nullable().describe('document 02 §4 codes 0–4; null: the balance'),
  payWayName: z.string(),
});
export const transactionsAnswer = z.object({
  data: z.array(transaction),
  total: z.number().int(),
  sum: z.number().int().describe('cents, every match (not only the page)'),
});
export const monthlyQuery = z.object({ months: int(1, 36).default(12).describe('how many months back, this one included') });
export const monthlyAnswer = z.object({
  months: z.array(z.object({ month: z.string().describe('YYYY-MM, China Standard Time'), amount: z.number().int() })).describe('every month, oldest first, zero included'),
  byType: z.array(z.object({ month: z.string(), productType: z.string().describe("the product type, or 'package'"), amount: z.number().int() })),
});

// --- invoice templates
export const taxNum = text(40, 'bill.taxNum').trim().toUpperCase().refine(isCreditCode, { message: 'bill.taxNum' });
export const invoiceOrgInput = z.object({
  orgName: requiredText(200),
  taxNum,
  telephone: requiredText(40),
  bankName: requiredText(200),
  bankAccount: text(40, 'bill.bankAccount').trim().regex(/^\d{6,34}$/, { message: 'bill.bankAccount' }),
  address: requiredText(500),
  email: text(254, 'v.emailFormat').trim().regex(emailPattern, { message: 'v.emailFormat' }),
});
export type InvoiceOrgInput = z.infer<typeof invoiceOrgInput>;
export const invoiceOrgUpdate = invoiceOrgInput.extend({ id: id() });
export const invoiceOrg = invoiceOrgInput.extend({ id: z.number().int(), createdAt: z.string() });
export const invoiceContactInput = z.object({ name: requiredText(100), telephone: requiredText(40), address: requiredText(500) });
export type InvoiceContactInput = z.infer<typeof invoiceContactInput>;
export const invoiceContactUpdate = invoiceContactInput.extend({ id: id() });
export const invoiceContact = invoiceContactInput.extend({ id: z.number().int(), createdAt: z.string() });
export const idParams = z.object({ id: id() });
export const templateListAnswer = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });
export const savedAnswer = z.object({ id: z.number().int() });

// --- invoices
/** Days the download link in the invoice mail works, from the moment the invoice is issued. */
export const invoiceLinkDays = 30;
export const invoiceLinkParams = z.object({ token: text(100, 'bill.link.invalid').regex(/^[\w-]+$/, { message: 'bill.link.invalid' }) });
export const invoiceTypes = ['ordinary', 'special'] as const;
export const invoiceStatuses = ['pending', 'issued', 'rejected', 'cancelled'] as const;
export const invoiceApplyBody = z.object({
  invoiceType: z.enum(invoiceTypes, { message: 'bill.invoice.type' }).describe('ordinary: 普通发票; special: 增值税专用发票'),
  invoiceOrgID: id(),
  invoiceConID: id(),
  amount: int(1, maxCents, { type: 'bill.invoice.amount', range: 'bill.invoice.amount' }).describe('cents, at most toBeInvoicedAmount'),
});
export const invoiceListQuery = pageQuery.extend({ status: z.enum(invoiceStatuses).optional() });
export const invoice = z.object({
  id: z.number().int(),
  invoiceType: z.enum(invoiceTypes),
  invoiceOrgID: z.number().int().nullable(),
  invoiceConID: z.number().int().nullable(),
  orgName: z.string(),
  taxNum: z.string(),
  contactName: z.string(),
  address: z.string(),
  amount: z.number().int(),
  status: z.enum(invoiceStatuses),
  invoiceNo: z.string().nullable(),
  rejectReason: z.string(),
  hasPdf: z.boolean().describe('GET /v1/invoices/{id}/pdf downloads it'),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const invoiceListAnswer = z.object({ data: z.array(invoice), total: z.number().int(), toBeInvoicedAmount: z.number().int() });
export const invoiceAppliedAnswer = z.object({ id: z.number().int(), toBeInvoicedAmount: z.number().int() });

// --- withdrawals
export const withdrawMethods = ['original', 'bank'] as const;
export const withdrawBody = z
  .object({
    amount: int(1, maxCents, { type: 'bill.withdraw.amount', range: 'bill.withdraw.amount' }).describe('cents, at most refundable'),
    method: z.enum(withdrawMethods).describe('original: back the way it was topped up; bank: to the account below'),
    bankName: text(200).trim().optional().default(''),
    bankAccount: text(40).trim().optional().default(''),
    accountName: text(200).trim().optional().default(''),
  })
  .superRefine((b, ctx) => {
    if (b.method !== 'bank') return;
    if (!b.bankName || !b.accountName) ctx.addIssue({ code: 'custom', path: [!b.bankName ? 'bankName' : 'accountName'], message: 'bill.withdraw.bankRequired' });
    if (!/^\d{6,34}$/.test(b.bankAccount)) ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: 'bill.bankAccount' });
  });
export const withdrawStatuses = ['pending', 'paid', 'rejected'] as const;
export const withdrawal = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  method: z.enum(withdrawMethods),
  bankName: z.string(),
  bankAccount: z.string().describe('masked but the last 4 digits'),
  accountName: z.string(),
  status: z.enum(withdrawStatuses),
  rejectReason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const withdrawListAnswer = z.object({
  data: z.array(withdrawal),
  total: z.number().int(),
  refundable: z.number().int().describe('cents that can be withdrawn: the balance less invite rewards not spent'),
  balance: z.number().int(),
});
export const withdrawAnswer = z.object({ id: z.number().int(), balance: z.number().int() });

// --- certificate packages
export const certPackageOffer = z.object({
  id: z.number().int(),
  productNo: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  quantity: z.number().int(),
  price: z.number().int().describe("cents for the package, after the account's own discount"),
  listPrice: z.number().int().describe('cents the same certificates cost one by one at list price'),
});
export const certPackage = z.object({
  id: z.number().int(),
  productNo: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  quantity: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  price: z.number().int(),
  createdAt: z.string(),
});
export const certPkgAnswer = z.object({ offers: z.array(certPackageOffer), packages: z.array(certPackage) });
export const certPkgBuyBody = z.object({ offerId: id(), ...purchasePayFields });
export const certPkgBoughtAnswer = z.object({
  id: z.number().int().describe('the package bought (0 while an outside payment is pending)'),
  amount: z.number().int(),
  balance: z.number().int(),
  payment: payResult.nullable().describe('an outside way: the pending pay result; the package is granted when the gateway confirms. balance: null'),
});

// --- my prices (/ssl/products, /account/products)
export const myPrice = z.object({
  productNo: z.string(),
  productName: z.string(),
  productNameEn: z.string(),
  brand: z.string(),
  brandName: z.string(),
  productType: z.string(),
  term: z.number().int().describe('years, or 90 (days) for a free product'),
  listPrice: z.number().int().describe('cents, one name'),
  myPrice: z.number().int().describe("cents, one name, after the account's own discount"),
  discount: z.number().int(),
  extraDomainPrice: z.number().int().describe('cents per extra name per year, after discount'),
  packageRemaining: z.number().int().describe('certificates of this product left in the account’s packages'),
});
export const myPricesAnswer = z.object({ data: z.array(myPrice) });

// --- sandbox operator area (OPERATOR_SECRET)
export const operatorHeader = 'x-operator-secret';
export const operatorInvoicesQuery = pageQuery.extend({ status: z.enum(invoiceStatuses).optional() });
export const operatorInvoice = invoice.extend({ accountNo: z.string(), email: z.string() });
export const operatorInvoicesAnswer = z.object({ data: z.array(operatorInvoice), total: z.number().int() });
export const operatorRejectBody = z.object({ reason: requiredText(500, 'bill.operator.reason') });
export const operatorWithdrawalsQuery = pageQuery.extend({ status: z.enum(withdrawStatuses).optional() });
export const operatorWithdrawal = withdrawal.extend({ accountNo: z.string() });
export const operatorWithdrawalsAnswer = z.object({ data: z.array(operatorWithdrawal), total: z.number().int() });
export const operatorDecisionAnswer = z.object({ id: z.number().int(), status: z.string() });

// --- operator: each account's own prices and the package offers
export const operatorAccountQuery = z.object({ account: requiredText(200, 'bill.operator.account').describe("the account's e-mail address or account number") });
export const operatorDiscountRule = z.object({
  id: z.number().int(),
  brand: z.string().nullable(),
  productNo: z.string().nullable(),
  minQuantity: z.number().int(),
  discount: z.number().int().describe('percent of the list price paid (85 = 15 % off)'),
});
export const operatorDiscountsAnswer = z.object({
  account: z.object({ id: z.number().int(), email: z.string(), accountNo: z.string() }),
  rules: z.array(operatorDiscountRule),
});
export const operatorDiscountBody = z.object({
  account: operatorAccountQuery.shape.account,
  scope: z.enum(['all', 'brand', 'product'], { message: 'bill.operator.scope' }).default('all'),
  brand: text(64).trim().optional().describe('scope brand: the brand (sectigo, digicert, ...)'),
  productNo: text(64).trim().optional().describe('scope product: the product number'),
  minQuantity: int(1, 10_000, { type: 'bill.operator.minQuantity', range: 'bill.operator.minQuantity' }).default(1).describe('from this many certificates in one order or package'),
  discount: int(1, 100, { type: 'bill.operator.discount', range: 'bill.operator.discount' }).describe('percent of the list price paid, 1 … 100'),
});
export const operatorOfferProduct = z.object({ productNo: z.string(), name: z.string(), nameEn: z.string(), brand: z.string(), pricePerYear: z.number().int() });
export const operatorOffer = z.object({
  id: z.number().int(), productNo: z.string(), productName: z.string(), productNameEn: z.string(), quantity: z.number().int(), price: z.number().int(), active: z.boolean(),
  sold: z.number().int().describe('packages bought from this offer'),
});
export const operatorOffersAnswer = z.object({ offers: z.array(operatorOffer), products: z.array(operatorOfferProduct), brands: z.array(z.string()) });
export const operatorOfferBody = z.object({
  productNo: requiredText(64, 'bill.operator.product'),
  quantity: int(1, 10_000, { type: 'bill.operator.quantity', range: 'bill.operator.quantity' }),
  price: int(1, 1_000_000_000, { type: 'bill.operator.price', range: 'bill.operator.price' }).describe('cents for the whole package'),
});
export const operatorOfferUpdateBody = z.object({ active: z.boolean({ message: 'bill.operator.active' }) });
