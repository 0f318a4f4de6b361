/**
 * Build step: antd's style functions are left out of the console's code. The console runs antd with
 * `theme.zeroRuntime` (app/providers.tsx) and takes every component's styles from antd's built stylesheet
 * (main.tsx), so the function each component's style hook is made from (`genStyleHooks(name, styleFn, tokens)`)
 * is never called: the hook returns before it. Those functions and the files they import (a few hundred kB
 * before compression across antd) would still ship with every component. Here each one is replaced with a
 * function that makes no style, and tree-shaking drops what it imported. The component tokens (the third
 * argument), which become the theme's CSS variables, stay.
 *
 * What only the runtime styles used goes too: the part of each style hook after its zero-runtime return (it would
 * write the component's rules through stylis, @ant-design/cssinjs's style register and calc helpers), and the
 * ConfigProvider's icon style, whose rules (`.anticon`) antd's built stylesheet already has. ~10 kB compressed on
 * every page, sign-in included, and no duplicate icon rules written while the first page renders.
 */
import { parseAst, type Plugin } from 'vite';

/** antd's helpers that make a component's style hook from its style function (their second argument). */
const styleHookMakers = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/** A component's style module: antd/es/<component>/style/index.js (and the wave effect's style.js). */
const styleModule = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:.+[\\/]style[\\/][^\\/]+|_util[\\/]wave[\\/]style)\.js$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  callee?: { type: string; name?: string };
  arguments?: AstNode[];
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Calls `visit` on each node of the tree, parents first. */
function walk(node: AstNode, visit: (node: AstNode) => void) {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.filter(isNode).forEach((n) => walk(n, visit));
    else if (isNode(value)) walk(value, visit);
  }
}

/** The source ranges of the style functions passed to antd's style hook makers. */
export function styleFunctionRanges(code: string): [number, number][] {
  const ranges: [number, number][] = [];
  walk(parseAst(code) as unknown as AstNode, (node) => {
    const styleFn = node.arguments?.[1];
    if (node.type === 'CallExpression' && node.callee?.type === 'Identifier' && styleHookMakers.has(node.callee.name ?? '') && styleFn) {
      ranges.push([styleFn.start, styleFn.end]);
    }
  });
  return ranges;
}

/** The module with each style function replaced by one that makes no style. */
export function withoutStyleFunctions(code: string): string | null {
  const ranges = styleFunctionRanges(code);
  if (ranges.length === 0) return null;
  let out = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, start)}() => []${out.slice(end)}`;
  return out;
}

/** The module that makes antd's style hooks (@ant-design/cssinjs-utils). */
const styleUtilsModule = /[\\/]node_modules[\\/]@ant-design[\\/]cssinjs-utils[\\/]es[\\/]util[\\/]genStyleUtils\.js$/;
/** antd's ConfigProvider, which renders the icon style. */
const configProviderModule = /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;

/**
 * The style hook maker with each hook ending at its zero-runtime return: what follows writes styles at run time. Throws
 * if the installed version no longer has exactly one such return.
 */
export function withoutRuntimeStyleRegister(code: string): string {
  const cuts: [number, number][] = [];
  walk(parseAst(code) as unknown as AstNode, (node) => {
    if (node.type !== 'BlockStatement') return;
    const body = node.body as AstNode[];
    const at = body.findIndex((s) => s.type === 'IfStatement' && (s.test as { name?: string } | undefined)?.name === 'memoizedZeroRuntime');
    if (at >= 0) cuts.push([body[at]!.start, body.at(-1)!.end]);
  });
  if (cuts.length !== 1) throw new Error(`antd zero runtime: expected one zero-runtime return in genStyleUtils.js, found ${cuts.length}: check apps/web/scripts/antd-zero-runtime.ts`);
  const [start, end] = cuts[0]!;
  return `${code.slice(0, start)}return hashId;${code.slice(end)}`;
}

/** The ConfigProvider without its icon style call; throws if it is not there once. */
export function withoutIconStyle(code: string): string {
  const calls: AstNode[] = [];
  walk(parseAst(code) as unknown as AstNode, (node) => {
    const call = node.expression as AstNode | undefined;
    if (node.type === 'ExpressionStatement' && call?.type === 'CallExpression' && call.callee?.type === 'Identifier' && call.callee.name === 'useStyle') calls.push(node);
  });
  if (calls.length !== 1) throw new Error(`antd zero runtime: expected one icon style call in config-provider/index.js, found ${calls.length}: check apps/web/scripts/antd-zero-runtime.ts`);
  return `${code.slice(0, calls[0]!.start)}${code.slice(calls[0]!.end)}`;
}

export function antdZeroRuntime(): Plugin {
  return {
    name: 'cc-antd-zero-runtime',
    apply: 'build',
    transform: {
      filter: { id: [styleModule, styleUtilsModule, configProviderModule] },
      handler(code, id) {
        if (styleUtilsModule.test(id)) return { code: withoutRuntimeStyleRegister(code), map: null };
        if (configProviderModule.test(id)) return { code: withoutIconStyle(code), map: null };
        if (!styleModule.test(id)) return null;
        const out = withoutStyleFunctions(code);
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
