import { z } from 'zod';
import { calendarDays, calendarKinds } from '@cc/domain/dashboard';

/**
 * The console's home (/dashboard, GET /v1/dashboard): what needs the customer's action, one renewal calendar, this
 * month's spending against last month's. Every figure comes with the console path of the list behind it.
 */

// The calendar's rules live in the domain package (read by the console without this schema).
export { calendarDays, calendarKinds, type CalendarKind } from '@cc/domain/dashboard';

const iso = z.string().describe('ISO 8601, UTC');

export const calendarEntry = z.object({
  kind: z.enum(calendarKinds),
  date: iso.describe('when it lapses'),
  name: z.string().describe('the certificate\'s common name, the domain, ...'),
  ref: z.string().describe('order number, domain, ...'),
  link: z.string().describe('console path to act on it'),
  auto: z.boolean().describe('renews by itself (a plan that goes on reissues before the end)'),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;

const counted = z.object({ count: z.number().int(), link: z.string() });
const orderRef = z.object({ orderNo: z.string(), commonName: z.string(), link: z.string() });

export const dashboardAnswer = z.object({
  awaitingPayment: counted.extend({ amount: z.number().int().describe('cents') }),
  awaitingValidation: counted.extend({
    orders: z.array(orderRef.extend({ methods: z.array(z.string()).describe('DCV methods of the names still pending'), pending: z.number().int() })).describe('the oldest 5'),
  }),
  expiring: counted.describe(`issued certificates ending within 30 days`),
  domainsExpiring: counted.describe('domain names registered here expiring within 30 days'),
  expired: counted.describe('certificates past their end (status 1007)'),
  failedRenewals: counted.extend({ orders: z.array(orderRef).describe('the newest 5') }),
  calendar: z.array(calendarEntry).describe(`what lapses within ${calendarDays} days, soonest first`),
  spending: z.object({
    thisMonth: z.number().int().describe('cents paid for orders this calendar month (China time), refunds left out'),
    lastMonth: z.number().int(),
    thisMonthLink: z.string(),
    lastMonthLink: z.string(),
  }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
