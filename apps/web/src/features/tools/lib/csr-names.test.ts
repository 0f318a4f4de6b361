import { describe, expect, it } from 'vitest';
import { badSans, csrHostname, csrSan, isCsrHostname, splitSans } from './csr-names.ts';

describe('CSR names (§5: Chinese names in xn-- form, each a domain, wildcard or IP)', () => {
  it.each([
    ['例子.com', 'xn--fsqu00a.com', true],
    ['*.例子.com', '*.xn--fsqu00a.com', true],
    [' WWW.Example.COM ', 'www.example.com', true],
    ['192.0.2.7', '192.0.2.7', true],
    ['2001:db8::1', '2001:db8::1', true],
    ['a b.com', 'a b.com', false],
    ['exa_mple.com', 'exa_mple.com', false],
    ['example.com.', 'example.com.', false],
    ['localhost', 'localhost', false],
  ] as const)('%s', (typed, ascii, ok) => {
    expect(csrHostname(typed)).toBe(ascii);
    expect(isCsrHostname(typed)).toBe(ok);
  });

  it('splits SANs on commas, semicolons and lines, converts names and keeps e-mail addresses', () => {
    expect(splitSans('a.example.com, 例子.com；b.example.com\nops@example.com').map(csrSan)).toEqual(['a.example.com', 'xn--fsqu00a.com', 'b.example.com', 'ops@example.com']);
    expect(badSans('ok.example.com, bad_name.com, ops@, 300.1.1.1')).toEqual(['bad_name.com', 'ops@', '300.1.1.1']);
    expect(badSans(undefined)).toEqual([]);
  });
});
