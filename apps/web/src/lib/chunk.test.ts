import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoadTimeoutMs, isChunkLoadError, withChunkTimeout } from './chunk.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('page chunks (doc 02 §2, §8)', () => {
  it('time out after 120 s with a chunk-load error', async () => {
    vi.useFakeTimers();
    expect(chunkLoadTimeoutMs).toBe(120_000);
    const load = withChunkTimeout(() => new Promise<never>(() => undefined));
    let settled = false;
    const p = load().catch((e: unknown) => e).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await p;
    expect(e).toBeInstanceOf(ChunkLoadError);
    expect(e).toMatchObject({ kind: 'timeout' });
  });

  it.each([
    ['Failed to fetch dynamically imported module: /assets/a.js', 'js'],
    ['Unable to preload CSS for /assets/a.css', 'css'],
  ])('turn a failed import (%s) into a %s chunk-load error', async (message, kind) => {
    const e = await withChunkTimeout(() => Promise.reject(new TypeError(message)))().catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'ChunkLoadError', kind });
    expect(isChunkLoadError(e)).toBe(true);
  });

  it('are recognised when the browser raised the error itself, and nothing else is', () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('pass a module through', async () => {
    expect(await withChunkTimeout(() => Promise.resolve({ default: 1 }))()).toEqual({ default: 1 });
  });
});
