/**
 * The calls a console page starts itself, before the console's code has arrived: the server writes the route's calls
 * into the page (`firstCallsElementId`, JSON) with `firstCallsScript`, which starts them with the stored session and
 * language and leaves them in `window[firstCallsGlobal]`; the console's HTTP client (apps/web/src/lib/http.ts) takes
 * each answer for its own identical call. On a phone the code takes seconds to arrive: the answers travel meanwhile.
 */
import type { Locale } from './messages-core.ts';

/** A call as the console makes it: `url` as its HTTP client builds it, `body` already JSON. */
export interface FirstCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: string;
  /** The call reports no failure itself (its page does). */
  quiet?: boolean;
  /** Started signed out too (the site configuration every page waits for); the others only with a stored session. */
  anyone?: boolean;
}

/** A first call under way, with what it was sent with: the client takes it only for the same token and language. */
export interface StartedFirstCall extends FirstCall {
  /** null: started signed out (an `anyone` call). */
  token: string | null;
  lang: Locale;
  /** Date.now() when it left. */
  at: number;
  response: Promise<Response>;
}

export const firstCallsElementId = 'cc-first-calls';
export const firstCallsGlobal = 'ccFirstCalls';
/** Where the console keeps the session token and the chosen language (apps/web/src/lib/session.ts, i18n/index.ts). */
export const storedTokenKey = 'token';
export const storedLanguageKey = 'lang';

/** The headers the console sends with a call (the HTTP client's own, so that an answer started here is the same answer). */
export function callHeaders(token: string | null, lang: Locale, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', lang };
  if (withBody) headers['content-type'] = 'application/json';
  if (token) {
    headers.token = token;
    headers.authorization = token;
  }
  return headers;
}
