import { describe, expect, it } from 'vitest';
import { decodeRenewalTicket, renewalPrefill, ticketDecodeFailure } from './renewal-ticket.ts';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('renewal ticket', () => {
  it('reads base64 and base64url JSON with names (IDN included)', () => {
    const t = { v: 1, orderNo: 'SSL1', productNo: 'GS-DV-SSL', domains: ['例子.example', '*.b.example'] };
    expect(decodeRenewalTicket(b64(JSON.stringify(t)))).toEqual({ orderNo: 'SSL1', productNo: 'GS-DV-SSL', domains: ['例子.example', '*.b.example'] });
    const url = b64(JSON.stringify(t)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeRenewalTicket(url)?.domains).toHaveLength(2);
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', b64('hello')],
    ['no names', b64(JSON.stringify({ orderNo: 'X', domains: [] }))],
    ['no order', b64(JSON.stringify({ domains: ['a.example'] }))],
    ['an array', b64('[1]')],
    ['empty', ''],
  ])('logs 解析JSON 串失败 and answers null for %s', (_, ticket) => {
    const logged: string[] = [];
    expect(decodeRenewalTicket(ticket, (m) => logged.push(m))).toBeNull();
    expect(logged).toEqual([ticketDecodeFailure]);
  });
});

describe('renewalPrefill', () => {
  const products = [{ productNo: 'GS-DV-SSL', subBrand: 'globalsign', certType: 'DV' }, { productNo: 'AS-WILD', subBrand: 'alphassl', certType: 'DV' }];
  it.each([
    ['the ticket\'s product and names', { orderNo: 'O1', productNo: 'GS-DV-SSL', domains: ['a.example.com', 'b.example.com', 'c.example.com'] }, null, { productNo: 'GS-DV-SSL', commonName: 'a.example.com', wildcard: false, extraDomains: 'b.example.com\nc.example.com' }],
    ['a wildcard common name: the switch on, its base typed', { orderNo: 'O1', productNo: 'AS-WILD', domains: ['*.example.com'] }, null, { productNo: 'AS-WILD', commonName: 'example.com', wildcard: true, extraDomains: '' }],
    ['no product in the ticket: the link\'s', { orderNo: 'O1', domains: ['a.example.com'] }, 'AS-WILD', { productNo: 'AS-WILD', commonName: 'a.example.com', wildcard: false, extraDomains: '' }],
    ['a product the catalogue lacks: names only', { orderNo: 'O1', productNo: 'GONE', domains: ['a.example.com'] }, null, { productNo: undefined, commonName: 'a.example.com', wildcard: false, extraDomains: '' }],
  ])('%s', (_, ticket, linkProductNo, want) => {
    const f = renewalPrefill(ticket, products, linkProductNo);
    expect({ productNo: f.product?.productNo, commonName: f.commonName, wildcard: f.wildcard, extraDomains: f.extraDomains }).toEqual(want);
  });
});
