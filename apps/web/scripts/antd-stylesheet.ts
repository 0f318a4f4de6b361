/**
 * Build step: antd's built stylesheet (main.tsx imports it whole, ~960 kB before compression) is cut to what a page
 * can render, and shared out so that each page loads only the rules of the components it shows.
 *
 * - Components the console never renders go. Which ones it does is read from the code, not listed by hand: the
 *   antd modules the console imports (`antd/es/<component>`) and, through antd's own imports, every component they
 *   render in turn (a table's pagination, checkbox, dropdown...). Rules whose selector names a class of a component
 *   outside that set can match nothing.
 * - The rest is cut per component: a rule goes with the component whose class its selector names first, and that
 *   component's style module (the one antd's runtime would call to make those rules) imports it, so it travels in
 *   the component's chunk and Vite loads it before that chunk runs. A rule can match only where its first class's
 *   component is rendered, and that component imports its style module, so every rule is there when it can match.
 *   What names no component (reset, motion, the wave effect, keyframes) stays in the sheet main.tsx imports.
 * - antd's sheet also declares the component tokens for the class names its own build gave the theme
 *   (`.css-var-_R_0_`); the console's theme makes them at run time under the browser's own names, so those go.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/** A component's classes when they are not `ant-<folder>`; a folder missing here and sharing classes is never pruned. */
const classPrefixes: Record<string, string[]> = {
  button: ['ant-btn'],
  badge: ['ant-badge', 'ant-ribbon', 'ant-scroll-number'],
  'date-picker': ['ant-picker'],
  grid: ['ant-col', 'ant-row'],
  'float-button': ['ant-float-btn'],
  'back-top': ['ant-back-top'],
  'tree-select': ['ant-tree-select', 'ant-select-tree'],
  'qr-code': ['ant-qrcode'],
  qrcode: ['ant-qrcode'],
  calendar: ['ant-picker-calendar'],
  // These draw with another component's classes (the picker's, the select's, the grid's) and import it.
  'time-picker': [],
  'auto-complete': [],
  col: [],
  row: [],
  _util: [],
  style: [],
  theme: [],
  locale: [],
  version: [],
  'config-provider': [],
};

const prefixesOf = (folder: string) => classPrefixes[folder] ?? [`ant-${folder}`];

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
  const claimed = new Set([...used].flatMap(prefixesOf));
  return componentFolders(antdEs)
    .filter((f) => !used.has(f))
    .flatMap(prefixesOf)
    .filter((p) => ![...claimed].some((c) => c === p || c.startsWith(`${p}-`)));
}

const componentFolders = (antdEs: string) => readdirSync(antdEs).filter((f) => statSync(path.join(antdEs, f)).isDirectory());

const classesOf = (selector: string) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, cls]) => cls!);
const hasPrefix = (cls: string, prefix: string) => cls === prefix || cls.startsWith(`${prefix}-`);
const inKeyframes = (rule: postcss.Rule) => rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name);

/** The stylesheet without the selectors that name a class of an unused component, or a class antd's own build named. */
export function pruneStylesheet(css: string, unused: string[]): string {
  const dead = (cls: string) => cls.startsWith('css-var-_R_') || unused.some((p) => hasPrefix(cls, p));
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframe steps (from, 50%...) are not selectors of elements.
    if (inKeyframes(rule)) return;
    const kept = rule.selectors.filter((s) => !classesOf(s).some(dead));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes?.length === 0) at.remove();
  });
  return root.toString();
}

/** Which component folder a class is drawn by: the one whose prefix it has, the longest if several. */
export function classOwner(folders: string[]): (cls: string) => string | undefined {
  const prefixes = folders.flatMap((f) => prefixesOf(f).map((p) => ({ p, f }))).sort((a, b) => b.p.length - a.p.length);
  return (cls) => prefixes.find(({ p }) => hasPrefix(cls, p))?.f;
}

export interface SplitStylesheet {
  /** What names no component: reset, motion, keyframes. */
  base: string;
  /** Each component folder's rules, in the stylesheet's order. */
  sheets: Map<string, string>;
}

/**
 * The stylesheet shared out by the component each selector names first (`owner`); a rule whose selectors name
 * several components is cut into one rule per component, an at-rule (@media) repeated around each part.
 */
