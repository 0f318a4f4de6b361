/**
 * The dated rules of the CA/Browser Forum (and the root programmes) that the product follows: the one place that
 * holds them. Each rule is a list of steps (effective date, value, source); `ruleOn(rule, date)` answers the value
 * in force on a date. When the Forum moves a date or adds a step, change the row here and nothing else: the
 * built-in CA, the DCV reuse clocks, the methods offered, the order screen's note, plan reissues, the ACME server
 * and the help centre all read this table.
 *
 * A step is in force for what is done (signed, reused, validated) on or after 00:00 UTC of its `from` day;
 * `from: null` is the rule before the first dated step.
 */

export interface RuleStep<V> {
  from: string | null;
  value: V;
  source: string;
}
export type Rule<V> = readonly RuleStep<V>[];

const day = 86_400_000;

/** Longest validity of a TLS server certificate, by the day it is signed (BR 6.3.2). */
export const tlsMaxValidityDays: Rule<number> = [
  { from: null, value: 398, source: 'BR 6.3.2 (398 days since 2020-09-01)' },
  { from: '2026-03-15', value: 200, source: 'SC-081v3' },
  { from: '2027-03-15', value: 100, source: 'SC-081v3' },
  { from: '2029-03-15', value: 47, source: 'SC-081v3' },
];

/** How long domain (and IP) validation data may be reused for a TLS certificate signed that day (BR 4.2.1, 3.2.2.4). */
export const dcvReuseDays: Rule<number> = [
  { from: null, value: 398, source: 'BR 4.2.1' },
  { from: '2026-03-15', value: 200, source: 'SC-081v3' },
  { from: '2027-03-15', value: 100, source: 'SC-081v3' },
  { from: '2029-03-15', value: 10, source: 'SC-081v3' },
];

/** How long organisation identity (OV/EV subject identity information) may be reused (BR 4.2.1). */
export const identityReuseDays: Rule<number> = [
  { from: null, value: 825, source: 'BR 4.2.1' },
  { from: '2026-03-15', value: 398, source: 'SC-081v3' },
];

/** Longest validity of a code-signing certificate (CS BR 6.3.2). */
export const codeSigningMaxValidityDays: Rule<number> = [{ from: null, value: 460, source: 'CS BR 6.3.2 (CSC-17)' }];

/** Longest validity of an S/MIME certificate (S/MIME BR 6.3.2, the multipurpose and strict profiles). */
export const smimeMaxValidityDays: Rule<number> = [{ from: null, value: 825, source: 'S/MIME BR 6.3.2 (SMC-01)' }];

export type TlsEku = 'serverAuth' | 'clientAuth';
/** Extended key usages of a public TLS leaf: serverAuth alone once the root programmes require dedicated hierarchies. */
export const tlsLeafEku: Rule<readonly TlsEku[]> = [
  { from: null, value: ['serverAuth', 'clientAuth'], source: 'BR 7.1.2.7.10' },
  { from: '2026-05-15', value: ['serverAuth'], source: 'Chrome Root Program Policy 1.6 (serverAuth-only hierarchies; the public CAs\' May 2026 step)' },
];

/** The BR 3.2.2.4 domain validation methods the product names (its own DCV methods map onto them in dcv.ts). */
export type BrMethod =
  | '3.2.2.4.4' // e-mail to a constructed address (admin@, webmaster@ …)
  | '3.2.2.4.7' // DNS change
  | '3.2.2.4.8' // IP address
  | '3.2.2.4.13' // e-mail to a DNS CAA contact
  | '3.2.2.4.14' // e-mail to a DNS TXT contact
  | '3.2.2.4.16' // phone to a DNS TXT contact
  | '3.2.2.4.17' // phone to a DNS CAA contact
  | '3.2.2.4.18' // agreed-upon change to a website (file)
  | '3.2.2.4.19'; // agreed-upon change to a website (ACME http-01)

const stillAllowed = (source: string): Rule<boolean> => [{ from: null, value: true, source }];
const endsOn = (date: string, source: string): Rule<boolean> => [
  { from: null, value: true, source: 'BR 3.2.2.4' },
  { from: date, value: false, source },
];

