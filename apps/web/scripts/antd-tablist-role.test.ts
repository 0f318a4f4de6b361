import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { tabNavListModule, withTablistOnTabs } from './antd-tablist-role.ts';

const file = path.join(import.meta.dirname, '../../../node_modules/@rc-component/tabs/es/TabNavList/index.js');
const original = readFileSync(file, 'utf8');

/** The props object of the createElement call whose props contain `marker`. */
function propsWith(code: string, marker: string): string {
  const at = code.indexOf(marker);
  return code.slice(code.lastIndexOf('React.createElement("div", {', at), code.indexOf('\n  }', at));
}

describe('antd tab bar: the tablist is the tabs’ own list', () => {
  it('moves the role and orientation from the bar (which also holds the "more" button) to the list of tabs', () => {
    expect(tabNavListModule.test(file)).toBe(true);
    expect(propsWith(original, 'ref: useComposeRef(ref, containerRef)')).toContain('role: "tablist"');
    const out = withTablistOnTabs(original);
    expect(() => parseAst(out)).not.toThrow();
    expect(out.match(/role: "tablist"/g)).toHaveLength(1);
    expect(propsWith(out, 'ref: useComposeRef(ref, containerRef)')).not.toContain('role');
    const list = propsWith(out, 'ref: tabListRef');
    expect(list).toContain('className: `${prefixCls}-nav-list`');
    expect(list).toContain('role: "tablist"');
    expect(list).toContain('"aria-orientation"');
  });

  it('refuses a version whose markup it does not know, rather than ship the bar unchanged', () => {
    expect(() => withTablistOnTabs(original.replace('role: "tablist"', 'role: "toolbar"'))).toThrow(/no longer has the markup/);
  });
});
