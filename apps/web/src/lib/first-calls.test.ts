/**
 * The calls a console page starts itself (@cc/contracts/first-calls): the page's own script, run as a browser runs
 * it, then the HTTP client taking its answers for the console's identical calls.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstCallsElementId, firstCallsGlobal, type FirstCall, type StartedFirstCall } from '@cc/contracts/first-calls';
import { firstCallsScript } from '@cc/contracts/first-calls-script';
import { MemoryStorage } from './memory-storage.test-helper.ts';

const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, data, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });

/** The page's script in a page of its own: what it leaves in window, and the requests it sent. */
function runPage(calls: FirstCall[], stored: Record<string, string>) {
  const storage = new MemoryStorage();
  for (const [k, v] of Object.entries(stored)) storage.setItem(k, v);
  const sent: [string, RequestInit][] = [];
  const win: Record<string, unknown> = {
    document: { getElementById: (id: string) => (id === firstCallsElementId ? { textContent: JSON.stringify(calls) } : null) },
    localStorage: storage,
    fetch: (url: string, init: RequestInit) => {
      sent.push([url, init]);
      return Promise.resolve(answer({ from: 'page', url }));
    },
    Date,
    JSON,
  };
  win.window = win;
  runInNewContext(firstCallsScript, win);
  return { started: win[firstCallsGlobal] as StartedFirstCall[] | undefined, sent };
}

const calls: FirstCall[] = [
  { method: 'GET', url: '/v1/orders/count' },
  { method: 'POST', url: '/verify_token', body: '{}', quiet: true },
];

describe("the page's first-calls script", () => {
  it('starts each call with the stored token and language, as the console would send it', () => {
    const { started, sent } = runPage(calls, { token: 'T1', lang: 'en' });
    expect(sent.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ['/v1/orders/count', 'GET', undefined],
      ['/verify_token', 'POST', '{}'],
    ]);
    expect(sent[0]![1].headers).toEqual({ accept: 'application/json', lang: 'en', token: 'T1', authorization: 'T1' });
    expect(sent[1]![1].headers).toEqual({ accept: 'application/json', lang: 'en', token: 'T1', authorization: 'T1', 'content-type': 'application/json' });
    expect(started?.map((c) => [c.url, c.token, c.lang, c.quiet])).toEqual([
      ['/v1/orders/count', 'T1', 'en', undefined],
      ['/verify_token', 'T1', 'en', true],
    ]);
  });

  it('asks in Chinese when no language was chosen (or an unknown one is stored)', () => {
    expect(runPage(calls, { token: 'T1' }).sent[0]![1].headers).toMatchObject({ lang: 'zh' });
    expect(runPage(calls, { token: 'T1', lang: 'fr' }).sent[0]![1].headers).toMatchObject({ lang: 'zh' });
  });

  it('starts nothing without a stored session', () => {
    const { started, sent } = runPage(calls, {});
    expect(started).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('signed out, starts only the calls made signed out too (the site configuration), without a token', () => {
    const siteConfig: FirstCall = { method: 'GET', url: '/siteConfig', quiet: true, anyone: true };
    const { started, sent } = runPage([siteConfig, ...calls], { lang: 'en' });
    expect(sent).toEqual([['/siteConfig', { method: 'GET', headers: { accept: 'application/json', lang: 'en' }, body: undefined, credentials: 'same-origin' }]]);
    expect(started?.map((c) => [c.url, c.token, c.lang])).toEqual([['/siteConfig', null, 'en']]);
    // Signed in, it goes with the others, with the token like them.
    expect(runPage([siteConfig, ...calls], { token: 'T1' }).sent.map(([url, init]) => [url, (init.headers as Record<string, string>).token])).toEqual([
      ['/siteConfig', 'T1'],
      ['/v1/orders/count', 'T1'],
      ['/verify_token', 'T1'],
    ]);
  });
});

/** The console's HTTP client, loaded afresh in a page that started `started`, with `token` stored (or none). */
async function clientIn(started: StartedFirstCall[] | undefined, token?: string) {
  const storage = new MemoryStorage();
  if (token) storage.setItem('token', token);
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('document', { cookie: '', documentElement: { lang: '' } });
  vi.stubGlobal('location', { protocol: 'http:' });
  const fetchMock = vi.fn((url: string) => Promise.resolve(answer({ from: 'console', url })));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { [firstCallsGlobal]: started, addEventListener: () => undefined });
  vi.resetModules();
  const { http } = await import('./http.ts');
  return { http, fetchMock };
}

describe('the HTTP client takes what the page started', () => {
  it("answers the console's identical call with the page's answer, once; another token or language asks afresh", async () => {
    const { started } = runPage([...calls, { method: 'GET', url: '/v1/account' }], { token: 'T1', lang: 'zh' });
    const { http, fetchMock } = await clientIn(started, 'T1');
    const { setToken } = await import('./session.ts');

    // Taken from the window once: the console's code does not keep it there.
    expect((globalThis.window as unknown as Record<string, unknown>)[firstCallsGlobal]).toBeUndefined();
    await expect(http('/v1/orders/count')).resolves.toEqual({ from: 'page', url: '/v1/orders/count' });
    await expect(http('/verify_token', { method: 'POST', body: {}, quiet: true })).resolves.toEqual({ from: 'page', url: '/verify_token' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: the next identical call is the console's own.
    await expect(http('/v1/orders/count')).resolves.toEqual({ from: 'console', url: '/v1/orders/count' });
    // Signed in as someone else meanwhile: the page's answer (for T1) is not theirs.
    setToken('T2');
    await expect(http('/v1/account')).resolves.toEqual({ from: 'console', url: '/v1/account' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
});

describe('the HTTP client takes what the page started signed out', () => {
  const siteConfig: FirstCall = { method: 'GET', url: '/siteConfig', quiet: true, anyone: true };
  afterEach(() => vi.unstubAllGlobals());

  it('answers the site configuration call in the language the page asked in, with no session on either side', async () => {
    const { http, fetchMock } = await clientIn(runPage([siteConfig], { lang: 'en' }).started);
    // The console still shows Chinese when it asks (it switches to the stored English after): it names the language.
    await expect(http('/siteConfig', { quiet: true, lang: 'en' })).resolves.toEqual({ from: 'page', url: '/siteConfig' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks afresh when the console asks in another language than the page did', async () => {
    const { http, fetchMock } = await clientIn(runPage([siteConfig], { lang: 'en' }).started);
    await expect(http('/siteConfig', { quiet: true })).resolves.toEqual({ from: 'console', url: '/siteConfig' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
