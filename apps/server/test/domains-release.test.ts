import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tldByAscii } from '@cc/domain/registrar';
import { startTestApp, type TestApp } from './harness.ts';
import { client } from './purchase-helpers.ts';
import { drainAll } from './orders-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount } from './payment-helpers.ts';
import { testClock } from '../src/lib/clock.ts';
import { settleDomainsComplete } from '../src/services/domains/orders.ts';

/**
 * A name its holder let lapse (issue 42, defect 4), through the API on the product's clock: the registry releases it
 * 65 days after expiry, and another customer registers it and gets it. A paid registration that fails for good for
 * another reason (a fault of the database, injected for real) is refunded through the ledger and the customer told in
 * the message centre and by mail; no order stays paid without its name.
 */
const clock = testClock();
let t: TestApp;
const tag = randomBytes(4).toString('hex');
const P = '/dm-serv/v1';
const com = tldByAscii.get('com')!;
type Api = ReturnType<typeof client>;
type A = { body: { code: number; data: unknown; msg: string; errors?: Record<string, string> } };
const must = <T>(r: A): T => {
  expect(r.body.code, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  return r.body.data as T;
};
type Order = { orderNo: string; status: string; reason: string; domain: string; amount: number };

async function customer() {
  const a = await fundedAccount(t.app, 1_000_000);
  const api = client(t.app, a.token);
  const contactId = must<{ id: number }>(await api.post(`${P}/contacts`, { name: 'Zhang San', email: 'zhang@example.com', telephone: '+86-13912345678' })).id;
  return { ...a, api, contactId };
}

async function buy(c: { api: Api; contactId: number }, name: string) {
  const cart = must<{ items: { id: number; domain: string }[] }>(await c.api.post(`${P}/carts`, { domains: [name] }));
  const r = await c.api.post(`${P}/pay`, { cartIds: cart.items.filter((i) => i.domain === name).map((i) => i.id), contactId: c.contactId });
  return r;
}

const names = async (api: Api, tab = 'mine') => must<{ items: { domain: string; phase: string }[] }>(await api.get(`${P}/domains?tab=${tab}`)).items;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'http://console.test' }, { clock });
});
afterAll(async () => {
  await t?.close();
});

describe('a name released by its holder', () => {
  it('goes to the next customer who registers it: paid once, held, hosted; the former holder no longer holds it', async () => {
    const a = await customer();
    const b = await customer();
    const name = `lapse-${tag}.com`;
    expect((must<{ orders: Order[] }>(await buy(a, name))).orders.map((o) => o.status)).toEqual(['succeeded']);

    // A year and 70 days on: past grace (30), redemption (30) and pending delete (5).
    clock.advanceDays(365 + 70);
    expect((await names(a.api, 'expired')).find((d) => d.domain === name)?.phase).toBe('released');
    expect(must<{ available: boolean }[]>(await b.api.post(`${P}/domains/available`, { domains: [name] }))[0]!.available).toBe(true);
    const before = await balanceOf(t.app, b.id);
    const paid = await buy(b, name);
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect((paid.body.data as { orders: Order[] }).orders.map((o) => o.status)).toEqual(['succeeded']);
    expect(await balanceOf(t.app, b.id)).toBe(before - com.register);
    expect((await names(b.api)).map((d) => d.domain)).toContain(name);
    expect((await names(a.api)).map((d) => d.domain)).not.toContain(name);
    const zones = must<{ zones: { name: string; status: string }[] }>(await b.api.get(`${P}/dns/zones`)).zones;
    expect(zones.find((z) => z.name === name)?.status).toBe('active');
    await drainAll(t.app);
    expect(await t.app.db.query(`SELECT 1 FROM jobs WHERE status = 'failed'`)).toEqual([]);
    await expectLedgerMatchesBalances(t.app.db);
  });

  it('the daily job lets go of names past their release, on the product\'s clock', async () => {
    const a = await customer();
    const name = `daily-${tag}.com`;
    must(await buy(a, name));
    clock.advanceDays(365 + 64);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'domains.daily'`);
    await drainAll(t.app);
    expect((await names(a.api)).map((d) => d.domain)).toContain(name);
    clock.advanceDays(2);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'domains.daily'`);
    await drainAll(t.app);
    expect((await names(a.api)).map((d) => d.domain)).not.toContain(name);
    const [row] = await t.app.db.query<{ gone_reason: string }>(`SELECT gone_reason FROM domains WHERE name = $1`, [name]);
    expect(row!.gone_reason).toBe('released');
  });
});

