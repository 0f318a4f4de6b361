import 'reflect-metadata';
import { randomBytes, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Queryable } from '@cc/db/client';
import type { Product } from '@cc/contracts/purchase';
import { orderStatus } from '@cc/contracts/orders';
import { translate, type Locale } from '@cc/contracts/messages';
import { acmeNewOrderPayload, acmeFinalizePayload, acmeRevokePayload } from '@cc/contracts/acme';
import { validateOrders } from '@cc/domain/domain-names';
import { hasDomains, isSslProduct, needsOrganization } from '@cc/domain/product-types';
import { defaultTerm } from '@cc/domain/terms';
import { acmeProfileDays, acmeProfiles, type AcmeProfile } from '@cc/domain/cabf-rules';
import { reissueAt } from '@cc/domain/plan-schedule';
import { keyOptionsFor, validateKeyParams } from '@cc/domain/key-options';
import { isSubscriberReason, recordedReason } from '@cc/domain/revocation';
import { challengeHost } from '../../adapters/acme/client.ts';
import { yuanText } from '../../lib/money.ts';
import { insertAcmeOrder } from '../purchase/create-orders.ts';
import { findProduct } from '../purchase/products.ts';
import { isParsedCsr, parseCsr } from '../purchase/csr.ts';
import { csrNames } from '../issuance/acme.ts';
import { payOrdersFromBalance } from '../payments/order-payment.ts';
import { passSpendingGate } from '../payments/spending.ts';
import { InsufficientBalanceError } from '../payments/errors.ts';
import { balanceOf } from '../payments/ledger.ts';
import { checkOrder, issueJob, startValidation } from '../dcv/validation.ts';
import { cancelOrders } from '../orders/actions.ts';
import { revokeCertificate } from '../orders/revoke.ts';
import { RuleError } from '../purchase/rule-error.ts';
import { checkVerificationForOrders } from '../payments/verification.ts';
import { acmeChallengeDir } from '../dcv/values.ts';
import { caaRefuses, issueOrder } from '../issuance/issue.ts';
import { enqueue } from '../jobs/queue.ts';
import { requestDcvRecords, syncZone } from '../dns/dcv-autopilot.ts';
import type { AuditBy } from '../team/audit.ts';

import { addEvent, type OrdersContext } from '../orders/context.ts';
import { dnsDigest, keyAuthorization, b64u, type Jwk } from './jws.ts';
import { AcmeProblem } from './problems.ts';

/** The team audit log's "who" of what a customer's ACME client does: the account holder, through ACME. */
const acmeAuditBy: AuditBy = { memberId: null, ip: '', userAgent: 'ACME' };

/**
 * The autopilot records asked for an order, published now rather than when the queue gets to their zones' syncs: the
 * client is waiting on this answer's authorizations (a name in a zone hosted here is then valid at once).
 */
async function publishNow(ctx: OrdersContext, orderId: number) {
  const zones = await ctx.db.query<{ zone_id: number }>(`SELECT DISTINCT zone_id FROM dns_dcv_records WHERE order_id = $1 AND state = 'wanted'`, [orderId]);
  for (const { zone_id } of zones) await syncZone(ctx.db, zone_id);
}

/**
 * The ACME server's resources (RFC 8555 §7.1): accounts bound to a customer account by EAB, and orders that are rows
 * of `orders` (origin 'ACME') with their names' order_domains as authorizations. Paid by the payment code, validated by
 * the DCV code (services/dcv), issued by the CA adapter (services/issuance), like every order.
 */

const day = 86400_000;
/** How long an ACME order stays open for its client (RFC 8555 §7.1.3 expires). */
const orderLifetimeDays = 7;

export type AcmeAccount = {
  id: number;
  account_id: number;
  eab_key_id: number;
  jwk: Jwk;
  thumbprint: string;
  contact: string[];
  status: 'valid' | 'deactivated';
};

/** The URLs of one product's directory. */
export class Urls {
  constructor(readonly base: string) {}
  static of(baseUrl: string, productNo: string) {
    return new Urls(`${baseUrl}/acme/${encodeURIComponent(productNo)}`);
  }
  directory = () => `${this.base}/directory`;
  account = (id: number) => `${this.base}/acct/${id}`;
  order = (id: number) => `${this.base}/order/${id}`;
  finalize = (id: number) => `${this.base}/order/${id}/finalize`;
  authz = (id: number) => `${this.base}/authz/${id}`;
  challenge = (id: number, type: string) => `${this.base}/chall/${id}/${type}`;
  cert = (id: number) => `${this.base}/cert/${id}`;
}

