import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { client } from './purchase-helpers.ts';
import { drainAll } from './orders-helpers.ts';
import { balanceOf, expectLedgerMatchesBalances, fundedAccount } from './payment-helpers.ts';
import { domainsContext } from '../src/routes/domains/index.ts';
import { testClock } from '../src/lib/clock.ts';
import { runTransferEvent } from '../src/services/domains/orders.ts';
import { sendDomainReminders } from '../src/services/domains/reminders.ts';
import { domainsExpiringWithin } from '../src/services/domains/manage.ts';
import { addYears, tldByAscii } from '@cc/domain/registrar';

/**
 * Domain names under /dm-serv/v1 against the built-in sandbox registry: search, cart, checkout, the account's names,
 * lock, auth code, remark, renewal up to the cap, transfer in and out (registry events over time on the product's clock),
 * groups, batch work, contacts with the real-name rule, wrong input and another account's names.
 */
/** The product's clock: a test that moves it puts it back when it ends. */
const clock = testClock();
let t: TestApp;
let alice: ReturnType<typeof client>;
let bob: ReturnType<typeof client>;
let aliceId = 0;
let contactId = 0;
const tag = randomBytes(4).toString('hex');
const P = '/dm-serv/v1';
type A = { body: { code: number; data: unknown; msg: string; errors?: Record<string, string> } };
const must = <T>(r: A): T => {
  expect(r.body.code, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  return r.body.data as T;
};
const com = tldByAscii.get('com')!;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? 'silent' }, { clock });
  const A = await fundedAccount(t.app, 10_000_000);
  const B = await fundedAccount(t.app, 10_000_000);
  aliceId = A.id;
  alice = client(t.app, A.token);
  bob = client(t.app, B.token);
  contactId = must<{ id: number }>(await alice.post(`${P}/contacts`, { name: 'Alice Zhang', email: 'alice@example.com', telephone: '+86-13912345678' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('search', () => {
  it('lists TLDs with prices in cents', async () => {
    const d = must<{ commonTlds: { tld: string; register: number }[]; otherTlds: unknown[] }>(await alice.get(`${P}/tld`));
    expect(d.commonTlds.map((x) => x.tld)).toEqual(expect.arrayContaining(['com', 'net', 'cn', 'com.cn', '中国', 'top', 'xyz']));
    expect(d.otherTlds.length).toBeGreaterThan(3);
  });

  it('answers availability like a registry: registered, reserved, premium, invalid, IDN', async () => {
    const d = must<{ domain: string; ascii: string; available: boolean; reason: string | null; premium: boolean; price: number | null }[]>(
      await alice.post(`${P}/domains/available`, { domains: [`free-${tag}.com`, 'google.com', 'nic.com', 'ai.com', 'bad_name.com', `例子${tag}.中国`, 'x.nosuchtld'] }),
    );
    expect(d.map((x) => [x.available, x.reason])).toEqual([[true, null], [false, 'registered'], [false, 'reserved'], [true, null], [false, 'invalid'], [true, null], [false, 'tld']]);
    expect(d[0]!.price).toBe(com.register);
    expect(d[3]!.premium).toBe(true);
    expect(d[3]!.price).toBe(com.register * 50);
    expect(d[5]!.ascii).toMatch(/^xn--.*\.xn--fiqs8s$/);
  });

  it('suggests the name across TLDs and alternatives', async () => {
    const d = must<{ exact: { unicode: string }[]; suggestions: { available: boolean }[] }>(await alice.get(`${P}/domains/suggest?keyword=${encodeURIComponent(`Brand${tag}`)}`));
    expect(d.exact.map((x) => x.unicode)).toContain(`brand${tag}.com`);
    expect(d.exact.map((x) => x.unicode)).toContain(`brand${tag}.中国`);
    expect(d.suggestions.length).toBeGreaterThan(0);
    expect((await alice.get(`${P}/domains/suggest?keyword=`)).body.code).toBe(10001);
  });
});

describe('cart, checkout and the account\'s names', () => {
  const one = `one-${tag}.com`;
  const two = `two-${tag}.top`;
  let orderNo = '';

  it('adds to the cart, changes years, removes, and refuses bad input', async () => {
    const c = must<{ items: { id: number; domain: string; price: number }[] }>(await alice.post(`${P}/carts`, { domains: [one, two, `three-${tag}.xyz`], years: 2 }));
    expect(c.items).toHaveLength(3);
    const three = c.items.find((i) => i.domain.startsWith('three'))!;
    must(await alice.del(`${P}/carts/${three.id}`));
    const up = must<{ items: { domain: string; years: number; price: number }[] }>(await alice.put(`${P}/carts/${c.items[0]!.id}`, { years: 1 }));
    expect(up.items.find((i) => i.domain === one)!.price).toBe(com.register);
    const bad = await alice.post(`${P}/carts`, { domains: [one], years: 11 });
    expect(bad.body.code).toBe(10001);
    expect(bad.body.errors?.years).toBeTruthy();
    expect((await alice.post(`${P}/carts`, { domains: ['not a name'] })).body.code).toBe(14202);
    // Another account sees its own empty cart and cannot touch these items.
    expect(must<{ items: unknown[] }>(await bob.get(`${P}/carts`)).items).toHaveLength(0);
    expect((await bob.del(`${P}/carts/${c.items[0]!.id}`)).body.code).toBe(10004);
  });

  it('pays from the balance and registers both names, with the product\'s nameservers', async () => {
    const before = await balanceOf(t.app, aliceId);
    const cart = must<{ items: { id: number }[]; total: number }>(await alice.get(`${P}/carts`));
    expect((await bob.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId })).body.code).toBe(10004);
    const paid = must<{ orders: { orderNo: string; status: string; domain: string }[]; amount: number }>(await alice.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId }));
    expect(paid.orders.map((o) => o.status)).toEqual(['succeeded', 'succeeded']);
    expect(await balanceOf(t.app, aliceId)).toBe(before - cart.total);
    orderNo = paid.orders.find((o) => o.domain === one)!.orderNo;
    const mine = must<{ items: { domain: string; nameservers: string[]; locked: boolean }[] }>(await alice.get(`${P}/domains?tab=mine`));
    expect(mine.items.map((i) => i.domain)).toEqual(expect.arrayContaining([one, two]));
    expect(mine.items[0]!.nameservers).toEqual(['ns1.certhub.local', 'ns2.certhub.local']);
    // Both are hosted here at once, active, with the parked-domain mail records; the other account sees no zone.
    const zones = must<{ zones: { name: string; status: string; origin: string }[] }>(await alice.get('/dm-serv/v1/dns/zones'));
    expect(zones.zones.filter((z) => z.name === one || z.name === two).map((z) => `${z.status} ${z.origin}`)).toEqual(['active registered', 'active registered']);
    const recs = must<{ records: { host: string; type: string; value: string }[] }>(await alice.get(`/dm-serv/v1/dns/zones/${one}/records`));
    expect(recs.records).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'TXT', value: 'v=spf1 -all' })]));
    expect(must<{ zones: unknown[] }>(await bob.get('/dm-serv/v1/dns/zones')).zones).toHaveLength(0);
    expect(must<{ items: unknown[] }>(await alice.get(`${P}/domains?tab=expired`)).items).toHaveLength(0);
    expect(must<{ total: number }>(await bob.get(`${P}/domains?tab=mine`)).total).toBe(0);
    expect((await alice.get(`${P}/domains?tab=nope`)).body.code).toBe(10001);
    // Now taken for everyone.
    const again = must<{ available: boolean }[]>(await bob.post(`${P}/domains/available`, { domains: [one] }));
    expect(again[0]!.available).toBe(false);
    await expectLedgerMatchesBalances(t.app.db);
  });

  it('shows details, locks, gives the auth code only when unlocked, and keeps a remark', async () => {
    const d = must<{ locked: boolean; contacts: { registrant: { name: string } | null } }>(await alice.get(`${P}/domains/${orderNo}`));
    expect(d.locked).toBe(true);
    expect(d.contacts.registrant?.name).toBe('Alice Zhang');
    expect((await bob.get(`${P}/domains/${orderNo}`)).body.code).toBe(10004);
    expect((await alice.post(`${P}/domains/authCode`, { domain: one })).body.code).toBe(14202);
    expect((await bob.put(`${P}/domainLock`, { domain: one, lock: false })).body.code).toBe(10004);
    must(await alice.put(`${P}/domainLock`, { domain: one, lock: false }));
    const code = must<{ authCode: string }>(await alice.post(`${P}/domains/authCode`, { domain: one })).authCode;
    expect(code.length).toBeGreaterThan(8);
    expect((await bob.post(`${P}/domains/authCode`, { domain: one })).body.code).toBe(10004);
    must(await alice.put(`${P}/orders/remark`, { orderNo, remark: `main site ${tag}` }));
    expect((await bob.put(`${P}/orders/remark`, { orderNo, remark: 'hijack' })).body.code).toBe(10004);
    expect(must<{ remark: string }>(await alice.get(`${P}/domains/${orderNo}`)).remark).toBe(`main site ${tag}`);
    must(await alice.put(`${P}/domains/nameservers`, { domain: one, nameservers: ['ns1.example.net', 'ns2.example.net'] }));
    must(await alice.put(`${P}/domains/forSale`, { domain: one, forSale: true }));
    expect(must<{ items: { domain: string }[] }>(await alice.get(`${P}/domains?tab=forSale`)).items.map((i) => i.domain)).toEqual([one]);
    expect((await bob.put(`${P}/domains/forSale`, { domain: one, forSale: false })).body.code).toBe(10004);
    expect((await alice.put(`${P}/domains/forSale`, { domain: one, forSale: 'maybe' })).body.code).toBe(10001);
    expect((await alice.put(`${P}/domains/nameservers`, { domain: one, nameservers: ['only.one'] })).body.code).toBe(10001);
  });

  it('renews any years up to the ten-year cap, one name or many, and lists renewals', async () => {
    const q = must<{ items: { price: number | null; fault: string | null }[]; total: number }>(await alice.post(`${P}/orders/renew/price`, { domains: [one, two], years: 3 }));
    expect(q.items.every((i) => i.fault === null)).toBe(true);
    const before = await balanceOf(t.app, aliceId);
    const r = must<{ orders: { status: string; expiresAfter: string }[]; amount: number }>(await alice.post(`${P}/orders/renew`, { domains: [one, two], years: 3 }));
    expect(r.orders.map((o) => o.status)).toEqual(['succeeded', 'succeeded']);
    expect(await balanceOf(t.app, aliceId)).toBe(before - q.total);
    // 1 + 3 years held; 7 more would pass today + 10.
    const capped = await alice.post(`${P}/orders/renew`, { domains: [one], years: 7 });
    expect(capped.body.code).toBe(14202);
    expect(capped.body.msg).toContain('10');
    must(await alice.post(`${P}/orders/renew`, { domains: [one], years: 6 }));
    expect((await bob.post(`${P}/orders/renew`, { domains: [one], years: 1 })).body.code).toBe(10004);
    expect(must<{ total: number }>(await alice.get(`${P}/orders/renew/records`)).total).toBe(3);
    expect(must<{ total: number }>(await bob.get(`${P}/orders/renew/records`)).total).toBe(0);
  });

  it('lets another registrar take an unlocked name after five days unless rejected (registry events by the clock)', async () => {
    const two2 = `out-${tag}.com`;
    const cart = must<{ items: { id: number }[] }>(await alice.post(`${P}/carts`, { domains: [two2] }));
    must(await alice.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId }));
    must(await alice.put(`${P}/domainLock`, { domain: two2, lock: false }));
    const code = must<{ authCode: string }>(await alice.post(`${P}/domains/authCode`, { domain: two2 })).authCode;
    // Within 60 days of registration the registry refuses.
    expect((await alice.post('/dev/registry/transferOut', { domain: two2, authCode: code })).body.code).toBe(14202);
    const ctx = domainsContext(t.app);
    const start = clock.now();
    const at = (days: number) => clock.set(new Date(start.getTime() + days * 86400_000));
    at(70);
    const asked = await t.app.db.tx((q) => ctx.registry.requestFromElsewhere(q, two2, code));
    expect(asked.ok).toBe(true);
    const id = asked.ok ? asked.transfer.id : 0;
    const out = must<{ items: { id: number; status: string }[] }>(await alice.get(`${P}/transferOut`));
    expect(out.items.find((i) => i.id === id)?.status).toBe('pending');
    expect(must<{ items: unknown[] }>(await bob.get(`${P}/transferOut`)).items).toHaveLength(0);
    expect((await bob.post(`${P}/transferOut/${id}`, { approve: true })).body.code).toBe(10004);
    // Four days on nothing happens; after five the registry approves and the name leaves.
    at(74);
    expect(await runTransferEvent(ctx, id, 'settle')).toMatchObject({ retryInSeconds: expect.any(Number) });
    expect(must<{ items: { domain: string }[] }>(await alice.get(`${P}/domains?keyword=out-${tag}`)).items).toHaveLength(1);
    // The registry's own job settles it once the clock has passed the act-by time.
    at(76);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'registry.transfer' AND status = 'pending' AND payload->>'transferId' = $1`, [String(id)]);
    await drainAll(t.app);
    expect(must<{ items: unknown[] }>(await alice.get(`${P}/domains?keyword=out-${tag}`)).items).toHaveLength(0);
    expect(must<{ items: { id: number; status: string }[] }>(await alice.get(`${P}/transferOut`)).items.find((i) => i.id === id)?.status).toBe('serverApproved');
    clock.set(new Date());
  });
});

describe('transfer in', () => {
  it('transfers a name in with its auth code; a wrong code is refunded', async () => {
    const name = `come-${tag}.net`;
    const planted = must<{ authCode: string }>(await alice.post('/dev/registry/elsewhere', { domain: name }));
    const price = must<{ total: number }>(await alice.post(`${P}/transferIn/price`, { domains: [name] }));
    expect(price.total).toBe(tldByAscii.get('net')!.transfer);
    const before = await balanceOf(t.app, aliceId);
    const wrong = must<{ orders: { status: string; reason: string }[] }>(await alice.post(`${P}/transferIn`, { items: [{ domain: name, authCode: 'Wrong#Code1' }], contactId }));
    expect(wrong.orders[0]).toMatchObject({ status: 'refunded', reason: 'authCode' });
    expect(await balanceOf(t.app, aliceId)).toBe(before);
    const r = must<{ orders: { status: string; orderNo: string }[] }>(await alice.post(`${P}/transferIn`, { items: [{ domain: name, authCode: planted.authCode }], contactId }));
    expect(r.orders[0]!.status).toBe('pending');
    await drainAll(t.app);
    const list = must<{ items: { orderNo: string; status: string; transfer: { status: string } | null }[] }>(await alice.get(`${P}/transferIn`));
    expect(list.items.find((o) => o.orderNo === r.orders[0]!.orderNo)).toMatchObject({ status: 'succeeded', transfer: { status: 'clientApproved' } });
    expect(must<{ total: number }>(await alice.get(`${P}/domains?keyword=come-${tag}`)).total).toBe(1);
    expect(must<{ total: number }>(await bob.get(`${P}/transferIn`)).total).toBe(0);
    expect((await alice.post(`${P}/transferIn`, { items: [{ domain: name, authCode: '' }], contactId })).body.code).toBe(10001);
    await expectLedgerMatchesBalances(t.app.db);
  });
});

describe('contacts and the real-name rule', () => {
  it('needs a verified registrant for .cn names', async () => {
    const cart = must<{ items: { id: number }[] }>(await alice.post(`${P}/carts`, { domains: [`cn-${tag}.cn`] }));
    const r = await alice.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId });
    expect(r.body.code).toBe(14203);
    await t.app.db.query(`UPDATE accounts SET auth_p_progress = 'approved' WHERE id = $1`, [aliceId]);
    const ok = must<{ orders: { status: string }[] }>(await alice.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId }));
    expect(ok.orders[0]!.status).toBe('succeeded');
  });

  it('validates and isolates contacts', async () => {
    const bad = await alice.post(`${P}/contacts`, { name: '', email: 'nope', telephone: 'x' });
    expect(bad.body.code).toBe(10001);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['name', 'email', 'telephone']));
    expect((await bob.put(`${P}/contacts/${contactId}`, { name: 'Hijack', email: 'h@example.com', telephone: '123456' })).body.code).toBe(10004);
    expect((await bob.del(`${P}/contacts/${contactId}`)).body.code).toBe(10004);
    expect(must<{ total: number }>(await bob.get(`${P}/contacts`)).total).toBe(0);
    expect((await alice.del(`${P}/contacts/${contactId}`)).body.code).toBe(14202);
  });
});

describe('groups and batch work', () => {
  it('groups names (limit 100, offset 1) and refuses duplicates and another account', async () => {
    const g = must<{ id: number }>(await alice.post(`${P}/groups`, { name: `G${tag}` }));
    expect((await alice.post(`${P}/groups`, { name: `G${tag}` })).body.code).toBe(14210);
    const list = must<{ items: unknown[]; pagination: { limit: number; offset: number } }>(await alice.get(`${P}/groups`));
    expect(list.pagination).toEqual({ limit: 100, offset: 1 });
    expect(must<{ changed: number }>(await alice.post(`${P}/groups/addDomain/${g.id}`, { domains: [`one-${tag}.com`] })).changed).toBe(1);
    expect((await bob.post(`${P}/groups/addDomain/${g.id}`, { domains: [`one-${tag}.com`] })).body.code).toBe(14210);
    expect(must<{ total: number }>(await alice.get(`${P}/domains?groupId=${g.id}`)).total).toBe(1);
    expect(must<{ changed: number }>(await alice.post(`${P}/groups/delDomain/${g.id}`, { domains: [`one-${tag}.com`] })).changed).toBe(1);
    expect((await bob.put(`${P}/groups/${g.id}`, { name: 'x' })).body.code).toBe(14210);
    expect((await bob.del(`${P}/groups/${g.id}`)).body.code).toBe(14210);
    must(await alice.put(`${P}/groups/${g.id}`, { name: `H${tag}` }));
  });

  it('runs a batch with progress and a result per name', async () => {
    const g = must<{ id: number }>(await alice.post(`${P}/groups`, { name: `B${tag}` }));
    const b = must<{ id: string; total: number }>(await alice.post(`${P}/batch`, { kind: 'group', groupId: g.id, domains: [`one-${tag}.com`, `two-${tag}.top`, `missing-${tag}.com`] }));
    expect(b.total).toBe(3);
    await drainAll(t.app);
    const s = must<{ finished: boolean; done: number; failed: number; items: { status: string; message: string }[] }>(await alice.get(`${P}/batch/${b.id}`));
    expect(s).toMatchObject({ finished: true, done: 2, failed: 1 });
    expect(s.items[2]!.message).toContain(`missing-${tag}.com`);
    expect((await bob.get(`${P}/batch/${b.id}`)).body.code).toBe(10004);
    const r = must<{ id: string }>(await alice.post(`${P}/batch`, { kind: 'remark', remark: 'batch remark', domains: [`one-${tag}.com`] }));
    await drainAll(t.app);
    expect(must<{ done: number }>(await alice.get(`${P}/batch/${r.id}`)).done).toBe(1);
    expect((await alice.post(`${P}/batch`, { kind: 'nameservers', nameservers: ['x'], domains: [`one-${tag}.com`] })).body.code).toBe(10001);
    expect((await alice.post(`${P}/batch`, { kind: 'ownership', contactId: 999999, domains: [`one-${tag}.com`] })).body.code).toBe(10004);
  });
});

describe('the sandbox registry over time (the product\'s clock)', () => {
  it('renews in grace at the renewal price, in redemption with the fee, refuses in pending delete, and releases the name', async () => {
    const name = `life-${tag}.com`;
    const cart = must<{ items: { id: number }[] }>(await alice.post(`${P}/carts`, { domains: [name] }));
    must(await alice.post(`${P}/pay`, { cartIds: cart.items.map((i) => i.id), contactId }));
    const expiry = new Date(must<{ items: { expiresAt: string }[] }>(await alice.get(`${P}/domains?keyword=life-${tag}`)).items[0]!.expiresAt);
    const at = (days: number) => clock.set(new Date(expiry.getTime() + days * 86400_000));
    const quote = async (days: number) => {
      at(days);
      return must<{ items: { price: number | null; redemption: boolean; fault: string | null }[] }>(await alice.post(`${P}/orders/renew/price`, { domains: [name], years: 1 }, { lang: 'en' })).items[0]!;
    };
    try {
      expect(await quote(10)).toMatchObject({ price: com.renew, redemption: false, fault: null });
      expect(await quote(40)).toMatchObject({ price: com.renew + com.redemption, redemption: true, fault: null });
      expect((await quote(62)).fault).toContain('pending deletion');
      at(70);
      expect(must<{ available: boolean }[]>(await bob.post(`${P}/domains/available`, { domains: [name] }))[0]!.available).toBe(true);
      // Renewed in redemption: the fee is charged once and the new expiry counts from the old one.
      at(40);
      const before = await balanceOf(t.app, aliceId);
      const r = must<{ amount: number; orders: { expiresAfter: string }[] }>(await alice.post(`${P}/orders/renew`, { domains: [name], years: 1 }));
      expect(r.amount).toBe(com.renew + com.redemption);
      expect(r.orders[0]!.expiresAfter).toBe(addYears(expiry, 1).toISOString());
      expect(await balanceOf(t.app, aliceId)).toBe(before - r.amount);
    } finally {
      clock.set(new Date());
    }
  });
});

describe('expiry', () => {
  it('lists names expiring within N days and reminds once through the notification settings', async () => {
    const ctx = domainsContext(t.app);
    clock.set(new Date(addYears(new Date(), 5).getTime() - 10 * 86400_000));
    const near = await domainsExpiringWithin(ctx, aliceId, 30);
    expect(near.map((d) => d.domain)).toContain(`two-${tag}.top`);
    await t.app.db.query(`UPDATE accounts SET email = $2 WHERE id = $1`, [aliceId, `alice-${tag}@example.com`]);
    const sent = await sendDomainReminders(ctx, t.app.messenger, 'http://console.test');
    expect(sent).toBeGreaterThan(0);
    expect(await sendDomainReminders(ctx, t.app.messenger, 'http://console.test')).toBe(0);
    const mail = await t.app.db.query<{ subject: string }>(`SELECT subject FROM outbox WHERE to_addr = $1`, [`alice-${tag}@example.com`]);
    expect(mail.some((m) => m.subject.includes(`two-${tag}.top`))).toBe(true);
    clock.set(new Date());
  });
});
