/**
 * Build step: the page's stylesheets before its scripts in the head. Vite writes the entry's script and module
 * preloads first; the browser asks for files in the order it reads them, and a server without priorities sends them
 * side by side, so the two small stylesheets that hold the first paint (the page's loading spinner) came last with
 * the ~60 scripts. Asked for first, they arrive first.
 */
import type { Plugin } from 'vite';

const stylesheetLink = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/** The head with its `<link rel="stylesheet">` tags moved before its first script or module preload, in their order. */
export function stylesheetsFirst(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const links = head.match(stylesheetLink);
  if (!links) return html;
  const rest = head.replace(stylesheetLink, '');
  const first = rest.search(/[ \t]*<(?:script|link rel="modulepreload")/);
  if (first < 0) return html;
  const moved = links.map((l) => (l.endsWith('\n') ? l : `${l}\n`)).join('');
  return rest.slice(0, first) + moved + rest.slice(first) + html.slice(headEnd);
}

export function stylesheetsFirstPlugin(): Plugin {
  return {
    name: 'cc-stylesheets-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: stylesheetsFirst },
  };
}