const isAcmeProfile = (p: string): p is AcmeProfile => (acmeProfiles as readonly string[]).includes(p);

/** The directory; meta.profiles (draft-ietf-acme-profiles) say, for the clock's day, how long each profile's certificates last. */
export function directoryOf(u: Urls, baseUrl: string, now: Date) {
  const profiles = Object.fromEntries(acmeProfiles.map((p) => [p, translate('en', `acme.profile.${p}`, { days: acmeProfileDays(p, now) })]));
  return {
    newNonce: `${u.base}/new-nonce`,
    newAccount: `${u.base}/new-account`,
    newOrder: `${u.base}/new-order`,
    revokeCert: `${u.base}/revoke-cert`,
    keyChange: `${u.base}/key-change`,
    renewalInfo: `${u.base}/renewal-info`,
    meta: { termsOfService: `${baseUrl}/terms`, website: baseUrl, externalAccountRequired: true, caaIdentities: [] as string[], profiles },
  };
}

/** A product ACME may order: an SSL product with domain names. */
export async function acmeProduct(q: Queryable, productNo: string): Promise<Product> {
  const p = await findProduct(q, productNo);
  if (!p || !hasDomains(p.productType) || !isSslProduct(p.productType)) throw new AcmeProblem('notFound', 404, 'acme.p.productUnknown', { productNo });
  return p;
}

// Nonces (RFC 8555 §7.2): in the database, single use, so any instance takes any other's.
export async function newNonce(q: Queryable): Promise<string> {
  const nonce = b64u(randomBytes(18));
  await q.query(`INSERT INTO acme_nonces (nonce, expires_at) VALUES ($1, now() + interval '1 hour')`, [nonce]);
  // Now and then the expired ones go.
  if (nonce.charCodeAt(0) % 64 === 0) await q.query(`DELETE FROM acme_nonces WHERE expires_at < now()`);
  return nonce;
}

export async function consumeNonce(q: Queryable, nonce: string | undefined): Promise<void> {
  const rows = nonce ? await q.query(`DELETE FROM acme_nonces WHERE nonce = $1 AND expires_at > now() RETURNING nonce`, [nonce]) : [];
  if (!rows.length) throw new AcmeProblem('badNonce', 400, 'acme.p.badNonce');
}

/** Requests per customer account and minute, counted in the database (every instance counts the same). */
export async function rateLimit(q: Queryable, accountId: number, action: string, limit: number): Promise<void> {
  const [r] = await q.query<{ count: number }>(
    `INSERT INTO acme_rate_counters (account_id, action, window_start, count) VALUES ($1, $2, date_trunc('minute', now()), 1)
     ON CONFLICT (account_id, action, window_start) DO UPDATE SET count = acme_rate_counters.count + 1 RETURNING count`,
    [accountId, action],
  );
  if ((r?.count ?? 0) > limit) {
    const retry = 60 - new Date().getUTCSeconds();
    throw new AcmeProblem('rateLimited', 429, 'acme.p.rateLimited', { limit, action }, undefined, retry);
  }
}

export async function accountById(q: Queryable, id: number): Promise<AcmeAccount | undefined> {
  const [a] = await q.query<AcmeAccount>(`SELECT id, account_id, eab_key_id, jwk, thumbprint, contact, status FROM acme_server_accounts WHERE id = $1`, [id]);
  return a;
}

export async function accountByThumbprint(q: Queryable, tp: string): Promise<AcmeAccount | undefined> {
  const [a] = await q.query<AcmeAccount>(`SELECT id, account_id, eab_key_id, jwk, thumbprint, contact, status FROM acme_server_accounts WHERE thumbprint = $1`, [tp]);
  return a;
}

export const accountView = (a: AcmeAccount, u: Urls) => ({ status: a.status, contact: a.contact, orders: `${u.account(a.id)}/orders` });

