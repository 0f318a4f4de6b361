import { describe, expect, it } from 'vitest';
import {
  batchPollIntervalMs, defaultPageSize, defaultTerm, formatValidity, isValidTerm, maxBatchOrders, needsValidityNote, pageSizes, validityNote,
  paymentPollIntervalMs, paymentPollMaxTimes, sequentialCreateThreshold, termChoices, termDays,
} from '../src/terms.ts';

describe('termChoices', () => {
  it.each([
    [1, false, [1]], [2, false, [1, 2]], [3, false, [1, 2, 3]], [5, false, [1, 2, 3]], [0, false, []],
    [0, true, [90]], [1, true, [90]], [3, true, [90]],
  ])('maxYear %i free %s → %j', (maxYear, free, want) => expect(termChoices(maxYear, free)).toEqual(want));

  it('defaults to 1, or 90 when free', () => {
    expect(defaultTerm(false)).toBe(1);
    expect(defaultTerm(true)).toBe(90);
  });

  it.each([[1, 3, false, true], [3, 5, false, true], [4, 5, false, false], [90, 0, true, true], [1, 0, true, false], [90, 3, false, false]])(
    'isValidTerm(%i, %i, %s) → %s', (term, maxYear, free, want) => expect(isValidTerm(term, maxYear, free)).toBe(want),
  );
});

describe('termDays / formatValidity', () => {
  it.each([[90, 90], [1, 365], [2, 730], [3, 1095]])('termDays(%i) → %i', (t, d) => expect(termDays(t)).toBe(d));
  it.each([
    [1, { value: 1, unit: 'year' }], [3, { value: 3, unit: 'year' }], [6, { value: 6, unit: 'year' }],
    [7, { value: 7, unit: 'day' }], [90, { value: 90, unit: 'day' }], [365, { value: 365, unit: 'day' }],
  ])('formatValidity(%i) → %j', (v, want) => expect(formatValidity(v)).toEqual(want));
});

describe('needsValidityNote', () => {
  it.each([
    ['ssl', 1, '2026-12-07', true], ['ssl', 90, '2026-12-07', false], ['ssl', 2, '2026-12-07', true], ['ov', 3, '2026-12-07', true],
    ['flex', 2, '2026-12-07', true], ['ip_single', 3, '2026-12-07', true],
    ['code', 3, '2026-12-07', false], ['vmc', 2, '2026-12-07', false], ['smime', 2, '2026-12-07', false],
    // Under the 398-day rule a 1-year term fitted one certificate; under the 47-day rule the 90-day term no longer does.
    ['ssl', 1, '2026-03-14', false], ['ssl', 1, '2026-03-15', true], ['ssl', 90, '2029-03-14', false], ['ssl', 90, '2029-03-15', true],
  ])('%s term %i on %s → %s', (type, term, on, want) => expect(needsValidityNote(type, term, on)).toBe(want));
});

describe('validityNote', () => {
  it.each([
    ['2026-03-14', 'purchase.term.validityNote', { days: 398, nextDate: '2026-03-15', nextDays: 200 }],
    ['2026-03-15', 'purchase.term.validityNote', { days: 200, nextDate: '2027-03-15', nextDays: 100 }],
    ['2027-03-14', 'purchase.term.validityNote', { days: 200, nextDate: '2027-03-15', nextDays: 100 }],
    ['2027-03-15', 'purchase.term.validityNote', { days: 100, nextDate: '2029-03-15', nextDays: 47 }],
    ['2028-03-15', 'purchase.term.validityNote', { days: 100, nextDate: '2029-03-15', nextDays: 47 }],
    ['2029-03-15', 'purchase.term.validityNoteLast', { days: 47 }],
  ])('on %s: %s %j', (on, key, params) => expect(validityNote(on)).toEqual({ key, params }));
});

describe('constants of §9', () => {
  it('match the specification', () => {
    expect(maxBatchOrders).toBe(500);
    expect(sequentialCreateThreshold).toBe(10);
    expect([paymentPollIntervalMs, paymentPollMaxTimes, batchPollIntervalMs]).toEqual([2000, 90, 5000]);
    expect(pageSizes).toEqual([10, 15, 20, 30, 50, 100, 300, 400]);
    expect(defaultPageSize).toBe(20);
  });
});
