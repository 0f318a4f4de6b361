import { describe, expect, it } from 'vitest';
import { certificateMaxDays, planGoesOnAfter, planSchedule, reissueAt } from '../src/plan-schedule.ts';

const day = 86_400_000;
const d = (s: string) => new Date(s);
/** A certificate as the CA signs it: notAfter the last second of `days` days. */
const cert = (from: string, days: number) => ({ notBefore: d(from), notAfter: new Date(d(from).getTime() + days * day - 1000) });

describe('a 3-year plan bought on 2026-12-07', () => {
  const planEndsAt = new Date(d('2026-12-07T00:00:00Z').getTime() + 1095 * day);
  const schedule = planSchedule({ productType: 'ssl', planEndsAt, current: cert('2026-12-07T00:00:00Z', 200), issuedBefore: 0, now: d('2026-12-07T00:00:00Z') });

  it('is served by successive certificates, each started at two thirds of the previous one, by the rules of its day', () => {
    const days = schedule.certificates.map((c) => Math.round((c.notAfter.getTime() + 1000 - c.notBefore.getTime()) / day));
    // 200 days today; 100 from 2027-03-15; 47 from 2029-03-15; the last cut at the plan's end.
    expect(days).toEqual([200, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 47, 47, 47, 47, 47, 47, 40]);
    expect(schedule).toMatchObject({ current: 1, total: 19 });
    expect(schedule.nextReissueAt!.toISOString()).toBe('2027-04-19T08:00:00.000Z');
    for (let i = 1; i < schedule.certificates.length; i++) {
      const [prev, next] = [schedule.certificates[i - 1]!, schedule.certificates[i]!];
      expect(next.notBefore.getTime(), `certificate ${next.k} starts before the previous one ends`).toBeLessThan(prev.notAfter.getTime());
      expect(next.notBefore.getTime()).toBe(reissueAt(prev).getTime());
      expect(next.k).toBe(prev.k + 1);
    }
    const last = schedule.certificates.at(-1)!;
    expect(last.notAfter.getTime()).toBe(planEndsAt.getTime() - 1000);
    expect(schedule.certificates.filter((c) => c.issued).map((c) => c.k)).toEqual([1]);
  });

  it('counts from the certificates issued before, and has no next reissue once the current one reaches the plan\'s end', () => {
    const later = planSchedule({ productType: 'ssl', planEndsAt, current: cert('2027-04-19T08:00:00Z', 100), issuedBefore: 1, now: d('2027-04-19T08:00:00Z') });
    expect(later.current).toBe(2);
    expect(later.total).toBe(19);
    const last = planSchedule({ productType: 'ssl', planEndsAt, current: { notBefore: d('2029-10-26T16:00:00Z'), notAfter: new Date(planEndsAt.getTime() - 1000) }, issuedBefore: 18, now: d('2029-10-27T00:00:00Z') });
    expect(last).toMatchObject({ current: 19, total: 19, nextReissueAt: null });
  });

  it('starts a late reissue now rather than in the past', () => {
    const s = planSchedule({ productType: 'ssl', planEndsAt, current: cert('2026-12-07T00:00:00Z', 200), issuedBefore: 0, now: d('2027-05-01T00:00:00Z') });
    expect(s.nextReissueAt!.toISOString()).toBe('2027-05-01T00:00:00.000Z');
  });
});

describe('what a kind of certificate may last', () => {
  it.each([
    ['ssl', '2026-03-14', 398], ['ov', '2026-03-15', 200], ['flex', '2027-03-15', 100], ['ip_single', '2029-03-15', 47],
    ['code', '2029-03-15', 460], ['smime', '2029-03-15', 825], ['email', '2027-03-15', 825], ['doc', '2027-03-15', null], ['vmc', '2027-03-15', null],
  ])('%s signed on %s: %s days', (type, on, want) => expect(certificateMaxDays(type, d(`${on}T00:00:00Z`))).toBe(want));

  it('a plan goes on past a certificate that ends more than a day before it', () => {
    expect(planGoesOnAfter(d('2027-01-01T00:00:00Z'), d('2027-01-02T00:00:01Z'))).toBe(true);
    expect(planGoesOnAfter(d('2027-01-01T23:59:59Z'), d('2027-01-02T00:00:00Z'))).toBe(false);
  });
});
