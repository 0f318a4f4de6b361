/** Site configuration (doc 01 §1, doc 02 §1): per-host values over the defaults, the defaults when loading fails. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteConfig } from '@cc/contracts/site';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
vi.stubGlobal('__DEFAULT_SITE_CONFIG__', defaultSiteConfig);
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
vi.stubGlobal('fetch', fetchMock);

const { getSiteConfig } = await import('./get-site-config.ts');
const { setNotifySink } = await import('../notify.ts');
const toasts: string[] = [];
setNotifySink({ error: (t) => toasts.push(t) });

beforeEach(() => {
  fetchMock.mockReset();
  toasts.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('getSiteConfig', () => {
  it("lays the host's values over the defaults, currency field by field", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ code: 200, msg: 'ok', data: { siteName: 'Shop', currency: { symbol: '$', unit: 'USD' } } }));
    const c = await getSiteConfig();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/siteConfig');
    expect(c).toMatchObject({ siteName: 'Shop', defaultLocal: defaultSiteConfig.defaultLocal, currency: { symbol: '$', unit: 'USD', exRate: defaultSiteConfig.currency.exRate } });
  });

  it('falls back to the defaults, without a toast, when the server cannot be reached or fails', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await getSiteConfig()).toEqual(defaultSiteConfig);
    fetchMock.mockResolvedValueOnce(Response.json({ code: 500, data: null, msg: '服务器内部错误！' }, { status: 500 }));
    expect(await getSiteConfig()).toEqual(defaultSiteConfig);
    await vi.advanceTimersByTimeAsync(1000);
    expect(toasts).toEqual([]);
  });
});
