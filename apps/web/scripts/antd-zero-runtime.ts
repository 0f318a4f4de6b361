/**
 * Build step: antd's style functions are left out of the console's code. The console runs antd with
 * `theme.zeroRuntime` (app/providers.tsx) and takes every component's styles from antd's built stylesheet
 * (main.tsx), so the function each component's style hook is made from (`genStyleHooks(name, styleFn, tokens)`)
 * is never called: the hook returns before it. Those functions and the files they import (a few hundred kB
 * before compression across antd) would still ship with every component. Here each one is replaced with a
 * function that makes no style, and tree-shaking drops what it imported. The component tokens (the third
 * argument), which become the theme's CSS variables, stay.
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

/** The source ranges of the style functions passed to antd's style hook makers. */
export function styleFunctionRanges(code: string): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: AstNode) => {
    const styleFn = node.arguments?.[1];
    if (node.type === 'CallExpression' && node.callee?.type === 'Identifier' && styleHookMakers.has(node.callee.name ?? '') && styleFn) {
      ranges.push([styleFn.start, styleFn.end]);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.filter(isNode).forEach(visit);
      else if (isNode(value)) visit(value);
    }
  };
  visit(parseAst(code) as unknown as AstNode);
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

export function antdZeroRuntime(): Plugin {
  return {
    name: 'cc-antd-zero-runtime',
    apply: 'build',
    transform: {
      filter: { id: styleModule },
      handler(code, id) {
        if (!styleModule.test(id)) return null;
        const out = withoutStyleFunctions(code);
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
