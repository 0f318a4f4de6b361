import { describe, expect, it } from 'vitest';
import { confirmStateOf, isInsufficient, isWaiting, returnPathFor, wayInForce } from './dialog-state.ts';

describe('wayInForce', () => {
  const offered = [{ payWay: 'alipay' }, { payWay: 'balance' }];
  it.each([
    ['the way chosen', 'balance', offered, 'balance'],
    ['a way no longer offered: the first', 'wechat', offered, 'alipay'],
    ['nothing chosen: the first', null, offered, 'alipay'],
    ['nothing offered: the balance', null, [], 'balance'],
  ])('%s', (_, chosen, ways, want) => {
    expect(wayInForce(chosen, ways)).toBe(want);
  });
});

describe('confirmStateOf', () => {
  it.each([
    ['done', false, 'success'],
    ['polling', false, 'pending'],
    ['idle', false, 'pending'],
    ['polling', true, 'fail'],
    ['timeout', false, 'fail'],
    ['failed', false, 'fail'],
    ['done', true, 'success'],
  ] as const)('poll %s, declined %s: %s', (poll, declined, want) => {
    expect(confirmStateOf(poll, declined)).toBe(want);
  });
});

describe('isWaiting', () => {
  it.each([
    ['a QR payment being polled', true, 'qr', 'polling', false, true],
    ['a crypto payment being polled', true, 'crypto', 'polling', false, true],
    ['a new-tab way never waits on the button', true, 'newTab', 'polling', false, false],
    ['no payment yet', false, 'qr', 'polling', false, false],
    ['declined', true, 'qr', 'polling', true, false],
    ['the wait ran out', true, 'qr', 'timeout', false, false],
  ] as const)('%s', (_, pending, kind, poll, declined, want) => {
    expect(isWaiting(pending, kind, poll, declined)).toBe(want);
  });
});

describe('isInsufficient', () => {
  it.each([
    ['balance below the amount', 'balance', 500, 1000, true],
    ['balance equal to the amount', 'balance', 1000, 1000, false],
    ['balance not known yet', 'balance', undefined, 1000, false],
    ['another way', 'qr', 0, 1000, false],
  ] as const)('%s', (_, kind, balance, due, want) => {
    expect(isInsufficient(kind, balance, due)).toBe(want);
  });
});

describe('returnPathFor', () => {
  it.each([
    [['A1'], 'alipay', 'makeOrder', '/payment?orderNos=A1&payWay=alipay'],
    [['A1', 'A2'], 'paypal', 'makeOrder', '/payment?orderNos=A1%2CA2&payWay=paypal'],
    [['A1'], 'alipay', 'reSign', '/payment?orderNos=A1&payWay=alipay&aim=reSign'],
  ] as const)('%j by %s (%s)', (nos, way, aim, want) => {
    expect(returnPathFor(nos, way, aim)).toBe(want);
  });
});