type OrderRow = {
  acme_id: number;
  order_id: number;
  acme_account_id: number;
  identifiers: { type: string; value: string }[];
  replaces: string | null;
  profile: AcmeProfile;
  expires_at: Date;
  error: unknown;
  order_status: number;
  csr: string;
  not_before: Date | null;
  not_after: Date | null;
  account_id: number;
  order_no: string;
  brand: string;
  product_no: string;
};

const orderColumns = `a.id AS acme_id, a.order_id, a.acme_account_id, a.identifiers, a.replaces, a.profile, a.expires_at, a.error, o.order_status, o.csr, o.not_before, o.not_after,
  o.account_id, o.order_no, o.brand, o.product_no`;

/** An ACME order of this ACME account; another's is refused as unauthorized (its existence told, not its content). */
export async function ownedOrder(q: Queryable, acct: AcmeAccount, id: number, lock = false): Promise<OrderRow> {
  const [o] = await q.query<OrderRow>(`SELECT ${orderColumns} FROM acme_server_orders a JOIN orders o ON o.id = a.order_id WHERE a.id = $1 ${lock ? 'FOR UPDATE OF o' : ''}`, [id]);
  if (!o) throw new AcmeProblem('notFound', 404, 'acme.p.notFound');
  if (o.acme_account_id !== acct.id) throw new AcmeProblem('unauthorized', 403, 'acme.p.notYours');
  return o;
}

/** The ACME status of an order (RFC 8555 §7.1.6) from the order's own status. */
function orderState(o: Pick<OrderRow, 'order_status' | 'csr'>, pending: boolean): 'pending' | 'ready' | 'processing' | 'valid' | 'invalid' {
  switch (o.order_status) {
    case orderStatus.awaitingValidation:
      return pending ? 'pending' : 'ready';
    case orderStatus.issuing:
      return o.csr ? 'processing' : 'ready';
    case orderStatus.issued:
    case orderStatus.expired:
    case orderStatus.revoked:
      return 'valid';
    default:
      return 'invalid';
  }
}

export async function orderView(q: Queryable, o: OrderRow, u: Urls) {
  const authz = await q.query<{ id: number; status: string }>(
    `SELECT z.id, coalesce(d.status, 'pending') AS status FROM acme_authzs z LEFT JOIN order_domains d ON d.order_id = $2 AND d.domain = z.domain WHERE z.acme_order_id = $1 ORDER BY z.id`,
    [o.acme_id, o.order_id],
  );
  const status = orderState(o, authz.some((a) => a.status !== 'validated'));
  return {
    status,
    expires: new Date(o.expires_at).toISOString(),
    identifiers: o.identifiers,
    ...(o.replaces ? { replaces: o.replaces } : {}),
    profile: o.profile,
    authorizations: authz.map((a) => u.authz(a.id)),
    finalize: u.finalize(o.acme_id),
    ...(status === 'valid' ? { certificate: u.cert(o.acme_id) } : {}),
    ...(o.not_before ? { notBefore: new Date(o.not_before).toISOString(), notAfter: new Date(o.not_after!).toISOString() } : {}),
    ...(o.error ? { error: o.error } : {}),
  };
}

export async function listOrders(q: Queryable, acct: AcmeAccount, u: Urls) {
  const rows = await q.query<{ id: number }>(`SELECT id FROM acme_server_orders WHERE acme_account_id = $1 ORDER BY id DESC LIMIT 1000`, [acct.id]);
  return { orders: rows.map((r) => u.order(r.id)) };
}

type EabScope = { product_nos: string[]; spend_limit: number | null; org_id: number | null; revoked_at: Date | null };

/** What the EAB key an account was registered with allows; a revoked key ends its accounts. */
export async function eabScope(q: Queryable, acct: AcmeAccount): Promise<EabScope> {
  const [k] = await q.query<EabScope>(`SELECT product_nos, spend_limit::float8 AS spend_limit, org_id, revoked_at FROM acme_eab_keys WHERE id = $1`, [acct.eab_key_id]);
  if (!k || k.revoked_at) throw new AcmeProblem('unauthorized', 403, 'acme.p.accountUnknown');
  return k;
}

/**
 * newOrder (RFC 8555 §7.4): a real order of the account for these names, priced by its prices, taken from a package
 * of the product first and then from the balance, all in one transaction; then validation starts as for any paid order.
 */
