import { z } from 'zod';
import { emailPattern } from '@cc/domain/account';
import { dcvMethods } from '@cc/domain/dcv';
import { normalizeCurve } from '@cc/domain/key-options';
import { maxBatchOrders } from '@cc/domain/terms';
import { listAnswer } from './contacts.ts';
import { id, int, optionalText, pageNumber, pageSize, requiredText, text, textList } from './input.ts';

/** A PEM certificate request and a PEM private key are a few kilobytes; these bounds leave room for hundreds of names. */
export const maxCsrLength = 64 * 1024;
export const maxKeyLength = 16 * 1024;

/**
 * Calls of the purchase flow (document 01 §3, §7). Form-encoded bodies carry nested values (sslCerts, dcvEmail,
 * pairParams) as JSON text and lists as comma-joined text; both are accepted alongside JSON bodies.
 */

/** Form bodies send objects and arrays as JSON text. */
const jsonText = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim();
    if (!t) return undefined;
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return v;
    }
  }, s);

/** A list of names: an array, or text split on commas, semicolons and whitespace. */
export const nameList = textList().describe('array, or text separated by commas, semicolons or whitespace');

const optionalId = z.preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), id().optional());
const bool = z.preprocess((v) => (typeof v === 'string' ? ['true', '1', 'y', 'yes', 'on'].includes(v.toLowerCase()) : v), z.boolean());
/** Years of a plan: 1..3, or 90 for 90 days; the product's rules say which. */
const yearField = int(0, 1000, { type: 'v.required' });

// --- products
export const productsQuery = z.object({
  limit: pageSize().default(1000),
  offset: pageNumber().default(1).describe('1-based page number'),
});
export const product = z.object({
  productNo: z.string(),
  productName: z.string(),
  productType: z.string(),
  brand: z.string(),
  brandName: z.string(),
  subBrand: z.string(),
  brandDescription: z.string(),
  brandDescriptionEn: z.string(),
  typeDescription: z.string(),
  certType: z.string(),
  maxYear: z.number().int(),
  chineseName: z.string(),
  englishName: z.string(),
  productDescription: z.string(),
  productDescriptionEn: z.string(),
  summary: z.string(),
  pricePerYear: z.number().int().describe('cents per year'),
  extraDomainPrice: z.number().int().describe('cents per year for each name past the first'),
  free: z.boolean().describe('a free 90-day product'),
});
export type Product = z.infer<typeof product>;
export const brandOption = z.object({
  value: z.string().describe("the products' subBrand (globalsign splits into globalsign, globalsign_ks, globalsign_mssl, alphassl)"),
  label: z.string(),
  show: z.boolean().describe('false past the first six: these go under "more brands"'),
  desc: z.string(),
  descEn: z.string(),
  brandName: z.string(),
});
export type BrandOption = z.infer<typeof brandOption>;
/** The certificate rules in force on the server's day (packages/domain cabf-rules.ts), for the order screen's note. */
export const rulesToday = z.object({
  on: z.string().describe('YYYY-MM-DD: the day (UTC) the server\'s clock is on; the console reads the rules table for this day'),
  tlsMaxValidityDays: z.number().int().describe('the longest a TLS certificate signed today may be valid'),
  nextChange: z.object({ from: z.string(), tlsMaxValidityDays: z.number().int() }).nullable().describe('the next step of the TLS limit, if one is set'),
  validityNote: z.string().describe('the order screen\'s note in the caller\'s language'),
  emailMethodsEndOn: z.string().nullable().describe('YYYY-MM-DD from which the e-mail methods no longer validate a name (SC-090)'),
});
export const productsAnswer = listAnswer(product).extend({
  brands: z.array(brandOption).describe('brands of the visible products, in the preferred order'),
  rules: rulesToday,
});

// --- saved validation e-mails
export const dcvEmailListQuery = z.object({
  limit: pageSize().default(1000),
  offset: pageNumber().default(1),
});
export const dcvEmailBody = z.object({
  email: requiredText(254, 'purchase.dcvEmail.required').regex(emailPattern, { message: 'purchase.dcvEmail.format' }),
});
/** Changing a saved address (the U of document 02's "CRUD /v1/emailDnsEmails"). */
export const dcvEmailUpdateBody = dcvEmailBody.extend({ id: id() });
export const dcvEmailItem = z.object({ id: z.number().int(), email: z.string() });
export const dcvEmailListAnswer = listAnswer(dcvEmailItem);
export const dcvEmailSavedAnswer = z.object({ id: z.number().int() }).describe('saving an address already saved answers its id');
export const idParams = z.object({ id: id() });
export const productNoParams = z.object({ productNo: requiredText(100) });

