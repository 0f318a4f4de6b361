/**
 * Build step: antd's form items and tables stop reading the page's layout when nothing uses what they read.
 *
 * Every Form.Item asks whether it is on screen (`isVisible`: offsetParent) each time it renders, and every one with
 * an `extra` line measures that line's height as it mounts. Both figures serve one purpose: holding the item's height
 * while an error message animates in or out (the margin it measures, `marginBottom`, is set only then). Yet they are
 * read on every render and mount, and a read in the middle of React's work makes the browser lay out the whole page
 * there and then: on the order screen one such read is ~110 ms of a 4×-slowed phone's longest task. Here each read
 * waits until its figure is used: `isVisible` while the item shows an error, the `extra` height while it holds a
 * margin (and again when it starts to).
 *
 * Every table (rc-table, under antd's Table) measures the width of a scroll bar as it mounts: it adds a stylesheet
 * and an element to the page and reads the element's size, so the browser restyles and lays out the whole page in the
 * middle of the commit (on the orders list, 143 ms of a 4×-slowed phone's 220 ms task after the first paint). The
 * width is used only by a table with a fixed header or a sticky one (its header's columns leave room for the bar);
 * here only such a table measures it, and again if it becomes one. Everything else in the modules is antd's own.
 */
import type { Plugin } from 'vite';

interface Edit {
  /** antd's module (under antd/es/form, or rc-table's). */
  module: RegExp;
  /** The exact source it replaces: if an antd upgrade changes it, the build stops and says where. */
  from: string;
  to: string;
}

const itemHolderModule = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]FormItem[\\/]ItemHolder\.js$/;
const itemInputModule = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]FormItemInput\.js$/;
const tableModule = /[\\/]node_modules[\\/]@rc-component[\\/]table[\\/]es[\\/]Table\.js$/;

export const layoutReadEdits: Edit[] = [
  {
    module: itemHolderModule,
    from: 'const isOnScreen = !!itemRef.current && isVisible(itemRef.current);',
    to: 'const isOnScreen = hasError && !!itemRef.current && isVisible(itemRef.current);',
  },
  {
    module: itemInputModule,
    from: 'if (hasExtra && extraRef.current) {\n      setExtraHeight(extraRef.current.clientHeight);',
    to: 'if (hasExtra && extraRef.current && marginBottom) {\n      setExtraHeight(extraRef.current.clientHeight);',
  },
  {
    module: itemInputModule,
    from: '}, [extra, hasExtra]);',
    to: '}, [extra, hasExtra, !!marginBottom]);',
  },
  {
    module: tableModule,
    from: 'useLayoutEffect(() => {\n    if (!tailor || !useInternalHooks) {\n      if (scrollBodyRef.current instanceof Element) {\n        setScrollbarSize(getTargetScrollBarSize(scrollBodyRef.current).width);\n      } else {\n        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);\n      }\n    }\n  }, []);',
    to: 'useLayoutEffect(() => {\n    if ((!tailor || !useInternalHooks) && (fixHeader || isSticky)) {\n      if (scrollBodyRef.current instanceof Element) {\n        setScrollbarSize(getTargetScrollBarSize(scrollBodyRef.current).width);\n      } else {\n        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);\n      }\n    }\n  }, [!!(fixHeader || isSticky)]);',
  },
];

/** The module's source with its edits made; null when none is for it. */
export function withLazyLayoutReads(code: string, id: string): string | null {
  const edits = layoutReadEdits.filter((e) => e.module.test(id));
  if (!edits.length) return null;
  let out = code;
  for (const e of edits) {
    if (out.split(e.from).length !== 2) {
      throw new Error(`antd's ${id.split(/[\\/]node_modules[\\/]/).pop()} no longer reads "${e.from}" once: check apps/web/scripts/antd-layout-reads.ts against the installed antd`);
    }
    out = out.replace(e.from, e.to);
  }
  return out;
}

export function antdLayoutReads(): Plugin {
  return {
    name: 'cc-antd-layout-reads',
    apply: 'build',
    transform: {
      // Only the modules an edit is for.
      filter: { id: [itemHolderModule, itemInputModule, tableModule] },
      handler(code, id) {
        const out = withLazyLayoutReads(code, id);
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
