import { describe, expect, it } from 'vitest';
import type { CreateOrderPartialAnswer } from '@cc/contracts/purchase';
import { chunk, createInChunks, type ChunkOutcome } from './create-in-chunks.ts';

describe('chunk', () => {
  it.each([
    [0, 50, []],
    [1, 50, [1]],
    [120, 50, [50, 50, 20]],
    [500, 50, Array.from({ length: 10 }, () => 50)],
    [3, 0, [1, 1, 1]],
  ])('%i items by %i', (n, size, lengths) => {
    expect(chunk(Array.from({ length: n }, (_, i) => i), size).map((c) => c.length)).toEqual(lengths);
  });
});

describe('createInChunks', () => {
  const names = Array.from({ length: 120 }, (_, i) => `n${i}.example.com`);

  it('by default sends one certificate per request, reporting each as it answers; a failed request marks only its own', async () => {
    const sent: string[][] = [];
    const seen: ChunkOutcome[][] = [];
    const all = await createInChunks({
      items: names.slice(0, 12),
      send: (part) => {
        sent.push([...part]);
        if (part[0] === 'n5.example.com') return Promise.reject(new Error('offline'));
        return Promise.resolve({ created: part.map((n, index) => ({ index, commonName: n, orderNo: `SSL-${n}` })), failed: [] });
      },
      describe: (e) => (e instanceof Error ? e.message : 'not answered'),
      onChunk: (o) => seen.push(o),
    });
    expect(sent).toEqual(names.slice(0, 12).map((n) => [n]));
    expect(seen.map((s) => s.length)).toEqual(Array.from({ length: 12 }, () => 1));
    expect(all.filter((o) => o.status === 'failed')).toEqual([{ at: 5, status: 'failed', error: 'offline' }]);
    expect(all[6]).toEqual({ at: 6, status: 'created', orderNo: 'SSL-n6.example.com' });
  });

  it('sends 50 at a time and reports each answer as it arrives, positions in the whole list', async () => {
    const sent: number[] = [];
    const seen: ChunkOutcome[][] = [];
    const all = await createInChunks({
      items: names,
      size: 50,
      send: (part): Promise<CreateOrderPartialAnswer> => {
        sent.push(part.length);
        return Promise.resolve({
          created: part.flatMap((n, index) => (n === 'n77.example.com' ? [] : [{ index, commonName: n, orderNo: `SSL-${n}` }])),
          failed: part.flatMap((n, index) => (n === 'n77.example.com' ? [{ index, commonName: n, errors: { csr: 'bad key' } }] : [])),
        });
      },
      describe: () => 'failed',
      onChunk: (o) => seen.push(o),
    });
    expect(sent).toEqual([50, 50, 20]);
    expect(seen.map((s) => s.length)).toEqual([50, 50, 20]);
    expect(all.map((o) => o.at)).toEqual(names.map((_, i) => i));
    expect(all[77]).toEqual({ at: 77, status: 'failed', error: 'bad key' });
    expect(all[76]).toEqual({ at: 76, status: 'created', orderNo: 'SSL-n76.example.com' });
    expect(all.filter((o) => o.status === 'created')).toHaveLength(119);
  });

  it('marks a whole chunk failed when its request fails, and goes on with the next', async () => {
    let call = 0;
    const all = await createInChunks({
      items: names.slice(0, 100),
      size: 50,
      send: (part) => {
        call++;
        if (call === 1) return Promise.reject(new Error('offline'));
        return Promise.resolve({ created: part.map((n, index) => ({ index, commonName: n, orderNo: n })), failed: [] });
      },
      describe: (e) => (e instanceof Error ? e.message : 'not answered'),
      onChunk: () => undefined,
    });
    expect(all.slice(0, 50).every((o) => o.status === 'failed' && o.error === 'offline')).toBe(true);
    expect(all.slice(50).every((o) => o.status === 'created')).toBe(true);
  });

  it('counts a certificate the answer leaves out (or answers twice, or out of range) as failed once', async () => {
    const all = await createInChunks({
      items: ['a', 'b', 'c'],
      size: 3,
      send: () => Promise.resolve({ created: [{ index: 0, commonName: 'a', orderNo: '1' }, { index: 0, commonName: 'a', orderNo: '2' }, { index: 9, commonName: 'x', orderNo: '3' }], failed: [] }),
      describe: (e) => (e === null ? 'not answered' : 'error'),
      onChunk: () => undefined,
    });
    expect(all).toEqual([
      { at: 0, status: 'created', orderNo: '1' },
      { at: 1, status: 'failed', error: 'not answered' },
      { at: 2, status: 'failed', error: 'not answered' },
    ]);
  });
});