// --- price preview
export const priceBody = z.object({
  year: yearField.describe('1..3, or 90 for 90 days (answers zero)'),
  emails: nameList.optional().describe('addresses on an email/S-MIME certificate, priced like names'),
  sslDomains: nameList.optional().describe('names on the certificate; none means one placeholder name'),
  quantity: int(1, maxBatchOrders).optional().describe("certificates ordered together (the account's quantity tiers); default 1"),
});
export const priceAnswer = z.object({
  allNowPrice: z.number().int().describe("cents to pay: after the account's own discount and what a certificate package covers"),
  allRawPrice: z.number().int().describe('cents, list price'),
  discount: z.number().int().describe("percent paid of the list price (the account's own prices); 100 means no discount"),
  packageCovered: z.number().int().describe('cents a certificate package of the product takes off (0: none applies)'),
  packageRemaining: z.number().int().describe('certificates of this product left in the account’s packages'),
});

// --- create order
export const dcvMethodField = z.preprocess((v) => (v === '' ? undefined : v), z.enum(dcvMethods, { message: 'purchase.dcv.method' }).optional());

export const pairParams = z.object({
  country: optionalText(8),
  province: optionalText(100),
  city: optionalText(100),
  org: optionalText(200),
  signature: optionalText(16),
  keyLength: optionalText(8),
  curve: optionalText(16),
  department: optionalText(100),
  encryption: optionalText(8),
  email: optionalText(200),
});
export const sslCertInput = z.object({
  csr: text(maxCsrLength).optional().default(''),
  key: text(maxKeyLength).optional().default('').describe('PEM private key; kept only sealed (AES-256-GCM), never in plain text'),
  commonName: optionalText(1000),
  domainNames: nameList.optional().default([]).describe('the other names; the common name may be repeated'),
  emailDnsEmail: optionalText(254).describe('validation address of this order for email/email_dns'),
});
export type SslCertInput = z.infer<typeof sslCertInput>;
export const dcvEmailInput = z.object({
  email: optionalText(254),
  dcvMethod: dcvMethodField,
  saveEmail: bool.optional().default(false),
});

export const maxOrdersPerRequest = maxBatchOrders;

