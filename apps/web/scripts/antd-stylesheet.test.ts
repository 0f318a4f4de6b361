import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdComponentsUsed, pruneStylesheet, unusedClassPrefixes } from './antd-stylesheet.ts';

const antdEs = path.join(import.meta.dirname, '../../../node_modules/antd/es');
const src = path.join(import.meta.dirname, '../src');

describe("antd's stylesheet keeps the components the console renders", () => {
  const used = antdComponentsUsed(src, antdEs);
  const unused = unusedClassPrefixes(used, antdEs);

  it('reads the components from the console and, through antd, what they render', () => {
    // Imported by the console's pages.
    for (const c of ['button', 'table', 'date-picker', 'form', 'modal', 'select']) expect(used).toContain(c);
    // Imported by nothing of ours, only by antd's table: its pagination and row checkboxes.
    expect(used).toContain('pagination');
    // Nowhere in the console.
    for (const p of ['ant-cascader', 'ant-mentions', 'ant-transfer', 'ant-slider']) expect(unused).toContain(p);
    // Shared classes are never pruned: the picker is the date picker's and the time picker's.
    expect(unused.some((p) => p === 'ant-picker' || 'ant-picker'.startsWith(`${p}-`))).toBe(false);
  });

  it('drops the selectors of unused components and keeps the rest of a rule', () => {
    const css = '.ant-btn{color:red}.ant-cascader{color:blue}.ant-cascader-menu,.ant-select-dropdown{top:0}@media (max-width:575px){.ant-cascader{x:1}}@keyframes a{from{opacity:0}}';
    expect(pruneStylesheet(css, ['ant-cascader'])).toBe('.ant-btn{color:red}.ant-select-dropdown{top:0}@keyframes a{from{opacity:0}}');
    // A prefix is a whole class segment: ant-tag goes, ant-tabs stays.
    expect(pruneStylesheet('.ant-tag-blue{a:1}.ant-tabs{b:2}', ['ant-tag'])).toBe('.ant-tabs{b:2}');
  });

  it("keeps every rendered component's rules in the real stylesheet, smaller", () => {
    const css = readFileSync(path.join(antdEs, '../dist/antd.css'), 'utf8');
    const out = pruneStylesheet(css, unused);
    for (const cls of ['.ant-btn', '.ant-table-wrapper', '.ant-picker-dropdown', '.ant-modal-confirm-body', '.ant-menu-item', '.ant-pagination']) expect(out).toContain(cls);
    expect(out).not.toContain('.ant-cascader');
    expect(out.length).toBeLessThan(css.length * 0.9);
  });
});
