/**
 * Multi-year plans as coverage served by successive certificates (issue 43): each certificate lasts what the rules
 * table allows on the day it is signed, the next one is started at about two thirds of the current one's life
 * (the ACME ARI window opens there too), and none runs past the plan's end. The schedule is projected from the
 * current certificate with the table, so it changes by itself when a rule's date arrives.
 */
import { codeSigningMaxValidityDays, ruleOn, smimeMaxValidityDays, tlsMaxValidityDays } from './cabf-rules.ts';
import { isSslProduct } from './product-types.ts';

const day = 86_400_000;

/** The share of a certificate's life after which the next one of the plan is issued (and ARI's window opens). */
export const reissueAtFraction = 2 / 3;

/** The longest certificate of a kind signed on a day, by the rules table; null when no rule caps the kind. */
export function certificateMaxDays(productType: string, on: Date): number | null {
  if (isSslProduct(productType)) return ruleOn(tlsMaxValidityDays, on);
  if (productType === 'code') return ruleOn(codeSigningMaxValidityDays, on);
  if (productType === 'smime' || productType === 'email') return ruleOn(smimeMaxValidityDays, on);
  return null;
}

/** When the next certificate after this one is due: about two thirds into its life. */
export function reissueAt(cert: { notBefore: Date; notAfter: Date }): Date {
  const from = cert.notBefore.getTime();
  // notAfter is the last second of the life (BR 6.3.2 counts both ends).
  return new Date(from + Math.round((cert.notAfter.getTime() + 1000 - from) * reissueAtFraction));
}

/** A plan goes on past a certificate when it ends more than a day after it (a certificate ends a second before the plan). */
export function planGoesOnAfter(notAfter: Date, planEndsAt: Date): boolean {
  return planEndsAt.getTime() > notAfter.getTime() + day;
}

export interface PlanCertificate {
  /** 1-based: certificate k of the plan. */
  k: number;
  notBefore: Date;
  notAfter: Date;
  /** Issued already (the current one and those before), or projected by the table. */
  issued: boolean;
}

export interface PlanSchedule {
  /** k of the current certificate. */
  current: number;
  /** How many certificates serve the plan, the projected ones included. */
  total: number;
  /** When the next certificate is due (null: the current one reaches the plan's end). */
  nextReissueAt: Date | null;
  certificates: PlanCertificate[];
}

/**
 * The schedule of a plan from its current certificate: `issuedBefore` certificates came before it; each next one
 * starts at reissueAt of the previous (or now, when that has passed) and lasts the kind's limit of its start day,
 * cut at the plan's end.
 */
export function planSchedule(p: { productType: string; planEndsAt: Date; current: { notBefore: Date; notAfter: Date }; issuedBefore: number; now: Date }): PlanSchedule {
  const end = p.planEndsAt.getTime();
  const certificates: PlanCertificate[] = [{ k: p.issuedBefore + 1, notBefore: p.current.notBefore, notAfter: p.current.notAfter, issued: true }];
  let last = certificates[0]!;
  // A bound no plan reaches (three years of 10-day certificates are about 160), against a rule that would never end it.
  while (planGoesOnAfter(last.notAfter, p.planEndsAt) && certificates.length < 500) {
    const start = new Date(Math.floor(Math.max(reissueAt(last).getTime(), certificates.length === 1 ? p.now.getTime() : 0) / 1000) * 1000);
    if (start.getTime() >= end) break;
    const cap = certificateMaxDays(p.productType, start);
    const notAfter = new Date(Math.max(Math.min(end, cap ? start.getTime() + cap * day : end), start.getTime() + day) - 1000);
    last = { k: last.k + 1, notBefore: start, notAfter, issued: false };
    certificates.push(last);
  }
  const next = certificates[1];
  return { current: p.issuedBefore + 1, total: last.k, nextReissueAt: next ? next.notBefore : null, certificates };
}