export async function newOrder(ctx: OrdersContext, acct: AcmeAccount, product: Product, body: unknown, locale: Locale, u: Urls): Promise<{ id: number; view: Awaited<ReturnType<typeof orderView>> }> {
  const parsed = acmeNewOrderPayload.safeParse(body);
  if (!parsed.success) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: parsed.error.issues[0]?.message ?? 'payload' });
  const profile = parsed.data.profile ?? 'classic';
  if (!isAcmeProfile(profile)) throw new AcmeProblem('invalidProfile', 400, 'acme.p.invalidProfile', { profile, profiles: acmeProfiles.join(', ') });
  const scope = await eabScope(ctx.db, acct);
  if (scope.product_nos.length && !scope.product_nos.includes(product.productNo)) throw new AcmeProblem('unauthorized', 403, 'acme.p.productNotAllowed', { productNo: product.productNo });
  const names: string[] = [];
  for (const i of parsed.data.identifiers) {
    if (i.type !== 'dns') throw new AcmeProblem('unsupportedIdentifier', 400, 'acme.p.identifierType', { type: i.type });
    const v = i.value.trim().toLowerCase();
    if (!names.includes(v)) names.push(v);
  }
  const [check] = validateOrders([{ productType: product.productType, brand: product.brand, certType: product.certType, commonName: names[0]!, extraDomains: names.slice(1) }]);
  const e = check?.errors[0];
  if (e) throw new AcmeProblem('rejectedIdentifier', 400, 'acme.p.rejectedIdentifier', { value: e.entry || names[0]!, reason: translate(locale, e.messageKey, e.params) });
  let orgId: number | null = null;
  if (needsOrganization(product)) {
    const [org] = scope.org_id ? await ctx.db.query<{ id: number }>(`SELECT id FROM organizations WHERE id = $1 AND account_id = $2`, [scope.org_id, acct.account_id]) : [];
    if (!org) throw new AcmeProblem('unauthorized', 403, 'acme.p.orgRequired', { productNo: product.productNo });
    orgId = org.id;
  }
  const now = ctx.now();
  const created = await ctx.db.tx(async (q) => {
    const o = await insertAcmeOrder(q, acct.account_id, product, { term: defaultTerm(product.free), names, orgId, now });
    // The spending gate: the key's spending limit (its row locked against concurrent orders through it), and the
    // role limit of the member who made the key. This order is not linked to the key yet (acme_server_orders below).
    await passSpendingGate(q, { by: 'eabKey', accountId: acct.account_id, eabKeyId: acct.eab_key_id, roleName: (code) => translate(locale, `role.${code}`) }, o.payAmount);
    if (o.status === orderStatus.awaitingPayment) {
      // The real-name rule of every payment (EV and code signing need an approved enterprise; large amounts a verified payer).
      try {
        await checkVerificationForOrders(q, acct.account_id, [o.orderNo], 'makeOrder');
      } catch (err) {
        if (err instanceof RuleError && err.name === 'VERIFICATION_REQUIRED') throw new AcmeProblem('unauthorized', 403, 'acme.p.verificationRequired', { productNo: product.productNo });
        throw err;
      }
      try {
        await payOrdersFromBalance(q, acct.account_id, [o.orderNo], 'makeOrder', acmeAuditBy);
      } catch (err) {
        if (err instanceof InsufficientBalanceError) throw new AcmeProblem('unauthorized', 403, 'acme.p.insufficientBalance', { price: yuanText(o.payAmount), productNo: product.productNo, balance: '' });
        throw err;
      }
    }
    if (parsed.data.replaces) {
      await q.query(`UPDATE orders SET renewed_from = $2 WHERE id = $1`, [o.id, await replacedOrder(q, acct, parsed.data.replaces, names)]);
    }
    const [a] = await q.query<{ id: number }>(
      `INSERT INTO acme_server_orders (order_id, acme_account_id, identifiers, replaces, expires_at, profile) VALUES ($1, $2, $3::jsonb, $4, $5, $6) RETURNING id`,
      [o.id, acct.id, JSON.stringify(names.map((value) => ({ type: 'dns', value }))), parsed.data.replaces ?? null, new Date(now.getTime() + orderLifetimeDays * day), profile],
    );
    for (const name of names) {
      const token = b64u(randomBytes(32));
      await q.query(`INSERT INTO acme_authzs (acme_order_id, domain, token) VALUES ($1, $2, $3)`, [a!.id, name, token]);
      // Every name starts as DNS-01, the challenge a zone hosted here answers with no step; http-01 replaces it when answered.
      await q.query(`INSERT INTO order_domains (order_id, domain, method, token, value) VALUES ($1, $2, 'dns_txt', $3, $4)`, [
        o.id, name, challengeHost(name), dnsDigest(keyAuthorization(token, acct.thumbprint)),
      ]);
    }
    await addEvent(q, o.id, 'acme_client_ordered', { acmeOrder: a!.id });
    return { ...o, acmeId: a!.id };
  }).catch(async (err: unknown) => {
    // The balance is read after the rollback: what the account holds now, to say by how much it falls short.
    if (err instanceof AcmeProblem && err.key === 'acme.p.insufficientBalance') {
      throw new AcmeProblem(err.type, err.status, err.key, { ...err.params, balance: yuanText(await balanceOf(ctx.db, acct.account_id)) });
    }
    throw err;
  });
  // As orders.paid would (it also runs, and finds it started): records in hosted zones, the first check.
  await startValidation(ctx, created.id);
  await publishNow(ctx, created.id);
  await checkOrder(ctx, created.id);
  const o = await ownedOrder(ctx.db, acct, created.acmeId);
  return { id: created.acmeId, view: await orderView(ctx.db, o, u) };
}

