/**
 * Build step: antd modules that import a large module for one small helper import the helper alone.
 *
 * Why: Rolldown puts a module in the chunks of every page that reaches it through static imports, whether or not the
 * page uses what it imports (tree-shaking decides what a module keeps, once for the whole console, not per page). An
 * antd Input reaches all of rc-form, its validator included, through the form context's import of one provider; a
 * table's radio group reaches antd's useForm (and scroll-into-view) for a two-line name helper; every Button's and
 * Tag's component tokens reach the colour picker's presets panel, and through it Collapse, for a brightness test.
 * Because the console's forms use all of that elsewhere, the orders list and the dashboard carried ~25 kB of it
 * (compressed) before their first paint without running a line of it.
 *
 * How: each such import is pointed at a module holding only what it names: the module antd's own source already
 * declares it in, or, where that module is the heavy one, a module made of that declaration and the imports it uses,
 * read from antd's file as installed. The build fails if an import is no longer found as written here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

export interface Narrowing {
  /** The importing module, under node_modules. */
  importer: string;
  /** Its import's source as written. */
  from: string;
  /** The names it imports. */
  names: string[];
  /** A module (a package path) that already declares them alone; without it they are picked out of `from`. */
  to?: string;
}

export const narrowings: Narrowing[] = [
  // FormContext.js declares the provider; the package index imports every part of rc-form besides.
  { importer: 'antd/es/form/context.js', from: '@rc-component/form', names: ['FormProvider'], to: '@rc-component/form/es/FormContext' },
  { importer: 'antd/es/radio/group.js', from: '../form/hooks/useForm', names: ['toNamePathStr'] },
  { importer: 'antd/es/tag/style/index.js', from: '../../color-picker/components/ColorPresets', names: ['isBright'] },
  { importer: 'antd/es/button/style/token.js', from: '../../color-picker/components/ColorPresets', names: ['isBright'] },
];

/** Virtual modules of picked declarations: the prefix, then the file, `?`, and the names. */
const picked = '\0cc-picked:';

interface AstNode {
  type: string;
  start: number;
  end: number;
  source?: { value: string };
  specifiers?: { type: string; local: { name: string }; imported?: { name: string } }[];
  declaration?: { type: string; id?: { name: string }; declarations?: { id: { name: string } }[] } | null;
}

const bodyOf = (code: string) => (parseAst(code) as unknown as { body: AstNode[] }).body;

/** The names an import declaration brings in, as the module it imports exports them. */
function importedNames(node: AstNode): string[] {
  return (node.specifiers ?? []).map((s) => (s.type === 'ImportSpecifier' ? s.imported!.name : s.type === 'ImportDefaultSpecifier' ? 'default' : '*'));
}

/** The importer with that one import's source replaced; throws if the import is not there exactly as described. */
export function narrowedImporter(code: string, narrowing: Narrowing, to: string): string {
  const found = bodyOf(code).filter((n) => n.type === 'ImportDeclaration' && n.source?.value === narrowing.from);
  const names = found.flatMap(importedNames);
  if (found.length !== 1 || names.join() !== narrowing.names.join()) {
    throw new Error(
      `antd narrow imports: ${narrowing.importer} no longer imports exactly { ${narrowing.names.join(', ')} } from '${narrowing.from}' ` +
        `(found ${names.join(', ') || 'nothing'}): check apps/web/scripts/antd-narrow-imports.ts against the installed antd`,
    );
  }
  const source = found[0]!.source as unknown as AstNode;
  return `${code.slice(0, source.start)}${JSON.stringify(to)}${code.slice(source.end)}`;
}

/** The names a top-level statement declares (exported or not). */
function declaredNames(node: AstNode): string[] {
  const d = (node.type === 'ExportNamedDeclaration' ? node.declaration : node) as (AstNode['declaration'] & { declarations?: { id: { name?: string } }[] }) | null | undefined;
  if (!d) return [];
  if (d.id) return [d.id.name];
  return (d.declarations ?? []).flatMap((v) => (v.id.name ? [v.id.name] : []));
}

/** A module of the named exported declarations of `code` and the imports they use (by name). */
export function pickDeclarations(code: string, names: string[]): string {
  const body = bodyOf(code);
  const picks = names.map((name) => {
    const node = body.find((n) => n.type === 'ExportNamedDeclaration' && declaredNames(n).includes(name));
    if (!node) throw new Error(`antd narrow imports: no exported declaration of ${name} to pick`);
    return node;
  });
  const used = picks.map((n) => code.slice(n.start, n.end)).join('\n');
  const mentions = (name: string) => new RegExp(`(?<![.\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(used);
  // A declaration that uses another of the module's own names cannot stand alone: say so rather than build it.
  for (const n of body) {
    if (picks.includes(n) || n.type === 'ImportDeclaration') continue;
    const beside = declaredNames(n).find(mentions);
    if (beside) throw new Error(`antd narrow imports: ${names.join(', ')} uses ${beside}, declared beside it: pick it too`);
  }
  const imports = body
    .filter((n) => n.type === 'ImportDeclaration' && n.specifiers?.some((s) => mentions(s.local.name)))
    .map((n) => code.slice(n.start, n.end));
  return [...imports, used, ''].join('\n');
}

const nodeModules = path.join(import.meta.dirname, '../../../node_modules');

export function antdNarrowImports(): Plugin {
  const byImporter = new Map(narrowings.map((n) => [path.join(nodeModules, n.importer), n] as const));
  return {
    name: 'cc-antd-narrow-imports',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]antd[\\/]es[\\/]/ },
      handler(code, id) {
        const narrowing = byImporter.get(id);
        if (!narrowing) return null;
        const to = narrowing.to ?? `${picked}${path.resolve(path.dirname(id), narrowing.from)}.js?${narrowing.names.join(',')}`;
        return { code: narrowedImporter(code, narrowing, to), map: null };
      },
    },
    resolveId: {
      filter: { id: /^\0cc-picked:/ },
      handler(id) {
        return id.startsWith(picked) ? id : null;
      },
    },
    load: {
      filter: { id: /^\0cc-picked:/ },
      async handler(id) {
        if (!id.startsWith(picked)) return null;
        const [file, names] = id.slice(picked.length).split('?') as [string, string];
        const out = pickDeclarations(await readFile(file, 'utf8'), names.split(','));
        // Each import resolved from the picked file's own place, as it would have been there.
        let text = out;
        for (const n of bodyOf(out).filter((b) => b.type === 'ImportDeclaration').reverse()) {
          const s = n.source as unknown as AstNode;
          const resolved = await this.resolve(n.source!.value, file);
          if (!resolved) throw new Error(`antd narrow imports: ${n.source!.value} (imported by ${file}) does not resolve`);
          text = `${text.slice(0, s.start)}${JSON.stringify(resolved.id)}${text.slice(s.end)}`;
        }
        return { code: text, map: null };
      },
    },
  };
}
