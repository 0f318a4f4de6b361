import { zoneHolding } from '../dns/zones.ts';
import type { Queryable } from '@cc/db/client';
import { translate, type Locale } from '@cc/contracts/messages';
import {
  expiringWithinDays,
  orderStatus,
  orderStatuses,
  reSignStatus,
  type DomainDcvState,
  type OrderDetail,
  type OrderListItem,
  type OrderListQuery,
} from '@cc/contracts/orders';
import { dcvMethodEndsOn, isDcvMethod, validationLapsesAt } from '@cc/domain/dcv';
import { formatValidity, termDays } from '@cc/domain/terms';
import { planSchedule } from '@cc/domain/plan-schedule';
import { productNameFor } from '@cc/domain/product-name';
import type { Said } from '../../lib/app-error.ts';
import { likePattern, pageOffset } from '../purchase/paging.ts';
import { instructionsFor } from '../dcv/values.ts';
import { orderEventText, reasonText } from './event-text.ts';
import { accountIdOf, deptFilterSql, type Viewer } from '../team/scope.ts';
import { accountOrderIdSql, accountOrderIdsSql } from './by-number.ts';

const day = 86400_000;

/** 1005 past notAfter reads as 1007 (expired): computed, so no job has to flip it on time. */
export const effectiveStatusSql = `(CASE WHEN o.order_status = ${orderStatus.issued} AND o.not_after < now() THEN ${orderStatus.expired} ELSE o.order_status END)`;
export const expiringSql = `(o.order_status = ${orderStatus.issued} AND o.not_after >= now() AND o.not_after < now() + interval '${expiringWithinDays} days')`;
/** A renewal that failed: an automatic reissue or a renewal order that ended up needing resubmission. */
export const renewalFailedSql = `(o.order_status IN (${orderStatus.resubmit}, ${orderStatus.resubmitAlt})
  AND (o.renewed_from IS NOT NULL OR EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.kind = 'auto_reissue')))`;

