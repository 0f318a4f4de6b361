import { describe, expect, it } from 'vitest';
import { brandOptionsOf, firstPageParams, listInitialOf, listParams, noFilters, payAimOf, rowAmount, shownTabs, tabCount } from './list-view.ts';
import { firstOrdersPageCall, ordersCall } from '../api/orders-call.ts';
import { buildUrl } from '../../../lib/http.ts';

describe('listParams', () => {
  it.each([
    ['no filter', noFilters, false, { domain: undefined, orderNo: undefined, expiring: undefined }],
    ['text filters', { ...noFilters, domain: 'example.com', orderNo: 'SSL1' }, false, { domain: 'example.com', orderNo: 'SSL1' }],
    ['the expiring screen', noFilters, true, { expiring: true }],
    ['product, brand and dates', { ...noFilters, productNo: 'P', brand: 'b', dateFrom: '2026-01-01', dateTo: '2026-02-01' }, false, { productNo: 'P', brand: 'b', dateFrom: '2026-01-01', dateTo: '2026-02-01' }],
  ])('%s', (_, filters, expiring, want) => {
    expect(listParams(filters, { page: 2, pageSize: 50 }, 1002, expiring)).toMatchObject({ limit: 50, offset: 2, status: 1002, ...want });
  });
});

describe('status tabs', () => {
  const byStatus = { '1003': 2, '1006': 3, '1007': 1 };
  it.each([
    [1003, 5],
    [1006, 3],
    [1007, 1],
    [1001, 0],
  ])('tab %i counts %i', (code, want) => {
    expect(tabCount(byStatus, code)).toBe(want);
  });
  it.each([
    ['no orders: the usual three', {}, undefined, [1001, 1002, 1005]],
    ['tabs with orders join them, in order', byStatus, undefined, [1001, 1002, 1005, 1003, 1007]],
    ['the tab open stays though empty', {}, 5004, [1001, 1002, 1005, 5004]],
  ])('%s', (_, counts, open, want) => {
    expect(shownTabs(counts, open)).toEqual(want);
  });
});

describe('rowAmount and payAimOf', () => {
  const order = { orderStatus: 1001, payAmount: 1000, reSignStatus: 0, reSignPriceDiff: 0 };
  const reSign = { orderStatus: 1005, payAmount: 1000, reSignStatus: 5004, reSignPriceDiff: 300 };
  it.each([
    ['a new order: its price', order, 1000],
    ['a re-sign order: the difference due', reSign, 300],
    ['a re-sign order with nothing due: its price', { ...reSign, reSignPriceDiff: 0 }, 1000],
  ])('%s', (_, o, want) => {
    expect(rowAmount(o)).toBe(want);
  });
  it.each([
    ['new orders', [order], 'makeOrder'],
    ['re-sign orders', [reSign, reSign], 'reSign'],
    ['a mix', [order, reSign], 'makeOrder'],
    ['a re-sign order never paid', [{ ...reSign, orderStatus: 1001 }], 'makeOrder'],
  ] as const)('%s: %s', (_, orders, want) => {
    expect(payAimOf(orders)).toBe(want);
  });
});

describe('brandOptionsOf', () => {
  it('each brand once, in catalogue order', () => {
    expect(brandOptionsOf([{ brand: 'gs', brandName: 'GlobalSign' }, { brand: 'dc', brandName: 'DigiCert' }, { brand: 'gs', brandName: 'GlobalSign' }])).toEqual([
      { value: 'gs', label: 'GlobalSign' },
      { value: 'dc', label: 'DigiCert' },
    ]);
  });
});

describe('listInitialOf: the list opened from an address (the dashboard\'s links)', () => {
  it.each([
    ['a status tab', { status: '1002' }, { status: 1002, renewalFailed: false, filters: { ...noFilters } }],
    ['a status as a number', { status: 1001 }, { status: 1001 }],
    ['an unknown status is ignored', { status: '42' }, { status: undefined }],
    ['failed renewals', { renewalFailed: 'true' }, { renewalFailed: true }],
    ['a month', { dateFrom: '2026-11-01', dateTo: '2026-11-30' }, { filters: { ...noFilters, dateFrom: '2026-11-01', dateTo: '2026-11-30' } }],
    ['a malformed date is ignored', { dateFrom: 'yesterday' }, { filters: { ...noFilters, dateFrom: undefined } }],
    ['a domain', { domain: ' a.example ' }, { filters: { ...noFilters, domain: 'a.example' } }],
  ])('%s', (_, search, want) => {
    expect(listInitialOf(search)).toMatchObject(want);
  });

  it('gives the list call the failed-renewals filter', () => {
    expect(listParams(noFilters, { page: 1, pageSize: 20 }, undefined, false, true)).toMatchObject({ renewalFailed: true });
    expect(listParams(noFilters, { page: 1, pageSize: 20 }, undefined, false)).toMatchObject({ renewalFailed: undefined });
  });
});

describe('the first page an address opens, asked for with the first code', () => {
  it('is the call the list makes as it shows: same filters, first page, default size', () => {
    const search = { status: 1002, domain: ' a.example ', dateFrom: '2026-01-01', renewalFailed: 'true' };
    const initial = listInitialOf(search);
    const pageAsks = listParams(initial.filters ?? noFilters, { page: 1, pageSize: 20 }, initial.status, false, initial.renewalFailed);
    expect(firstPageParams(search)).toEqual(pageAsks);
    // The URL the early call and the list's own call build are one (lib/http keys the early answer by it).
    expect(buildUrl('/v1/orders', firstOrdersPageCall(search).query)).toBe(buildUrl('/v1/orders', ordersCall(pageAsks).query));
    expect(buildUrl('/v1/orders', firstOrdersPageCall(search).query)).toMatch(/\?limit=20&offset=1&status=1002&domain=a\.example&dateFrom=2026-01-01&renewalFailed=true$/);
  });

  it('is the plain first page for an address without filters', () => {
    expect(buildUrl('/v1/orders', firstOrdersPageCall({}).query)).toMatch(/\/v1\/orders\?limit=20&offset=1$/);
  });
});
