/** Bulk find-and-replace over text, with a per-line preview of every change. Pure: the page and tests share it. */

export interface ReplaceRule {
  find: string;
  replace: string;
  regex: boolean;
  caseSensitive: boolean;
}

export interface LineChange {
  /** 1-based line number in the original text. */
  line: number;
  before: string;
  after: string;
}

export interface ReplaceResult {
  output: string;
  /** Number of matches replaced over all rules. */
  count: number;
  changes: LineChange[];
}

export class BadRuleError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(rules: ReplaceRule[]): Array<{ re: RegExp; rule: ReplaceRule }> {
  return rules.flatMap((rule, index) => {
    if (!rule.find) return [];
    try {
      return [{ re: new RegExp(rule.regex ? rule.find : escapeRegex(rule.find), rule.caseSensitive ? 'gu' : 'giu'), rule }];
    } catch (e) {
      throw new BadRuleError(index, e instanceof Error ? e.message : String(e));
    }
  });
}

function applyAll(text: string, compiled: Array<{ re: RegExp; rule: ReplaceRule }>): { text: string; count: number } {
  let count = 0;
  let out = text;
  for (const { re, rule } of compiled) {
    count += [...out.matchAll(re)].length;
    // A plain rule's replacement is literal; a regex rule's may use $1, $<name> and $&.
    out = rule.regex ? out.replace(re, rule.replace) : out.replace(re, () => rule.replace);
  }
  return { text: out, count };
}

export function batchReplace(text: string, rules: ReplaceRule[]): ReplaceResult {
  const compiled = compile(rules);
  const multiline = compiled.some(({ rule }) => rule.replace.includes('\n') || (rule.regex && /\\n|\\s|\[\^/.test(rule.find)));
  if (!multiline) {
    // Line by line, so the preview shows exactly which lines changed.
    const lines = text.split('\n');
    const changes: LineChange[] = [];
    let count = 0;
    const output = lines
      .map((before, i) => {
        const r = applyAll(before, compiled);
        count += r.count;
        if (r.text !== before) changes.push({ line: i + 1, before, after: r.text });
        return r.text;
      })
      .join('\n');
    return { output, count, changes };
  }
  const r = applyAll(text, compiled);
  return { output: r.text, count: r.count, changes: r.text === text ? [] : [{ line: 1, before: text, after: r.text }] };
}