describe('a paid transfer in that cannot be completed', () => {
  it('withdraws the request at the registry when its job fails for good, refunds it and tells the customer', async () => {
    const c = await customer();
    const planted = must<{ domain: string; authCode: string }>(await c.api.post('/dev/registry/elsewhere', { domain: `moving-${tag}.net` }));
    const name = planted.domain;
    await t.app.db.query(`CREATE FUNCTION test_refuse_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = '${name}' THEN RAISE EXCEPTION 'injected fault for %', NEW.name; END IF; RETURN NEW; END $$`);
    await t.app.db.query(`CREATE TRIGGER test_refuse_moved BEFORE INSERT ON domains FOR EACH ROW EXECUTE FUNCTION test_refuse_moved()`);
    const before = await balanceOf(t.app, c.id);
    let orderNo = '';
    try {
      const r = must<{ orders: Order[] }>(await c.api.post(`${P}/transferIn`, { items: [{ domain: name, authCode: planted.authCode }], contactId: c.contactId }));
      orderNo = r.orders[0]!.orderNo;
      expect(r.orders[0]!.status).toBe('pending');
      // The other registrar approves at once; recording the name here fails every time.
      for (let i = 0; i < 20; i++) {
        const [job] = await t.app.db.query<{ status: string }>(`SELECT status FROM jobs WHERE kind = 'registry.transfer' AND payload->>'act' = 'otherRegistrar' ORDER BY id DESC LIMIT 1`);
        if (job!.status === 'failed') break;
        await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'registry.transfer' AND payload->>'act' = 'otherRegistrar' AND status = 'pending'`);
        await t.app.jobs.drain();
      }
    } finally {
      await t.app.db.query(`DROP TRIGGER test_refuse_moved ON domains`);
      await t.app.db.query(`DROP FUNCTION test_refuse_moved()`);
    }
    expect(must<{ items: Order[] }>(await c.api.get(`${P}/transferIn`)).items.find((o) => o.orderNo === orderNo)).toMatchObject({ status: 'refunded', reason: 'failed' });
    expect(await balanceOf(t.app, c.id)).toBe(before);
    const [transfer] = await t.app.db.query<{ status: string }>(`SELECT status FROM registry_transfers WHERE name = $1 ORDER BY id DESC LIMIT 1`, [name]);
    expect(transfer!.status).toBe('cancelled');
    // The registry's own settlement later finds nothing to move: the name stays where it was, the order refunded once.
    clock.advanceDays(6);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'registry.transfer' AND status = 'pending'`);
    await drainAll(t.app);
    expect((await names(c.api)).map((d) => d.domain)).not.toContain(name);
    expect(await balanceOf(t.app, c.id)).toBe(before);
    const msgs = must<{ siteMsges: { kind: string; title: string }[] }>(await c.api.get('/v1/siteMsg', { lang: 'en' })).siteMsges;
    expect(msgs.filter((m) => m.kind === 'deliveryFailed').map((m) => m.title)).toEqual([`Not completed: The transfer of ${name} (order ${orderNo})`]);
    await expectLedgerMatchesBalances(t.app.db);
  });
});

describe('a paid registration that cannot be completed', () => {
  it('answers the payment, keeps trying, and when the job fails for good refunds it and tells the customer (message and mail)', async () => {
    const c = await customer();
    const mail = `fault-${tag}@example.com`;
    await t.app.db.query(`UPDATE accounts SET email = $2 WHERE id = $1`, [c.id, mail]);
    const name = `fault-${tag}.com`;
    // A real fault where the name is recorded: the database refuses the row (as a full disk or a broken replica would).
    await t.app.db.query(`CREATE FUNCTION test_refuse_domain() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = '${name}' THEN RAISE EXCEPTION 'injected fault for %', NEW.name; END IF; RETURN NEW; END $$`);
    await t.app.db.query(`CREATE TRIGGER test_refuse_domain BEFORE INSERT ON domains FOR EACH ROW EXECUTE FUNCTION test_refuse_domain()`);
    try {
      const before = await balanceOf(t.app, c.id);
      const paid = await buy(c, name);
      // The money is taken and the order is paid: the answer says so, it is no 500.
      expect(paid.body.code, paid.body.msg).toBe(200);
      const [order] = (paid.body.data as { orders: Order[] }).orders;
      expect(order).toMatchObject({ status: 'paid', domain: name });
      expect(await balanceOf(t.app, c.id)).toBe(before - com.register);

      // Every retry fails the same way, until the job's last attempt.
      for (let i = 0; i < 20; i++) {
        const [job] = await t.app.db.query<{ status: string }>(`SELECT status FROM jobs WHERE kind = 'domains.complete' AND payload->'orderNos' ? $1`, [order!.orderNo]);
        if (job!.status === 'failed') break;
        await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'domains.complete' AND status = 'pending'`);
        await t.app.jobs.drain();
      }
      const [job] = await t.app.db.query<{ status: string; attempts: number; last_error: string }>(
        `SELECT status, attempts, last_error FROM jobs WHERE kind = 'domains.complete' AND payload->'orderNos' ? $1`, [order!.orderNo]);
      expect(job).toMatchObject({ status: 'failed', attempts: 10 });
      expect(job!.last_error).toContain('injected fault');

      const orders = must<{ items: Order[] }>(await c.api.get(`${P}/orders`)).items;
      expect(orders.find((o) => o.orderNo === order!.orderNo)).toMatchObject({ status: 'refunded', reason: 'failed' });
      expect(await balanceOf(t.app, c.id)).toBe(before);
      const refunds = await t.app.db.query<{ amount: number }>(`SELECT amount::float8 AS amount FROM ledger_entries WHERE kind = 'refund' AND ref = $1`, [order!.orderNo]);
      expect(refunds).toEqual([{ amount: com.register }]);

      const msgs = must<{ siteMsges: { kind: string; title: string; content: string; link: string | null }[] }>(await c.api.get('/v1/siteMsg', { lang: 'en' })).siteMsges;
      expect(msgs.find((m) => m.kind === 'deliveryFailed')).toMatchObject({
        title: `Not completed: The registration of ${name} (order ${order!.orderNo})`,
        content: expect.stringContaining(`¥${(com.register / 100).toFixed(2)} went back to your balance`),
        link: '/account/credit-records',
      });
      await drainAll(t.app);
      const sent = await t.app.db.query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox WHERE to_addr = $1`, [mail]);
      expect(sent.map((m) => m.subject)).toContain(`【CertHub】未能完成：域名 ${name} 的注册（订单 ${order!.orderNo}） / [CertHub] Not completed: The registration of ${name} (order ${order!.orderNo})`);

      // Settling again changes nothing: one refund, one message.
      await t.app.db.tx((q) => settleDomainsComplete(q, [order!.orderNo]));
      expect(await balanceOf(t.app, c.id)).toBe(before);
      const [n] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM site_messages WHERE account_id = $1 AND kind = 'deliveryFailed'`, [c.id]);
      expect(n!.n).toBe(1);
      await expectLedgerMatchesBalances(t.app.db);
    } finally {
      await t.app.db.query(`DROP TRIGGER test_refuse_domain ON domains`);
      await t.app.db.query(`DROP FUNCTION test_refuse_domain()`);
    }
  });
});
