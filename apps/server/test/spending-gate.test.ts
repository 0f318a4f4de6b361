import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, testProducts } from './purchase-helpers.ts';
import { sha256hex } from './session-helpers.ts';
import { drainAll, startDns } from './orders-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount, payableOrder, payableOrders } from './payment-helpers.ts';
import { AcmeTestClient, injectTransport } from './acme-helpers.ts';
import { createSession } from '../src/plugins/auth.ts';
import { hashPassword } from '../src/lib/password.ts';

/**
 * The spending gate (issue 42, defect 2): every call that moves an account's money, read from the route table (the
 * routes that declare they spend, `x-spends` in the API reference), refuses a member whose role limit the payment
 * passes, moving nothing, and goes through once the owner raises the limit. A member's API key and an EAB key a
 * member made spend within the same limit, and an EAB key's own spending limit is the same gate's.
 */

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDns>>;
let owner: { id: number; token: string };
let own: ReturnType<typeof client>;
const tag = randomBytes(4).toString('hex');
const P = '/dm-serv/v1';
const base = 'https://acme.gate.test';
type Answer = { status: number; body: { code: number; data: unknown; msg: string; errors?: Record<string, string> } };
const must = <T>(r: Answer): T => {
  expect(r.body.code, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  return r.body.data as T;
};
let roles: { roleID: number; code: string; permissions: string[] }[] = [];
const roleId = (code: string) => roles.find((r) => r.code === code)!.roleID;
const setLimit = async (role: string, cents: number | null) => must(await own.put('/v1/user/roles', { roleID: roleId(role), payLimitCents: cents }));

/** A member of the owner's account (active, no second step) with a session of its own. */
async function member(role: string): Promise<{ id: number; token: string }> {
  const [m] = await t.app.db.query<{ id: number }>(
    `INSERT INTO members (account_id, name, email, password_hash, role_id, status, two_step) VALUES ($1, $2, $3, $4, $5, 'active', 'N') RETURNING id`,
    [owner.id, `${role}-${randomBytes(3).toString('hex')}`, `${role}-${randomBytes(5).toString('hex')}@gate.example`, await hashPassword(sha256hex('x')), roleId(role)],
  );
  return { id: m!.id, token: await createSession(t.app.db, owner.id, '127.0.0.1', 'vitest', m!.id) };
}

/** What the account has paid so far: its balance, the gateway payments opened and completed, the payment queues. */
async function moneyState() {
  const [p] = await t.app.db.query<{ opened: number; succeeded: number }>(
    `SELECT count(*)::int AS opened, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded FROM payments WHERE account_id = $1`, [owner.id]);
  const [q] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pay_queues WHERE account_id = $1`, [owner.id]);
  return { balance: await balanceOf(t.app, owner.id), opened: p!.opened, succeeded: p!.succeeded, queues: q!.n };
}

let contactId = 0;
let heldName = '';
const sandboxPost = async (url: string) => (await t.app.inject({ method: 'POST', url })).json() as { data: { redirectUrl: string } };

/**
 * One case per route that spends: what the owner sets up, and the body the member sends (more than ¥1.00). A new
 * spending route fails the test until it has a case here.
 */
const cases: Record<string, () => Promise<object>> = {
  'POST /v1/orders/pay': async () => ({ payWay: 'balance', orderNo: await payableOrder(t.app, owner.id, 12_000) }),
  'POST /v1/orders/batch/pay': async () => ({ orderNos: await payableOrders(t.app, owner.id, [6_000, 6_000]) }),
  'POST /v1/orders/paypal/capture': async () => {
    // The owner opened a PayPal payment and the payer approved it: capturing it takes the money.
    const orderNo = await payableOrder(t.app, owner.id, 12_000);
    const started = must<{ webPagePayURL: string }>(await own.post('/v1/orders/pay', { payWay: 'paypal', orderNo }));
    const id = new URL(started.webPagePayURL).searchParams.get('id')!;
    const back = new URL((await sandboxPost(`/sandbox/payments/${id}/approve`)).data.redirectUrl);
    return { token: back.searchParams.get('token'), PayerID: back.searchParams.get('PayerID') };
  },
  'POST /v1/certPkg': async () => {
    const [offer] = await t.app.db.query<{ id: number }>(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ('T-FLEX', 1, 20000) RETURNING id`);
    return { offerId: offer!.id };
  },
  'POST /v1/withdraw': async () => ({ amount: 5_000, method: 'original' }),
  [`POST ${P}/pay`]: async () => {
    const cart = must<{ items: { id: number; domain: string }[] }>(await own.post(`${P}/carts`, { domains: [`gate-${randomBytes(3).toString('hex')}-${tag}.com`] }));
    return { cartIds: cart.items.map((i) => i.id), contactId };
  },
  [`POST ${P}/orders/renew`]: async () => ({ domains: [heldName], years: 1 }),
  [`POST ${P}/transferIn`]: async () => {
    const planted = must<{ domain: string; authCode: string }>(await own.post('/dev/registry/elsewhere', { domain: `in-${randomBytes(3).toString('hex')}-${tag}.net` }));
    return { items: [{ domain: planted.domain, authCode: planted.authCode }], contactId };
  },
};