export function splitStylesheet(css: string, owner: (cls: string) => string | undefined): SplitStylesheet {
  const roots = new Map<string, postcss.Root>();
  const base = postcss.root();
  const rootOf = (folder: string | undefined) => {
    if (folder === undefined) return base;
    let r = roots.get(folder);
    if (!r) roots.set(folder, (r = postcss.root()));
    return r;
  };
  const ownerOf = (selector: string) => {
    for (const cls of classesOf(selector)) {
      const f = owner(cls);
      if (f) return f;
    }
    return undefined;
  };
  /** Each at-rule copy in a sheet and the at-rule it was copied from. */
  const copiedFrom = new WeakMap<postcss.AtRule, postcss.AtRule>();
  /** Adds `node` to a sheet inside copies of the at-rules that held it (outermost first). */
  const place = (folder: string | undefined, node: postcss.ChildNode, wrappers: postcss.AtRule[]) => {
    let into: postcss.Container = rootOf(folder);
    for (const w of wrappers) {
      // The same at-rule continues while its parts follow one another in this sheet.
      const last = into.last;
      if (last?.type === 'atrule' && copiedFrom.get(last) === w) into = last;
      else {
        const copy = w.clone({ nodes: [] });
        copiedFrom.set(copy, w);
        into.append(copy);
        into = copy;
      }
    }
    into.append(node);
  };
  const visit = (node: postcss.ChildNode, wrappers: postcss.AtRule[]) => {
    if (node.type === 'rule' && !inKeyframes(node)) {
      const bySheet = new Map<string | undefined, string[]>();
      for (const s of node.selectors) {
        const folder = ownerOf(s);
        bySheet.set(folder, [...(bySheet.get(folder) ?? []), s]);
      }
      for (const [folder, selectors] of bySheet) place(folder, node.clone({ selectors }), wrappers);
    } else if (node.type === 'atrule' && node.nodes && !/keyframes$/i.test(node.name)) {
      for (const child of node.nodes) visit(child, [...wrappers, node]);
    } else {
      place(undefined, node.clone(), wrappers);
    }
  };
  for (const node of postcss.parse(css).nodes) visit(node, []);
  return { base: base.toString(), sheets: new Map([...roots].map(([f, r]) => [f, r.toString()])) };
}

/** A component's style module: the one its style hook is made in (antd/es/<folder>/style/*.js). */
const styleModule = /[\\/]node_modules[\\/]antd[\\/]es[\\/]([^\\/]+)[\\/]style[\\/][^\\/]+\.js$/;
const makesStyleHook = /\b(?:genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(/;
const wholeSheet = /[\\/]antd[\\/]dist[\\/]antd\.css$/;
const sheetId = (folder: string) => `\0cc-antd-sheet:${folder}.css`;
const sheetIdPattern = /^\0cc-antd-sheet:(.+)\.css$/;

export function antdStylesheet(): Plugin {
  let root = '';
  let split: SplitStylesheet | undefined;
  /** The stylesheet cut once per build, from antd's folder as the build resolves it. */
  const splitOnce = (antdEs: string) => {
    if (!split) {
      const css = readFileSync(path.join(antdEs, '../dist/antd.css'), 'utf8');
      const used = antdComponentsUsed(path.join(root, 'src'), antdEs);
      const pruned = pruneStylesheet(css, unusedClassPrefixes(used, antdEs));
      split = splitStylesheet(pruned, classOwner(componentFolders(antdEs)));
    }
    return split;
  };
  return {
    name: 'cc-antd-stylesheet',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      split = undefined;
    },
    resolveId: {
      filter: { id: sheetIdPattern },
      handler: (id) => (sheetIdPattern.test(id) ? id : null),
    },
    load: {
      filter: { id: sheetIdPattern },
      handler(id) {
        const folder = sheetIdPattern.exec(id)?.[1];
        return folder && split ? { code: split.sheets.get(folder) ?? '', map: null } : null;
      },
    },
    transform: {
      filter: { id: [wholeSheet, styleModule] },
      handler(code, id) {
        // main.tsx's import of the whole sheet: what names no component.
        if (wholeSheet.test(id)) return { code: splitOnce(path.join(path.dirname(path.dirname(id)), 'es')).base, map: null };
        // A style module that makes a component's style hook brings that component's rules.
        const folder = styleModule.exec(id)?.[1];
        if (!folder || !makesStyleHook.test(code)) return null;
        const antdEs = id.slice(0, id.lastIndexOf(`${path.sep}${folder}${path.sep}style${path.sep}`));
        if (!splitOnce(antdEs).sheets.get(folder)) return null;
        return { code: `import ${JSON.stringify(sheetId(folder))};\n${code}`, map: null };
      },
    },
  };
}