export function statusText(locale: Locale, code: number): string {
  const s = orderStatuses.find((x) => x.code === code);
  return s ? s[locale] : String(code);
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export type OrderRow = {
  origin: 'CONSOLE' | 'ACME';
  id: number;
  order_no: string;
  account_id: number;
  status: number;
  raw_status: number;
  validity: number;
  common_name: string;
  domain_names: string[];
  product_no: string;
  product_name: string;
  chinese_name: string;
  english_name: string;
  product_type: string;
  brand: string;
  brand_name: string;
  cert_type: string;
  free: boolean;
  dcv_method: string;
  dcv_email: string;
  dcv_autopilot: boolean;
  pay_amount: number;
  raw_amount: number;
  discount: number;
  re_sign_status: number;
  re_sign_price_diff: number;
  re_sign_paid_at: Date | null;
  remark: string;
  created_at: Date;
  paid_at: Date | null;
  not_before: Date | null;
  not_after: Date | null;
  plan_ends_at: Date | null;
  issued_at: Date | null;
  cancelled_at: Date | null;
  validation_started_at: Date | null;
  certificate_id: number | null;
  contact_id: number | null;
  org_id: number | null;
  csr: string;
  has_key: boolean;
  status_reason: string;
  total?: number;
}

export const orderColumns = `o.id, o.order_no, o.account_id, ${effectiveStatusSql} AS status, o.order_status AS raw_status, o.validity, o.common_name, o.domain_names,
  o.product_no, p.product_name, p.chinese_name, p.english_name, o.product_type, o.brand, p.brand_name, p.cert_type, p.free, o.dcv_method, o.dcv_email, o.dcv_autopilot,
  o.pay_amount::float8 AS pay_amount, o.raw_amount::float8 AS raw_amount, o.discount, o.re_sign_status, o.re_sign_price_diff::float8 AS re_sign_price_diff,
  o.re_sign_paid_at, o.remark, o.created_at, o.paid_at, o.not_before, o.not_after, o.plan_ends_at, o.issued_at, o.cancelled_at, o.validation_started_at,
  o.certificate_id, o.contact_id, o.org_id, o.csr, (o.private_key_sealed IS NOT NULL) AS has_key, o.status_reason, o.origin`;
export const orderFrom = `FROM orders o JOIN products p ON p.product_no = o.product_no`;

export function toListItem(r: OrderRow, locale: Locale, now: Date): OrderListItem {
  return {
    id: r.id,
    orderNo: r.order_no,
    orderStatus: r.status,
    orderStatusText: statusText(locale, r.status),
    validity: r.validity,
    commonName: r.common_name,
    domainNames: r.domain_names,
    productNo: r.product_no,
    productName: productNameFor(locale, { productName: r.product_name, chineseName: r.chinese_name, englishName: r.english_name }),
    productType: r.product_type,
    brand: r.brand,
    brandName: r.brand_name,
    certType: r.cert_type,
    dcvMethod: r.dcv_method,
    payAmount: Number(r.pay_amount),
    reSignStatus: r.re_sign_status,
    reSignPriceDiff: Number(r.re_sign_price_diff),
    remark: r.remark,
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    notBefore: iso(r.not_before),
    notAfter: iso(r.not_after),
    daysLeft: r.not_after ? Math.max(0, Math.ceil((new Date(r.not_after).getTime() - now.getTime()) / day)) : null,
    origin: r.origin,
  };
}

/** The list of /orders/list and /orders/expiring: the caller's orders only, filtered, newest first. */
export async function listOrders(db: Queryable, who: Viewer | number, q: OrderListQuery, locale: Locale, now: Date): Promise<{ data: OrderListItem[]; total: number }> {
  const params: unknown[] = [accountIdOf(who)];
  // A member sees its departments' orders (and its own) unless its role sees all (services/team/scope.ts).
  const where = [`o.account_id = $1${deptFilterSql(who, 'o', params)}`];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (q.status !== undefined) {
    if (q.status === reSignStatus.reSign) where.push(`o.re_sign_status = ${reSignStatus.reSign}`);
    else add((n) => `${effectiveStatusSql} = ${n}::int`, q.status);
  }
  if (q.productNo) add((n) => `o.product_no = ${n}`, q.productNo);
  if (q.brand) add((n) => `(o.brand = ${n} OR p.sub_brand = ${n})`, q.brand);
  const name = q.commonName ?? q.domain;
  if (name) add((n) => `(o.common_name ILIKE ${n} OR o.domain_names::text ILIKE ${n})`, likePattern(name));
  if (q.orderNo) add((n) => `o.order_no ILIKE ${n}`, likePattern(q.orderNo));
  if (q.dateFrom) add((n) => `o.created_at >= ${n}::date`, q.dateFrom.slice(0, 10));
  if (q.dateTo) add((n) => `o.created_at < ${n}::date + 1`, q.dateTo.slice(0, 10));
  if (q.expiring) where.push(expiringSql);
  if (q.renewalFailed) where.push(renewalFailedSql);
  params.push(q.limit, pageOffset(q));
  const rows = await db.query<OrderRow>(
    `SELECT ${orderColumns}, count(*) OVER ()::int AS total ${orderFrom} WHERE ${where.join(' AND ')} ORDER BY o.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end still answers the total.
    const [c] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${orderFrom} WHERE ${where.join(' AND ')}`, params.slice(0, -2));
    total = c?.n ?? 0;
  }
  return { data: rows.map((r) => toListItem(r, locale, now)), total };
}

/** One of the caller's orders by id or number; another account's order is simply not found. */
export async function findOrder(db: Queryable, who: Viewer | number, ref: string): Promise<OrderRow | undefined> {
  const params: unknown[] = [accountIdOf(who), ref];
  const scope = deptFilterSql(who, 'o', params);
  const [r] = await db.query<OrderRow>(`SELECT ${orderColumns} ${orderFrom} WHERE o.id IN ${accountOrderIdSql('$1::int', '$2::text')}${scope}`, params);
  return r;
}

export async function ordersByNos(db: Queryable, who: Viewer | number, orderNos: string[]): Promise<OrderRow[]> {
  const params: unknown[] = [accountIdOf(who), orderNos];
  const scope = deptFilterSql(who, 'o', params);
  return db.query<OrderRow>(`SELECT ${orderColumns} ${orderFrom} WHERE o.id IN ${accountOrderIdsSql('$1::int', '$2::text[]')}${scope} ORDER BY o.id DESC`, params);
}