type AuthzRow = {
  id: number;
  acme_order_id: number;
  domain: string;
  token: string;
  answered: 'http-01' | 'dns-01' | null;
  answered_at: Date | null;
  deactivated: boolean;
  d_status: string | null;
  method: string | null;
  validated_at: Date | null;
  last_error: string | null;
};

export async function ownedAuthz(q: Queryable, acct: AcmeAccount, id: number): Promise<{ z: AuthzRow; o: OrderRow }> {
  const [z] = await q.query<AuthzRow>(
    `SELECT z.id, z.acme_order_id, z.domain, z.token, z.answered, z.answered_at, z.deactivated, d.status AS d_status, d.method, d.validated_at, d.last_error
       FROM acme_authzs z JOIN acme_server_orders a ON a.id = z.acme_order_id LEFT JOIN order_domains d ON d.order_id = a.order_id AND d.domain = z.domain
      WHERE z.id = $1`,
    [id],
  );
  if (!z) throw new AcmeProblem('notFound', 404, 'acme.p.notFound');
  return { z, o: await ownedOrder(q, acct, z.acme_order_id) };
}

function problemOf(lastError: string | null, locale: Locale) {
  if (!lastError) return undefined;
  try {
    const s = JSON.parse(lastError) as { key: string; params?: Record<string, string | number> };
    // A name resolving only to internal addresses has no valid address to validate at (Boulder answers dns too).
    const type = s.key.includes('dns') || s.key.includes('Record') || s.key === 'orders.dcv.privateAddress' ? 'dns' : s.key.includes('file') ? 'connection' : 'incorrectResponse';
    return { type: `urn:ietf:params:acme:error:${type}`, detail: translate(locale, s.key as never, s.params), status: 400 };
  } catch {
    return undefined;
  }
}

export function authzView(z: AuthzRow, o: OrderRow, acct: AcmeAccount, u: Urls, locale: Locale) {
  const wildcard = z.domain.startsWith('*.');
  const valid = z.d_status === 'validated';
  const invalid = !valid && orderState(o, true) === 'invalid';
  const status = z.deactivated ? 'deactivated' : valid ? 'valid' : invalid ? 'invalid' : 'pending';
  const types = wildcard ? (['dns-01'] as const) : (['http-01', 'dns-01'] as const);
  // The challenge that validated: the one answered, or DNS-01 when a hosted zone (or an earlier validation) did it.
  const used = z.answered ?? (z.method === 'file' ? 'http-01' : 'dns-01');
  const challenges = types.map((type) => {
    const state = valid ? (type === used ? 'valid' : 'pending') : z.answered === type ? (invalid ? 'invalid' : 'processing') : invalid ? 'invalid' : 'pending';
    const error = z.answered === type && !valid ? problemOf(z.last_error, locale) : undefined;
    return {
      type,
      url: u.challenge(z.id, type),
      token: z.token,
      status: state,
      ...(state === 'valid' && z.validated_at ? { validated: new Date(z.validated_at).toISOString() } : {}),
      ...(error ? { error } : {}),
    };
  });
  return {
    status,
    expires: new Date(o.expires_at).toISOString(),
    identifier: { type: 'dns', value: z.domain.replace(/^\*\./, '') },
    challenges,
    ...(wildcard ? { wildcard: true } : {}),
  };
}

