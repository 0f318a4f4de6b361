/**
 * Build step: antd's table column filters are left out of the console's code. Every antd Table carries the filter
 * dropdown (FilterDropdown, with Tree, Menu, Radio, a search box and their icons: ~15 kB compressed on a table
 * page) although it renders only for a column that declares `filters` or `filterDropdown`, which no console table
 * does: its lists filter in their own filter cards. The module is replaced with its one helper the table uses
 * for every column (`flattenKeys`, antd's own source kept) and a component that says, if a column ever declares a
 * filter, that this build step must go.
 */
import { parseAst, type Plugin } from 'vite';

/** antd's table filter dropdown module (antd/es/table/hooks/useFilter/FilterDropdown.js). */
export const filterDropdownModule = /[\\/]node_modules[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/;

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: { type: string; id?: { name: string } } | null;
  specifiers?: { local: { name: string } }[];
}

export const filtersLeftOut = 'antd table column filters are left out of this build (apps/web/scripts/antd-table-filters.ts): filter in a card, or remove that step';

/** The module with only `flattenKeys` (and the imports it uses) and a default export that refuses to render. */
export function withoutFilterDropdown(code: string): string {
  const body = (parseAst(code) as unknown as { body: Node[] }).body;
  const flatten = body.find((n) => n.type === 'ExportNamedDeclaration' && n.declaration?.type === 'FunctionDeclaration' && n.declaration.id?.name === 'flattenKeys');
  if (!flatten) throw new Error('antd FilterDropdown.js no longer exports flattenKeys: check apps/web/scripts/antd-table-filters.ts against the installed antd');
  const fn = code.slice(flatten.start, flatten.end);
  const imports = body
    .filter((n) => n.type === 'ImportDeclaration' && n.specifiers?.some((s) => new RegExp(`\\b${s.local.name}\\b`).test(fn)))
    .map((n) => code.slice(n.start, n.end));
  return [...imports, fn, `export default function FilterDropdown() {\n  throw new Error(${JSON.stringify(filtersLeftOut)});\n}`, ''].join('\n');
}

export function antdTableFilters(): Plugin {
  return {
    name: 'cc-antd-table-filters',
    apply: 'build',
    transform: {
      filter: { id: filterDropdownModule },
      handler(code, id) {
        return filterDropdownModule.test(id) ? { code: withoutFilterDropdown(code), map: null } : null;
      },
    },
  };
}
