/**
 * The HTTP client against doc 02 §7/§8, with fetch, storage and the toast sink stubbed (node, no DOM).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memory-storage.test-helper.ts';

const doc = { cookie: '', documentElement: { lang: '' } };
vi.stubGlobal('localStorage', new MemoryStorage());
vi.stubGlobal('sessionStorage', new MemoryStorage());
vi.stubGlobal('document', doc);
vi.stubGlobal('location', { protocol: 'http:' });

type FetchArgs = [url: string, init: RequestInit];
const fetchMock = vi.fn<(...a: FetchArgs) => Promise<Response>>();
vi.stubGlobal('fetch', fetchMock);

// Imported after the stubs: the modules read storage and document when they load.
const { http, prefetch, ApiError, NetworkError, isAbortError, timeouts, networkToastDelayMs } = await import('./http.ts');
const { getToken, setToken, onSessionPurged } = await import('./session.ts');
const { setNotifySink } = await import('./notify.ts');

const toasts: string[] = [];
beforeAll(() => setNotifySink({ error: (t) => toasts.push(t) }));

function answer(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...init.headers } });
}
const ok = (data: unknown, headers?: Record<string, string>) => answer({ code: 200, data, msg: 'ok' }, { headers });

/** A fetch that answers only when told to, and rejects like the browser when its signal aborts. */
function pendingFetch() {
  let release: (r: Response) => void = () => undefined;
  fetchMock.mockImplementationOnce(
    (_url, init) =>
      new Promise<Response>((resolve, reject) => {
        release = resolve;
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
  return (r: Response) => release(r);
}

const headersOf = (call: number) => (fetchMock.mock.calls[call]?.[1].headers ?? {}) as Record<string, string>;

beforeEach(() => {
  localStorage.clear();
  doc.cookie = '';
  toasts.length = 0;
  fetchMock.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('headers and tokens', () => {
  it('sends the token in both `token` and `Authorization`, and the language in `lang`', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValueOnce(ok({ a: 1 }));
    expect(await http('/v1/account')).toEqual({ a: 1 });
    expect(headersOf(0)).toMatchObject({ token: 'tok-1', authorization: 'tok-1', lang: 'zh' });
  });

  it('stores a refreshed token from the `authorization` answer header', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValueOnce(ok(null, { authorization: 'tok-2' }));
    await http('/v1/account');
    expect(getToken()).toBe('tok-2');
    fetchMock.mockResolvedValueOnce(ok(null));
    await http('/v1/account');
    expect(headersOf(1)).toMatchObject({ token: 'tok-2', authorization: 'tok-2' });
  });

  it('keeps the token a sign-in hands out, also in a 10-year cookie', async () => {
    fetchMock.mockResolvedValueOnce(ok({ accountNo: 'A1' }, { authorization: 'fresh' }));
    await http('/login', { method: 'POST', body: { username: 'a@b.cn' }, startsSession: true });
    expect(getToken()).toBe('fresh');
    expect(doc.cookie).toContain('token=fresh');
    expect(doc.cookie).toContain(`Max-Age=${10 * 365 * 24 * 3600}`);
  });

  it('does not bring back a session that was signed out while a call was in flight', async () => {
    setToken('tok-1');
    const release = pendingFetch();
    const p = http('/v1/account');
    localStorage.removeItem('token');
    release(ok(null, { authorization: 'tok-1b' }));
    await p;
    expect(getToken()).toBeNull();
  });
});

describe('answers', () => {
  it('puts the body msg and the field messages into `errors`', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 10001, data: null, msg: '邮箱格式不正确', errors: { email: '邮箱格式不正确' } }));
    const e = await http('/signup', { method: 'POST', body: {} }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 10001, msg: '邮箱格式不正确', errors: { msg: '邮箱格式不正确', email: '邮箱格式不正确' } });
    expect(toasts).toEqual([]);
  });

  it('on 401 clears the token and tells the shell, which goes to /sign-in', async () => {
    setToken('tok-1');
    localStorage.setItem('user', '{}');
    const purged = vi.fn();
    const off = onSessionPurged(purged);
    fetchMock.mockResolvedValueOnce(answer({ code: 401, data: null, msg: '登录已失效，请重新登录' }, { status: 401 }));
    const e = await http('/v1/account').catch((x: unknown) => x);
    off();
    expect(e).toMatchObject({ status: 401 });
    expect([getToken(), localStorage.getItem('user')]).toEqual([null, null]);
    expect(purged).toHaveBeenCalledOnce();
  });

  it('signs out instead of calling a versioned path without a token', async () => {
    const e = await http('/v1/account').catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toasts 服务器内部错误！ on HTTP 500, unless the call is quiet', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 500, data: null, msg: '服务器内部错误！' }, { status: 500 }));
    const e = await http('/frontConf').catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 500, errors: { msg: '服务器内部错误！' } });
    expect(toasts).toEqual(['服务器内部错误！']);
    fetchMock.mockResolvedValueOnce(answer({ code: 500, data: null, msg: 'x' }, { status: 500 }));
    await http('/frontConf', { quiet: true }).catch(() => undefined);
    expect(toasts).toHaveLength(1);
  });
});