export async function countOrders(db: Queryable, who: Viewer | number): Promise<{ total: number; expiring: number; byStatus: Record<string, number> }> {
  const params: unknown[] = [accountIdOf(who)];
  const scope = deptFilterSql(who, 'o', params);
  const rows = await db.query<{ status: number; n: number }>(`SELECT ${effectiveStatusSql} AS status, count(*)::int AS n FROM orders o WHERE o.account_id = $1${scope} GROUP BY 1`, params);
  const [x] = await db.query<{ expiring: number; resign: number }>(
    `SELECT count(*) FILTER (WHERE ${expiringSql})::int AS expiring, count(*) FILTER (WHERE o.re_sign_status = ${reSignStatus.reSign})::int AS resign FROM orders o WHERE o.account_id = $1${scope}`,
    params,
  );
  const byStatus: Record<string, number> = {};
  for (const s of orderStatuses) byStatus[String(s.code)] = 0;
  let total = 0;
  for (const r of rows) {
    byStatus[String(r.status)] = r.n;
    total += r.n;
  }
  byStatus[String(reSignStatus.reSign)] = x?.resign ?? 0;
  return { total, expiring: x?.expiring ?? 0, byStatus };
}

function saidText(locale: Locale, raw: string): string {
  if (!raw) return '';
  try {
    const s = JSON.parse(raw) as Said;
    return translate(locale, s.key, s.params);
  } catch {
    return raw;
  }
}

type DomainRow = {
  domain: string;
  method: string;
  token: string;
  value: string;
  email: string;
  status: 'pending' | 'validated';
  reused: boolean;
  checked_at: Date | null;
  validated_at: Date | null;
  email_sent_at: Date | null;
  last_error: string;
}

export async function domainStates(db: Queryable, orderId: number, locale: Locale, httpPort: number): Promise<DomainDcvState[]> {
  const rows = await db.query<DomainRow & { account_id: number }>(
    `SELECT d.domain, d.method, d.token, d.value, d.email, d.status, d.reused, d.checked_at, d.validated_at, d.email_sent_at, d.last_error, o.account_id
       FROM order_domains d JOIN orders o ON o.id = d.order_id WHERE d.order_id = $1 ORDER BY d.id`,
    [orderId],
  );
  const zones = await Promise.all(rows.map((r) => zoneHolding(db, r.account_id, r.domain)));
  return rows.flatMap((r, i) => {
    if (!isDcvMethod(r.method)) return [];
    return [
      {
        domain: r.domain,
        method: r.method,
        status: r.status,
        reused: r.reused,
        checkedAt: iso(r.checked_at),
        validatedAt: iso(r.validated_at),
        lapsesAt: r.validated_at ? iso(validationLapsesAt({ method: r.method, name: r.domain, validatedAt: r.validated_at })) : null,
        methodEndsOn: r.domain.includes('@') ? null : dcvMethodEndsOn(r.method),
        emailSentAt: iso(r.email_sent_at),
        lastError: r.status === 'pending' ? saidText(locale, r.last_error) : '',
        instructions: instructionsFor({ domain: r.domain, method: r.method, token: r.token, value: r.value, email: r.email }, httpPort),
        hostedZone: zones[i]?.name ?? null,
      },
    ];
  });
}

