import { describe, expect, it } from 'vitest';
import { dcvMethodsFor, validatesWildcard } from '@cc/domain/dcv';
import { billedCounts, planOrders, type PlanInput } from './plan-orders.ts';

const base: PlanInput = {
  mode: 'single',
  csrFrom: 'create',
  product: { productType: 'ssl', brand: 'globalsign', certType: 'DV' },
  wildcard: false,
  commonName: '',
  extraDomains: '',
  batchText: '',
  csrs: [],
};

describe('planOrders', () => {
  it.each([
    ['nothing typed', { commonName: '' }, 'purchase.domain.required', null],
    ['bad format on the common name', { commonName: 'bad_domain' }, 'purchase.domain.format', null],
    ['duplicate extra domain', { commonName: 'a.example.com', extraDomains: 'b.example.com\nb.example.com' }, null, 'purchase.domain.duplicate'],
    ['second IP on a single-IP product', { commonName: '8.8.8.8', extraDomains: '1.1.1.1', product: { productType: 'ip_single', brand: 'bitcert', certType: 'DV' } }, null, 'purchase.domain.multipleIp'],
    ['plain domain on a wildcard product', { commonName: 'example.com', product: { productType: 'wild', brand: 'alphassl', certType: 'DV' } }, 'purchase.domain.notWildcard', null],
  ] as const)('single: %s', (_, over, cnKey, extraKey) => {
    const p = planOrders({ ...base, ...over });
    expect(p.commonNameError?.messageKey ?? null).toBe(cnKey);
    expect(p.extraDomainsError?.messageKey ?? null).toBe(extraKey);
  });

  it('converts IDN to xn-- and applies the wildcard switch', () => {
    const p = planOrders({ ...base, product: { productType: 'wild', brand: 'alphassl', certType: 'DV' }, wildcard: true, commonName: '测试.com' });
    expect(p.commonNameError).toBeNull();
    expect(p.orders[0]?.commonName).toBe(`*.${new URL('http://测试.com').hostname}`);
  });

  it('the common name repeated among the extra domains is refused as a duplicate on that box (as the server does)', () => {
    const p = planOrders({ ...base, commonName: 'a.example.com', extraDomains: 'b.example.com\nA.example.com' });
    expect(p.commonNameError).toBeNull();
    expect(p.extraDomainsError).toEqual({ messageKey: 'purchase.domain.duplicate', params: { domain: 'A.example.com' } });
  });

  it('flex: the www name typed beside its domain is kept once and not billed', () => {
    const p = planOrders({ ...base, product: { productType: 'flex', brand: 'sectigo', certType: 'DV' }, commonName: 'a.example.com', extraDomains: 'www.a.example.com\nb.example.com' });
    expect(p.extraDomainsError).toBeNull();
    expect(p.orders[0]).toMatchObject({ allNames: ['a.example.com', 'www.a.example.com', 'b.example.com', 'www.b.example.com'], billed: 2 });
  });

  it.each([
    ['a line repeated inside a group', 'a.example.com\nb.example.com\nb.example.com', [['a.example.com', 'b.example.com']]],
    ['the common name repeated in its group', 'a.example.com\nA.EXAMPLE.com', [['a.example.com', 'A.EXAMPLE.com']]],
    ['the same name as two orders', 'a.example.com\n\nb.example.com\n\na.example.com', [['a.example.com', 'a.example.com']]],
    ['a name in two groups', 'a.example.com\nshared.example.com\n\nb.example.com\nshared.example.com', [['b.example.com', 'shared.example.com']]],
  ] as const)('batch: %s is refused as "{domain} duplicate" on the order that repeats it', (_, batchText, want) => {
    const p = planOrders({ ...base, mode: 'batch', batchText });
    const refused = p.orders.flatMap((o) => o.errors.map((e) => [o.label, String(e.params.domain)] as const));
    expect(refused).toEqual(want);
    for (const o of p.orders) for (const e of o.errors) expect(e.messageKey).toBe('purchase.domain.duplicate');
  });

  it('batch: blank lines separate orders, bad lines carry the batch wording, orders are grouped by names billed', () => {
    const p = planOrders({ ...base, mode: 'batch', batchText: 'a.example.com\nwww.a.example.com\n\n\nb.example.com\n\nbad..x' });
    expect(p.orders.map((o) => o.label)).toEqual(['a.example.com', 'b.example.com', 'bad..x']);
    expect(p.orders[2]?.errors[0]).toEqual({ messageKey: 'purchase.domain.formatBatch', params: { entry: 'bad..x' } });
    const counts = billedCounts(p.orders);
    expect([...counts.entries()].map(([n, v]) => [n, v.count])).toEqual([[2, 1], [1, 1]]);
  });

  it('batch: more than 500 orders is refused', () => {
    const text = Array.from({ length: 501 }, (_, i) => `d${i}.example.com`).join('\n\n');
    expect(planOrders({ ...base, mode: 'batch', batchText: text }).tooMany?.messageKey).toBe('purchase.batch.tooMany');
  });

  it('paste: no request, or one that cannot be read, is a CSR error', () => {
    expect(planOrders({ ...base, csrFrom: 'paste' }).csrError?.messageKey).toBe('purchase.csr.required');
    expect(planOrders({ ...base, csrFrom: 'paste', csrs: [{ ok: false, pem: 'x', error: 'bad' }] }).csrError?.messageKey).toBe('purchase.csr.invalid');
    const ok = planOrders({ ...base, mode: 'batch', csrFrom: 'zip', csrs: [{ ok: true, pem: 'P', commonName: 'z.example.com', names: ['z.example.com', 'y.example.com'], keyText: 'RSA 2048' }] });
    expect(ok.orders[0]).toMatchObject({ commonName: 'z.example.com', domainNames: ['y.example.com'], csr: 'P', errors: [] });
  });
});

