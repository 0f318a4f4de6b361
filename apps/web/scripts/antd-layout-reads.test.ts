import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { layoutReadEdits, withLazyLayoutReads } from './antd-layout-reads.ts';

const form = path.join(import.meta.dirname, '../../../node_modules/antd/es/form');
const itemHolder = path.join(form, 'FormItem/ItemHolder.js');
const itemInput = path.join(form, 'FormItemInput.js');
const table = path.join(import.meta.dirname, '../../../node_modules/@rc-component/table/es/Table.js');

describe("antd's form items and tables read the layout only when they use what they read", () => {
  it('finds each read in the installed antd, once, and leaves valid modules', () => {
    for (const file of [itemHolder, itemInput, table]) {
      const out = withLazyLayoutReads(readFileSync(file, 'utf8'), file);
      expect(out).not.toBeNull();
      expect(() => parseAst(out!)).not.toThrow();
    }
    expect(layoutReadEdits.filter((e) => e.module.test(itemInput))).toHaveLength(2);
  });

  it('asks whether an item is on screen only while it shows an error, and measures its extra line only while it holds a margin', () => {
    const holder = withLazyLayoutReads(readFileSync(itemHolder, 'utf8'), itemHolder)!;
    expect(holder).toContain('const isOnScreen = hasError && !!itemRef.current && isVisible(itemRef.current);');
    // The margin, the figure both reads serve, is still measured when an error shows.
    expect(holder).toMatch(/if \(hasError && itemRef\.current\) \{\s+\/\/[^\n]*\n[^\n]*\n\s+const itemStyle = getComputedStyle\(itemRef\.current\);/);
    const input = withLazyLayoutReads(readFileSync(itemInput, 'utf8'), itemInput)!;
    expect(input).toContain('if (hasExtra && extraRef.current && marginBottom) {');
    expect(input).toContain('}, [extra, hasExtra, !!marginBottom]);');
    // Only for the extra line's height: the margin is applied as before.
    expect(input).toContain('minHeight: marginBottom + extraHeight');
  });

  it('a table measures the scroll bar only when it has a fixed or sticky header, the only tables that use the width', () => {
    const out = withLazyLayoutReads(readFileSync(table, 'utf8'), table)!;
    expect(out).toContain('if ((!tailor || !useInternalHooks) && (fixHeader || isSticky)) {');
    expect(out).toContain('}, [!!(fixHeader || isSticky)]);');
    // The table's own use of the width (the header's last column) is behind the same test; the expanded row and the
    // fixed holder, the other users, subtract it only with a fixed header.
    expect(out.indexOf('if (fixHeader || isSticky) {')).toBeLessThan(out.indexOf('width - scrollbarSize'));
  });

  it('stops the build, naming this step, when antd no longer has a read it expects', () => {
    expect(() => withLazyLayoutReads('export default 1;', itemHolder)).toThrow(/antd-layout-reads\.ts/);
    expect(withLazyLayoutReads('export default 1;', '/x/node_modules/antd/es/button/index.js')).toBeNull();
  });
});
