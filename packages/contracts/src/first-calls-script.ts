/** The console page's inline script that starts its first calls (first-calls.ts): the server's, never the console's bundle. */
import { firstCallsElementId, firstCallsGlobal, storedLanguageKey, storedTokenKey } from './first-calls.ts';

/**
 * The page's inline script (its hash is in the console's Content-Security-Policy). Plain ES5-level JavaScript in a
 * string, not a function's source (a compiler may add helpers to that): it sends `callHeaders`'s headers (a test
 * runs it against the function). Without a stored session it starts only the calls made signed out too (`anyone`):
 * the console sends the visitor to sign-in; the language is the console's first one: the stored choice, else Chinese
 * (i18n/index.ts initialLanguage).
 */
export const firstCallsScript = [
  '(function () {',
  '  try {',
  `    var list = document.getElementById(${JSON.stringify(firstCallsElementId)});`,
  `    var token = localStorage.getItem(${JSON.stringify(storedTokenKey)});`,
  '    if (!list) return;',
  `    var lang = localStorage.getItem(${JSON.stringify(storedLanguageKey)});`,
  "    if (lang !== 'en' && lang !== 'zh') lang = 'zh';",
  '    var calls = JSON.parse(list.textContent).filter(function (c) { return token || c.anyone; });',
  '    if (!calls.length) return;',
  `    window[${JSON.stringify(firstCallsGlobal)}] = calls.map(function (c) {`,
  "      var headers = { accept: 'application/json', lang: lang };",
  "      if (c.body !== undefined) headers['content-type'] = 'application/json';",
  '      if (token) {',
  '        headers.token = token;',
  '        headers.authorization = token;',
  '      }',
  "      var started = { method: c.method, url: c.url, body: c.body, quiet: c.quiet, token: token, lang: lang, at: Date.now() };",
  "      started.response = fetch(c.url, { method: c.method, headers: headers, body: c.body, credentials: 'same-origin' });",
  '      return started;',
  '    });',
  '  } catch (e) {',
  '    // The console makes its calls itself.',
  '  }',
  '})();',
].join('\n');
