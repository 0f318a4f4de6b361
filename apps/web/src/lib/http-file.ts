/**
 * The HTTP client's blob mode: a GET whose success is a file (zip and the like) rather than an envelope, sent
 * with the same token and language headers as `http` (an <a href> could not carry them). An error still comes
 * back as an envelope and throws ApiError. Kept apart from http.ts so the first page does not carry it.
 */
import { i18n, currentLocale } from '../i18n/index.ts';
import { ApiError, NetworkError, buildUrl, networkToastDelayMs, timeouts, type RequestOptions } from './http.ts';
import { notify } from './notify.ts';
import { getToken, purgeSession, setToken } from './session.ts';

export interface FileAnswer {
  blob: Blob;
  /** From content-disposition; 'download' when absent. */
  fileName: string;
}

interface RawEnvelope {
  code: number;
  msg: string;
  data?: unknown;
}
const isEnvelope = (v: unknown): v is RawEnvelope => typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

/** A GET, or a POST with a JSON body when the request carries what must not sit in an address (a private key). */
export async function httpFile(path: string, opts: Pick<RequestOptions, 'query' | 'timeout' | 'signal' | 'quiet'> & { body?: object } = {}): Promise<FileAnswer> {
  const sentToken = getToken();
  if (path.startsWith('/v1/') && !sentToken) {
    purgeSession();
    throw new ApiError(401, i18n.t('layout.signedOut'), null, {}, 401);
  }
  const headers: Record<string, string> = { accept: 'application/octet-stream, application/json', lang: currentLocale() };
  if (sentToken) {
    headers.token = sentToken;
    headers.authorization = sentToken;
  }
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeout ?? timeouts.default);
  try {
    let res: Response;
    try {
      res = await fetch(
        buildUrl(path, opts.query),
        opts.body
          ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(opts.body), signal: controller.signal, credentials: 'same-origin' }
          : { headers, signal: controller.signal, credentials: 'same-origin' },
      );
    } catch (e) {
      if (controller.signal.aborted && !timedOut) throw new DOMException('The request was cancelled', 'AbortError');
      if (!opts.quiet) setTimeout(() => notify.error(i18n.t('http.disconnected')), networkToastDelayMs);
      throw new NetworkError(timedOut ? 'timeout' : e instanceof Error ? e.message : 'network error', timedOut);
    }
    // Any answer may renew the token (doc 02 §4), unless the session ended meanwhile.
    const fresh = res.headers.get('authorization');
    if (fresh && sentToken && getToken() === sentToken) setToken(fresh);
    const type = res.headers.get('content-type') ?? '';
    if (res.ok && !type.includes('application/json')) {
      const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
      return { blob: await res.blob(), fileName: name ? decodeURIComponent(name) : 'download' };
    }
    const payload: unknown = await res.json().catch(() => null);
    const env = isEnvelope(payload) ? payload : null;
    if (res.status === 401) {
      purgeSession();
      throw new ApiError(401, env?.msg ?? 'unauthorized', null, { msg: env?.msg ?? '' }, 401);
    }
    if (res.status >= 500 && !opts.quiet) notify.error(i18n.t('http.serverError'));
    throw new ApiError(env?.code ?? res.status, env?.msg ?? `HTTP ${res.status}`, env?.data ?? null, { msg: env?.msg ?? '' }, res.status);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
