import { describe, expect, it } from 'vitest';
import { errorCatalog } from '../src/errors.ts';
import { messages } from '../src/messages.ts';

describe('error catalogue', () => {
  it('gives each business code to one error only (two branches picking the same number is caught here, not by a client)', () => {
    const byCode = new Map<number, string[]>();
    // HTTP-level answers (400, 401, ...) share their status as code on purpose; business codes are 10000 and up.
    for (const [name, e] of Object.entries(errorCatalog)) if (e.code >= 10_000) byCode.set(e.code, [...(byCode.get(e.code) ?? []), name]);
    expect([...byCode].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it('has a zh and an en message for each error', () => {
    const missing = Object.values(errorCatalog).filter((e) => !(e.key in messages.zh) || !(e.key in messages.en)).map((e) => e.key);
    expect(missing).toEqual([]);
  });
});
