import { randomBytes, X509Certificate } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@cc/db/seed';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/start.ts';
import { ipLimits } from '../src/plugins/ip-limit.ts';
import { failuresPerAccount } from '../src/services/session/sign-in.ts';
import { captchaFailuresPerAccount } from '../src/services/session/captcha.ts';
import { racePostgresUrl, startTestApp, type TestApp } from './harness.ts';
import { addProducts, makeCsr, testProducts } from './purchase-helpers.ts';
import { startDns } from './orders-helpers.ts';
import { freshIp, sha256hex } from './session-helpers.ts';
import { humanTrack } from '../../../packages/domain/test/human-drag.ts';

/**
 * The README's promise: servers on one PostgreSQL behave as one. Two instances share a schema and a load balancer
 * sends each request to the next instance in turn; the whole purchase flow must not notice.
 */
let a: TestApp;
let b: TestApp;
let dns: Awaited<ReturnType<typeof startDns>>;

beforeAll(async () => {
  dns = await startDns();
  const env = { DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' };
  a = await startTestApp(env, { postgres: true });
  // The second start migrates and seeds the same schema again, as every start does.
  b = await startTestApp(env, { shareWith: a });
  await addProducts(a.app, [testProducts.dv]);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await dns?.close();
});

type Served = { name: 'A' | 'B'; r: LightMyRequestResponse };
/** The load balancer: request i goes to instance i % 2. */
function roundRobin() {
  let i = 0;
  const trail: ('A' | 'B')[] = [];
  const send = async (opts: InjectOptions): Promise<Served> => {
    const name = i++ % 2 === 0 ? 'A' : 'B';
    trail.push(name);
    const r = await (name === 'A' ? a : b).app.inject(opts);
    return { name, r };
  };
  return { send, trail };
}
const other = (name: 'A' | 'B') => (name === 'A' ? b : a);
const authed = (token: string) => ({ token, authorization: token });

describe('two instances on one PostgreSQL', () => {
  it('start together on an empty schema: migrations applied once, the seed written once', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const config = (dir: string) =>
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: racePostgresUrl, DATABASE_SCHEMA: schema, DATA_DIR: dir, MASTER_KEY: a.config.MASTER_KEY });
    const [d1, d2] = await Promise.all([openDatabase(config(a.config.DATA_DIR)), openDatabase(config(b.config.DATA_DIR))]);
    try {
      const migrations = readdirSync(path.resolve(import.meta.dirname, '../../../packages/db/migrations')).filter((f) => f.endsWith('.sql'));
      const [m] = await d1.query<{ n: number }>(`SELECT count(*)::int AS n FROM schema_migrations`);
      expect(m!.n).toBe(migrations.length);
      const [s] = await d2.query<{ accounts: number; openings: number; balance: number }>(
        `SELECT (SELECT count(*)::int FROM accounts WHERE email = $1) AS accounts,
                (SELECT count(*)::int FROM ledger_entries WHERE ref LIKE 'opening:%') AS openings,
                (SELECT balance::float8 FROM accounts WHERE email = $1) AS balance`,
        [demoAccount.email],
      );
      expect(s).toEqual({ accounts: 1, openings: 1, balance: demoAccount.balance });
    } finally {
      await d2.close();
      await d1.query(`DROP SCHEMA "${schema}" CASCADE`);
      await d1.close();
    }
  });

  it('the seed ran twice on the shared schema and wrote everything once', async () => {
    const [s] = await a.app.db.query<{ accounts: number; openings: number; products: number }>(
      `SELECT (SELECT count(*)::int FROM accounts WHERE email = $1) AS accounts,
              (SELECT count(*)::int FROM ledger_entries WHERE ref LIKE 'opening:%') AS openings,
              (SELECT count(*)::int FROM products) - (SELECT count(DISTINCT product_no)::int FROM products) AS products`,
      [demoAccount.email],
    );
    expect(s).toEqual({ accounts: 1, openings: 1, products: 0 });
  });

  it('sign-in, order, payment from balance, DNS validation, issuance and download, alternating instances', async () => {
    const { send, trail } = roundRobin();
    const ip = freshIp();

    // Captcha: the puzzle from one instance, the answer to the other, the token spent at sign-in on the first.
    const puzzle = await send({ method: 'GET', url: `/captcha?username=${demoAccount.email}`, remoteAddress: ip });
    const { captchaId } = puzzle.r.json().data as { captchaId: string };
    const [row] = await a.app.db.query<{ x: number }>(`SELECT x FROM captchas WHERE id = $1`, [captchaId]);
    const verified = await send({ method: 'POST', url: '/captcha/verify', remoteAddress: ip, payload: { captchaId, x: row!.x, track: humanTrack(row!.x) } });
    expect([puzzle.name, verified.name]).toEqual(['A', 'B']);
    const captchaToken = verified.r.json().data.captchaToken as string;
    const login = await send({ method: 'POST', url: '/login', remoteAddress: ip, payload: { username: demoAccount.email, password: sha256hex(demoAccount.password), captchaToken } });
    expect(login.r.json().code).toBe(200);
    const token = login.r.headers.authorization as string;
    const balanceBefore = (await send({ method: 'GET', url: '/v1/account', headers: authed(token) })).r.json().data.accountInfo.balance as number;

    // An order with a CSR, paid from the balance.
    const name = `two-${randomBytes(3).toString('hex')}.instances.example`;
    const created = await send({
      method: 'POST',
      url: `/v1/orders/certificate/${testProducts.dv.productNo}`,
      headers: authed(token),
      payload: { year: 1, csr: await makeCsr(name), commonName: name, dcvMethod: 'dns_txt' },
    });
    expect(created.r.json().code, created.r.json().msg).toBe(200);
    const orderNo = created.r.json().data as string;
    const paid = await send({ method: 'POST', url: '/v1/orders/pay', headers: authed(token), payload: { payWay: 'balance', orderNo } });
    expect(paid.r.json()).toMatchObject({ code: 200, data: { status: 'paid', amount: testProducts.dv.pricePerYear } });
    const balanceAfter = (await send({ method: 'GET', url: '/v1/account', headers: authed(token) })).r.json().data.accountInfo.balance as number;
    expect(balanceBefore - balanceAfter).toBe(testProducts.dv.pricePerYear);
    // The work the payment queued runs on the instance that did not take the payment.
    expect(await other(paid.name).app.jobs.drain()).toBeGreaterThan(0);

    // Domain control by DNS TXT, checked on one instance, issued by the other's worker.
    const list = await send({ method: 'GET', url: `/v1/orders/domainList/${orderNo}`, headers: authed(token) });
    const domains = list.r.json().data.domains as { domain: string; status: string; instructions: { host: string; value: string } }[];
    expect(domains.map((d) => [d.domain, d.status])).toEqual([[name, 'pending']]);
    dns.setTxt(domains[0]!.instructions.host, domains[0]!.instructions.value);
    const verify = await send({ method: 'PUT', url: `/v1/orders/verifyDomains/${orderNo}`, headers: authed(token), payload: {} });
    expect(verify.r.json().data).toMatchObject({ orderNo, domains: [{ status: 'validated' }] });
    while ((await other(verify.name).app.jobs.drain()) > 0);
    const status = await send({ method: 'GET', url: `/v1/orders/status/${orderNo}`, headers: authed(token) });
    expect(status.r.json().data).toEqual({ orderStatus: 1005, reSignStatus: 0 });

    // The certificate, from whichever instance: a real one for the name, signed by the CA both instances serve.
    const cert = await send({ method: 'GET', url: `/v1/orders/cert/${orderNo}`, headers: authed(token) });
    const pem = cert.r.json().data as { cert: string; chain: string; serial: string };
    const leaf = new X509Certificate(pem.cert);
    expect(leaf.subject).toContain(`CN=${name}`);
    expect(leaf.subjectAltName).toContain(`DNS:${name}`);
    const issuers = await Promise.all([a, b].map((x) => x.app.inject({ method: 'GET', url: `/ca/${testProducts.dv.brand}/intermediate.crt` })));
    const [fromA, fromB] = issuers.map((r) => new X509Certificate(r.rawPayload));
    expect(fromA!.fingerprint256).toBe(fromB!.fingerprint256);
    expect(leaf.verify(fromA!.publicKey)).toBe(true);
    const zip = await send({ method: 'GET', url: `/v1/orders/download/${orderNo}`, headers: authed(token) });
    expect(zip.r.headers['content-type']).toBe('application/zip');

    // Every step went to the instances in turn.
    expect(trail).toEqual(trail.map((_, i) => (i % 2 === 0 ? 'A' : 'B')));
    expect(trail.length).toBeGreaterThan(10);
  });

  it('sessions: a token from one instance works on the other, and a sign-out on one ends it on both', async () => {
    const captcha = await a.app.inject({ method: 'GET', url: `/captcha?username=${demoAccount.email}`, remoteAddress: freshIp() });
    const { captchaId } = captcha.json().data as { captchaId: string };
    const [row] = await a.app.db.query<{ x: number }>(`SELECT x FROM captchas WHERE id = $1`, [captchaId]);
    const captchaToken = (await b.app.inject({ method: 'POST', url: '/captcha/verify', remoteAddress: freshIp(), payload: { captchaId, x: row!.x, track: humanTrack(row!.x) } })).json().data
      .captchaToken;
    const login = await a.app.inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload: { username: demoAccount.email, password: sha256hex(demoAccount.password), captchaToken } });
    const token = login.headers.authorization as string;
    for (const x of [a, b]) {
      expect((await x.app.inject({ method: 'POST', url: '/verify_token', headers: authed(token) })).json().data).toEqual({ valid: true, accountNo: 'A10000001' });
    }
    expect((await a.app.inject({ method: 'GET', url: '/v1/logout', headers: authed(token) })).json().code).toBe(200);
    const after = await b.app.inject({ method: 'POST', url: '/verify_token', headers: { ...authed(token), lang: 'en' } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 401, msg: 'Your session has expired, please sign in again' });
  });

  it('limits are counted across both: the per-address budget and an account lockout', async () => {
    const { send } = roundRobin();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < ipLimits.captcha + 2; i++) statuses.push((await send({ method: 'GET', url: '/captcha?username=someone@example.com', remoteAddress: ip })).r.statusCode);
    expect(statuses).toEqual([...Array<number>(ipLimits.captcha).fill(200), 429, 429]);

    // Wrong passwords spread over both instances lock the account after five, wherever the sixth arrives.
    const username = `locked.${randomBytes(3).toString('hex')}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < failuresPerAccount + 1; i++) {
      const puzzle = await a.app.inject({ method: 'GET', url: `/captcha?username=${username}`, remoteAddress: freshIp() });
      const { captchaId } = puzzle.json().data as { captchaId: string };
      const [row] = await a.app.db.query<{ x: number }>(`SELECT x FROM captchas WHERE id = $1`, [captchaId]);
      const verify = { captchaId, x: row!.x, track: humanTrack(row!.x) };
      const captchaToken = (await a.app.inject({ method: 'POST', url: '/captcha/verify', remoteAddress: freshIp(), payload: verify })).json().data.captchaToken;
      const r = await send({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload: { username, password: sha256hex('wrong'), captchaToken } });
      codes.push(r.r.json().code);
    }
    expect(codes).toEqual([...Array<number>(failuresPerAccount).fill(12004), 12008]);

    // Failed slider checks for one account, from many addresses and both instances: past the limit neither gives a
    // new puzzle for it.
    const target = `slider.${randomBytes(3).toString('hex')}@example.com`;
    for (let i = 0; i < captchaFailuresPerAccount; i++) {
      const puzzle = await send({ method: 'GET', url: `/captcha?username=${target}`, remoteAddress: freshIp() });
      const { captchaId } = puzzle.r.json().data as { captchaId: string };
      const wrong = await send({ method: 'POST', url: '/captcha/verify', remoteAddress: freshIp(), payload: { captchaId, x: 10, track: humanTrack(10) } });
      expect(wrong.r.json().code).toBe(12002);
    }
    for (const x of [a, b]) {
      const refused = await x.app.inject({ method: 'GET', url: `/captcha?username=${target}`, remoteAddress: freshIp() });
      expect(refused.json()).toMatchObject({ code: 12019, msg: '滑块验证失败次数过多，请15分钟后再试' });
    }
  });
});