export const createOrderBody = z.object({
  contactID: optionalId.describe('required unless the product is DV'),
  orgID: optionalId.describe('required for OV/EV (and code/doc) products'),
  year: yearField.describe('1..min(maxYear,3), or 90 for a free product'),
  dcvMethod: dcvMethodField.describe('defaults by brand, product type and wildcard'),
  productType: text(64).optional().describe('informative; the product decides'),
  csr: text(maxCsrLength).optional().default('').describe('single order: the PEM certificate request'),
  key: text(maxKeyLength).optional().default(''),
  commonName: optionalText(1000),
  domainNames: nameList.optional().default([]),
  sslCerts: jsonText(z.array(sslCertInput).max(maxOrdersPerRequest, { message: 'purchase.batch.tooMany' }))
    .optional()
    .describe('one entry per order; when present the single-order fields are ignored'),
  dcvEmail: jsonText(dcvEmailInput).optional(),
  pairParams: jsonText(pairParams).optional(),
  wildcard: bool.optional().default(false).describe('the wildcard switch: prefixes *. to the common name'),
  dcvAutopilot: bool
    .optional()
    .default(true)
    .describe('DCV autopilot: names in zones the account hosts here get their validation record published, checked and removed with no step (GET /v1/orders/dcvAutopilot tells which); false leaves validation to the caller'),
  partial: bool
    .optional()
    .default(false)
    .describe('per-certificate results: the valid certificates are created (in one transaction), the invalid ones reported; data is then { created, failed } instead of the numbers'),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;
export const createFreeOrderBody = createOrderBody.extend({
  productNo: requiredText(100, 'purchase.product.required'),
  year: yearField.optional().default(90),
});
export const createOrderAnswer = z.string().describe('the order number, or the order numbers joined by commas');
export const createdCert = z.object({
  index: z.number().int().describe('position in sslCerts (0 for a single order)'),
  commonName: z.string().describe('the common name ordered (ASCII, as stored)'),
  orderNo: z.string(),
});
export const failedCert = z.object({
  index: z.number().int().describe('position in sslCerts (0 for a single order)'),
  commonName: z.string().describe('as sent (or read from the CSR)'),
  errors: z.record(z.string(), z.string()).describe('field → message in the caller\'s language'),
});
export const createOrderPartialAnswer = z.object({
  created: z.array(createdCert).describe('in the order of sslCerts'),
  failed: z.array(failedCert).describe('in the order of sslCerts; nothing was written for these'),
});
export type CreateOrderPartialAnswer = z.infer<typeof createOrderPartialAnswer>;
/** The answer of the create calls: the numbers, or with `partial` the per-certificate results. */
export const createOrderAnyAnswer = z.union([createOrderAnswer, createOrderPartialAnswer]);

// --- server-side key and CSR
export const csrGenerateBody = z.object({
  domain: requiredText(253, 'purchase.domain.required'),
  country: text(64).trim().optional().default('SG'),
  province: text(128).trim().optional().default('Beijing'),
  locality: text(128).trim().optional().default('Beijing'),
  organization: optionalText(64),
  orgUnit: optionalText(64),
  // Absent, null or '' takes the default; anything else must name a value (a number is no key type).
  encryption: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() || undefined : (v ?? undefined)), z.enum(['RSA', 'ECC'], { message: 'purchase.key.encryptionName' }).optional().default('RSA')),
  keySize: int(0, 16_384).optional().default(2048).describe('RSA: 2048, 3072 or 4096'),
  hashSign: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase().replace('-', '') || undefined : (v ?? undefined)), z.enum(['SHA256', 'SHA384', 'SHA512'], { message: 'purchase.key.signatureName' }).optional().default('SHA256')),
  keyCurve: z
    .preprocess((v) => (typeof v === 'string' ? (v ? (normalizeCurve(v) ?? v) : undefined) : (v ?? undefined)), z.enum(['P256', 'P384', 'P521'], { message: 'purchase.key.curveName' }).optional().default('P256'))
    .describe('ECC: P256, P384 or P521 (P512 is read as P521)'),
  productNo: text(100).optional().describe('when given, the product key rules apply (code/doc RSA 4096, cfca RSA 2048)'),
});
export const csrGenerateAnswer = z.object({
  key: z.string().describe('PKCS#8 PEM private key; given once'),
  csr: z.string().describe('PEM certificate request'),
  id: z.number().int().describe('saved CSR id (its key is kept sealed)'),
});

export const csrSaveItem = z.object({
  csr: text(maxCsrLength, 'purchase.csr.required').min(1, { message: 'purchase.csr.required' }),
  commonName: text(1000).trim().optional().describe('read from the CSR when absent'),
});
export const csrSaveBody = csrSaveItem;
export const csrBatchSaveBody = z.object({
  csrs: jsonText(z.array(csrSaveItem).min(1, { message: 'purchase.csr.required' }).max(maxOrdersPerRequest, { message: 'purchase.batch.tooMany' })),
});
export const csrSaveAnswer = z.object({ id: z.number().int() });
export const csrBatchSaveAnswer = z.object({ ids: z.array(z.number().int()) });

// --- orders by numbers
export const ordersByNumbersQuery = z.object({
  orderNos: nameList.pipe(z.array(z.string()).min(1, { message: 'v.required' }).max(maxOrdersPerRequest, { message: 'purchase.batch.tooMany' })),
});
export const orderSummary = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  orderStatus: z.number().int(),
  validity: z.number().int().describe('years, or 90 for 90 days'),
  commonName: z.string(),
  payAmount: z.number().int().describe('cents'),
  reSignStatus: z.number().int(),
  reSignPriceDiff: z.number().int().describe('cents; what a re-sign order (5004) pays'),
});
export const ordersByNumbersAnswer = z.object({ allOrders: z.array(orderSummary) });