/**
 * The client says its challenge is ready (RFC 8555 §7.5.1): the name's DCV row now asks for exactly that challenge's
 * proof (the http-01 file or the dns-01 TXT record), and the same check as for any order runs now.
 */
export async function answerChallenge(ctx: OrdersContext, acct: AcmeAccount, authzId: number, type: string) {
  const { z, o } = await ownedAuthz(ctx.db, acct, authzId);
  if (type !== 'http-01' && type !== 'dns-01') throw new AcmeProblem('notFound', 404, 'acme.p.notFound');
  if (type === 'http-01' && z.domain.startsWith('*.')) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'a wildcard is validated by dns-01 only' });
  if (z.d_status === 'pending' && orderState(o, true) === 'pending') {
    const keyAuth = keyAuthorization(z.token, acct.thumbprint);
    const [method, token, value] = type === 'http-01' ? ['file', `${acmeChallengeDir}${z.token}`, keyAuth] : ['dns_txt', challengeHost(z.domain), dnsDigest(keyAuth)];
    await ctx.db.tx(async (q) => {
      await q.query(`UPDATE order_domains SET method = $3, token = $4, value = $5, last_error = '' WHERE order_id = $1 AND domain = $2 AND status = 'pending'`, [o.order_id, z.domain, method, token, value]);
      await q.query(`UPDATE acme_authzs SET answered = $2, answered_at = now() WHERE id = $1`, [z.id, type]);
      // A name in a zone hosted here gets its record (again) with no step, as at the start of validation.
      if (type === 'dns-01') await requestDcvRecords(q, { id: o.order_id, account_id: o.account_id }, [z.domain]);
    });
    if (type === 'dns-01') await publishNow(ctx, o.order_id);
    await checkOrder(ctx, o.order_id);
    // RFC 8555 §7.5.1: a challenge whose validation fails is invalid, and so are its authorization and order. The
    // client starts a new order; this one is cancelled and refunded by the rules of any cancelled order, so a retry
    // is not paid twice. (The reason stays in the name's DCV row and is shown as the challenge's error.)
    const [d] = await ctx.db.query<{ status: string }>(`SELECT status FROM order_domains WHERE order_id = $1 AND domain = $2`, [o.order_id, z.domain]);
    if (d && d.status !== 'validated') await cancelOrders(ctx, o.account_id, [o.order_no]);
  }
  return ownedAuthz(ctx.db, acct, authzId);
}

/**
 * finalize (RFC 8555 §7.4): the client's CSR must name exactly the order's identifiers with a key the product allows;
 * CAA must let the brand's CA issue; then the order is issued by the CA adapter, as the issue job does.
 */
