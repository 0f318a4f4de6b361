import { describe, expect, it } from 'vitest';
import { billedCounts, planOrders } from './plan-orders.ts';
import { priceKeyOf, quoteOrders, totalByQuote } from './price-quote.ts';

const plan = (batchText: string) =>
  planOrders({ mode: 'batch', csrFrom: 'create', product: { productType: 'ssl', brand: 'globalsign', certType: 'DV' }, wildcard: false, commonName: '', extraDomains: '', batchText, csrs: [] });

describe('quoteOrders', () => {
  it('one price call per number of billed names, each multiplied by its orders', async () => {
    const asked: (string[] | undefined)[] = [];
    const price = async (names: string[] | undefined) => {
      asked.push(names);
      const n = names?.length ?? 1;
      return { allRawPrice: 1000 * n, allNowPrice: 800 * n };
    };
    const orders = plan('a.example.com\n\nb.example.com\n\nc.example.com\nd.example.com').orders;
    const q = await quoteOrders(billedCounts(orders), 0, true, price);
    expect(asked).toHaveLength(2);
    expect(q).toMatchObject({ raw: 2 * 1000 + 2000, now: 2 * 800 + 1600 });
    expect(totalByQuote(orders, q)).toBe(q.now);
  });

  it.each([
    ['single mode prices its one order with the placeholder name', 1, 500],
    ['an empty batch costs nothing', 0, 0],
  ])('%s', async (_, emptyCount, want) => {
    const q = await quoteOrders(new Map(), emptyCount, true, async (names) => {
      expect(names).toBeUndefined();
      return { allRawPrice: 600, allNowPrice: 500 };
    });
    expect(q.now).toBe(want);
  });

  it('products without domains are priced without names', async () => {
    await quoteOrders(billedCounts(plan('a.example.com').orders), 0, false, async (names) => {
      expect(names).toBeUndefined();
      return { allRawPrice: 1, allNowPrice: 1 };
    });
  });
});

describe('priceKeyOf', () => {
  const counts = (text: string) => billedCounts(plan(text).orders);
  it.each([
    ['another name with as many billed names asks nothing again', 'a.example.com', 'b.example.com', true],
    ['another number of billed names asks again', 'a.example.com', 'a.example.com\nb.example.com', false],
    ['another number of orders asks again', 'a.example.com', 'a.example.com\n\nb.example.com', false],
  ])('%s', (_, a, b, same) => {
    expect(priceKeyOf('P', 1, counts(a), 'batch') === priceKeyOf('P', 1, counts(b), 'batch')).toBe(same);
  });
  it('with no order named, the mode decides (single prices one order, batch none)', () => {
    expect(priceKeyOf('P', 1, new Map(), 'single')).not.toBe(priceKeyOf('P', 1, new Map(), 'batch'));
  });
  it('the term is part of it', () => {
    expect(priceKeyOf('P', 1, new Map(), 'single')).not.toBe(priceKeyOf('P', 2, new Map(), 'single'));
  });
});
