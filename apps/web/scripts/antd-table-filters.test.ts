import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAst } from 'vite';
import { filtersLeftOut, withoutFilterDropdown } from './antd-table-filters.ts';

const useFilter = path.join(import.meta.dirname, '../../../node_modules/antd/es/table/hooks/useFilter');
const original = readFileSync(path.join(useFilter, 'FilterDropdown.js'), 'utf8');

/** Every source file of the console. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('antd table column filters left out of the build', () => {
  it('keeps flattenKeys (antd own code, still working) and nothing else of the dropdown', async () => {
    const out = withoutFilterDropdown(original);
    expect(() => parseAst(out)).not.toThrow();
    expect(out).not.toMatch(/from '\.\.\/\.\.\/\.\.\/tree'|from '\.\.\/\.\.\/\.\.\/menu'|FilterSearch/);
    const url = `data:text/javascript,${encodeURIComponent(out.replace(/^import _toConsumableArray from .*$/m, 'const _toConsumableArray = (a) => [...a];'))}`;
    const mod = (await import(url)) as { flattenKeys: (f: unknown) => unknown[]; default: () => never };
    expect(mod.flattenKeys([{ value: 'a', children: [{ value: 'b' }] }, { value: 'c' }])).toEqual(['a', 'b', 'c']);
    expect(() => mod.default()).toThrow(filtersLeftOut);
  });

  it('matches what the installed antd table takes from the module: its default export and flattenKeys', () => {
    const index = readFileSync(path.join(useFilter, 'index.js'), 'utf8');
    expect(index.match(/from '\.\/FilterDropdown'/g)).toHaveLength(1);
    expect(index).toContain("import FilterDropdown, { flattenKeys } from './FilterDropdown';");
  });

  it('is safe for the console: no table column declares a filter', () => {
    const files = sources(path.join(import.meta.dirname, '../src'));
    expect(files.length).toBeGreaterThan(100);
    const declaring = files.filter((f) => /\b(filterDropdown|onFilter|filteredValue|defaultFilteredValue|filterMode|filterSearch|filterMultiple)\b/.test(readFileSync(f, 'utf8')));
    expect(declaring).toEqual([]);
  });
});
