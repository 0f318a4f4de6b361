import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { antdComponentsUsed, classOwner, pruneStylesheet, splitStylesheet, unusedClassPrefixes } from './antd-stylesheet.ts';

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

describe("antd's stylesheet is shared out per component, each part loaded with its component", () => {
  const folders = readdirSync(antdEs, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const owner = classOwner(folders);

  it('names the component that draws a class, the most specific prefix first', () => {
    expect(owner('ant-btn-primary')).toBe('button');
    expect(owner('ant-input-number-handler')).toBe('input-number');
    expect(owner('ant-input-group-addon')).toBe('input');
    expect(owner('ant-picker-dropdown')).toBe('date-picker');
    expect(owner('ant-col-md-12')).toBe('grid');
    expect(owner('ant-select-tree-node')).toBe('tree-select');
    expect(owner('ant-tabs-tab')).toBe('tabs');
    // Motion and the wave effect belong to no component: they stay in the sheet every page loads.
    expect(owner('ant-zoom-big-enter')).toBeUndefined();
    expect(owner('ant-wave')).toBeUndefined();
  });

  it('cuts a rule by the component each selector names first, keeping media queries and order', () => {
    const css =
      '.ant-btn{a:1}.ant-table .ant-btn,.ant-btn-group{b:2}@media (max-width:575px){.ant-table{c:3}.ant-btn{d:4}}' +
      '@keyframes k{from{opacity:0}}.ant-zoom-enter{e:5}html{f:6}';
    const { base, sheets } = splitStylesheet(css, owner);
    expect(sheets.get('button')).toBe('.ant-btn{a:1}.ant-btn-group{b:2}@media (max-width:575px){.ant-btn{d:4}}');
    expect(sheets.get('table')).toBe('.ant-table .ant-btn{b:2}@media (max-width:575px){.ant-table{c:3}}');
    expect(base).toBe('@keyframes k{from{opacity:0}}.ant-zoom-enter{e:5}html{f:6}');
  });

  it("drops the component tokens antd's own build declared for class names the browser never gives", () => {
    expect(pruneStylesheet('.css-var-_R_0_.ant-btn{--ant-button-x:1}.ant-btn{a:1}', [])).toBe('.ant-btn{a:1}');
  });

  it('loses no rule of the real stylesheet: every selector is in exactly one part', () => {
    const css = pruneStylesheet(readFileSync(path.join(antdEs, '../dist/antd.css'), 'utf8'), unusedClassPrefixes(antdComponentsUsed(src, antdEs), antdEs));
    const { base, sheets } = splitStylesheet(css, owner);
    // Each selector with its at-rules and declarations, as a sorted list: the parts together hold the whole.
    const selectors = (text: string) => {
      const out: string[] = [];
      postcss.parse(text).walkRules((rule) => {
        const context: string[] = [];
        for (let at = rule.parent; at && at.type === 'atrule'; at = at.parent) context.push(`@${(at as postcss.AtRule).name} ${(at as postcss.AtRule).params}`);
        const body = rule.nodes.map(String).join(';');
        for (const sel of rule.selectors) out.push(`${context.join(' ')}|${sel}|${body}`);
      });
      return out.sort();
    };
    expect([base, ...sheets.values()].flatMap(selectors).sort()).toEqual(selectors(css));
    expect(sheets.get('table')).toContain('.ant-table-wrapper');
    expect(sheets.get('button')).toContain('.ant-btn-primary');
    expect(base).not.toContain('.ant-table');
    // The sign-in page's sheet (what names no component) is a small part of the whole.
    expect(base.length).toBeLessThan(css.length / 10);
  });
});
