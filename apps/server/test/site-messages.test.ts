import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, startDns } from './orders-helpers.ts';
import { sha256hex } from './session-helpers.ts';
import { publishAnnouncement } from '../src/services/messages/announcements.ts';
import { notifyAccount } from '../src/services/messages/notify.ts';
import { hashPassword } from '../src/lib/password.ts';
import { toAscii } from '@cc/domain/domain-names';

/** The message centre, announcements and the dashboard: what the product tells an account, and what it asks it to do. */

type Dns = Awaited<ReturnType<typeof startDns>>;
type Msg = { id: number; kind: string; category: string; title: string; content: string; link: string | null; read: boolean; createdAt: string };
type List = { siteMsges: Msg[]; total: number; unread: number };
let t: TestApp;
let dns: Dns;
const day = 86400_000;

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

type Client = ReturnType<typeof client>;
const data = <T>(r: { body: { code: number; msg: string; data: unknown } }): T => {
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as T;
};

async function order(me: Client, name: string): Promise<string> {
  return data<string>(await me.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name }));
}
async function payAndIssue(me: Client, orderNo: string): Promise<void> {
  data(await me.post('/v1/orders/pay', { payWay: 'balance', orderNo }));
  await drainAll(t.app);
  const d = data<{ domains: { instructions: { host?: string; value?: string } }[] }>(await me.get(`/v1/orders/domainList/${orderNo}`));
  for (const x of d.domains) if (x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
  data(await me.put(`/v1/orders/verifyDomains/${orderNo}`, {}));
  await drainAll(t.app);
}

describe('site messages', () => {
  it('tells the account of payment, validation and issuance in the message centre as well as by mail, worded in the reader\'s language', async () => {
    const a = await newAccount(t.app, 1_000_000);
    const me = client(t.app, a.token);
    const [{ email }] = (await t.app.db.query<{ email: string }>(`SELECT email FROM accounts WHERE id = $1`, [a.id])) as [{ email: string }];
    // Mail of the issued event switched off: the message centre still hears of it.
    data(await me.post('/v1/inform', { informType: 'issued', modifyTo: 'email', isInformed: 'N' }));
    const no = await order(me, 'inbox-a.example');
    expect(data<List>(await me.get('/v1/siteMsg'))).toEqual({ siteMsges: [], total: 0, unread: 0 });
    await payAndIssue(me, no);

    const zh = data<List>(await me.get('/v1/siteMsg'));
    expect(zh.siteMsges.map((m) => m.kind)).toEqual(['issued', 'orderValidation', 'payment']);
    expect(zh.total).toBe(3);
    expect(zh.unread).toBe(3);
    const [issued, validation, payment] = zh.siteMsges as [Msg, Msg, Msg];
    expect(issued).toMatchObject({ category: 'orders', title: '证书 inbox-a.example 已签发', link: `/ssl/certificate/${no}`, read: false });
    expect(issued.content).toMatch(new RegExp(`订单 ${no} 的证书（inbox-a\\.example）已签发，有效期至 \\d{4}-\\d\\d-\\d\\d`));
    expect(validation).toMatchObject({ category: 'orders', title: `订单 ${no} 待验证域名`, link: `/ssl/certificate/${no}` });
    expect(payment).toMatchObject({ category: 'billing', title: expect.stringMatching(/^支付成功：¥\d+\.\d\d$/) });
    expect(payment.content).toMatch(/^已成功支付 ¥\d+\.\d\d（订单 SSL\d+），支付方式：余额支付。$/);
    const en = data<List>(await me.get('/v1/siteMsg', { lang: 'en' }));
    expect(en.siteMsges[0]!.title).toBe('Certificate inbox-a.example issued');
    expect(en.siteMsges[2]!.content).toMatch(/^You paid ¥\d+\.\d\d \(orders SSL\d+\) by Balance\.$/);

    // Mail: payment and validation went out; issued did not (switched off).
    const subjects = (await t.app.db.query<{ subject: string }>(`SELECT subject FROM outbox WHERE to_addr = $1 ORDER BY id`, [email])).map((r) => r.subject);
    expect(subjects.some((s) => s.includes('待验证域名'))).toBe(true);
    expect(subjects.some((s) => s.includes('支付成功'))).toBe(true);
    expect(subjects.some((s) => s.includes('已签发'))).toBe(false);
    // The bell's call agrees.
    expect(data<{ unread: number }>(await me.get('/v1/siteMsg/summary'))).toMatchObject({ unread: 3, announcement: null });
  });

  it('filters by group, kind and status; the totals match the lists page by page; read, read all and delete', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const kinds = ['payment', 'issued', 'orderValidation', 'newSignIn', 'balanceLow', 'issued', 'securityChange', 'expiring', 'domainExpiring', 'issued', 'invoiceIssued'] as const;
    for (const [i, k] of kinds.entries()) {
      await notifyAccount(t.app.db, a.id, k, { orderNo: `SSL${i}`, domain: `n${i}.example`, notAfter: '2027-01-01', days: 7, amount: 1234, payWay: 'balance', orderNos: `SSL${i}`, balance: 100, threshold: 10000, ip: '203.0.113.9', device: 'Chrome', time: '2026-11-24 10:00:00', change: 'password', orgName: '示例科技' }, { mailAndSms: false });
    }
    const all = data<List>(await me.get('/v1/siteMsg?limit=10'));
    expect(all.total).toBe(11);
    expect(all.siteMsges).toHaveLength(10);
    const page2 = data<List>(await me.get('/v1/siteMsg?limit=10&offset=2'));
    expect(page2.siteMsges).toHaveLength(1);
    expect(new Set([...all.siteMsges, ...page2.siteMsges].map((m) => m.id)).size).toBe(11);
    // No message shows a key for want of a word.
    for (const m of [...all.siteMsges, ...page2.siteMsges]) expect(`${m.title} ${m.content}`).not.toMatch(/siteMsg\.|\{\{/);

    const count = async (q: string) => {
      const l = data<List>(await me.get(`/v1/siteMsg?limit=100&${q}`));
      expect(l.siteMsges).toHaveLength(l.total);
      return l;
    };
    expect((await count('category=orders')).siteMsges.map((m) => m.kind).sort()).toEqual(['expiring', 'issued', 'issued', 'issued', 'orderValidation']);
    expect((await count('category=billing')).total).toBe(3);
    expect((await count('category=security')).siteMsges.map((m) => m.kind).sort()).toEqual(['newSignIn', 'securityChange']);
    expect((await count('category=domains')).total).toBe(1);
    expect((await count('kind=issued')).total).toBe(3);

    const first = all.siteMsges[0]!;
    expect(data<{ unread: number }>(await me.put(`/v1/siteMsg/${first.id}`, {}))).toEqual({ unread: 10 });
    expect(data<{ unread: number }>(await me.put(`/v1/siteMsg/${first.id}`, {}))).toEqual({ unread: 10 });
    expect((await count('status=read')).siteMsges.map((m) => m.id)).toEqual([first.id]);
    expect((await count('status=unread')).total).toBe(10);
    expect(data(await me.put('/v1/siteMsg/read', { category: 'billing' }))).toEqual({ read: 2, unread: 8 });
    expect((await count('category=billing&status=unread')).total).toBe(0);
    expect(data(await me.put('/v1/siteMsg/read', {}, { form: true }))).toEqual({ read: 8, unread: 0 });
    expect(data(await me.del(`/v1/siteMsg/${first.id}`))).toEqual({ unread: 0 });
    expect((await count('')).total).toBe(10);
    const gone = await me.del(`/v1/siteMsg/${first.id}`, { lang: 'en' });
    expect(gone.body).toMatchObject({ code: 14400, msg: 'The message does not exist or was deleted' });
  });

  it('counts at most 100 unread for the bell (it shows 99+), and all of them in the list', async () => {
    const a = await newAccount(t.app);
    await t.app.db.query(
      `INSERT INTO site_messages (account_id, kind, params) SELECT $1, 'issued', jsonb_build_object('orderNo', 'SSL' || g, 'domain', 'b.example', 'notAfter', '2027-01-01') FROM generate_series(1, 150) g`,
      [a.id],
    );
    const me = client(t.app, a.token);
    expect(data<{ unread: number }>(await me.get('/v1/siteMsg/summary')).unread).toBe(100);
    expect(data<List>(await me.get('/v1/siteMsg?limit=10'))).toMatchObject({ total: 150, unread: 150 });
  });

  it('ties a message about a name the account holds to that name, written in its Unicode form or its ASCII one', async () => {
    const a = await newAccount(t.app);
    const other = await newAccount(t.app);
    const unicode = `例子${Date.now()}.com`;
    await t.app.db.query(
      `INSERT INTO domains (account_id, order_no, name, unicode, tld, registered_at, expires_at) VALUES ($1, $2, $3, $4, 'com', now(), now() + interval '1 year')`,
      [a.id, `DP${Date.now()}`, toAscii(unicode), unicode],
    );
    const about = async (accountId: number, domain: string) => {
      await notifyAccount(t.app.db, accountId, 'domainExpiring', { domain, expiresAt: '2027-01-01', notAfter: '2027-01-01', days: 30 }, { mailAndSms: false });
      const [m] = await t.app.db.query<{ about: boolean }>(`SELECT about_object AS about FROM site_messages WHERE account_id = $1 ORDER BY id DESC LIMIT 1`, [accountId]);
      return m!.about;
    };
    expect(await about(a.id, unicode)).toBe(true);
    expect(await about(a.id, toAscii(unicode))).toBe(true);
    expect(await about(a.id, 'not-held.example')).toBe(false);
    // Another account's message naming it is about nothing of that account's.
    expect(await about(other.id, unicode)).toBe(false);
  });

  it('leaves another account\'s messages untouchable: not listed, not read, not deleted', async () => {
    const a = await newAccount(t.app);
    const b = await newAccount(t.app);
    await notifyAccount(t.app.db, a.id, 'issued', { orderNo: 'SSLSECRET1', domain: 'secret-alice.example', notAfter: '2027-01-01' }, { mailAndSms: false });
    const alice = client(t.app, a.token);
    const bob = client(t.app, b.token);
    const id = data<List>(await alice.get('/v1/siteMsg')).siteMsges[0]!.id;
    expect(JSON.stringify(data(await bob.get('/v1/siteMsg?limit=100')))).not.toContain('secret-alice');
    expect((await bob.put(`/v1/siteMsg/${id}`, {})).body).toMatchObject({ code: 14400, msg: '消息不存在或已删除' });
    expect((await bob.del(`/v1/siteMsg/${id}`)).body.code).toBe(14400);
    expect(data(await bob.put('/v1/siteMsg/read', {}))).toEqual({ read: 0, unread: 0 });
    expect(data<List>(await alice.get('/v1/siteMsg')).siteMsges).toMatchObject([{ id, read: false }]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/siteMsg' })).statusCode).toBe(401);
  });

  it.each([
    ['/v1/siteMsg?category=spam', 'zh', 'category', '消息分类只能是 orders、billing、domains 或 security'],
    ['/v1/siteMsg?kind=spam', 'en', 'kind', 'Unknown message kind'],
    ['/v1/siteMsg?status=new', 'en', 'status', 'The status must be unread or read'],
    ['/v1/siteMsg?limit=7', 'zh', 'limit', '每页条数只能是 10、15、20、30、50、100、300 或 400'],
    ['/v1/orders/count?status=lost', 'en', 'status', 'The count status can only be expired'],
  ])('refuses %s with a precise message (%s)', async (url, lang, field, msg) => {
    const a = await newAccount(t.app);
    const r = await client(t.app, a.token).get(url, { lang: lang as 'zh' | 'en' });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(10001);
    expect(r.body.errors?.[field]).toBe(msg);
  });

  it('tells of a password change (a security event)', async () => {
    const a = await newAccount(t.app);
    await t.app.db.query(`UPDATE accounts SET password_hash = $2 WHERE id = $1`, [a.id, await hashPassword(sha256hex('Old#Pass2026'))]);
    const me = client(t.app, a.token);
    data(await me.post('/v1/password', { oldPwd: sha256hex('Old#Pass2026'), newPwd: sha256hex('New#Pass2026') }));
    const l = data<List>(await me.get('/v1/siteMsg?category=security', { lang: 'en' }));
    expect(l.siteMsges).toMatchObject([{ kind: 'securityChange', title: 'Password changed', link: '/account/secure' }]);
  });

  it('puts the expiry reminder in the message centre even when mail and SMS are off', async () => {
    const a = await newAccount(t.app, 1_000_000);
    const me = client(t.app, a.token);
    data(await me.post('/v1/inform', { informType: 'expiring', modifyTo: 'email', isInformed: 'N' }));
    const no = await order(me, 'inbox-expiring.example');
    await payAndIssue(me, no);
    await t.app.db.query(`UPDATE orders SET not_after = $2, plan_ends_at = $2 WHERE order_no = $1`, [no, new Date(Date.now() + 20 * day)]);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'renewal.daily' AND status = 'pending'`);
    await drainAll(t.app);
    const l = data<List>(await me.get('/v1/siteMsg?kind=expiring', { lang: 'en' }));
    expect(l.siteMsges).toMatchObject([{ title: 'Certificate inbox-expiring.example expires in 20 days', link: `/ssl/certificate/${no}` }]);
  });
});

describe('announcements', () => {
  it('shows the newest unread one in the header call once, until read; lists those in force; hides on delete', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const base = { titleZh: '维护', titleEn: 'Maintenance', bodyZh: '周六 02:00 维护', bodyEn: 'Saturday 02:00 maintenance' };
    const older = await publishAnnouncement(t.app.db, { ...base, kind: 'maintenance' }, new Date(Date.now() - 60_000));
    const newer = await publishAnnouncement(t.app.db, { ...base, kind: 'rules', titleZh: '证书有效期缩短', titleEn: 'Shorter certificate lifetimes', days: 30 });
    const ended = await publishAnnouncement(t.app.db, { ...base, kind: 'price', endsAt: new Date(Date.now() - 1000).toISOString() }, new Date(Date.now() - day));
    const future = await publishAnnouncement(t.app.db, { ...base, kind: 'price', startsAt: new Date(Date.now() + day).toISOString() });

    const s = data<{ announcement: { id: number; title: string } }>(await me.get('/v1/siteMsg/summary', { lang: 'en' }));
    expect(s.announcement).toMatchObject({ id: newer.id, title: 'Shorter certificate lifetimes', kind: 'rules', read: false });
    const list = data<{ siteMsges: { id: number }[]; total: number; unread: number }>(await me.get('/v1/siteMsg/announcement'));
    const ids = list.siteMsges.map((x) => x.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(future.id);
    expect(list.total).toBe(ids.length);

    data(await me.put(`/v1/siteMsg/announcement/${newer.id}`, {}));
    expect(data<{ announcement: { id: number } }>(await me.get('/v1/siteMsg/summary')).announcement?.id).not.toBe(newer.id);
    data(await me.del(`/v1/siteMsg/announcement/${older.id}`));
    const after = data<{ siteMsges: { id: number; read: boolean }[] }>(await me.get('/v1/siteMsg/announcement'));
    expect(after.siteMsges.map((x) => x.id)).not.toContain(older.id);
    expect(after.siteMsges.find((x) => x.id === newer.id)).toMatchObject({ read: true });
    // Another account still sees both, unread.
    const other = client(t.app, (await newAccount(t.app)).token);
    expect(data<{ announcement: { id: number } }>(await other.get('/v1/siteMsg/summary')).announcement?.id).toBe(newer.id);
    expect((await me.put(`/v1/siteMsg/announcement/${ended.id}`, {}, { lang: 'en' })).body).toMatchObject({ code: 14401, msg: 'The announcement does not exist or has ended' });
    expect((await me.del(`/v1/siteMsg/announcement/${future.id}`)).body.code).toBe(14401);
  });

  it('answers each account its own bell when several ask at once, read with each session, as the announcement list says', async () => {
    const accounts = await Promise.all([0, 1, 2, 3].map(() => newAccount(t.app)));
    // Account i holds i unread messages; the last has read the announcements in force, the others have not.
    for (const [i, a] of accounts.entries()) {
      await t.app.db.query(
        `INSERT INTO site_messages (account_id, kind, params) SELECT $1, 'issued', jsonb_build_object('orderNo', 'SSL' || g, 'domain', 'c.example', 'notAfter', '2027-01-01') FROM generate_series(1, $2::int) g`,
        [a.id, i],
      );
    }
    const live = await publishAnnouncement(t.app.db, { kind: 'rules', titleZh: '新规', titleEn: 'New rules', bodyZh: '内容', bodyEn: 'Body', days: 1 });
    const last = client(t.app, accounts[3]!.token);
    for (const x of data<{ siteMsges: { id: number }[] }>(await last.get('/v1/siteMsg/announcement')).siteMsges) data(await last.put(`/v1/siteMsg/announcement/${x.id}`, {}));
    type Bell = { unread: number; announcement: { id: number; title: string } | null };
    const listed = data<{ siteMsges: { id: number }[] }>(await client(t.app, accounts[0]!.token).get('/v1/siteMsg/announcement', { lang: 'en' })).siteMsges.find((x) => x.id === live.id);

    const asked = accounts.flatMap((a, i) => [i, i, i].map(() => ({ i, call: client(t.app, a.token).get('/v1/siteMsg/summary', { lang: i % 2 ? 'en' : 'zh' }) })));
    for (const { i, call } of asked) {
      const s = data<Bell>(await call);
      expect(s.unread).toBe(i);
      if (i === 3) expect(s.announcement).toBeNull();
      else expect(s.announcement).toEqual({ ...listed, title: i % 2 ? 'New rules' : '新规', content: i % 2 ? 'Body' : '内容' });
    }

    // A call with an API key reads the bell its own way, to the same answer.
    const first = client(t.app, accounts[1]!.token);
    data(await first.post('/v1/developer', { agree: true }));
    const key = data<{ secret: string }>(await first.post('/v1/apiKey', { name: 'bell', scope: 'read' })).secret;
    const byKey = await t.app.inject({ method: 'GET', url: '/v1/siteMsg/summary', headers: { authorization: `Bearer ${key}`, lang: 'en' } });
    expect(byKey.json().data).toEqual(data<Bell>(await first.get('/v1/siteMsg/summary', { lang: 'en' })));
  });
});

describe('dashboard', () => {
  it('counts what needs action exactly as the lists behind its links, with the validation method, calendar and spending', async () => {
    const a = await newAccount(t.app, 1_000_000);
    const me = client(t.app, a.token);
    const unpaid = await order(me, 'dash-unpaid.example');
    const waiting = await order(me, 'dash-waiting.example');
    data(await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: waiting }));
    await drainAll(t.app);
    const issued = await order(me, 'dash-issued.example');
    await payAndIssue(me, issued);
    await t.app.db.query(`UPDATE orders SET not_after = $2, plan_ends_at = $2 WHERE order_no = $1`, [issued, new Date(Date.now() + 12 * day)]);
    // A failed automatic reissue.
    const failed = await order(me, 'dash-failed.example');
    await t.app.db.query(`UPDATE orders SET order_status = 1003, paid_at = now() WHERE order_no = $1`, [failed]);
    await t.app.db.query(`INSERT INTO order_events (order_id, kind) SELECT id, 'auto_reissue' FROM orders WHERE order_no = $1`, [failed]);

    const d = data<{
      awaitingPayment: { count: number; amount: number; link: string };
      awaitingValidation: { count: number; link: string; orders: { orderNo: string; methods: string[]; pending: number; link: string }[] };
      expiring: { count: number; link: string };
      failedRenewals: { count: number; link: string; orders: { orderNo: string }[] };
      calendar: { kind: string; ref: string; name: string; link: string; date: string }[];
      spending: { thisMonth: number; lastMonth: number; thisMonthLink: string };
    }>(await me.get('/v1/dashboard'));
    const listTotal = async (link: string) => {
      const u = new URL(link, 'http://x');
      const path = u.pathname === '/orders/expiring' ? '/v1/orders?expiring=true' : `/v1/orders?${u.searchParams.toString()}`;
      return data<{ total: number }>(await me.get(path)).total;
    };
    expect(d.awaitingPayment).toMatchObject({ count: 1, link: '/orders/list?status=1001' });
    expect(d.awaitingPayment.amount).toBeGreaterThan(0);
    expect(await listTotal(d.awaitingPayment.link)).toBe(1);
    expect(d.awaitingValidation).toMatchObject({ count: 1, link: '/orders/list?status=1002', orders: [{ orderNo: waiting, methods: ['dns_txt'], pending: 1, link: `/ssl/certificate/${waiting}` }] });
    expect(await listTotal(d.awaitingValidation.link)).toBe(1);
    expect(d.expiring).toEqual({ count: 1, link: '/orders/expiring' });
    expect(await listTotal(d.expiring.link)).toBe(1);
    expect(d.failedRenewals).toMatchObject({ count: 1, link: '/orders/list?renewalFailed=true', orders: [{ orderNo: failed }] });
    expect(await listTotal(d.failedRenewals.link)).toBe(1);
    expect(unpaid).toBeTruthy();

    // The calendar: the certificate ending in 12 days; the validation lapses after the reuse period of the rules table, beyond the window.
    expect(d.calendar).toEqual([expect.objectContaining({ kind: 'certificate', ref: issued, name: 'dash-issued.example', link: `/ssl/certificate/${issued}` })]);
    await t.app.db.query(`UPDATE validated_domains SET expires_at = now() + interval '40 days' WHERE account_id = $1`, [a.id]);
    const cal = data<{ calendar: { kind: string; name: string; date: string }[] }>(await me.get('/v1/dashboard')).calendar;
    expect(cal.map((c) => `${c.kind}:${c.name}`)).toEqual(['certificate:dash-issued.example', 'validation:dash-issued.example']);

    // Spending: the two paid orders this month; one moved to last month; the cancelled one does not count.
    const [{ paid }] = (await t.app.db.query<{ paid: string }>(`SELECT sum(pay_amount) AS paid FROM orders WHERE account_id = $1 AND paid_at IS NOT NULL AND order_status <> 1004`, [a.id])) as [{ paid: string }];
    expect(d.spending.thisMonth).toBe(Number(paid));
    expect(d.spending.lastMonth).toBe(0);
    expect(d.spending.thisMonthLink).toMatch(/^\/orders\/list\?dateFrom=\d{4}-\d\d-01&dateTo=\d{4}-\d\d-\d\d$/);
    await t.app.db.query(`UPDATE orders SET paid_at = date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai' - interval '3 days' WHERE order_no = $1`, [issued]);
    const s2 = data<{ spending: { thisMonth: number; lastMonth: number } }>(await me.get('/v1/dashboard')).spending;
    expect(s2.thisMonth + s2.lastMonth).toBe(Number(paid));
    expect(s2.lastMonth).toBeGreaterThan(0);

    // Another account sees none of it.
    const other = data(await client(t.app, (await newAccount(t.app)).token).get('/v1/dashboard'));
    expect(JSON.stringify(other)).not.toContain('dash-');
  });

  it('answers the expired-orders count call with status expired', async () => {
    const a = await newAccount(t.app, 1_000_000);
    const me = client(t.app, a.token);
    const no = await order(me, 'dash-expired.example');
    await payAndIssue(me, no);
    expect(data<{ total: number }>(await me.get('/v1/orders/count?status=expired')).total).toBe(0);
    await t.app.db.query(`UPDATE orders SET not_after = now() - interval '1 day', plan_ends_at = now() - interval '1 day' WHERE order_no = $1`, [no]);
    expect(data<{ total: number }>(await me.get('/v1/orders/count?status=expired')).total).toBe(1);
    expect(data<{ total: number }>(await me.get('/v1/orders/count')).total).toBe(1);
  });
});