/** Whether a method may validate a name (and whether data it gathered may still be reused) on a date. */
export const validationMethodAllowed: Record<BrMethod, Rule<boolean>> = {
  '3.2.2.4.4': endsOn('2028-03-15', 'SC-090'),
  '3.2.2.4.13': endsOn('2028-03-15', 'SC-090'),
  '3.2.2.4.14': endsOn('2028-03-15', 'SC-090'),
  '3.2.2.4.16': endsOn('2028-03-15', 'SC-090'),
  '3.2.2.4.17': endsOn('2028-03-15', 'SC-090'),
  '3.2.2.4.8': endsOn('2026-03-15', 'BR 3.2.2.4.8 (method ended 2026-03-15)'),
  '3.2.2.4.7': stillAllowed('BR 3.2.2.4.7'),
  '3.2.2.4.18': stillAllowed('BR 3.2.2.4.18'),
  '3.2.2.4.19': stillAllowed('BR 3.2.2.4.19'),
};

/** The product's own short-lived ACME profile (not a Forum rule): a week, short enough to need no revocation. */
export const shortlivedProfileDays = 7;

/** The ACME profiles the server offers (draft-ietf-acme-profiles) and the validity each gives a certificate signed on a date. */
export const acmeProfiles = ['classic', 'shortlived'] as const;
export type AcmeProfile = (typeof acmeProfiles)[number];
export function acmeProfileDays(profile: AcmeProfile, on: Date | string): number {
  return profile === 'shortlived' ? Math.min(shortlivedProfileDays, ruleOn(tlsMaxValidityDays, on)) : ruleOn(tlsMaxValidityDays, on);
}

const at = (date: Date | string) => (typeof date === 'string' ? Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date) : date.getTime());
const fromMs = (step: RuleStep<unknown>) => (step.from === null ? -Infinity : Date.parse(`${step.from}T00:00:00Z`));

/** The step in force on a date. */
export function stepOn<V>(rule: Rule<V>, date: Date | string): RuleStep<V> {
  const t = at(date);
  let found = rule[0]!;
  for (const s of rule) if (fromMs(s) <= t) found = s;
  return found;
}

/** The value of a rule on a date: "the rule on date D". */
export function ruleOn<V>(rule: Rule<V>, date: Date | string): V {
  return stepOn(rule, date).value;
}

/** The first step after a date (the next change), or null when none is known. */
export function nextStep<V>(rule: Rule<V>, date: Date | string): RuleStep<V> | null {
  const t = at(date);
  return rule.find((s) => fromMs(s) > t) ?? null;
}

/** The first day a boolean rule turns false (a method's end), or null when it has none. */
export function endDate(rule: Rule<boolean>): string | null {
  return rule.find((s) => s.from !== null && !s.value)?.from ?? null;
}

/**
 * When data gathered at `validatedAt` stops being reusable under a reuse rule whose period shortens over time:
 * reuse on date D is accepted while D < validatedAt + ruleOn(rule, D) days, so a step that shortens the period
 * may end it on the step's own date. `until` (a method's end) ends it earlier.
 */
export function reuseLapsesAt(rule: Rule<number>, validatedAt: Date, until?: string | null): Date {
  const v = validatedAt.getTime();
  const steps = rule.filter((s, i) => i === rule.length - 1 || fromMs(rule[i + 1]!) > v);
  let lapse = v;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    lapse = Math.max(v + s.value * day, fromMs(s));
    const next = steps[i + 1];
    if (!next || lapse < fromMs(next)) break;
  }
  if (until) lapse = Math.min(lapse, Date.parse(`${until}T00:00:00Z`));
  return new Date(lapse);
}

/** Whether data gathered at `validatedAt` may be reused on `date` (the same rule as reuseLapsesAt, asked for one day). */
export function reuseAccepted(rule: Rule<number>, validatedAt: Date, date: Date, until?: string | null): boolean {
  return date.getTime() < reuseLapsesAt(rule, validatedAt, until).getTime();
}

/** The earliest validation time still reusable on `date` (for SQL: `validated_at > $cutoff`). */
export function reuseCutoff(rule: Rule<number>, date: Date): Date {
  return new Date(date.getTime() - ruleOn(rule, date) * day);
}
