import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, newAccount, testProducts, validOrganization } from './purchase-helpers.ts';
import { startDns } from './orders-helpers.ts';
import { AcmeTestClient, injectTransport } from './acme-helpers.ts';

/**
 * Rules an ACME order keeps like any order: the per-account order limit (ACME_ORDERS_PER_MINUTE, counted in the
 * database), and the real-name rule of payments with the company the EAB key names for OV/EV.
 */
const product = testProducts.dv;
const base = 'https://acme.rate.test';
let t: TestApp;
let dns: Awaited<ReturnType<typeof startDns>>;

const injected = injectTransport(() => t.app);

beforeAll(async () => {
  // A loopback DNS that knows no validation record: the orders stay pending, which is all this test needs.
  dns = await startDns();
  t = await startTestApp({ ACME_ORDERS_PER_MINUTE: '2', PUBLIC_URL: base, DNS_RESOLVER: dns.address });
  await addProducts(t.app, [product, testProducts.ev]);
});

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('ACME order rate limit', () => {
  it('refuses the order past the per-minute limit with rateLimited and Retry-After, charging nothing for it', async () => {
    const a = await newAccount(t.app, 10_000_00);
    const r = await client(t.app, a.token).post('/v1/acme/eabKeys', { name: 'rate' });
    const key = r.body.data as { key: { kid: string }; hmacKey: string };
    const c = new AcmeTestClient(() => base, product.productNo, injected);
    await c.register(key.key.kid, key.hmacKey);
    const order = (n: number) => c.post('new-order', { identifiers: [{ type: 'dns', value: `n${n}.rate.example` }] });
    expect((await order(1)).status).toBe(201);
    expect((await order(2)).status).toBe(201);
    const [before] = await t.app.db.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE id = $1`, [a.id]);
    const third = await order(3);
    expect([third.json.type, third.status]).toEqual(['urn:ietf:params:acme:error:rateLimited', 429]);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    const [after] = await t.app.db.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM accounts WHERE id = $1`, [a.id]);
    expect(after!.balance).toBe(before!.balance);
    expect(await t.app.db.query(`SELECT 1 FROM orders WHERE common_name = 'n3.rate.example'`)).toEqual([]);
  });

  it('orders EV only for an account with an approved enterprise verification, for the company the EAB key names', async () => {
    const a = await newAccount(t.app, 10_000_000);
    const api = client(t.app, a.token);
    const orgId = ((await api.post('/v1/organizations', validOrganization)).body.data as { id: number }).id;
    const r = await api.post('/v1/acme/eabKeys', { name: 'ev', productNos: [testProducts.ev.productNo], orgId });
    expect(r.body.code, r.body.msg).toBe(200);
    const key = r.body.data as { key: { kid: string }; hmacKey: string };
    const c = new AcmeTestClient(() => base, testProducts.ev.productNo, injected);
    await c.register(key.key.kid, key.hmacKey);
    const balance = async () => (await t.app.db.query<{ b: number }>(`SELECT balance::float8 AS b FROM accounts WHERE id = $1`, [a.id]))[0]!.b;
    const held = await balance();
    const refused = await c.post('new-order', { identifiers: [{ type: 'dns', value: 'ev.rate.example' }] });
    expect([refused.json.type, refused.status]).toEqual(['urn:ietf:params:acme:error:unauthorized', 403]);
    expect(refused.json.detail).toBe(`Ordering ${testProducts.ev.productNo} needs the account verified first, in the console (EV and code signing need an enterprise verification)`);
    expect(await balance()).toBe(held);
    expect(await t.app.db.query(`SELECT 1 FROM orders WHERE account_id = $1`, [a.id])).toEqual([]);
    await t.app.db.query(`UPDATE accounts SET auth_p_progress = 'approved', auth_e_progress = 'approved' WHERE id = $1`, [a.id]);
    const ok = await c.post('new-order', { identifiers: [{ type: 'dns', value: 'ev.rate.example' }] });
    expect(ok.status, ok.body).toBe(201);
    const [o] = await t.app.db.query<{ org_id: number; origin: string }>(`SELECT org_id, origin FROM orders WHERE account_id = $1`, [a.id]);
    expect(o).toEqual({ org_id: orgId, origin: 'ACME' });
    expect(await balance()).toBeLessThan(held);
  });

  it('takes an order from a certificate package of the product before the balance', async () => {
    const [offer] = await t.app.db.query<{ id: number }>(
      `INSERT INTO cert_package_offers (product_no, quantity, price) VALUES ($1, 3, 90000) ON CONFLICT (product_no, quantity) DO UPDATE SET active = true RETURNING id`,
      [product.productNo],
    );
    // Exactly the package's price: after buying it the balance is 0.
    const a = await newAccount(t.app, 90000);
    const api = client(t.app, a.token);
    const bought = await api.post('/v1/certPkg', { offerId: offer!.id });
    expect(bought.body.code, bought.body.msg).toBe(200);
    const r = await api.post('/v1/acme/eabKeys', { name: 'pkg' });
    const key = r.body.data as { key: { kid: string }; hmacKey: string };
    const c = new AcmeTestClient(() => base, product.productNo, injected);
    await c.register(key.key.kid, key.hmacKey);
    const o = await c.post('new-order', { identifiers: [{ type: 'dns', value: 'pkg.rate.example' }] });
    expect(o.status, o.body).toBe(201);
    const [row] = await t.app.db.query<{ used: number; balance: number; drawn: boolean }>(
      `SELECT k.used, a.balance::float8 AS balance, o.cert_package_id = k.id AS drawn
         FROM cert_packages k JOIN accounts a ON a.id = k.account_id JOIN orders o ON o.account_id = a.id WHERE a.id = $1`,
      [a.id],
    );
    expect(row).toEqual({ used: 1, balance: 0, drawn: true });
  });
});
