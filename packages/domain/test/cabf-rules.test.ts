import { describe, expect, it } from 'vitest';
import {
  codeSigningMaxValidityDays, dcvReuseDays, endDate, identityReuseDays, nextStep, reuseAccepted, reuseCutoff, reuseLapsesAt, ruleOn,
  smimeMaxValidityDays, tlsLeafEku, tlsMaxValidityDays, validationMethodAllowed, type Rule,
} from '../src/cabf-rules.ts';

const day = 86_400_000;
const d = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s);

describe('ruleOn at each boundary date', () => {
  it.each([
    // date, TLS validity, DCV reuse, identity reuse
    ['2026-03-14T23:59:59Z', 398, 398, 825],
    ['2026-03-15', 200, 200, 398],
    ['2027-03-14T23:59:59Z', 200, 200, 398],
    ['2027-03-15', 100, 100, 398],
    ['2028-03-15', 100, 100, 398],
    ['2029-03-14T23:59:59Z', 100, 100, 398],
    ['2029-03-15', 47, 10, 398],
    ['2035-01-01', 47, 10, 398],
  ])('%s: TLS %i days, DCV reuse %i, identity reuse %i', (date, tls, dcv, identity) => {
    expect(ruleOn(tlsMaxValidityDays, date)).toBe(tls);
    expect(ruleOn(dcvReuseDays, d(date))).toBe(dcv);
    expect(ruleOn(identityReuseDays, date)).toBe(identity);
  });

  it.each([
    ['2026-03-14', true, true, true],
    ['2026-03-15', false, true, true],
    ['2027-03-15', false, true, true],
    ['2028-03-14', false, true, true],
    ['2028-03-15', false, false, true],
    ['2029-03-15', false, false, true],
  ])('%s: IP-address method %s, e-mail methods %s, DNS and file %s', (date, ip, email, dns) => {
    expect(ruleOn(validationMethodAllowed['3.2.2.4.8'], date)).toBe(ip);
    for (const m of ['3.2.2.4.4', '3.2.2.4.13', '3.2.2.4.14', '3.2.2.4.16', '3.2.2.4.17'] as const) expect(ruleOn(validationMethodAllowed[m], date), m).toBe(email);
    for (const m of ['3.2.2.4.7', '3.2.2.4.18', '3.2.2.4.19'] as const) expect(ruleOn(validationMethodAllowed[m], date), m).toBe(dns);
  });

  it.each([
    ['2026-03-15', ['serverAuth', 'clientAuth']],
    ['2026-05-14T23:59:59Z', ['serverAuth', 'clientAuth']],
    ['2026-05-15', ['serverAuth']],
    ['2026-12-07', ['serverAuth']],
  ])('%s: TLS leaves carry %j', (date, eku) => expect(ruleOn(tlsLeafEku, date)).toEqual(eku));

  it('code signing and S/MIME keep their own rows, whatever the TLS date', () => {
    for (const date of ['2026-03-14', '2026-03-15', '2027-03-15', '2029-03-15']) {
      expect(ruleOn(codeSigningMaxValidityDays, date)).toBe(460);
      expect(ruleOn(smimeMaxValidityDays, date)).toBe(825);
    }
  });

  it('every step names its source and the dated steps run in order', () => {
    const rules: Rule<unknown>[] = [tlsMaxValidityDays, dcvReuseDays, identityReuseDays, codeSigningMaxValidityDays, smimeMaxValidityDays, tlsLeafEku, ...Object.values(validationMethodAllowed)];
    for (const r of rules) {
      expect(r[0]!.from).toBeNull();
      const dates = r.slice(1).map((s) => s.from!);
      expect([...dates].sort()).toEqual(dates);
      for (const s of r) expect(s.source).not.toBe('');
    }
  });
});

describe('nextStep and endDate', () => {
  it.each([
    ['2026-03-14', '2026-03-15', 200],
    ['2026-12-07', '2027-03-15', 100],
    ['2027-03-15', '2029-03-15', 47],
    ['2028-03-15', '2029-03-15', 47],
  ])('after %s the TLS limit next changes on %s to %i days', (date, from, value) => expect(nextStep(tlsMaxValidityDays, date)).toMatchObject({ from, value }));
  it('has no next change after the last step', () => expect(nextStep(tlsMaxValidityDays, '2029-03-15')).toBeNull());
  it('names a method\'s end', () => {
    expect(endDate(validationMethodAllowed['3.2.2.4.4'])).toBe('2028-03-15');
    expect(endDate(validationMethodAllowed['3.2.2.4.8'])).toBe('2026-03-15');
    expect(endDate(validationMethodAllowed['3.2.2.4.7'])).toBeNull();
  });
});

describe('reuse of domain validation data', () => {
  it.each([
    // validated at, lapses at
    ['2026-03-14T12:00:00Z', '2026-09-30T12:00:00Z'], // 398 days would reach 2027-04; 200 from 2026-03-15 ends it at +200
    ['2026-12-07T00:00:00Z', '2027-03-17T00:00:00Z'], // 200 days run past 2027-03-15, where 100 days apply
    ['2026-11-01T00:00:00Z', '2027-03-15T00:00:00Z'], // +100 days is already past on 2027-03-15: ends that day
    ['2027-03-15T00:00:00Z', '2027-06-23T00:00:00Z'],
    ['2029-03-01T00:00:00Z', '2029-03-15T00:00:00Z'], // +100 runs past 2029-03-15, where +10 has passed
    ['2029-03-15T00:00:00Z', '2029-03-25T00:00:00Z'],
  ])('validated %s lapses %s', (validated, lapses) => expect(reuseLapsesAt(dcvReuseDays, d(validated)).toISOString()).toBe(d(lapses).toISOString()));

  it('2026-03-14 under the old rule: reused for 398 days while that rule holds', () => {
    expect(reuseAccepted(dcvReuseDays, d('2025-06-01'), d('2026-03-14'))).toBe(true);
    expect(reuseAccepted(dcvReuseDays, d('2025-06-01'), d('2026-03-15'))).toBe(false);
  });

  it('a method\'s end ends reuse of what it validated', () => {
    expect(reuseLapsesAt(dcvReuseDays, d('2028-02-01'), '2028-03-15').toISOString()).toBe('2028-03-15T00:00:00.000Z');
    expect(reuseAccepted(dcvReuseDays, d('2028-02-01'), d('2028-03-14'), '2028-03-15')).toBe(true);
    expect(reuseAccepted(dcvReuseDays, d('2028-02-01'), d('2028-03-15'), '2028-03-15')).toBe(false);
  });

  it('accepts a reuse on a date exactly while the date is before lapsesAt, and the SQL cutoff agrees', () => {
    for (let v = d('2025-01-01').getTime(); v < d('2029-06-01').getTime(); v += 7 * day + 3_600_000) {
      const validated = new Date(v);
      const lapse = reuseLapsesAt(dcvReuseDays, validated).getTime();
      for (const probe of [lapse - 1000, lapse, lapse + 1000, v + 1000, v + 50 * day]) {
        const on = new Date(probe);
        expect(reuseAccepted(dcvReuseDays, validated, on), `${validated.toISOString()} on ${on.toISOString()}`).toBe(probe < lapse);
        if (probe >= v) expect(validated.getTime() > reuseCutoff(dcvReuseDays, on).getTime(), `cutoff ${on.toISOString()}`).toBe(probe < lapse);
      }
    }
  });
});
