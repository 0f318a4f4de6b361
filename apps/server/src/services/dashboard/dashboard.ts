import type { Queryable } from '@cc/db/client';
import type { DashboardAnswer } from '@cc/contracts/dashboard';
import { orderStatus } from '@cc/contracts/order-status';
import { effectiveStatusSql, expiringSql, renewalFailedSql } from '../orders/queries.ts';
import { renewalCalendar } from './calendar.ts';
import { deptFilterSql, type Viewer } from '../team/scope.ts';

const orderLink = (no: string) => `/ssl/certificate/${encodeURIComponent(no)}`;
const chinaOffset = 8 * 3600_000;

/** The first instant of the calendar month (China time) `monthsBack` months before the one `now` is in. */
function monthStart(now: Date, monthsBack: number): Date {
  const local = new Date(now.getTime() + chinaOffset);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - chinaOffset);
}
const day = (d: Date) => new Date(d.getTime() + chinaOffset).toISOString().slice(0, 10);
const rangeLink = (from: Date, toExclusive: Date) => `/orders/list?dateFrom=${day(from)}&dateTo=${day(new Date(toExclusive.getTime() - 1))}`;

/**
 * GET /v1/dashboard. Each count is the same condition as the list its link opens (GET /v1/orders with that filter),
 * so the number on the card and the rows behind it agree.
 */
export async function dashboardOf(q: Queryable, who: Viewer, now: Date): Promise<DashboardAnswer> {
  const accountId = who.id;
  // A member scoped to departments counts only its departments' orders (the lists behind the links do the same).
  const scoped = (params: unknown[]) => ({ params, where: deptFilterSql(who, 'o', params) });
  const c0 = scoped([accountId]);
  const [c] = await q.query<{ unpaid: number; unpaid_amount: string; awaiting: number; expiring: number; expired: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE ${effectiveStatusSql} = ${orderStatus.awaitingPayment})::int AS unpaid,
            COALESCE(sum(o.pay_amount) FILTER (WHERE ${effectiveStatusSql} = ${orderStatus.awaitingPayment}), 0) AS unpaid_amount,
            count(*) FILTER (WHERE ${effectiveStatusSql} = ${orderStatus.awaitingValidation})::int AS awaiting,
            count(*) FILTER (WHERE ${expiringSql})::int AS expiring,
            count(*) FILTER (WHERE ${effectiveStatusSql} = ${orderStatus.expired})::int AS expired,
            count(*) FILTER (WHERE ${renewalFailedSql})::int AS failed
       FROM orders o WHERE o.account_id = $1${c0.where}`,
    c0.params,
  );
  const a0 = scoped([accountId, orderStatus.awaitingValidation]);
  const awaiting = await q.query<{ order_no: string; common_name: string; methods: string[] | null; pending: number }>(
    `SELECT o.order_no, o.common_name,
            array_agg(DISTINCT d.method) FILTER (WHERE d.status = 'pending') AS methods,
            count(d.id) FILTER (WHERE d.status = 'pending')::int AS pending
       FROM orders o LEFT JOIN order_domains d ON d.order_id = o.id
      WHERE o.account_id = $1 AND o.order_status = $2${a0.where}
      GROUP BY o.id ORDER BY o.id LIMIT 5`,
    a0.params,
  );
  const f0 = scoped([accountId]);
  const failed = await q.query<{ order_no: string; common_name: string }>(
    `SELECT o.order_no, o.common_name FROM orders o WHERE o.account_id = $1 AND ${renewalFailedSql}${f0.where} ORDER BY o.id DESC LIMIT 5`,
    f0.params,
  );
  // Domain names belong to the department that bought them, like orders.
  const fd = scoped([accountId, now, new Date(now.getTime() + 30 * 86400_000)]);
  const [d] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM domains o WHERE account_id = $1 AND gone_at IS NULL AND expires_at > $2 AND expires_at <= $3${fd.where}`,
    fd.params,
  );
  const [thisStart, lastStart, nextStart] = [monthStart(now, 0), monthStart(now, 1), monthStart(now, -1)];
  const s0 = scoped([accountId, thisStart, nextStart, lastStart, orderStatus.cancelled]);
  // What was paid (orders and re-sign differences) in each month; cancelled orders were refunded, so they do not count.
  const [s] = await q.query<{ this_month: string; last_month: string }>(
    `SELECT COALESCE(sum(CASE WHEN o.paid_at >= $2 AND o.paid_at < $3 THEN o.pay_amount ELSE 0 END)
                   + sum(CASE WHEN o.re_sign_paid_at >= $2 AND o.re_sign_paid_at < $3 THEN o.re_sign_price_diff ELSE 0 END), 0) AS this_month,
            COALESCE(sum(CASE WHEN o.paid_at >= $4 AND o.paid_at < $2 THEN o.pay_amount ELSE 0 END)
                   + sum(CASE WHEN o.re_sign_paid_at >= $4 AND o.re_sign_paid_at < $2 THEN o.re_sign_price_diff ELSE 0 END), 0) AS last_month
       FROM orders o
      WHERE o.account_id = $1 AND o.order_status <> $5 AND (o.paid_at >= $4 OR o.re_sign_paid_at >= $4)${s0.where}`,
    s0.params,
  );
  return {
    awaitingPayment: { count: c?.unpaid ?? 0, amount: Number(c?.unpaid_amount ?? 0), link: `/orders/list?status=${orderStatus.awaitingPayment}` },
    awaitingValidation: {
      count: c?.awaiting ?? 0,
      link: `/orders/list?status=${orderStatus.awaitingValidation}`,
      orders: awaiting.map((r) => ({ orderNo: r.order_no, commonName: r.common_name, methods: (r.methods ?? []).sort(), pending: r.pending, link: orderLink(r.order_no) })),
    },
    expiring: { count: c?.expiring ?? 0, link: '/orders/expiring' },
    domainsExpiring: { count: d?.n ?? 0, link: '/domain/manage/expiring' },
    expired: { count: c?.expired ?? 0, link: `/orders/list?status=${orderStatus.expired}` },
    failedRenewals: {
      count: c?.failed ?? 0,
      link: '/orders/list?renewalFailed=true',
      orders: failed.map((r) => ({ orderNo: r.order_no, commonName: r.common_name, link: orderLink(r.order_no) })),
    },
    calendar: await renewalCalendar(q, who, now),
    spending: { thisMonth: Number(s?.this_month ?? 0), lastMonth: Number(s?.last_month ?? 0), thisMonthLink: rangeLink(thisStart, nextStart), lastMonthLink: rangeLink(lastStart, thisStart) },
  };
}
