/**
 * The one HTTP client (doc 02 §7, §8; spec README "Calls"): fetch + AbortController.
 *
 * - Sends the stored token in `token` and `Authorization`, the current language in `lang`; bodies are JSON.
 * - Stores a refreshed token from the `authorization` response header.
 * - Unwraps `{ code, data, msg }`: code 200 gives `data`, another code throws ApiError (code, msg, data, errors).
 * - HTTP 401 purges the session (the app then goes to /sign-in); HTTP 500 toasts 服务器内部错误！;
 *   no response toasts 与服务器断开连接~ after 150 ms unless the call was cancelled on purpose.
 * - Duplicates: an identical request (method + URL + body) made while one is in flight is not sent again;
 *   the later caller shares the earlier one's answer. Either caller may abort on its own; the network
 *   request is aborted only when every caller has gone. (The spec's "duplicates are cancelled": the
 *   duplicate never reaches the server, and nobody receives a spurious cancellation error.)
 */
import { errorCodes } from '@cc/contracts/errors';
import { callHeaders, firstCallsGlobal, type StartedFirstCall } from '@cc/contracts/first-calls';
import type { Locale } from '@cc/contracts/messages-core';
import { i18n, currentLocale } from '../i18n/index.ts';
import { notify } from './notify.ts';
import { getToken, purgeSession, setToken } from './session.ts';

/** Doc 02 §9 time limits. */
export const timeouts = {
  default: 30_000,
  orderStatus: 60_000,
  batchKeyCreation: 20 * 60_000,
  orderCreate: 20 * 60_000,
} as const;

/** Delay before the "disconnected" toast, so that cancellations caused by leaving the page stay quiet. */
export const networkToastDelayMs = 150;

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  timeout?: number;
  signal?: AbortSignal;
  /** Sign-in, sign-up and the second step: keep the token they return, also in a 10-year cookie. */
  startsSession?: boolean;
  /** No toasts for network loss or 500 (the caller reports the failure itself). */
  quiet?: boolean;
  /** The language the answer is asked in: the current one unless given (a call started before the stored one applies). */
  lang?: Locale;
}

/** A business error (HTTP 200 with code ≠ 200) or an HTTP error status with an envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown,
    /** Field messages from the server plus `msg` itself (doc 02 §8: the body msg goes into errors). */
    readonly errors: Record<string, string>,
    readonly status: number,
  ) {
    super(msg);
  }
}

/** No response: connection lost, server down, or our own time limit. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

export function isAbortError(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

let apiBase = '';
/** From the site configuration (`apiBaseURL`); empty means the same origin. */
export function setApiBase(base: string) {
  apiBase = base.replace(/\/+$/, '');
}

let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export function buildUrl(path: string, query?: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.append(k, String(v));
  const s = qs.toString();
  return `${apiBase}${path}${s ? (path.includes('?') ? '&' : '?') + s : ''}`;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  users: number;
}
const inFlight = new Map<string, Flight>();

/** What makes two calls the same call: method, URL and body (in flight, and for early answers). */
const callKey = (method: string, url: string, body: string | undefined) => `${method} ${url} ${body ?? ''}`;

/** Calls started before the page that needs them has rendered (`prefetch`), until that page asks for them. */
const early = new Map<string, { promise: Promise<unknown>; token: string | null; lang: string; at: number }>();
/** How long an early answer waits for its page: a later call asks the server afresh. */
const earlyMs = 10_000;

/**
 * Takes the calls the console's page started before this code arrived (@cc/contracts/first-calls): each becomes an
 * early answer, as `prefetch` makes them, for the page's identical call (same token and language) to take.
 */
function adoptFirstCalls() {
  if (typeof window === 'undefined') return;
  const holder = window as unknown as Record<string, StartedFirstCall[] | undefined>;
  const started = holder[firstCallsGlobal];
  delete holder[firstCallsGlobal];
  for (const c of started ?? []) {
    const promise = send(c.url, c.method, c.body, { lang: c.lang, quiet: c.quiet }, new AbortController(), { response: c.response, token: c.token });
    promise.catch(() => undefined);
    early.set(callKey(c.method, c.url, c.body), { promise, token: c.token, lang: c.lang, at: c.at });
  }
}
adoptFirstCalls();

/**
 * Starts a call a page will make once its code has loaded and rendered, so that its answer travels while the code
 * does. The page's own identical call (same token and language) takes this answer once; it stays the page's call
 * (its errors, its toasts).
 */
export function prefetch(path: string, opts: Pick<RequestOptions, 'method' | 'body' | 'query' | 'quiet' | 'lang'> = {}) {
  const method = opts.method ?? 'GET';
  const url = buildUrl(path, opts.query);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const key = callKey(method, url, body);
  if (early.has(key) || !getToken()) return;
  const lang = opts.lang ?? currentLocale();
  const promise = http(path, { ...opts, lang });
  // Nobody may come for it (another page, a sign-out): its failure is the page's to report, not an unhandled rejection.
  promise.catch(() => undefined);
  early.set(key, { promise, token: getToken(), lang, at: Date.now() });
}

