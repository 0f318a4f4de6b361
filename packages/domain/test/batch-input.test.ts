import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBatchOrders, parseBatchOrders } from '../src/batch-input.ts';

describe('parseBatchOrders', () => {
  it.each([
    ['', []],
    ['\n\n  \n', []],
    ['a.com', [{ commonName: 'a.com', domainNames: [] }]],
    ['a.com\nwww.a.com\n\nb.com', [{ commonName: 'a.com', domainNames: ['www.a.com'] }, { commonName: 'b.com', domainNames: [] }]],
    ['\n\n a.com \r\n b.a.com\r\n\r\n\r\n\tb.com\t\n  \n', [{ commonName: 'a.com', domainNames: ['b.a.com'] }, { commonName: 'b.com', domainNames: [] }]],
    ['a.com\n   \nb.com\nc.b.com\nd.b.com', [{ commonName: 'a.com', domainNames: [] }, { commonName: 'b.com', domainNames: ['c.b.com', 'd.b.com'] }]],
  ])('%j', (text, groups) => {
    expect(parseBatchOrders(text)).toEqual({ groups, error: null });
  });

  it('accepts 500 orders and refuses 501 (一次最多可提交500个订单)', () => {
    const text = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.com`).join('\n\n');
    expect(parseBatchOrders(text(500)).error).toBeNull();
    const over = parseBatchOrders(text(501));
    expect(over.groups).toHaveLength(501);
    expect(over.error).toEqual({ messageKey: 'purchase.batch.tooMany', params: { max: 500 } });
  });

  it('reads back what formatBatchOrders writes', () => {
    const line = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.replace(/[\r\n]/g, 'x').trim()).filter((s) => s.length > 0);
    const group = fc.record({ commonName: line, domainNames: fc.array(line, { maxLength: 4 }) });
    fc.assert(fc.property(fc.array(group, { maxLength: 8 }), (groups) => {
      expect(parseBatchOrders(formatBatchOrders(groups)).groups).toEqual(groups);
    }));
  });
});
