import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from './hash.ts';

const node = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const cases = ['', 'abc', 'Secret#123', '证书密码🔑Zürich', 'x'.repeat(1000)];

describe('sha256Hex (the password the server receives)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(cases)('agrees with node:crypto through WebCrypto: %s', async (s) => {
    expect(await sha256Hex(s)).toBe(node(s));
  });

  it.each(cases)('agrees with node:crypto without WebCrypto (plain http on a LAN address): %s', async (s) => {
    vi.stubGlobal('crypto', {});
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await sha256Hex(s)).toBe(node(s));
  });
});
