import { describe, expect, it } from 'vitest';
import './zod-no-eval.ts';
import { config, z } from 'zod';

describe('zod without eval', () => {
  it('runs every schema jitless: zod adopts the configuration set before it loads', () => {
    expect(config().jitless).toBe(true);
    // And parsing an object schema, the one zod would compile with Function(), still works.
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
