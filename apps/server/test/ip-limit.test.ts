import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, ipLimits } from '../src/plugins/ip-limit.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { freshIp, sha256hex } from './session-helpers.ts';
import { newAccount } from './purchase-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Answer = { status: number; retryAfter: string | undefined; body: { code: number; data: unknown; msg: string } };
const call = async (app: TestApp['app'], method: 'GET' | 'POST', url: string, remoteAddress: string, opts: { headers?: Record<string, string>; payload?: object } = {}): Promise<Answer> => {
  const r = await app.inject({ method, url, remoteAddress, ...opts });
  const h = r.headers['retry-after'];
  return { status: r.statusCode, retryAfter: typeof h === 'string' ? h : undefined, body: r.json() };
};
/** Makes n calls one after another (as one client would), answering the HTTP statuses. */
async function burst(n: number, make: () => Promise<Answer>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await make()).status);
  return out;
}
const times = (n: number, v: number) => Array<number>(n).fill(v);

describe('per-address limit on anonymous calls', () => {
  it('GET /captcha: 20 puzzles a minute per address, then 429 with Retry-After and a translated message', async () => {
    const ip = freshIp();
    expect(await burst(ipLimits.captcha, () => call(t.app, 'GET', '/captcha?username=a@example.com', ip))).toEqual(times(ipLimits.captcha, 200));

    const zh = await call(t.app, 'GET', '/captcha?username=a@example.com', ip);
    expect(zh.status).toBe(429);
    const wait = Number(zh.retryAfter);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(zh.body).toEqual({ code: 429, data: null, msg: `请求过于频繁，请${wait}秒后再试` });
    const en = await call(t.app, 'GET', '/captcha?username=a@example.com', ip, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.status).toBe(429);
    expect(en.body).toEqual({ code: 429, data: null, msg: `Too many requests, please try again in ${en.retryAfter} s` });

    // Another address is not affected, and the same address may still make calls of other groups.
    expect((await call(t.app, 'GET', '/captcha?username=a@example.com', freshIp())).status).toBe(200);
    expect((await call(t.app, 'POST', '/forgot_password', ip, { payload: { username: 'a@example.com' } })).body.code).toBe(200);
    expect((await call(t.app, 'GET', '/frontConf', ip)).status).toBe(200);
  });

  it('when the window is over the address may call again', async () => {
    const ip = freshIp();
    await burst(ipLimits.captcha, () => call(t.app, 'GET', '/captcha?username=a@example.com', ip));
    expect((await call(t.app, 'GET', '/captcha?username=a@example.com', ip)).status).toBe(429);
    // The window opened a minute ago, as far as the database can tell.
    await t.app.db.query(`UPDATE ip_rate_counters SET window_start = window_start - interval '61 seconds' WHERE key = $1`, [`captcha|${ip}`]);
    expect((await call(t.app, 'GET', '/captcha?username=a@example.com', ip)).status).toBe(200);
  });

  it('sign-in, sign-up and reset calls share the session group: 60 a minute', async () => {
    const ip = freshIp();
    const calls = [
      () => call(t.app, 'POST', '/forgot_password', ip, { payload: { username: '13800138000' } }),
      () => call(t.app, 'POST', '/login', ip, { payload: { username: 'demo@certhub.local', password: sha256hex('x') } }),
      () => call(t.app, 'POST', '/captcha/verify', ip, { payload: { captchaId: 'nope', x: 1 } }),
      () => call(t.app, 'GET', '/changePwdSendEmail?email=', ip),
    ];
    let i = 0;
    expect(await burst(ipLimits.session, () => calls[i++ % calls.length]!())).toEqual(times(ipLimits.session, 200));
    const over = await call(t.app, 'POST', '/signup', ip, { payload: {}, headers: { lang: 'en' } });
    expect(over).toMatchObject({ status: 429, body: { code: 429, msg: expect.stringMatching(/^Too many requests, please try again in \d+ s$/) } });
    expect(over.retryAfter).toMatch(/^\d+$/);
  });

  it('refused tokens count per address; signed-in calls do not', async () => {
    const ip = freshIp();
    const bad = { token: 'not-a-token', authorization: 'not-a-token' };
    expect(await burst(ipLimits.token, () => call(t.app, 'POST', '/verify_token', ip, { headers: bad }))).toEqual(times(ipLimits.token, 401));
    expect((await call(t.app, 'POST', '/verify_token', ip, { headers: bad })).status).toBe(429);
    expect((await call(t.app, 'GET', '/v1/account', ip)).status).toBe(429);

    // A signed-in client at the same address goes on, as many times as it likes.
    const { token } = await newAccount(t.app);
    const signedIn = { token, authorization: token };
    expect(await burst(ipLimits.token + 5, () => call(t.app, 'POST', '/verify_token', ip, { headers: signedIn }))).toEqual(times(ipLimits.token + 5, 200));
  });

  it('other public calls: 300 a minute per address', async () => {
    const ip = freshIp();
    const urls = ['/frontConf', '/siteConfig', '/v1/exRate'];
    let i = 0;
    expect(await burst(ipLimits.public, () => call(t.app, 'GET', urls[i++ % urls.length]!, ip))).toEqual(times(ipLimits.public, 200));
    expect((await call(t.app, 'GET', '/v1/exRate', ip)).status).toBe(429);
  });

  it('IPv6 clients are counted by their /64', async () => {
    expect(addressKey('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    let n = 0;
    const statuses = await burst(ipLimits.captcha + 1, () => call(t.app, 'GET', '/captcha?username=a@example.com', `2001:db8:77:1::${(++n).toString(16)}`));
    expect(statuses).toEqual([...times(ipLimits.captcha, 200), 429]);
    expect((await call(t.app, 'GET', '/captcha?username=a@example.com', '2001:db8:77:2::1')).status).toBe(200);
  });

  it('X-Forwarded-For decides the address only with TRUST_PROXY=true', async () => {
    const ip = freshIp();
    const spoofed = await burst(ipLimits.captcha + 1, () => call(t.app, 'GET', '/captcha?username=a@example.com', ip, { headers: { 'x-forwarded-for': freshIp() } }));
    expect(spoofed.at(-1)).toBe(429);

    const proxied = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      // Behind a proxy every call arrives from the proxy; the client is the forwarded address.
      const proxy = freshIp();
      const clients = await burst(ipLimits.captcha + 1, () => call(proxied.app, 'GET', '/captcha?username=a@example.com', proxy, { headers: { 'x-forwarded-for': freshIp() } }));
      expect(clients).toEqual(times(ipLimits.captcha + 1, 200));
      const client = freshIp();
      const one = await burst(ipLimits.captcha + 1, () => call(proxied.app, 'GET', '/captcha?username=a@example.com', proxy, { headers: { 'x-forwarded-for': client } }));
      expect(one.at(-1)).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

// Two instances sharing the count: two-instances.test.ts.
