import { describe, expect, it } from 'vitest';
import { BadRuleError, batchReplace, type ReplaceRule } from './batch-replace.ts';

const rule = (find: string, replace: string, opts: Partial<ReplaceRule> = {}): ReplaceRule => ({ find, replace, regex: false, caseSensitive: true, ...opts });

describe('batchReplace', () => {
  it.each([
    ['plain text, every occurrence', 'a.b a.b\nc', [rule('a.b', 'x')], 'x x\nc', 2],
    ['plain text is literal ($ and regex characters)', 'price: 5', [rule('5', '$1')], 'price: $1', 1],
    ['case-insensitive', 'Foo foo', [rule('foo', 'bar', { caseSensitive: false })], 'bar bar', 2],
    ['regex with groups', 'www.example.com\napi.example.com', [rule('^(\\w+)\\.example\\.com$', '$1.example.org', { regex: true })], 'www.example.org\napi.example.org', 2],
    ['rules apply in order', 'abc', [rule('a', 'b'), rule('b', 'c')], 'ccc', 3],
    ['empty find is ignored', 'abc', [rule('', 'x')], 'abc', 0],
    ['unicode', '证书 证书', [rule('证书', 'cert')], 'cert cert', 2],
  ] as const)('%s', (_n, text, rules, output, count) => {
    const r = batchReplace(text, [...rules]);
    expect(r.output).toBe(output);
    expect(r.count).toBe(count);
  });

  it('lists every changed line with before and after', () => {
    const r = batchReplace('one\ntwo\nthree two', [rule('two', '2')]);
    expect(r.changes).toEqual([
      { line: 2, before: 'two', after: '2' },
      { line: 3, before: 'three two', after: 'three 2' },
    ]);
  });

  it('handles replacements across lines as one block', () => {
    const r = batchReplace('a\nb', [rule('\\n', ' ', { regex: true })]);
    expect(r.output).toBe('a b');
    expect(r.changes).toEqual([{ line: 1, before: 'a\nb', after: 'a b' }]);
  });

  it('names the rule whose regular expression is invalid', () => {
    expect(() => batchReplace('x', [rule('ok', ''), rule('(', '', { regex: true })])).toThrow(BadRuleError);
    try {
      batchReplace('x', [rule('ok', ''), rule('(', '', { regex: true })]);
    } catch (e) {
      expect((e as BadRuleError).index).toBe(1);
    }
  });
});
