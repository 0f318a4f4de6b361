import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { calendarDate, int, requiredText, text, textList } from './input.ts';
import { listAnswer } from './contacts.ts';
import { codeField, passwordHashField } from './session.ts';
import { closureBlockerKinds } from '@cc/domain/account-closure';
import { verificationStates } from '@cc/domain/real-name';

/**
 * My account (document 02 §2 /account): the personal profile that code 12077 asks for, notification settings
 * and the account's own activity log. Messages are keys of account-messages.ts.
 */

// --- personal profile (/account/info, GET|POST|PUT /v1/profile, GET /v1/profile/progress)

/** What a complete profile has, in the order the console lists it as a checklist. */
export const profileItems = ['name', 'contact', 'address'] as const;
export type ProfileItem = (typeof profileItems)[number];

export const profileBody = z.object({
  lastname: requiredText(50),
  firstname: requiredText(50),
  companyName: text(200).trim().optional().describe('optional; shown on receipts and invoices'),
  nationCode: text(8, 'v.required').trim().toUpperCase().min(1, { message: 'v.required' }).regex(/^[A-Z]{2}$/, { message: 'profile.v.country' }).describe('ISO 3166 country code, e.g. CN'),
  province: requiredText(100),
  city: requiredText(100),
  address: requiredText(300),
  postalCode: text(20).trim().regex(/^$|^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, { message: 'profile.v.postalCode' }).optional().describe('optional (some countries have none)'),
});
export type ProfileBody = z.input<typeof profileBody>;

export const profileProgress = z.object({
  complete: z.boolean().describe('true when every item is done: the card provider then accepts payments (no 12077)'),
  percent: z.number().int().describe('0..100'),
  items: z.array(z.object({ item: z.enum(profileItems), done: z.boolean() })),
});
export type ProfileProgress = z.infer<typeof profileProgress>;

