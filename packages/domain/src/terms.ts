/** Terms, validity display and the business constants of document 01 §5 "Term" and §9. */
import { isSslProduct } from './product-types.ts';
import { nextStep, ruleOn, tlsMaxValidityDays } from './cabf-rules.ts';
import type { PurchaseMessageKey } from './purchase-messages.ts';

/** The term value of the free 90-day products. */
export const freeTermDays = 90;
/** Choices shown never go past 3 years, whatever a product's maxYear (§5, §9). */
export const maxDisplayYears = 3;
export const daysPerYear = 365;

export const maxBatchOrders = 500;
/** More certificates than this in one submission are created one request at a time, with progress (§4). */
export const sequentialCreateThreshold = 10;
export const paymentPollIntervalMs = 2_000;
export const paymentPollMaxTimes = 90;
export const batchPollIntervalMs = 5_000;
export const pageSizes = [10, 15, 20, 30, 50, 100, 300, 400] as const;
export const defaultPageSize = 20;
/** Contacts, companies and the all-orders dialog page by 10 (§2). */
export const selectPageSize = 10;
/** Product, contact, company and saved-email lists ask for everything at once (§9). */
export const listAllLimit = 1000;
export const listAllOffset = 1;
export const priceDebounceMs = 500;
export const emailOptionDebounceMs = 400;
export const requestTimeoutMs = 30_000;
export const orderStatusTimeoutMs = 60_000;
export const batchCreateTimeoutMs = 20 * 60_000;

/** 1..min(maxYear, 3) years; a free product has only the 90-day term. */
export function termChoices(maxYear: number, free: boolean): number[] {
  if (free) return [freeTermDays];
  const top = Math.min(Math.floor(maxYear), maxDisplayYears);
  return Array.from({ length: Math.max(top, 0) }, (_, i) => i + 1);
}

export function defaultTerm(free: boolean): number {
  return free ? freeTermDays : 1;
}

export function isValidTerm(term: number, maxYear: number, free: boolean): boolean {
  return termChoices(maxYear, free).includes(term);
}

/** 90 means 90 days; any other term is years of 365 days (§9). */
export function termDays(term: number): number {
  return term === freeTermDays ? freeTermDays : term * daysPerYear;
}

export interface Validity {
  value: number;
  unit: 'day' | 'year';
}

/** A validity above 6 is a number of days, otherwise of years (§5); the caller words it (purchase.term.days/years). */
export function formatValidity(validity: number): Validity {
  return { value: validity, unit: validity > 6 ? 'day' : 'year' };
}

/**
 * The validity note shows for SSL products whose term is longer than one certificate may be on the day (§5, as
 * amended by issue 43): a 1-year term too since 2026-03-15, and the 90-day term once the limit falls below 90 days.
 */
export function needsValidityNote(productType: string, term: number, on: Date | string): boolean {
  return isSslProduct(productType) && termDays(term) > ruleOn(tlsMaxValidityDays, on);
}

/** The note's text on a day: today's limit and, when one is set, the next change (the rules table's next step). */
export function validityNote(on: Date | string): { key: PurchaseMessageKey; params: Record<string, string | number> } {
  const days = ruleOn(tlsMaxValidityDays, on);
  const next = nextStep(tlsMaxValidityDays, on);
  return next
    ? { key: 'purchase.term.validityNote', params: { days, nextDate: next.from!, nextDays: next.value } }
    : { key: 'purchase.term.validityNoteLast', params: { days } };
}
