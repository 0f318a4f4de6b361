import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { styleFunctionRanges, withoutStyleFunctions } from './antd-zero-runtime.ts';

const antdEs = path.join(import.meta.dirname, '../../../node_modules/antd/es');
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
});
