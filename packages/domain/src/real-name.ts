/**
 * Real-name verification (document 02 §3 authPProgress / authEProgress, §7 /v1/realAuth and /v1/orgRealAuth):
 * the checksums of the two national identifiers, the states, and which purchases need which verification.
 * Pure: the console checks a number as it is typed with the same functions the server checks it with.
 */

/** States of both verifications, as the account answer carries them: N (never asked) → pending → approved | declined. */
export const verificationStates = ['N', 'pending', 'approved', 'declined'] as const;
export type VerificationState = (typeof verificationStates)[number];

export const realNameMaxLength = 50;
export const orgNameMaxLength = 200;
export const bankAccountPattern = /^\d{8,30}$/;

// ---- GB 11643-1999: citizen identity number, 17 digits and a mod 11-2 check character (0-9 or X)

const idCardWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCardChecks = '10X98765432';

/** The check character of the first 17 digits, or null when they are not 17 digits. */
export function idCardCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  const sum = idCardWeights.reduce((s, w, i) => s + w * Number(first17[i]), 0);
  return idCardChecks[sum % 11]!;
}

const daysIn = (y: number, m: number) => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** Why an identity number is refused, or null: 'format' (not 18 characters of digits and a final X), 'birth', 'check'. */
export function idCardFault(v: string, today: { year: number } = { year: 9999 }): 'format' | 'birth' | 'check' | null {
  const s = v.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(s)) return 'format';
  const [y, m, d] = [Number(s.slice(6, 10)), Number(s.slice(10, 12)), Number(s.slice(12, 14))];
  if (y < 1800 || y > today.year || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return 'birth';
  return idCardCheckChar(s.slice(0, 17)) === s[17] ? null : 'check';
}

export const isIdCardNumber = (v: string) => idCardFault(v) === null;

/** What the account and lists show of an identity number: the first 3 and last 4 characters. */
export const maskIdCard = (v: string) => (v.length > 7 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : v);

// ---- GB 32100-2015: unified social credit code, 17 characters and a mod 31 check character

/** The code's alphabet: digits and capitals without I, O, S, V, Z (each character's value is its index). */
const creditAlphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const creditWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters, or null when one is outside the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = creditAlphabet.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * creditWeights[i]!;
  }
  return creditAlphabet[(31 - (sum % 31)) % 31]!;
}

/**
 * Why a unified social credit code is refused, or null: 'format' (not 18 characters of its alphabet, or the
 * registration authority, type and region parts malformed), 'check' (the 18th character does not match).
 */
export function creditCodeFault(v: string): 'format' | 'check' | null {
  const s = v.trim().toUpperCase();
  // 1: registering authority, 2: type (1-9 or A-Y of the alphabet), 3-8: administrative region (digits), 9-17: organisation code.
  if (!new RegExp(`^[1-9A-HJ-NPQRTUWXY][1-9A-HJ-NPQRTUWXY]\\d{6}[${creditAlphabet}]{10}$`).test(s)) return 'format';
  return creditCodeCheckChar(s.slice(0, 17)) === s[17] ? null : 'check';
}

export const isCreditCode = (v: string) => creditCodeFault(v) === null;

// ---- enterprise verification by a small deposit

/** The verifier pays a random 0.01–0.99 CNY into the company's account; the user reads it on the statement. */
export const depositMinCents = 1;
export const depositMaxCents = 99;
/** Wrong amounts allowed before the enterprise verification is declined and must start again. */
export const depositMaxAttempts = 3;

// ---- which purchases need a verification before payment

/**
 * Organisation-vetted certificates whose subject is a legal entity the CA must find in an official register:
 * EV (CA/B Forum EV Guidelines §11) and code signing (Baseline Requirements for Code Signing §3.2.2).
 */
export const enterpriseVerifiedCertTypes: readonly string[] = ['EV', 'CODE'];
/** A single payment of this many cents or more (￥5,000.00) needs the payer verified (personal or enterprise). */
export const verifiedPaymentThresholdCents = 500_000;

export type VerificationNeed = { kind: 'enterprise' | 'personal'; reason: 'certType' | 'amount' } | null;

/** Which verification an order needs before it is paid, or null. */
export function verificationNeededFor(order: { certType?: string | undefined; amountCents: number }): VerificationNeed {
  if (order.certType && enterpriseVerifiedCertTypes.includes(order.certType)) return { kind: 'enterprise', reason: 'certType' };
  if (order.amountCents >= verifiedPaymentThresholdCents) return { kind: 'personal', reason: 'amount' };
  return null;
}

/** Whether an account's states meet a need: enterprise needs the enterprise verification, personal either one. */
export function verificationMet(need: VerificationNeed, states: { authPProgress: string; authEProgress: string }): boolean {
  if (!need) return true;
  if (need.kind === 'enterprise') return states.authEProgress === 'approved';
  return states.authPProgress === 'approved' || states.authEProgress === 'approved';
}