beforeAll(async () => {
  // A loopback DNS that knows no validation record: ACME orders stay pending, which is all this test needs.
  dns = await startDns();
  t = await startTestApp({ PUBLIC_URL: base, DNS_RESOLVER: dns.address });
  await addProducts(t.app, [testProducts.dv, testProducts.flex]);
  owner = await fundedAccount(t.app, 50_000_000);
  own = client(t.app, owner.token);
  roles = must<{ data: typeof roles }>(await own.get('/v1/user/roles')).data;
  contactId = must<{ id: number }>(await own.post(`${P}/contacts`, { name: 'Gate Owner', email: 'gate@example.com', telephone: '+86-13912345678' })).id;
  heldName = `held-${tag}.com`;
  const cart = must<{ items: { id: number }[] }>(await own.post(`${P}/carts`, { domains: [heldName] }));
  must(await own.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId }));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('the spending gate, for every route that moves money', () => {
  it('is declared by every paying route, and each declared route has a case here', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string; 'x-spends'?: boolean }>> };
    const ops = Object.entries(doc.paths).flatMap(([p, o]) => Object.entries(o).map(([m, op]) => ({ route: `${m.toUpperCase()} ${p}`, ...op })));
    const spending = ops.filter((o) => o['x-spends']).map((o) => o.route);
    expect(ops.filter((o) => o['x-permission'] === 'orders.pay').map((o) => o.route).filter((r) => !spending.includes(r))).toEqual([]);
    expect(spending.sort()).toEqual(Object.keys(cases).sort());
  });

  it('refuses a member beyond its role limit on every one of them, moving nothing, and lets it pay once the owner raises the limit', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string; 'x-spends'?: boolean }>> };
    const routes = Object.entries(doc.paths).flatMap(([p, o]) =>
      Object.entries(o).filter(([, op]) => op['x-spends']).map(([m, op]) => ({ method: m.toUpperCase() as 'POST' | 'PUT', path: p, permission: op['x-permission'] })));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    // The administrator holds every permission a member can hold; its limit: ¥1.00 a payment.
    const { token } = await member('admin');
    const call = async (method: 'POST' | 'PUT', url: string, payload: object) =>
      (await t.app.inject({ method, url, headers: { token, lang: 'en' }, payload })).json() as { code: number; msg: string };
    const wrong: string[] = [];
    for (const r of routes) {
      const name = `${r.method} ${r.path}`;
      const body = await cases[name]!();
      await setLimit('admin', 100);
      const before = await moneyState();
      const refused = await call(r.method, r.path, body);
      // Taking money out of the account is the holder's alone: no member's role has that permission.
      const expected = r.permission === 'account.owner' ? 14000 : 14001;
      if (refused.code !== expected) wrong.push(`${name}: answered ${refused.code} ${refused.msg}`);
      else if (expected === 14001 && !refused.msg.includes('at most ¥1.00')) wrong.push(`${name}: ${refused.msg}`);
      await drainAll(t.app);
      const after = await moneyState();
      if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${name}: moved money ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
      if (expected === 14000) continue;
      // The same call within the limit goes through and takes the money.
      await setLimit('admin', 10_000_000);
      const ok = await call(r.method, r.path, body);
      await drainAll(t.app);
      const paid = await moneyState();
      if (ok.code !== 200) wrong.push(`${name} within the limit: ${ok.code} ${ok.msg}`);
      else if (paid.balance >= after.balance && paid.succeeded === after.succeeded) wrong.push(`${name} within the limit moved nothing`);
    }
    expect(wrong).toEqual([]);
    await expectLedgerMatchesBalances(t.app.db);
  });
});

