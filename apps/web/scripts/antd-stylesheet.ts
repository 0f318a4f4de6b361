/**
 * Build step: antd's built stylesheet (main.tsx imports it whole, ~960 kB before compression, and it blocks the first
 * paint) keeps only the components the console can render. Which ones is read from the code, not listed by hand:
 * the antd modules the console imports (`antd/es/<component>`) and, through antd's own imports, every component they
 * render in turn (a table's pagination, checkbox, dropdown...). Rules whose selector names a class of a component
 * outside that set can match nothing, so they go; everything else (reset, motion, shared keyframes) stays.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/** A component's classes when they are not `ant-<folder>`; a folder missing here and sharing classes is never pruned. */
const classPrefixes: Record<string, string[]> = {
  'float-button': ['ant-float-btn'],
  'back-top': ['ant-back-top'],
  'tree-select': ['ant-tree-select', 'ant-select-tree'],
  'qr-code': ['ant-qrcode'],
  qrcode: ['ant-qrcode'],
  calendar: ['ant-picker-calendar'],
  // These draw with another component's classes (the picker's, the select's, the grid's): never pruned on their own.
  'time-picker': [],
  'auto-complete': [],
  grid: [],
  _util: [],
  style: [],
  theme: [],
  locale: [],
  version: [],
  'config-provider': [],
};

const importPath = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(?:ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

function resolveModule(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.js`, path.join(base, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The antd component folders the console can render: those its source imports, and those their code imports.
 * Style modules are not followed (their functions are left out of the build: antd-zero-runtime.ts), nor
 * translations (a component's folder holds them for others to import).
 */
export function antdComponentsUsed(srcDir: string, antdEs: string): Set<string> {
  const used = new Set<string>();
  const seen = new Set<string>();
  const queue: string[] = [];
  const visit = (file: string) => {
    const rel = path.relative(antdEs, file).split(path.sep);
    if (rel[0] === '..' || rel.includes('style') || rel.includes('locale') || seen.has(file)) return;
    used.add(rel[0]!);
    seen.add(file);
    queue.push(file);
  };
  for (const file of sourceFiles(srcDir)) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(importPath)) {
      const m = /^antd\/es\/([^/]+)(\/.*)?$/.exec(spec!);
      const resolved = m && resolveModule(path.join(antdEs, 'x.js'), `./${m[1]}${m[2] ?? ''}`);
      if (resolved) visit(resolved);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(importPath)) {
      if (!spec!.startsWith('.')) continue;
      const resolved = resolveModule(file, spec!);
      if (resolved) visit(resolved);
    }
  }
  return used;
}

/** The class prefixes of the components outside `used`, for those whose classes are theirs alone. */
export function unusedClassPrefixes(used: Set<string>, antdEs: string): string[] {
  const folders = readdirSync(antdEs).filter((f) => statSync(path.join(antdEs, f)).isDirectory());
  const claimed = new Set([...used].flatMap((f) => classPrefixes[f] ?? [`ant-${f}`]));
  return folders
    .filter((f) => !used.has(f))
    .flatMap((f) => classPrefixes[f] ?? [`ant-${f}`])
    .filter((p) => ![...claimed].some((c) => c === p || c.startsWith(`${p}-`)));
}

/** The stylesheet without the selectors that name a class of an unused component. */
export function pruneStylesheet(css: string, unused: string[]): string {
  const belongsToUnused = (cls: string) => unused.some((p) => cls === p || cls.startsWith(`${p}-`));
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframe steps (from, 50%...) are not selectors of elements.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((s) => ![...s.matchAll(/\.(ant-[\w-]+)/g)].some(([, cls]) => belongsToUnused(cls!)));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes?.length === 0) at.remove();
  });
  return root.toString();
}

export function antdStylesheet(): Plugin {
  let root = '';
  return {
    name: 'cc-antd-stylesheet',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform: {
      filter: { id: /[\\/]antd[\\/]dist[\\/]antd\.css$/ },
      handler(css, id) {
        const antdEs = path.join(path.dirname(path.dirname(id)), 'es');
        const used = antdComponentsUsed(path.join(root, 'src'), antdEs);
        return { code: pruneStylesheet(css, unusedClassPrefixes(used, antdEs)), map: null };
      },
    },
  };
}
