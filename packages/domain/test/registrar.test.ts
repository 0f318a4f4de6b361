import { describe, expect, it } from 'vitest';
import {
  addYears, classifyLabel, expiryAfterTransfer, inTab, makeAuthCode, maxRenewYears, parseName, phaseAt, registerPrice, releasedIfExpiredBy, renewFault, renewPrice,
  tldByAscii, tldPrices, transferDueAt, transferFault, authCodePattern,
} from '../src/registrar.ts';

const at = (s: string) => new Date(`${s}T00:00:00Z`);
const days = (d: Date, n: number) => new Date(d.getTime() + n * 86400_000);

describe('registrar rules (sandbox registry)', () => {
  it('prices the TLDs the issue names in cents per year', () => {
    for (const t of ['com', 'net', 'cn', 'com.cn', '中国', 'top', 'xyz']) expect(tldPrices.find((x) => x.tld === t)?.register).toBeGreaterThan(0);
    expect(tldByAscii.get('xn--fiqs8s')?.tld).toBe('中国');
    expect(tldByAscii.get('cn')?.realName).toBe(true);
  });

  it.each([
    ['Example.COM', 'example.com', 'com'],
    ['例子.中国', 'xn--fsqu00a.xn--fiqs8s', '中国'],
    ['shop.com.cn', 'shop.com.cn', 'com.cn'],
    ['foo.cn.', 'foo.cn', 'cn'],
  ])('parses %s to %s under .%s (same IDN rule as certificates)', (input, ascii, tld) => {
    const p = parseName(input);
    expect(typeof p).toBe('object');
    if (typeof p === 'object') {
      expect(p.ascii).toBe(ascii);
      expect(p.tld.tld).toBe(tld);
    }
  });

  it.each([['', 'empty'], ['a.b.com', 'format'], ['-x.com', 'format'], ['foo.invalidtld', 'tld'], ['ab--c.com', 'format'], ['x y.com', 'format']])('refuses %j as %s', (input, fault) => {
    expect(parseName(input)).toBe(fault);
  });

  it('knows reserved, premium and well-known names', () => {
    expect(classifyLabel('nic')).toBe('reserved');
    expect(classifyLabel('google')).toBe('heldElsewhere');
    expect(classifyLabel('ai')).toBe('premium');
    expect(classifyLabel('my-new-shop-2026')).toBe('standard');
    const com = tldByAscii.get('com')!;
    expect(registerPrice(com, 1, true)).toBe(com.register * 50);
    expect(registerPrice(com, 3, false)).toBe(com.register + 2 * com.renew);
  });

  it('walks a name through expiry, grace, redemption, pending delete and release', () => {
    const exp = at('2026-01-01');
    expect(phaseAt(exp, days(exp, -1))).toBe('active');
    expect(phaseAt(exp, days(exp, 1))).toBe('grace');
    expect(phaseAt(exp, days(exp, 31))).toBe('redemption');
    expect(phaseAt(exp, days(exp, 61))).toBe('pendingDelete');
    expect(phaseAt(exp, days(exp, 66))).toBe('released');
    // The SQL form of the same line: released exactly when the expiry is at or before releasedIfExpiredBy(now).
    for (const d of [64, 65, 66]) {
      const now = new Date(days(exp, d).getTime() + (d === 65 ? -1 : 0));
      expect(phaseAt(exp, now) === 'released').toBe(exp.getTime() <= releasedIfExpiredBy(now).getTime());
    }
    expect(phaseAt(exp, days(exp, 65))).toBe('released');
    expect(releasedIfExpiredBy(days(exp, 65)).getTime()).toBe(exp.getTime());
    const com = tldByAscii.get('com')!;
    expect(renewPrice(com, 1, exp, days(exp, 10))).toBe(com.renew);
    expect(renewPrice(com, 1, exp, days(exp, 40))).toBe(com.renew + com.redemption);
    expect(renewFault(exp, 1, days(exp, 62))).toBe('pendingDelete');
  });

  it('caps renewals at ten years from today', () => {
    const now = at('2026-06-01');
    const exp = addYears(now, 3);
    expect(renewFault(exp, 7, now)).toBeNull();
    expect(renewFault(exp, 8, now)).toBe('cap');
    expect(renewFault(exp, 0, now)).toBe('period');
    expect(maxRenewYears(exp, now)).toBe(7);
    expect(expiryAfterTransfer(addYears(now, 10), now)).toEqual(addYears(now, 10));
    expect(expiryAfterTransfer(exp, now)).toEqual(addYears(exp, 1));
    expect(addYears(at('2024-02-29'), 1).toISOString().slice(0, 10)).toBe('2025-02-28');
  });

  it('refuses transfers of locked, new or wrongly coded names, and completes them after five days', () => {
    const now = at('2026-06-01');
    const d = { locked: false, createdAt: at('2025-01-01'), lastTransferAt: null, expiresAt: at('2027-01-01'), authCode: 'Abc#12345', pending: false, registrar: 'other' };
    const req = { authCode: 'Abc#12345', registrar: 'us', now };
    expect(transferFault(d, req)).toBeNull();
    expect(transferFault({ ...d, locked: true }, req)).toBe('locked');
    expect(transferFault({ ...d, createdAt: days(now, -10) }, req)).toBe('tooNew');
    expect(transferFault({ ...d, lastTransferAt: days(now, -59) }, req)).toBe('tooNew');
    expect(transferFault(d, { ...req, authCode: 'wrong' })).toBe('authCode');
    expect(transferFault({ ...d, pending: true }, req)).toBe('pending');
    expect(transferFault(d, { ...req, registrar: 'other' })).toBe('sameRegistrar');
    expect(transferFault({ ...d, expiresAt: days(now, -40) }, req)).toBe('notActive');
    expect(transferDueAt(now)).toEqual(days(now, 5));
  });

  it('makes auth codes of mixed classes', () => {
    const code = makeAuthCode(new Uint8Array(16).map((_, i) => i * 17));
    expect(code).toMatch(authCodePattern);
    expect(code).toContain('#');
  });

  it('sorts names into the manage tabs', () => {
    const now = at('2026-06-01');
    expect(inTab('expiring', { expiresAt: days(now, 20), forSale: false }, now)).toBe(true);
    expect(inTab('expiring', { expiresAt: days(now, 40), forSale: false }, now)).toBe(false);
    expect(inTab('expired', { expiresAt: days(now, -1), forSale: false }, now)).toBe(true);
    expect(inTab('forSale', { expiresAt: days(now, 40), forSale: true }, now)).toBe(true);
  });
});
