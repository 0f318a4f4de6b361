/**
 * The console's home: the rules of its renewal calendar, apart from the answer's schema (contracts/dashboard.ts), so
 * the console's dashboard reads them without building the schema (and zod) into its first load.
 */

/**
 * What the renewal calendar shows. Each kind is one query on the server (services/dashboard/calendar.ts,
 * `calendarSources`); adding one (domain registrations, say) is a line here and a query there.
 */
export const calendarKinds = ['certificate', 'validation', 'domain'] as const;
export type CalendarKind = (typeof calendarKinds)[number];
/** How far ahead the calendar looks. */
export const calendarDays = 90;
