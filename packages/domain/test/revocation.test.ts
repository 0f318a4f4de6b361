import { describe, expect, it } from 'vitest';
import { crlEntryReason, crlReason, isSubscriberReason, recordedReason } from '../src/revocation.ts';

describe('revocation reasons (RFC 5280 §5.3.1, BR 4.9.1.1)', () => {
  it.each([
    [0, true], [1, true], [2, false], [3, true], [4, true], [5, true], [6, false], [7, false], [8, false], [9, false], [10, false], [11, false],
  ] as const)('a subscriber may give %i: %s', (code, ok) => {
    expect(isSubscriberReason(code)).toBe(ok);
  });

  it('keeps the owner\'s reason, unspecified when none, and records a request proved by the certificate key as keyCompromise', () => {
    expect(recordedReason(crlReason.superseded, 'account')).toBe(crlReason.superseded);
    expect(recordedReason(undefined, 'account')).toBe(crlReason.unspecified);
    expect(recordedReason(crlReason.superseded, 'certificateKey')).toBe(crlReason.keyCompromise);
    expect(recordedReason(undefined, 'certificateKey')).toBe(crlReason.keyCompromise);
  });

  it('writes no reasonCode for unspecified, the code itself otherwise', () => {
    expect(crlEntryReason(crlReason.unspecified)).toBeUndefined();
    expect(crlEntryReason(crlReason.keyCompromise)).toBe(1);
    expect(crlEntryReason(crlReason.cessationOfOperation)).toBe(5);
  });
});
