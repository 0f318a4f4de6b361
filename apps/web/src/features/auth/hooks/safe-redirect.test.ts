import { describe, expect, it } from 'vitest';
import { safeRedirect } from './use-finish-sign-in.ts';

describe('safeRedirect (where sign-in goes next)', () => {
  it.each([
    ['/orders/list?status=1002', '/orders/list?status=1002'],
    ['/ssl/certificate/SSL1', '/ssl/certificate/SSL1'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example/x', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['/sign-in?redirect=/x', '/dashboard'],
    ['orders', '/dashboard'],
    [undefined, '/dashboard'],
    [42, '/dashboard'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