/**
 * The console's half of the agreement on file validation (the server's half, with the same rows, is
 * apps/server/test/purchase-agreement.test.ts): the names the order plan hands the screen, judged by the shared
 * validatesWildcard as the purchase page judges them, offer file exactly when the create call takes it.
 */
describe('file validation offered for the planned names (agreement with the server)', () => {
  const gsFlex = { productType: 'flex', brand: 'globalsign', certType: 'DV' };
  const dv = { productType: 'ssl', brand: 'globalsign', certType: 'DV' };
  const sectigoFlex = { productType: 'flex', brand: 'sectigo', certType: 'DV' };
  const certumWild = { productType: 'wild', brand: 'certum', certType: 'DV' };
  it.each([
    [gsFlex, false, 'a.agree.example.com', '', true],
    [gsFlex, false, 'b.agree.example.com', '*.b.agree.example.com', false],
    [gsFlex, true, 'c.agree.example.com', '', false],
    [gsFlex, false, '*.d.agree.example.com', 'd.agree.example.com', false],
    [dv, false, 'e.agree.example.com', '', true],
    [sectigoFlex, false, 'f.agree.example.com', 'g.agree.example.com', true],
    [certumWild, true, 'h.agree.example.com', '', false],
  ] as const)('%j, switch %s, %s and %j: file offered %s', (product, wildcard, commonName, extraDomains, offered) => {
    const plan = planOrders({ ...base, product, wildcard, commonName, extraDomains });
    expect(plan.orders.flatMap((o) => o.errors)).toEqual([]);
    const dcvWildcard = validatesWildcard({ names: plan.orders.flatMap((o) => [o.commonName, ...o.domainNames]), wildcardSwitch: wildcard, productType: product.productType });
    expect(dcvMethodsFor({ ...product, wildcard: dcvWildcard, on: '2026-12-07' }).includes('file')).toBe(offered);
  });
});
