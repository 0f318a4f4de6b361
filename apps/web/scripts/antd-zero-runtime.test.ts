import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { styleFunctionRanges, withoutIconStyle, withoutRuntimeStyleRegister, withoutStyleFunctions } from './antd-zero-runtime.ts';

const nodeModules = path.join(import.meta.dirname, '../../../node_modules');
const antdEs = path.join(nodeModules, 'antd/es');
const styleModules = readdirSync(antdEs)
  .map((c) => path.join(antdEs, c, 'style/index.js'))
  .filter((f) => existsSync(f));

describe('antd style functions left out of the build', () => {
  it('replaces the style function of a component and keeps its tokens (the theme CSS variables)', () => {
    const table = readFileSync(path.join(antdEs, 'table/style/index.js'), 'utf8');
    const out = withoutStyleFunctions(table)!;
    expect(out).toMatch(/genStyleHooks\('Table', \(\) => \[\], prepareComponentToken/);
    expect(out).toContain('export const prepareComponentToken');
    // What only the style function used is no longer referenced, so the bundler drops it.
    expect(out.match(/genFixedStyle/g)).toHaveLength(1);
  });

  it('handles every component of the installed antd: each style module has one or more hooks, and stays valid code', () => {
    expect(styleModules.length).toBeGreaterThan(50);
    let hooks = 0;
    for (const f of styleModules) {
      const code = readFileSync(f, 'utf8');
      const ranges = styleFunctionRanges(code);
      hooks += ranges.length;
      const out = withoutStyleFunctions(code);
      if (out !== null) expect(() => parseAst(out), f).not.toThrow();
    }
    expect(hooks).toBeGreaterThan(60);
  });

  it('leaves a module without style hooks alone', () => {
    expect(withoutStyleFunctions('export const a = genOther(1, (t) => ({}));')).toBeNull();
  });

  it('ends each style hook at its zero-runtime return, so nothing writes styles at run time and stylis is not shipped', () => {
    const utils = readFileSync(path.join(nodeModules, '@ant-design/cssinjs-utils/es/util/genStyleUtils.js'), 'utf8');
    const out = withoutRuntimeStyleRegister(utils);
    expect(() => parseAst(out)).not.toThrow();
    // The component tokens' CSS variables are still registered (genCSSVarRegister); the style register is not called.
    expect(out.match(/useStyleRegister\(/g)).toBeNull();
    expect(out).toContain('useCSSVarRegister(');
    expect(out).toMatch(/useMemo\(function \(\) \{\s*return zeroRuntime;\s*\}, \[\]\);\s*return hashId;/);
    expect(() => withoutRuntimeStyleRegister('function f() { return 1; }')).toThrow(/expected one zero-runtime return/);
  });

  it('drops the ConfigProvider icon style, whose .anticon rules the stylesheet main.tsx imports already has', () => {
    const provider = readFileSync(path.join(antdEs, 'config-provider/index.js'), 'utf8');
    const out = withoutIconStyle(provider);
    expect(() => parseAst(out)).not.toThrow();
    expect(out).not.toMatch(/useStyle\(iconPrefixCls/);
    const sheet = readFileSync(path.join(nodeModules, 'antd/dist/antd.css'), 'utf8');
    // Each rule antd's genIconStyle would write (the sheet is ~1 MB: compare by inclusion, not a matcher that prints it).
    const rules = ['.anticon{display:inline-flex;', '.anticon::before{display:none;}', '.anticon[tabindex]{cursor:pointer;}', '.anticon .anticon-icon{display:block;}', '.anticon-spin{animation-name:', '.anticon svg{display:inline-block;'];
    expect(rules.filter((r) => !sheet.includes(r))).toEqual([]);
  });
});
