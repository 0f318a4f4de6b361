import { describe, expect, it } from 'vitest';
import { caaAllows, caaDomainOf, caaLookupChain } from '../src/caa.ts';

describe('CAA (RFC 8659)', () => {
  it('climbs from the name (a wildcard from the name below it) to its parents', () => {
    expect(caaLookupChain('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(caaLookupChain('*.example.com')).toEqual(['example.com']);
  });

  it.each([
    ['www.example.com', [], true],
    ['www.example.com', [{ critical: false, tag: 'issue', value: 'globalsign.com' }], true],
    ['www.example.com', [{ critical: false, tag: 'issue', value: 'letsencrypt.org' }], false],
    ['www.example.com', [{ critical: false, tag: 'issue', value: ';' }], false],
    ['www.example.com', [{ critical: false, tag: 'iodef', value: 'mailto:x@example.com' }], true],
    ['www.example.com', [{ critical: true, tag: 'future', value: 'x' }], false],
    ['*.example.com', [{ critical: false, tag: 'issue', value: 'globalsign.com' }, { critical: false, tag: 'issuewild', value: ';' }], false],
    ['*.example.com', [{ critical: false, tag: 'issue', value: 'x.org' }, { critical: false, tag: 'issuewild', value: 'GlobalSign.com; account=1' }], true],
  ] as const)('%s with %j: allowed %s', (name, set, ok) => {
    expect(caaAllows(name, caaDomainOf('alphassl'), [...set], 'example.com').ok).toBe(ok);
  });
});
