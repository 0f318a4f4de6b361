import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar, creditCodeFault, idCardCheckChar, idCardFault, maskIdCard, verificationMet, verificationNeededFor, verifiedPaymentThresholdCents,
} from '../src/real-name.ts';

describe('GB 11643 identity number', () => {
  it.each([
    // The standard's own examples.
    ['11010519491231002', 'X'],
    ['44052418800101001', '4'],
    ['32010619900307123', '4'],
    ['1101051949123100', null],
    ['1101051949123100A', null],
  ])('check character of %s is %s', (first17, want) => expect(idCardCheckChar(first17)).toBe(want));

  it.each([
    ['11010519491231002X', null],
    ['11010519491231002x', null],
    [' 440524188001010014 ', null],
    ['320106199003071234', null],
    ['110105194912310021', 'check'],
    ['440524188001010015', 'check'],
    ['11010519491231002', 'format'],
    ['11010519491231002XX', 'format'],
    ['01010519491231002X', 'format'],
    ['1101051949123100AX', 'format'],
    ['110105194913310025', 'birth'],
    ['110105190002290023', 'birth'],
    ['110105179901010023', 'birth'],
  ] as const)('%s → %s', (v, want) => expect(idCardFault(v)).toBe(want));

  it('refuses a birth year after this year', () => {
    expect(idCardFault('110105204001010020', { year: 2026 })).toBe('birth');
  });

  it.each([['11010519491231002X', '110***********002X'], ['1234567', '1234567']])('masks %s as %s', (v, want) => expect(maskIdCard(v)).toBe(want));
});

describe('GB 32100 unified social credit code', () => {
  it.each([
    ['91350100M000100Y4', '3'],
    ['91110000100006319', '3'],
    ['9135010', null],
    ['91350100M000100I4', null],
  ])('check character of %s is %s', (first17, want) => expect(creditCodeCheckChar(first17)).toBe(want));

  it.each([
    ['91350100M000100Y43', null],
    ['91350100m000100y43', null],
    ['911100001000063193', null],
    ['91350100M000100Y44', 'check'],
    ['91350100M000100Y4', 'format'],
    ['91350100M000100Y43X', 'format'],
    ['0135010M0000100Y43', 'format'],
    ['91350100M000100O43', 'format'],
    ['91A50100M000100Y43', 'format'],
  ] as const)('%s → %s', (v, want) => expect(creditCodeFault(v)).toBe(want));
});

describe('which purchases need a verification', () => {
  it.each([
    [{ certType: 'EV', amountCents: 100 }, { kind: 'enterprise', reason: 'certType' }],
    [{ certType: 'CODE', amountCents: 100 }, { kind: 'enterprise', reason: 'certType' }],
    [{ certType: 'OV', amountCents: 100 }, null],
    [{ certType: 'DV', amountCents: verifiedPaymentThresholdCents - 1 }, null],
    [{ certType: 'DV', amountCents: verifiedPaymentThresholdCents }, { kind: 'personal', reason: 'amount' }],
    [{ amountCents: 10_000_000 }, { kind: 'personal', reason: 'amount' }],
  ])('%j → %j', (order, want) => expect(verificationNeededFor(order)).toEqual(want));

  it.each([
    [null, 'N', 'N', true],
    [{ kind: 'personal', reason: 'amount' } as const, 'approved', 'N', true],
    [{ kind: 'personal', reason: 'amount' } as const, 'N', 'approved', true],
    [{ kind: 'personal', reason: 'amount' } as const, 'pending', 'declined', false],
    [{ kind: 'enterprise', reason: 'certType' } as const, 'approved', 'pending', false],
    [{ kind: 'enterprise', reason: 'certType' } as const, 'N', 'approved', true],
  ])('%j with personal %s, enterprise %s → %s', (need, p, e, want) => expect(verificationMet(need, { authPProgress: p, authEProgress: e })).toBe(want));
});
