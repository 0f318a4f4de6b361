import { randomInt, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '@cc/db/client';
import type { CreateOrderBody, Product, SslCertInput } from '@cc/contracts/purchase';
import { approverBase, dcvMethodAllowedOn, dcvMethodEndsOn, dcvMethodsFor, defaultDcvMethod, emailDcvMode, isStandardMailbox, saveEmailApplies, validateDcvEmail, validatesWildcard, type DcvMethod } from '@cc/domain/dcv';
import { billedNames, toAscii, validateOrders, withWildcardPrefix, type DomainCheckResult } from '@cc/domain/domain-names';
import { keyOptionsFor, validateKeyParams } from '@cc/domain/key-options';
import { discountFor, discounted, noDiscount, packageCover, priceFor, type DiscountRule } from '@cc/domain/pricing';
import { discountRules } from '../billing/discount-rules.ts';
import { drawFromPackage } from '../billing/cert-packages.ts';
import { hasDomains, needsContact, needsOrganization } from '@cc/domain/product-types';
import { isValidTerm } from '@cc/domain/terms';
import type { SecretBox } from '../../lib/secret-box.ts';
import { checkPrivateKey, isParsedCsr, parseCsr, type ParsedCsr } from './csr.ts';
import { RuleError, said, type Said } from './rule-error.ts';

/** Order statuses of document 01 §4 that creation sets. */
export const orderStatus = { awaitingPayment: 1001, awaitingValidation: 1002 } as const;

export interface CreateOrdersDeps {
  db: Db;
  box: SecretBox;
  now?: () => Date;
  /** Who orders: the member (null: the owner) and its department, recorded on the orders and in the audit log. */
  by?: OrderAuthor;
}

export interface OrderAuthor {
  memberId: number | null;
  deptId: number | null;
  ip: string;
  userAgent: string;
}

interface NewOrder {
  orderNo: string;
  commonName: string;
  domainNames: string[];
  dcvMethod: string;
  dcvEmail: string;
  csr: string;
  keySealed: string | null;
  keyParams: Record<string, unknown>;
  payAmount: number;
  rawAmount: number;
  discount: number;
  /** Set when a certificate package paid for it (billing/cert-packages.ts). */
  certPackageId?: number | null;
  /** Overrides the batch's status: 1002 when the package left nothing to pay. */
  status?: number;
}

/** 'SSL' + yyyyMMdd + 8 random digits (UTC date). */
export function newOrderNo(now: Date): string {
  const d = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `SSL${d}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** What one certificate of the request turned into, or why it cannot be ordered. */
type Checked = { ok: true; order: Omit<NewOrder, 'orderNo'>; saveEmail: string | null } | { ok: false; field: string; said: Said };

/** One certificate that cannot be ordered, with the field at fault (partial mode answers these). */
export interface FailedCert {
  index: number;
  commonName: string;
  field: string;
  said: Said;
}

/** The per-certificate results of partial mode: what was created (in one transaction) and what was not. */
export interface PartialResult {
  created: { index: number; commonName: string; orderNo: string }[];
  failed: FailedCert[];
}

type CheckedOk = Extract<Checked, { ok: true }>;

/**
 * The term, then every certificate of the request checked (CSRs verified concurrently). The names of all the
 * certificates are checked together (validateOrders), so a name typed in two orders of one batch is refused
 * on the later one, as the console's order plan refuses it.
 */
async function checkRequest(deps: CreateOrdersDeps, product: Product, body: CreateOrderBody) {
  if (!isValidTerm(body.year, product.maxYear, product.free)) {
    throw new RuleError('INVALID_INPUT', said('purchase.term.invalid', { term: body.year }), { year: said('purchase.term.invalid', { term: body.year }) });
  }
  const batch = (body.sslCerts?.length ?? 0) > 0;
  const certs: SslCertInput[] = batch
    ? body.sslCerts!
    : [{ csr: body.csr, key: body.key, commonName: body.commonName, domainNames: body.domainNames, emailDnsEmail: '' }];
  // The CSRs first: in paste mode the common name is read from the subject.
  const csrs = await Promise.all(certs.map((c) => parseCsr(c.csr)));
  const cns = certs.map((c, i) => {
    const csr = csrs[i]!;
    if (!isParsedCsr(csr)) return '';
    const cn = c.commonName.trim() || csr.commonName.trim();
    return body.wildcard ? withWildcardPrefix(cn) : cn;
  });
  const named = hasDomains(product.productType) ? certs.flatMap((_, i) => (cns[i] ? [i] : [])) : [];
  const results = validateOrders(named.map((i) => ({
    productType: product.productType, brand: product.brand, certType: product.certType, commonName: cns[i]!, extraDomains: certs[i]!.domainNames, batch,
  })));
  const names = new Map(named.map((i, k) => [i, results[k]!]));
  const checked = certs.map((c, i) => checkCert(deps, product, body, c, csrs[i]!, cns[i]!, names.get(i)));
  const failures: FailedCert[] = checked.flatMap((c, i) => (c.ok ? [] : [{ index: i, commonName: certs[i]!.commonName, field: c.field, said: c.said }]));
  return { certs, batch, checked, failures };
}

/**
 * Creates the orders of one request, all or none: every certificate is checked first with the shared domain
 * rules and the CSR verified; then every order is written in one transaction. Answers the order numbers in
 * the order of the certificates.
 */
export async function createOrders(deps: CreateOrdersDeps, accountId: number, product: Product, body: CreateOrderBody): Promise<string[]> {
  const { certs, batch, checked, failures } = await checkRequest(deps, product, body);
  if (failures.length) {
    if (!batch) {
      const f = failures[0]!;
      throw new RuleError('INVALID_INPUT', f.said, { [f.field]: f.said });
    }
    // One message per certificate, keyed by its common name as the batch dialog marks them.
    const fields: Record<string, Said> = {};
    for (const f of failures) {
      const key = f.commonName || `sslCerts.${f.index}`;
      fields[key] ??= f.said;
    }
    throw new RuleError('INVALID_INPUT', said('purchase.batch.invalid', { count: failures.length, total: certs.length }), fields);
  }
  return writeOrders(deps, accountId, product, body, checked.filter((c): c is CheckedOk => c.ok));
}

/**
 * Partial mode (`partial: true`): the valid certificates are created in one transaction, the invalid ones are
 * answered with their errors and nothing is written for them. What concerns the whole request (the term, the
 * contact, the company) still fails the request as a whole.
 */
export async function createOrdersPartial(deps: CreateOrdersDeps, accountId: number, product: Product, body: CreateOrderBody): Promise<PartialResult> {
  const { checked, failures } = await checkRequest(deps, product, body);
  const valid = checked.flatMap((c, index) => (c.ok ? [{ c, index }] : []));
  const numbers = valid.length ? await writeOrders(deps, accountId, product, body, valid.map((v) => v.c)) : [];
  return {
    created: valid.map((v, i) => ({ index: v.index, commonName: v.c.order.commonName, orderNo: numbers[i]! })),
    failed: failures,
  };
}

/** Every order in one transaction (with the contact and company checked inside it); numbers in the given order. */
async function writeOrders(deps: CreateOrdersDeps, accountId: number, product: Product, body: CreateOrderBody, orders: CheckedOk[]): Promise<string[]> {
  const now = (deps.now ?? (() => new Date()))();
  return deps.db.tx(async (q) => {
    const contactId = await ownedId(q, 'contacts', accountId, body.contactID, needsContact(product), 'contactID', 'purchase.contact.required', 'purchase.contact.notFound');
    const orgId = await ownedId(q, 'organizations', accountId, body.orgID, needsOrganization(product), 'orgID', 'purchase.org.required', 'purchase.org.notFound');
    const status = product.free ? orderStatus.awaitingValidation : orderStatus.awaitingPayment;
    const batchId = orders.length > 1 ? randomUUID() : null;
    const numbered: NewOrder[] = orders.map((o) => ({ ...o.order, orderNo: '' }));
    // The account's own price for this many certificates, then its packages first (billing/prices.ts accountPrice).
    const rules = await discountRules(q, accountId);
    // Every order of a request draws the same units: once a draw finds no package with enough left, none will.
    let packagesLeft = true;
    for (const o of numbered) {
      const priced = await priceOrder(q, accountId, product, rules, { term: body.year, rawAmount: o.rawAmount, quantity: numbered.length, tryPackage: packagesLeft });
      if (!priced.certPackageId) packagesLeft = false;
      Object.assign(o, priced);
    }
    drawOrderNos(numbered, now);
    const by = deps.by;
    await insertOrders(q, numbered, { accountId, product, status, validity: body.year, contactId, orgId, batchId, keyParams: body.pairParams ?? {}, memberId: by?.memberId ?? null, deptId: by?.deptId ?? null, dcvAutopilot: body.dcvAutopilot }, now);
    // The audit log, in the same transaction as the orders it records.
    if (by) {
      await q.query(
        `INSERT INTO account_log (account_id, member_id, kind, action, params, ip, user_agent, object_type, object_id)
         SELECT $1, $2, 'order', 'team.order.create', jsonb_build_object('orderNo', n), $3, $4, 'order', n FROM unnest($5::text[]) AS n`,
        [accountId, by.memberId, by.ip, by.userAgent.slice(0, 500), numbered.map((o) => o.orderNo)],
      );
    }
    for (const email of new Set(orders.flatMap((o) => (o.saveEmail ? [o.saveEmail] : [])))) {
      await q.query(`INSERT INTO dcv_emails (account_id, email) VALUES ($1, $2) ON CONFLICT (account_id, email) DO NOTHING`, [accountId, email]);
    }
    return numbered.map((o) => o.orderNo);
  });
}

/** One certificate: its CSR (parsed), common name (typed, or the CSR's) and names (checked by validateOrders). */
function checkCert(deps: CreateOrdersDeps, product: Product, body: CreateOrderBody, cert: SslCertInput, csr: ParsedCsr | Said, cnTyped: string, names: DomainCheckResult | undefined): Checked {
  const bad = (field: string, s: Said): Checked => ({ ok: false, field, said: s });

  if (!isParsedCsr(csr)) return bad('csr', csr);
  if (!cnTyped) return bad('csr', said('purchase.csr.noCommonName'));
  let cn = cnTyped;

  let domains: string[] = [];
  let billed = 1;
  if (names) {
    // The common name typed again among the other names is refused as a duplicate (§5), like any repeat.
    const e = names.errors[0];
    if (e) return bad(e.field, said(e.messageKey, e.params));
    domains = names.domains;
    cn = domains[0] ?? cn;
    billed = Math.max(1, billedNames(domains, product).length);
  }
  if (toAscii(csr.commonName) !== toAscii(cn)) return bad('csr', said('purchase.csr.cnMismatch', { csrCn: csr.commonName || '-', commonName: cnTyped }));

  const keyErr = validateKeyParams(keyOptionsFor(product), csr.keyParams)[0];
  if (keyErr) return bad('csr', said(keyErr.messageKey, keyErr.params));

  let keySealed: string | null = null;
  const keyPem = cert.key.trim();
  if (keyPem) {
    const k = checkPrivateKey(keyPem, csr);
    if (k) return bad('key', k);
    keySealed = deps.box.seal(keyPem);
  }

  let dcvMethod = '';
  let dcvEmail = '';
  let saveEmail: string | null = null;
  if (hasDomains(product.productType)) {
    const wildcard = validatesWildcard({ names: [cn, ...domains], wildcardSwitch: body.wildcard, productType: product.productType });
    const on = (deps.now ?? (() => new Date()))();
    const p = { brand: product.brand, productType: product.productType, certType: product.certType, wildcard, on };
    let method: DcvMethod = body.dcvMethod ?? body.dcvEmail?.dcvMethod ?? defaultDcvMethod(p);
    if (method === 'email' || method === 'email_dns') {
      const mailbox = (cert.emailDnsEmail || body.dcvEmail?.email || '').trim();
      const saving = body.dcvEmail?.saveEmail ?? false;
      const emailErr = validateDcvEmail({ email: mailbox, saveEmail: saving });
      if (emailErr) return bad('dcvEmail.email', said(emailErr));
      method = emailDcvMode(mailbox, cn);
      dcvEmail = isStandardMailbox(mailbox) ? `${mailbox.toLowerCase()}@${approverBase(cn)}` : mailbox.toLowerCase();
      if (saving && saveEmailApplies(mailbox, cn)) saveEmail = dcvEmail;
    }
    const ended = dcvMethodEndsOn(method);
    if (ended && !dcvMethodAllowedOn(method, on)) return bad('dcvMethod', said('purchase.dcv.methodEnded', { method, date: ended }));
    if (!dcvMethodsFor(p).includes(method)) return bad('dcvMethod', said('purchase.dcv.notAllowed', { method }));
    dcvMethod = method;
  }

  const price = priceFor(product, { term: body.year, domainCount: billed, discountPercent: noDiscount });
  return {
    ok: true,
    saveEmail,
    order: {
      commonName: cn,
      domainNames: domains.length ? domains : [cn],
      dcvMethod,
      dcvEmail,
      csr: csr.pem,
      keySealed,
      keyParams: { ...csr.keyParams },
      payAmount: price.allNowPrice,
      rawAmount: price.allRawPrice,
      discount: price.discount,
    },
  };
}

/**
 * An order's price for the account: its own discount at this quantity, and when a package of the product covers
 * the term, the units drawn from it (in this transaction) and only the rest to pay; nothing left to pay starts
 * validation at once, as a free product does.
 */
async function priceOrder(q: Queryable, accountId: number, product: Product, rules: DiscountRule[], o: { term: number; rawAmount: number; quantity: number; tryPackage?: boolean }) {
  const discount = discountFor(rules, { productNo: product.productNo, brand: product.brand, quantity: o.quantity });
  const cover = packageCover(product, o.term, Number.MAX_SAFE_INTEGER);
  const certPackageId = cover.units && o.tryPackage !== false ? await drawFromPackage(q, accountId, product.productNo, cover.units) : null;
  const payAmount = discounted(certPackageId ? o.rawAmount - cover.coveredRaw : o.rawAmount, discount);
  return {
    discount,
    payAmount,
    certPackageId,
    ...(certPackageId && payAmount === 0 ? { status: orderStatus.awaitingValidation } : {}),
  };
}

/**
 * One order placed by a customer's ACME client (services/acme-server): its names as the client asked, no CSR yet (it
 * comes with finalize), priced and drawn from a package as any order, inside the caller's transaction. Answers the
 * order's number, id, what is left to pay and whether the package covered it all (then it is already 1002).
 */
export async function insertAcmeOrder(
  q: Queryable,
  accountId: number,
  product: Product,
  o: { term: number; names: string[]; orgId: number | null; now: Date },
): Promise<{ orderNo: string; id: number; payAmount: number; status: number }> {
  const billed = Math.max(1, billedNames(o.names, product).length);
  const price = priceFor(product, { term: o.term, domainCount: billed, discountPercent: noDiscount });
  const rules = await discountRules(q, accountId);
  const priced = await priceOrder(q, accountId, product, rules, { term: o.term, rawAmount: price.allRawPrice, quantity: 1 });
  const status = product.free ? orderStatus.awaitingValidation : (priced.status ?? orderStatus.awaitingPayment);
  const order: NewOrder = {
    orderNo: '', commonName: o.names[0]!, domainNames: o.names, dcvMethod: '', dcvEmail: '', csr: '', keySealed: null, keyParams: {},
    rawAmount: price.allRawPrice, ...priced, payAmount: product.free ? 0 : priced.payAmount, status,
  };
  drawOrderNos([order], o.now);
  await insertOrders(q, [order], { accountId, product, status, validity: o.term, contactId: null, orgId: o.orgId, batchId: null, keyParams: {}, memberId: null, deptId: null, dcvAutopilot: true, origin: 'ACME' }, o.now);
  const [row] = await q.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [order.orderNo]);
  return { orderNo: order.orderNo, id: row!.id, payAmount: order.payAmount, status };
}

/** A contact or company id of this account; required for some products, checked whenever given. */
async function ownedId(
  q: Queryable,
  table: 'contacts' | 'organizations',
  accountId: number,
  id: number | undefined,
  required: boolean,
  field: string,
  requiredKey: Said['key'],
  notFoundKey: Said['key'],
): Promise<number | null> {
  if (id === undefined) {
    if (required) throw new RuleError('INVALID_INPUT', said(requiredKey), { [field]: said(requiredKey) });
    return null;
  }
  const rows = await q.query(`SELECT 1 FROM ${table} WHERE id = $1 AND account_id = $2`, [id, accountId]);
  if (!rows.length) throw new RuleError('NOT_FOUND', said(notFoundKey), { [field]: said(notFoundKey) });
  return id;
}

interface Common {
  accountId: number;
  product: Product;
  status: number;
  validity: number;
  contactId: number | null;
  orgId: number | null;
  batchId: string | null;
  keyParams: Record<string, unknown>;
  memberId: number | null;
  deptId: number | null;
  dcvAutopilot: boolean;
  /** Where the order came from: the console and API ('CONSOLE'), or a customer's ACME client ('ACME'). */
  origin?: 'CONSOLE' | 'ACME';
}

/**
 * One statement for the whole batch (500 orders in one round trip). An order number already taken is
 * skipped by ON CONFLICT and drawn again, so a rare collision never fails the request.
 */
async function insertOrders(q: Queryable, orders: NewOrder[], c: Common, now: Date): Promise<void> {
  let pending = orders;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt > 5) throw new Error('could not draw unique order numbers');
    const rows = pending.map((o) => ({ ...o, keyParams: { ...c.keyParams, ...o.keyParams } }));
    const written = await q.query<{ order_no: string }>(
      `INSERT INTO orders (order_no, account_id, product_no, product_type, brand, order_status, validity, common_name, domain_names,
         dcv_method, dcv_email, contact_id, org_id, csr, private_key_sealed, key_params, pay_amount, raw_amount, discount, batch_id, paid_at, cert_package_id, member_id, dept_id, dcv_autopilot, origin)
       SELECT e->>'orderNo', $2::int, $3::text, $4::text, $5::text, coalesce((e->>'status')::int, $6::int), $7::int, e->>'commonName', e->'domainNames',
              e->>'dcvMethod', e->>'dcvEmail', $8::int, $9::int, e->>'csr', e->>'keySealed', e->'keyParams',
              (e->>'payAmount')::bigint, (e->>'rawAmount')::bigint, (e->>'discount')::int, $10::text,
              CASE WHEN coalesce((e->>'status')::int, $6::int) = 1002 THEN now() END, (e->>'certPackageId')::int, $11::int, $12::int, $13::boolean, $14::text
         FROM jsonb_array_elements($1::jsonb) AS e
       ON CONFLICT (order_no) DO NOTHING
       RETURNING order_no`,
      [JSON.stringify(rows), c.accountId, c.product.productNo, c.product.productType, c.product.brand, c.status, c.validity, c.contactId, c.orgId, c.batchId, c.memberId, c.deptId, c.dcvAutopilot, c.origin ?? 'CONSOLE'],
    );
    const done = new Set(written.map((r) => r.order_no));
    pending = pending.filter((o) => !done.has(o.orderNo));
    drawOrderNos(pending, now);
  }
}

/** Fresh numbers, distinct within the batch (the table's UNIQUE catches the rest). */
function drawOrderNos(orders: NewOrder[], now: Date): void {
  const taken = new Set<string>();
  for (const o of orders) {
    let no = newOrderNo(now);
    while (taken.has(no)) no = newOrderNo(now);
    taken.add(no);
    o.orderNo = no;
  }
}