describe('network loss and time limits', () => {
  it('toasts 与服务器断开连接~ 150 ms after a call gets no answer', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const e = await http('/frontConf').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(networkToastDelayMs - 1);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts).toEqual(['与服务器断开连接~']);
  });

  it('stays quiet when the caller cancels on purpose', async () => {
    vi.useFakeTimers();
    pendingFetch();
    const ac = new AbortController();
    const p = http('/frontConf', { signal: ac.signal }).catch((x: unknown) => x);
    ac.abort();
    expect(isAbortError(await p)).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(toasts).toEqual([]);
  });

  it('gives up after 30 s by default, and waits longer when told to', async () => {
    vi.useFakeTimers();
    expect(timeouts.default).toBe(30_000);
    pendingFetch();
    const p = http('/frontConf').catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ name: 'NetworkError', timedOut: true });

    pendingFetch();
    const slow = http('/frontConf', { timeout: timeouts.orderStatus, query: { n: 1 } }).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock.mock.calls[1]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await slow).toMatchObject({ name: 'NetworkError', timedOut: true });
  });
});

describe('duplicate identical requests', () => {
  it('sends one request while an identical one is in flight; both callers get the answer', async () => {
    const release = pendingFetch();
    const a = http('/frontConf');
    const b = http('/frontConf');
    expect(fetchMock).toHaveBeenCalledOnce();
    release(ok({ v: 1 }));
    expect(await Promise.all([a, b])).toEqual([{ v: 1 }, { v: 1 }]);
  });

  it('sends requests that differ in body', async () => {
    fetchMock.mockImplementation(async () => ok(null));
    await Promise.all([http('/x', { method: 'POST', body: { a: 1 } }), http('/x', { method: 'POST', body: { a: 2 } })]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('one caller leaving does not cancel the request for the other', async () => {
    const release = pendingFetch();
    const ac = new AbortController();
    const a = http('/frontConf', { signal: ac.signal }).catch((x: unknown) => x);
    const b = http('/frontConf');
    ac.abort();
    expect(isAbortError(await a)).toBe(true);
    release(ok({ v: 2 }));
    expect(await b).toEqual({ v: 2 });
  });

  it('an identical request made right after the last caller cancelled is sent afresh, not failed', async () => {
    // e.g. a query cancelled and refetched at once, or a component remounted: the new caller did not cancel.
    pendingFetch();
    const ac = new AbortController();
    const first = http('/frontConf', { signal: ac.signal }).catch((x: unknown) => x);
    ac.abort();
    fetchMock.mockResolvedValueOnce(ok({ v: 3 }));
    const second = http('/frontConf');
    expect(isAbortError(await first)).toBe(true);
    expect(await second).toEqual({ v: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('file downloads (httpFile)', () => {
  it('sends both token headers and keeps a refreshed token', async () => {
    const { httpFile } = await import('./http-file.ts');
    setToken('tok-1');
    fetchMock.mockResolvedValueOnce(
      new Response('PK', { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="a.zip"', authorization: 'tok-2' } }),
    );
    const f = await httpFile('/v1/orders/download/X');
    expect(f.fileName).toBe('a.zip');
    expect(headersOf(0)).toMatchObject({ token: 'tok-1', authorization: 'tok-1' });
    expect(getToken()).toBe('tok-2');
  });
});

describe('the signed-in user (getAccount)', () => {
  it('is not cached again by an answer that arrives after sign-out', async () => {
    const { getAccount } = await import('./api/get-account.ts');
    const { purgeSession } = await import('./session.ts');
    setToken('tok-1');
    const release = pendingFetch();
    const p = getAccount();
    purgeSession();
    release(ok({ accountInfo: { accountNo: 'A1' }, lastLoginIP: '', lastLoginTime: '', rootUUID: '' }));
    await p;
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('calls started early (prefetch)', () => {
  it('hands its answer to the page\'s identical call, which then sends nothing', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValueOnce(ok({ a: 1 }));
    prefetch('/v1/account');
    await Promise.resolve();
    expect(await http('/v1/account')).toEqual({ a: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once only: the next call asks the server again.
    fetchMock.mockResolvedValueOnce(ok({ a: 2 }));
    expect(await http('/v1/account')).toEqual({ a: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used after the token changed: the page asks with its own token', async () => {
    setToken('tok-1');
    fetchMock.mockResolvedValueOnce(ok({ who: 'old' }));
    prefetch('/v1/exRate');
    setToken('tok-2');
    fetchMock.mockResolvedValueOnce(ok({ who: 'new' }));
    expect(await http('/v1/exRate')).toEqual({ who: 'new' });
    expect(headersOf(1)).toMatchObject({ token: 'tok-2' });
  });

  it('starts nothing while signed out', () => {
    prefetch('/v1/account');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