/** Calls the API and answers `data` of a code-200 envelope. */
export function http<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const url = buildUrl(path, opts.query);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const key = callKey(method, url, body);

  const started = early.get(key);
  if (started) {
    early.delete(key);
    if (started.token === getToken() && started.lang === (opts.lang ?? currentLocale()) && Date.now() - started.at < earlyMs && !opts.signal?.aborted) return started.promise as Promise<T>;
    // Asked with another token or language: this call must not join that flight either.
    inFlight.delete(key);
  }

  // A versioned signed-in call with no token cannot succeed: sign out here instead (doc 02 §4).
  if (path.startsWith('/v1/') && !getToken()) {
    purgeSession();
    return Promise.reject(new ApiError(401, i18n.t('layout.signedOut'), null, {}, 401));
  }

  let flight = inFlight.get(key);
  if (!flight) {
    const controller = new AbortController();
    const f: Flight = { controller, users: 0, promise: Promise.resolve() };
    f.promise = send(url, method, body, opts, controller).finally(() => {
      if (inFlight.get(key) === f) inFlight.delete(key);
    });
    inFlight.set(key, f);
    flight = f;
  }
  const shared = flight;
  shared.users++;

  return new Promise<T>((resolve, reject) => {
    const signal = opts.signal;
    const leave = () => {
      shared.users--;
      if (shared.users === 0) {
        // Forget the flight now, not when fetch rejects: an identical call made meanwhile (a refetch,
        // a remount) must start afresh rather than share a cancellation it did not ask for.
        if (inFlight.get(key) === shared) inFlight.delete(key);
        shared.controller.abort();
      }
      reject(new DOMException('The request was cancelled', 'AbortError'));
    };
    if (signal?.aborted) return leave();
    signal?.addEventListener('abort', leave, { once: true });
    shared.promise.then(
      (v) => resolve(v as T),
      (e: unknown) => reject(e),
    ).finally(() => signal?.removeEventListener('abort', leave));
  });
}

/** A request the page sent already (adoptFirstCalls): its response, and the token it carried. */
interface SentAlready {
  response: Promise<Response>;
  /** null: the page sent it signed out. */
  token: string | null;
}

/** The response, or an AbortError once `signal` aborts (a request this code did not send cannot be aborted). */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('The request was cancelled', 'AbortError')), { once: true });
    response.then(resolve, reject);
  });
}

async function send(url: string, method: string, body: string | undefined, opts: RequestOptions, controller: AbortController, sent?: SentAlready): Promise<unknown> {
  const sentToken = sent ? sent.token : getToken();
  const headers = callHeaders(sentToken, opts.lang ?? currentLocale(), body !== undefined);

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeout ?? timeouts.default);

  let res: Response;
  try {
    res = await (sent ? untilAborted(sent.response, controller.signal) : fetch(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin' }));
  } catch (e) {
    clearTimeout(timer);
    if (controller.signal.aborted && !timedOut) throw new DOMException('The request was cancelled', 'AbortError');
    if (!opts.quiet) {
      setTimeout(() => {
        if (!leaving) notify.error(i18n.t('http.disconnected'));
      }, networkToastDelayMs);
    }
    throw new NetworkError(timedOut ? 'timeout' : e instanceof Error ? e.message : 'network error', timedOut);
  }
  clearTimeout(timer);

  // Refreshed token: kept when a sign-in call hands one out, or when it renews the one we sent
  // (a late answer must not bring back a session that was signed out meanwhile).
  const fresh = res.headers.get('authorization');
  if (fresh) {
    if (opts.startsSession) setToken(fresh, { cookie: true });
    else if (sentToken && getToken() === sentToken) setToken(fresh);
  }

  const payload: unknown = await res.json().catch(() => null);
  const env = isEnvelope(payload) ? payload : null;

  if (res.status === 401) {
    purgeSession();
    throw new ApiError(401, env?.msg ?? 'unauthorized', null, { msg: env?.msg ?? '' }, 401);
  }
  if (res.status >= 500) {
    if (!opts.quiet) notify.error(i18n.t('http.serverError'));
    throw new ApiError(env?.code ?? res.status, env?.msg ?? i18n.t('http.serverError'), null, { msg: env?.msg ?? '' }, res.status);
  }
  if (!env) throw new ApiError(res.status, `HTTP ${res.status}`, payload, {}, res.status);
  if (env.code !== errorCodes.OK) throw new ApiError(env.code, env.msg, env.data ?? null, { msg: env.msg, ...(env.errors ?? {}) }, res.status);
  return env.data;
}

interface RawEnvelope {
  code: number;
  msg: string;
  data?: unknown;
  errors?: Record<string, string>;
}

function isEnvelope(v: unknown): v is RawEnvelope {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

/** The field messages of an ApiError without the general `msg` entry. */
export function fieldErrors(e: ApiError): Record<string, string> {
  const { msg: _msg, ...rest } = e.errors;
  return rest;
}