describe('the same gate for finance, API keys and EAB keys', () => {
  it('holds finance to the ¥100.00 the owner set, for an order and for a certificate package, by balance and through a gateway', async () => {
    await setLimit('finance', 10_000);
    const finance = client(t.app, (await member('finance')).token);
    const [offer] = await t.app.db.query<{ id: number }>(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ('T-FLEX', 2, 20000) RETURNING id`);
    const before = await moneyState();
    const order = await finance.post('/v1/orders/pay', { payWay: 'balance', orderNo: await payableOrder(t.app, owner.id, 15_000) }, { lang: 'en' });
    expect(order.body).toMatchObject({ code: 14001, msg: 'Your role (Finance) may pay at most ¥100.00 at a time and this payment is ¥150.00; ask the account owner or finance to pay' });
    const pkg = await finance.post('/v1/certPkg', { offerId: offer!.id, payWay: 'balance' });
    expect(pkg.body).toMatchObject({ code: 14001, msg: '您的角色（财务）单笔支付限额为 ¥100.00，本次需支付 ¥200.00，请联系账户所有者或财务支付' });
    expect((await finance.post('/v1/certPkg', { offerId: offer!.id, payWay: 'alipay' })).body.code).toBe(14001);
    expect(await moneyState()).toEqual(before);
    expect(await t.app.db.query(`SELECT 1 FROM cert_packages WHERE account_id = $1 AND offer_id = $2`, [owner.id, offer!.id])).toEqual([]);
    // Within the limit it pays.
    const cheap = await payableOrder(t.app, owner.id, 9_000);
    expect((await finance.post('/v1/orders/pay', { payWay: 'balance', orderNo: cheap })).body.code).toBe(200);
  });

  it('holds a member\'s API key to the member\'s limit', async () => {
    must(await own.post('/v1/developer', { agree: true }));
    await setLimit('admin', 100);
    const admin = client(t.app, (await member('admin')).token);
    const key = must<{ secret: string }>(await admin.post('/v1/apiKey', { name: `gate-${tag}`, scope: 'orders' }));
    const [offer] = await t.app.db.query<{ id: number }>(`INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ('T-FLEX', 3, 30000) RETURNING id`);
    const before = await moneyState();
    const r = await t.app.inject({ method: 'POST', url: '/v1/certPkg', headers: { authorization: `Bearer ${key.secret}` }, payload: { offerId: offer!.id } });
    expect((r.json() as { code: number }).code).toBe(14001);
    const pay = await t.app.inject({ method: 'POST', url: '/v1/orders/pay', headers: { authorization: `Bearer ${key.secret}` }, payload: { payWay: 'balance', orderNo: await payableOrder(t.app, owner.id, 500) } });
    expect((pay.json() as { code: number }).code).toBe(14001);
    expect(await moneyState()).toEqual(before);
  });

  it('holds an EAB key to its own spending limit, and a key a member made to that member\'s limit (a suspended member\'s key orders nothing)', async () => {
    const injected = injectTransport(() => t.app);
    const order = (c: AcmeTestClient, n: string) => c.post('new-order', { identifiers: [{ type: 'dns', value: `${n}-${tag}.gate.example` }] });
    const problem = (r: { status: number; json: Record<string, unknown> }) => [r.status, r.json.type, r.json.detail];

    const limited = must<{ key: { kid: string }; hmacKey: string }>(await own.post('/v1/acme/eabKeys', { name: 'limited', spendLimit: 50_000 }));
    const byOwner = new AcmeTestClient(() => base, testProducts.dv.productNo, injected);
    await byOwner.register(limited.key.kid, limited.hmacKey);
    expect((await order(byOwner, 'one')).status).toBe(201);
    const before = await moneyState();
    expect(problem(await order(byOwner, 'two'))).toEqual([403, 'urn:ietf:params:acme:error:unauthorized', 'The spending limit of this EAB key is ¥500.00, ¥399.00 are spent, and this order (¥399.00) goes over it']);

    await setLimit('admin', 100);
    const m = await member('admin');
    const made = must<{ key: { kid: string }; hmacKey: string }>(await client(t.app, m.token).post('/v1/acme/eabKeys', { name: `member-${tag}` }));
    const byMember = new AcmeTestClient(() => base, testProducts.dv.productNo, injected);
    await byMember.register(made.key.kid, made.hmacKey);
    expect(problem(await order(byMember, 'three'))).toEqual([403, 'urn:ietf:params:acme:error:unauthorized', 'This EAB key was made by a team member whose role (Administrator) may pay at most ¥1.00 at a time; this order (¥399.00) goes over it']);
    expect(await moneyState()).toEqual(before);
    expect(await t.app.db.query(`SELECT 1 FROM orders WHERE common_name LIKE $1`, [`t%-${tag}.gate.example`])).toEqual([]);
    await setLimit('admin', 10_000_000);
    expect((await order(byMember, 'three')).status).toBe(201);
    must(await own.put('/v1/user/subAccounts', { subAccountID: m.id, status: 'suspended' }));
    expect((await order(byMember, 'four')).status).toBe(403);
  });
});
