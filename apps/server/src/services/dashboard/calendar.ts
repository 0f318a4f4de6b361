import type { Queryable } from '@cc/db/client';
import { calendarDays, type CalendarEntry, type CalendarKind } from '@cc/contracts/dashboard';
import { orderStatus } from '@cc/contracts/order-status';
import { deptFilterSql, type Viewer } from '../team/scope.ts';
import { reissueAt } from '@cc/domain/plan-schedule';

type Source = (q: Queryable, who: Viewer, from: Date, to: Date) => Promise<CalendarEntry[]>;

const orderLink = (no: string) => `/ssl/certificate/${encodeURIComponent(no)}`;

/**
 * One query per kind of thing that lapses (validations and domain names belong to no department: a member scoped to
 * departments sees only its certificates); the calendar is their union, soonest first. A new kind (domain
 * registrations) is one more entry here and in `calendarKinds`.
 */
export const calendarSources: Record<CalendarKind, Source> = {
  // Issued certificates ending in the window; a plan that goes on shows instead the day its next certificate is issued
  // by itself (the plan's schedule: two thirds into the current one's life), so the customer sees when it comes.
  certificate: async (q, who, from, to) => {
    const params: unknown[] = [who.id, orderStatus.issued, from, to, orderStatus.cancelled];
    const scope = deptFilterSql(who, 'o', params);
    const rows = await q.query<{ order_no: string; common_name: string; not_before: Date | null; not_after: Date; auto: boolean }>(
      `SELECT o.order_no, o.common_name, o.not_before, o.not_after,
              (o.plan_ends_at IS NOT NULL AND o.plan_ends_at > o.not_after + interval '1 day') AS auto
         FROM orders o
        WHERE o.account_id = $1 AND o.order_status = $2 AND o.not_after >= $3
          AND (o.not_after < $4 OR (o.plan_ends_at IS NOT NULL AND o.plan_ends_at > o.not_after + interval '1 day' AND o.not_before IS NOT NULL AND o.not_before < $4))
          AND NOT EXISTS (SELECT 1 FROM orders r WHERE r.renewed_from = o.id AND r.order_status <> $5)${scope}
        ORDER BY o.not_after LIMIT 200`,
      params,
    );
    return rows.flatMap((r) => {
      const at = r.auto && r.not_before ? new Date(Math.max(reissueAt({ notBefore: new Date(r.not_before), notAfter: new Date(r.not_after) }).getTime(), from.getTime())) : new Date(r.not_after);
      if (at.getTime() >= to.getTime()) return [];
      return [{ kind: 'certificate' as const, date: at.toISOString(), name: r.common_name, ref: r.order_no, link: orderLink(r.order_no), auto: r.auto }];
    });
  },
  // Domain validations whose reuse period ends (expires_at: the lapse the rules table gives): the next order for the name validates again.
  validation: async (q, who, from, to) => {
    if (who.depts !== null) return [];
    const rows = await q.query<{ domain: string; expires_at: Date; order_no: string | null }>(
      `SELECT v.domain, v.expires_at, o.order_no
         FROM validated_domains v LEFT JOIN orders o ON o.id = v.order_id
        WHERE v.account_id = $1 AND v.expires_at >= $2 AND v.expires_at < $3
        ORDER BY v.expires_at LIMIT 200`,
      [who.id, from, to],
    );
    return rows.map((r) => ({
      kind: 'validation',
      date: new Date(r.expires_at).toISOString(),
      name: r.domain,
      ref: r.domain,
      link: r.order_no ? orderLink(r.order_no) : `/orders/list?domain=${encodeURIComponent(r.domain)}`,
      auto: false,
    }));
  },
  // Domain names registered here reaching their expiry; auto-renewal is not offered, so each needs a renewal.
  domain: async (q, who, from, to) => {
    const params: unknown[] = [who.id, from, to];
    const scope = deptFilterSql(who, 'd', params);
    const rows = await q.query<{ order_no: string; unicode: string; expires_at: Date }>(
      `SELECT order_no, unicode, expires_at FROM domains d
        WHERE account_id = $1 AND gone_at IS NULL AND expires_at >= $2 AND expires_at < $3${scope}
        ORDER BY expires_at LIMIT 200`,
      params,
    );
    return rows.map((r) => ({
      kind: 'domain',
      date: new Date(r.expires_at).toISOString(),
      name: r.unicode,
      ref: r.order_no,
      link: `/domain/manage/${encodeURIComponent(r.order_no)}`,
      auto: false,
    }));
  },
};

export async function renewalCalendar(q: Queryable, who: Viewer, now: Date): Promise<CalendarEntry[]> {
  const to = new Date(now.getTime() + calendarDays * 86400_000);
  const lists = await Promise.all(Object.values(calendarSources).map((s) => s(q, who, now, to)));
  return lists.flat().sort((a, b) => a.date.localeCompare(b.date));
}