export const profileAnswer = z.object({
  lastname: z.string(),
  firstname: z.string(),
  companyName: z.string(),
  nationCode: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  postalCode: z.string(),
  email: z.string().describe('the sign-in address (changed in account security)'),
  telephone: z.string(),
  telPrefix: z.string(),
  updatedAt: z.string().describe('yyyy-MM-dd HH:mm:ss, empty before the first save'),
  progress: profileProgress,
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

// --- notification settings (/account/notify, GET|POST /v1/inform)

export const informTypes = ['orderValidation', 'issued', 'expiring', 'payment', 'balanceLow', 'domainExpiring', 'newSignIn', 'discovery', 'deliveryFailed'] as const;
export type InformType = (typeof informTypes)[number];
export const informChannels = ['email', 'sms'] as const;
export type InformChannel = (typeof informChannels)[number];
/** Days before an end that a reminder may be sent, for the types that take days. */
export const reminderDayChoices = [60, 30, 15, 7, 3, 1] as const;
/** discovery: the days before a monitored certificate's end that an alert goes out (the expiry thresholds). */
export const informTypesWithDays: readonly InformType[] = ['expiring', 'domainExpiring', 'discovery'];
/** Balance-low threshold bounds, cents: 1 to 1 000 000 units. */
export const balanceLowRange = { min: 100, max: 100_000_000 } as const;

/** The days before an end that reminders go out until the user chooses others (the server's reminders before this page existed). */
export const defaultReminderDays = [30, 7, 1] as const;
/** Low-balance threshold until the user chooses another: 100.00. */
export const defaultBalanceLow = 10_000;

/** What an account gets for each event until it changes it: e-mail on, SMS off (SMS costs; the user opts in). */
export function defaultInform(informType: InformType): InformSetting {
  return {
    informType,
    email: 'Y',
    sms: 'N',
    days: informTypesWithDays.includes(informType) ? [...defaultReminderDays] : [],
    amount: informType === 'balanceLow' ? defaultBalanceLow : null,
  };
}

export const informSetting = z.object({
  informType: z.enum(informTypes),
  email: z.enum(['Y', 'N']),
  sms: z.enum(['Y', 'N']),
  days: z.array(z.number().int()).describe('expiring and domainExpiring: days before the end a reminder goes out; empty for the others'),
  amount: z.number().int().nullable().describe('balanceLow: remind when the balance falls below this many cents; null for the others'),
});
export type InformSetting = z.infer<typeof informSetting>;
export const informAnswer = z.object({
  items: z.array(informSetting),
  email: z.string().describe('masked address mail goes to; empty when none is bound'),
  telephone: z.string().describe('masked phone SMS goes to; empty when none is bound'),
});
export type InformAnswer = z.infer<typeof informAnswer>;

const dayList = textList(6, 4).pipe(
  z
    .array(z.string())
    .min(1, { message: 'inform.v.days' })
    .transform((v) => v.map(Number))
    .refine((v) => v.every((d) => (reminderDayChoices as readonly number[]).includes(d)), { message: 'inform.v.days' }),
);

export const informBody = z
  .object({
    informType: z.enum(informTypes, { message: 'inform.v.type' }),
    modifyTo: z.enum(informChannels, { message: 'inform.v.channel' }).optional().describe('the channel to switch: email or sms'),
    isInformed: z.enum(['Y', 'N'], { message: 'v.status' }).optional().describe('Y to send this event on modifyTo, N to stop'),
    days: dayList.optional().describe(`expiring and domainExpiring only: some of ${reminderDayChoices.join(', ')}`),
    amount: int(balanceLowRange.min, balanceLowRange.max, { type: 'inform.v.amount', range: 'inform.v.amount' }).optional().describe('balanceLow only: cents'),
  })
  .superRefine((v, ctx) => {
    if ((v.modifyTo === undefined) !== (v.isInformed === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'inform.v.pair', path: [v.modifyTo === undefined ? 'modifyTo' : 'isInformed'] });
    }
    if (v.days !== undefined && !informTypesWithDays.includes(v.informType)) ctx.addIssue({ code: 'custom', message: 'inform.v.daysNotFor', path: ['days'] });
    if (v.amount !== undefined && v.informType !== 'balanceLow') ctx.addIssue({ code: 'custom', message: 'inform.v.amountNotFor', path: ['amount'] });
    if (v.modifyTo === undefined && v.isInformed === undefined && v.days === undefined && v.amount === undefined) {
      ctx.addIssue({ code: 'custom', message: 'inform.v.nothing', path: ['modifyTo'] });
    }
  });
export type InformBody = z.input<typeof informBody>;

// --- activity log (/account/log, GET /v1/accountLogs and its CSV export)

export const logKinds = ['signin', 'security', 'account', 'order', 'payment'] as const;
export type LogKind = (typeof logKinds)[number];

const logFields = {
  kind: z.enum(logKinds, { message: 'log.v.kind' }).optional(),
  keyword: text(100).trim().optional().describe('part of an IP address, a device, an order number or a detail'),
  startDate: calendarDate().optional().describe('first day, China Standard Time'),
  endDate: calendarDate().optional().describe('last day, China Standard Time'),
};
const dayRange = (v: { startDate?: string | undefined; endDate?: string | undefined }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
export const logQuery = pageQuery.extend(logFields).refine(dayRange, { message: 'log.v.range', path: ['endDate'] });
export const logExportQuery = z.object(logFields).refine(dayRange, { message: 'log.v.range', path: ['endDate'] });
export type LogQuery = z.input<typeof logQuery>;
export type LogFilter = z.infer<typeof logExportQuery>;

export const logEntry = z.object({
  id: z.string(),
  kind: z.enum(logKinds),
  action: z.string().describe('stable name of what happened, e.g. signin, security.twoStep, order.issued, payment.top_up'),
  title: z.string().describe('what happened, in the caller\'s language'),
  ip: z.string(),
  device: z.string().describe('browser and system read from the user agent; empty when not known'),
  createdAt: z.string().describe('yyyy-MM-dd HH:mm:ss, China Standard Time'),
});
export type LogEntry = z.infer<typeof logEntry>;
export const logListAnswer = listAnswer(logEntry);
/** Rows one CSV export carries at most (newest first). */
export const logExportLimit = 10_000;

// --- account management (/account/manage, GET /v1/account/manage, GET /v1/account/close/code, POST /v1/account/close)

export const closeChannels = ['email', 'tel'] as const;
export type CloseChannel = (typeof closeChannels)[number];

export const closureBlocker = z.object({
  kind: z.enum(closureBlockerKinds),
  value: z.number().int().describe('cents for balance, a count for the others'),
  message: z.string().describe('the reason, in the caller\'s language'),
});
export type ClosureBlockerAnswer = z.infer<typeof closureBlocker>;

export const accountHolder = z.object({
  accountNo: z.string(),
  role: z.enum(['owner']).describe('owner: the one holder until sub-accounts exist (the team area adds members)'),
  name: z.string().describe('verified name, else the profile name; empty when neither is known'),
  email: z.string(),
  telephone: z.string().describe('+prefix number, empty when none is bound'),
  access: z.enum(['full']).describe('full: every page and call of the account'),
});

export const manageAnswer = z.object({
  accountNo: z.string(),
  createdAt: z.string().describe('yyyy-MM-dd HH:mm:ss, China Standard Time'),
  owner: accountHolder,
  verification: z.object({
    personal: z.enum(verificationStates),
    enterprise: z.enum(verificationStates),
    personalName: z.string().describe('the verified person\'s name (approved only), else empty'),
    companyName: z.string(),
  }),
  holders: z.array(accountHolder),
  closure: z.object({
    canClose: z.boolean(),
    blockers: z.array(closureBlocker).describe('every reason closing is refused now, in page order'),
    channels: z.array(z.enum(closeChannels)).describe('where the closing code can go: the bound e-mail and phone'),
  }),
});
export type ManageAnswer = z.infer<typeof manageAnswer>;

export const closeCodeQuery = z.object({ channel: z.enum(closeChannels, { message: 'close.v.channel' }) });
export const closeAccountBody = z.object({
  password: passwordHashField.describe('SHA-256 hex of the password, as sign-in sends it'),
  channel: z.enum(closeChannels, { message: 'close.v.channel' }),
  code: codeField.describe('the 6-digit code GET /v1/account/close/code sent'),
});
export type CloseAccountBody = z.input<typeof closeAccountBody>;
export const closeAccountAnswer = z.object({ closed: z.literal(true), closedAt: z.string() });