/** Everything the details page (/ssl/certificate/{id}) shows. */
export async function orderDetail(db: Queryable, r: OrderRow, locale: Locale, httpPort: number, now: Date): Promise<OrderDetail> {
  const domains = await domainStates(db, r.id, locale, httpPort);
  const [contact] = r.contact_id
    ? await db.query<{ id: number; lastname: string; firstname: string; position: string; email: string; telephone: string }>(
        `SELECT id, lastname, firstname, position, email, telephone FROM contacts WHERE id = $1`,
        [r.contact_id],
      )
    : [];
  const [company] = r.org_id
    ? await db.query<{ id: number; orgName: string; creditCode: string; nationCode: string; province: string; city: string; address: string; postalCode: string; telephone: string }>(
        `SELECT id, org_name AS "orgName", credit_code AS "creditCode", nation_code AS "nationCode", province, city, address, postal_code AS "postalCode", telephone FROM organizations WHERE id = $1`,
        [r.org_id],
      )
    : [];
  const events = await db.query<{ at: Date; kind: string; detail: Record<string, unknown> }>(`SELECT at, kind, detail FROM order_events WHERE order_id = $1 ORDER BY id`, [r.id]);
  const timeline = [
    { at: r.created_at, kind: 'created', detail: {} },
    ...(r.paid_at && !r.free ? [{ at: r.paid_at, kind: 'paid', detail: {} }] : []),
    ...events,
  ]
    .sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime())
    .map((e) => ({
      at: iso(e.at)!,
      kind: e.kind,
      text: orderEventText(locale, e.kind, e.detail),
      detail: e.detail,
    }));
  const [cert] = r.certificate_id
    ? await db.query<{ serial: string; issuer: string; not_before: Date; not_after: Date; domains: string[] }>(
        `SELECT serial, issuer, not_before, not_after, domains FROM certificates WHERE id = $1`,
        [r.certificate_id],
      )
    : [];
  const [req] = await db.query<{ id: number; domain_names: string[]; price_diff: number; status: 'awaiting_payment' | 'validating' | 'done' | 'cancelled'; created_at: Date; done_at: Date | null }>(
    `SELECT id, domain_names, price_diff::float8 AS price_diff, status, created_at, done_at FROM re_sign_requests WHERE order_id = $1 AND status IN ('awaiting_payment', 'validating') ORDER BY id DESC LIMIT 1`,
    [r.id],
  );
  const lapses = domains.flatMap((d) => (d.lapsesAt ? [d.lapsesAt] : [])).sort();
  // The plan's schedule from its current certificate: those issued before it, then what the rules table projects.
  const [issuedCount] = cert ? await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM certificates WHERE order_id = $1 AND id <> $2`, [r.id, r.certificate_id]) : [];
  const schedule = cert && r.plan_ends_at
    ? planSchedule({ productType: r.product_type, planEndsAt: new Date(r.plan_ends_at), current: { notBefore: new Date(cert.not_before), notAfter: new Date(cert.not_after) }, issuedBefore: issuedCount?.n ?? 0, now })
    : null;
  const v = formatValidity(r.validity);
  const s = r.status;
  const awaiting = s === orderStatus.awaitingValidation;
  const hasEmail = domains.some((d) => d.status === 'pending' && (d.method === 'email' || (d.method === 'email_dns' && d.emailSentAt)));
  return {
    ...toListItem(r, locale, now),
    rawAmount: Number(r.raw_amount),
    discount: r.discount,
    term: { value: v.value, unit: v.unit, days: termDays(r.validity) },
    freeProduct: r.free,
    dcvEmail: r.dcv_email,
    dcvAutopilot: r.dcv_autopilot,
    csr: r.csr,
    hasKey: r.has_key,
    domains,
    rulesOn: now.toISOString().slice(0, 10),
    contact: contact ?? null,
    company: company ?? null,
    timeline,
    issuedAt: iso(r.issued_at),
    cancelledAt: iso(r.cancelled_at),
    planEndsAt: iso(r.plan_ends_at),
    plan: schedule
      ? {
          current: schedule.current,
          total: schedule.total,
          nextReissueAt: iso(schedule.nextReissueAt),
          certificates: schedule.certificates.map((c) => ({ k: c.k, notBefore: iso(c.notBefore)!, notAfter: iso(c.notAfter)!, issued: c.issued })),
        }
      : null,
    validationLapsesAt: lapses[0] ?? null,
    statusReason: r.status_reason,
    statusReasonText: reasonText(locale, r.status_reason),
    certificate: cert ? { serial: cert.serial, issuer: cert.issuer, notBefore: iso(cert.not_before)!, notAfter: iso(cert.not_after)!, domains: cert.domains } : null,
    reSign: {
      status: r.re_sign_status,
      priceDiff: Number(r.re_sign_price_diff),
      paid: !!r.re_sign_paid_at,
      request: req
        ? { id: req.id, orderNo: r.order_no, domainNames: req.domain_names, priceDiff: Number(req.price_diff), status: req.status, createdAt: iso(req.created_at)!, doneAt: iso(req.done_at) }
        : null,
    },
    actions: {
      pay: s === orderStatus.awaitingPayment || (r.re_sign_status === reSignStatus.reSign && Number(r.re_sign_price_diff) > 0 && !r.re_sign_paid_at),
      cancel: (s === orderStatus.awaitingPayment || awaiting) && !r.certificate_id,
      verify: awaiting && domains.some((d) => d.status === 'pending'),
      changeDcv: awaiting && domains.some((d) => d.status === 'pending'),
      resendEmail: awaiting && hasEmail,
      download: !!r.certificate_id,
      reSign: s === orderStatus.issued && r.re_sign_status !== reSignStatus.reSign,
      reCommit: s === orderStatus.resubmit || s === orderStatus.resubmitAlt,
    },
  };
}