export async function finalize(ctx: OrdersContext, acct: AcmeAccount, acmeId: number, body: unknown, locale: Locale, product: Product): Promise<OrderRow> {
  const parsed = acmeFinalizePayload.safeParse(body);
  if (!parsed.success) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'csr' });
  const o = await ownedOrder(ctx.db, acct, acmeId);
  const state = orderState(o, false);
  if (state !== 'ready' || o.order_status !== orderStatus.issuing) {
    if (state === 'valid' || state === 'processing') return o;
    throw new AcmeProblem('orderNotReady', 403, 'acme.p.orderNotReady', { status: state === 'ready' ? 'pending' : state });
  }
  const der = Buffer.from(parsed.data.csr, 'base64url');
  const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE REQUEST-----`;
  const csr = await parseCsr(pem);
  if (!isParsedCsr(csr)) throw new AcmeProblem('badCSR', 400, 'acme.p.badCsr', { reason: translate(locale, csr.key, csr.params) });
  const keyErr = validateKeyParams(keyOptionsFor(product), csr.keyParams)[0];
  if (keyErr) throw new AcmeProblem('badCSR', 400, 'acme.p.badCsr', { reason: translate(locale, keyErr.messageKey, keyErr.params) });
  const want = new Set(o.identifiers.map((i) => i.value));
  const got = csrNames(pem);
  if (got.size !== want.size || [...got].some((n) => !want.has(n))) {
    throw new AcmeProblem('badCSR', 400, 'acme.p.csrNames', { csr: [...got].join(', '), order: [...want].join(', ') });
  }
  const refusal = await caaRefuses(ctx, o.order_id, o.brand, [...want]);
  if (refusal) throw new AcmeProblem('caa', 403, 'acme.p.caa', { domain: refusal.domain, at: refusal.at, ca: refusal.ca });
  const took = await ctx.db.query(`UPDATE orders SET csr = $2, key_params = $3::jsonb, updated_at = now() WHERE id = $1 AND csr = '' AND order_status = $4 RETURNING id`, [
    o.order_id, csr.pem, JSON.stringify(csr.keyParams), orderStatus.issuing,
  ]);
  if (took.length) {
    // Not issued now (a CAA lookup failed, the CA did not answer): the issue job tries again when the outcome says,
    // the client polling the order (processing) meanwhile. Without the job nothing would move the order.
    const retryInSeconds = await issueOrder(ctx, o.order_id).then(
      (out) => (out && 'retryInSeconds' in out ? out.retryInSeconds : undefined),
      () => 0,
    );
    if (retryInSeconds !== undefined) await enqueue(ctx.db, issueJob, { orderId: o.order_id }, { dedupeKey: `issue:${o.order_id}`, delaySeconds: retryInSeconds });
  }
  return ownedOrder(ctx.db, acct, acmeId);
}

/** The certificate with its chain (application/pem-certificate-chain, RFC 8555 §7.4.2). */
export async function certificateChain(q: Queryable, acct: AcmeAccount, acmeId: number): Promise<string> {
  const o = await ownedOrder(q, acct, acmeId);
  const [c] = await q.query<{ cert_pem: string; chain_pem: string }>(`SELECT c.cert_pem, c.chain_pem FROM certificates c JOIN orders o ON o.certificate_id = c.id WHERE o.id = $1`, [o.order_id]);
  if (!c) throw new AcmeProblem('notFound', 404, 'acme.p.notFound');
  return `${c.cert_pem.trim()}\n${c.chain_pem.trim()}\n`;
}

type CertRow = { id: number; order_id: number; account_id: number; revoked_at: Date | null; cert_pem: string; not_before: Date; not_after: Date; certificate_id: number | null };

const serialHex = (hex: string) => hex.toLowerCase().replace(/^0+/, '');

async function certBySerial(q: Queryable, serial: string): Promise<CertRow | undefined> {
  const [c] = await q.query<CertRow>(
    `SELECT c.id, c.order_id, o.account_id, c.revoked_at, c.cert_pem, c.not_before, c.not_after, o.certificate_id FROM certificates c JOIN orders o ON o.id = c.order_id
      WHERE ltrim(lower(c.serial), '0') = $1`,
    [serialHex(serial)],
  );
  return c;
}

/**
 * revokeCert (RFC 8555 §7.6): by the ACME account of the customer that owns it, or signed with the certificate's key
 * (a key compromise report: recorded as keyCompromise). The reason goes into the CRL entry from then on.
 */
export async function revokeCert(ctx: OrdersContext, body: unknown, who: { acct?: AcmeAccount; jwk?: Jwk }): Promise<void> {
  const parsed = acmeRevokePayload.safeParse(body);
  if (!parsed.success) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'certificate' });
  const given = parsed.data.reason;
  if (given !== undefined && !isSubscriberReason(given)) throw new AcmeProblem('badRevocationReason', 400, 'acme.p.badRevocationReason', { reason: given });
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(parsed.data.certificate, 'base64url'));
  } catch {
    throw new AcmeProblem('malformed', 400, 'acme.p.certUnknown');
  }
  const c = await certBySerial(ctx.db, cert.serialNumber);
  if (!c || !cert.raw.equals(new X509Certificate(c.cert_pem).raw)) throw new AcmeProblem('notFound', 404, 'acme.p.certUnknown');
  const mine = who.acct ? who.acct.account_id === c.account_id : !!who.jwk && cert.publicKey.export({ format: 'jwk' }).n === who.jwk.n && cert.publicKey.export({ format: 'jwk' }).x === who.jwk.x;
  if (!mine) throw new AcmeProblem('unauthorized', 403, 'acme.p.notYours');
  if (c.revoked_at) throw new AcmeProblem('alreadyRevoked', 400, 'acme.p.alreadyRevoked');
  const reason = recordedReason(given, who.acct ? 'account' : 'certificateKey');
  const done = await ctx.db.tx((q) => revokeCertificate(q, c, reason, { kind: 'acme_revoked', serial: cert.serialNumber.toLowerCase() }));
  if (!done) throw new AcmeProblem('alreadyRevoked', 400, 'acme.p.alreadyRevoked');
}

/** The certificate an ARI certID names (RFC 9773 §4.1): base64url(authority key identifier) "." base64url(serial DER). */
async function certByCertId(q: Queryable, certId: string): Promise<CertRow | undefined> {
  const [aki, serialB64] = certId.split('.');
  if (!aki || !serialB64 || !/^[A-Za-z0-9_-]+$/.test(aki) || !/^[A-Za-z0-9_-]+$/.test(serialB64)) throw new AcmeProblem('malformed', 400, 'acme.p.malformed', { reason: 'certID' });
  const c = await certBySerial(q, Buffer.from(serialB64, 'base64url').toString('hex'));
  if (!c) return undefined;
  const ext = new x509.X509Certificate(c.cert_pem).getExtension(x509.AuthorityKeyIdentifierExtension);
  return ext?.keyId && Buffer.from(ext.keyId, 'hex').toString('base64url') !== aki ? undefined : c;
}

/**
 * What a new order's `replaces` names (RFC 9773 §5): a certificate issued here to the same account, sharing a name with
 * the order, not yet replaced by another order still under way or issued (409 alreadyReplaced). Its order becomes the
 * new order's `renewed_from`, so the console shows the renewal as for one made there. Checked under the old order's lock.
 */
async function replacedOrder(q: Queryable, acct: AcmeAccount, certId: string, names: string[]): Promise<number> {
  const c = await certByCertId(q, certId);
  if (!c) throw new AcmeProblem('malformed', 400, 'acme.p.certUnknown');
  if (c.account_id !== acct.account_id) throw new AcmeProblem('unauthorized', 403, 'acme.p.replacesOther');
  const [old] = await q.query<{ domains: string[] }>(
    `SELECT array(SELECT lower(d.domain) FROM order_domains d WHERE d.order_id = o.id) AS domains FROM orders o WHERE o.id = $1 FOR UPDATE`,
    [c.order_id],
  );
  if (!old || !names.some((n) => old.domains.includes(n))) throw new AcmeProblem('unauthorized', 403, 'acme.p.replacesOther');
  const [other] = await q.query<{ order_no: string }>(
    `SELECT order_no FROM orders WHERE renewed_from = $1 AND order_status <> ALL($2::int[]) LIMIT 1`,
    [c.order_id, [orderStatus.cancelled]],
  );
  if (other) throw new AcmeProblem('alreadyReplaced', 409, 'acme.p.alreadyReplaced', { certId, orderNo: other.order_no });
  return c.order_id;
}

/**
 * renewalInfo (ARI, RFC 9773): certID is base64url(authority key identifier) "." base64url(serial DER); the window
 * opens where the plan schedule starts the next certificate (reissueAt: two thirds of the lifetime) and closes at five
 * sixths; a revoked certificate is to be replaced now.
 */
export async function renewalInfo(q: Queryable, certId: string, now: Date) {
  const c = await certByCertId(q, certId);
  if (!c) throw new AcmeProblem('notFound', 404, 'acme.p.certUnknown');
  const from = new Date(c.not_before).getTime();
  const life = new Date(c.not_after).getTime() - from;
  const window = c.revoked_at
    ? { start: new Date(now.getTime() - 3600_000), end: new Date(now.getTime() + 3600_000) }
    : { start: reissueAt({ notBefore: new Date(c.not_before), notAfter: new Date(c.not_after) }), end: new Date(from + (life * 5) / 6) };
  return { suggestedWindow: { start: window.start.toISOString(), end: window.end.toISOString() } };
}
