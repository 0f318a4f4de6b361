import { describe, expect, it } from 'vitest';
import { decodeRenewalTicket, ticketDecodeFailure } from './renewal-ticket.ts';

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
