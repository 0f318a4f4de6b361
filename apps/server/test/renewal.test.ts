import 'reflect-metadata';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testKeys, testProducts, validContact } from './purchase-helpers.ts';
import { drainAll, markPaid, startDns } from './orders-helpers.ts';
import { decodeTicket, encodeTicket, ticketDecodeFailure } from '../src/services/renewal/ticket.ts';
import { reminderThreshold } from '../src/services/renewal/expiry.ts';
import { ruleOn, tlsMaxValidityDays } from '@cc/domain/cabf-rules';

type Dns = Awaited<ReturnType<typeof startDns>>;
type Mail = { to: string; subject: string; body: string };

let t: TestApp;
let dns: Dns;
let me: ReturnType<typeof client>;
let meEmail: string;
let other: ReturnType<typeof client>;
const day = 86400_000;

beforeAll(async () => {
  dns = await startDns();
  // No ACME directory: the built-in CA issues everything, free products included.
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app);
  me = client(t.app, a.token);
  [{ email: meEmail }] = (await t.app.db.query<{ email: string }>(`SELECT email FROM accounts WHERE id = $1`, [a.id])) as [{ email: string }];
  other = client(t.app, (await newAccount(t.app)).token);
  await drainAll(t.app);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

async function issue(productNo: string, body: Record<string, unknown>, free = false): Promise<string> {
  const r = free ? await me.post('/v1/orders/free', { productNo, dcvMethod: 'dns_txt', ...body }) : await me.post(`/v1/orders/certificate/${productNo}`, { dcvMethod: 'dns_txt', year: 1, ...body });
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = r.body.data as string;
  if (!free) await markPaid(t.app, orderNo);
  await me.get(`/v1/orders/detail/${orderNo}`);
  await drainAll(t.app);
  const d = (await me.get(`/v1/orders/domainList/${orderNo}`)).body.data as { domains: { status: string; instructions: { host?: string; value?: string } }[] };
  for (const x of d.domains) if (x.status === 'pending' && x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
  await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
  await drainAll(t.app);
  expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toMatchObject({ orderStatus: 1005 });
  return orderNo;
}

/** Runs the daily job now, as the queue would on its day. */
async function daily() {
  await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'renewal.daily' AND status = 'pending'`);
  await drainAll(t.app);
}
const mails = async (): Promise<Mail[]> => (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(meEmail)}` })).json().data as Mail[];
const setNotAfter = (orderNo: string, at: Date, planEndsAt = at) =>
  t.app.db.query(`UPDATE orders SET not_after = $2, plan_ends_at = $3 WHERE order_no = $1`, [orderNo, at, planEndsAt]);

describe('renewal ticket', () => {
  it('decodes base64 and base64url JSON; logs 解析JSON 串失败 for anything else', () => {
    const log = vi.fn();
    const ticket = encodeTicket({ orderNo: 'SSL1', productNo: 'T-DV', domains: ['a.example', '*.a.example'] });
    expect(decodeTicket(ticket, log)).toEqual({ v: 1, orderNo: 'SSL1', productNo: 'T-DV', domains: ['a.example', '*.a.example'] });
    expect(decodeTicket(ticket.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), log)?.orderNo).toBe('SSL1');
    expect(log).not.toHaveBeenCalled();
    for (const bad of ['%%%', Buffer.from('{not json').toString('base64'), Buffer.from('{"orderNo":"x"}').toString('base64'), '']) {
      expect(decodeTicket(bad, log)).toBeNull();
    }
    expect(log).toHaveBeenCalledTimes(4);
    expect(log.mock.calls.every(([msg]) => msg === ticketDecodeFailure && msg === '解析JSON 串失败')).toBe(true);
  });

  it('picks the reminder threshold the days left have reached', () => {
    expect([40, 30, 12, 7, 5, 1, 0].map(reminderThreshold)).toEqual([null, 30, 30, 7, 7, 1, 1]);
  });
});

describe('renewal orders', () => {
  it('answers the renewal link and creates a renewal order for the same product, names, contact and CSR at today\'s price', async () => {
    const contactID = ((await me.post('/v1/contacts', validContact)).body.data as { id: number }).id;
    const orderNo = await issue('T-FLEX', { csr: await makeCsr('renew.example'), commonName: 'renew.example', domainNames: 'api.renew.example', contactID });
    const link = await me.get(`/v1/orders/renewTicket/${orderNo}`);
    expect(link.body.code, link.body.msg).toBe(200);
    const { ticket, url, domains } = link.body.data as { ticket: string; url: string; domains: string[] };
    expect(JSON.parse(Buffer.from(ticket, 'base64').toString('utf8'))).toEqual({ v: 1, orderNo, productNo: 'T-FLEX', domains });
    expect(domains).toEqual(['renew.example', 'www.renew.example', 'api.renew.example', 'www.api.renew.example']);
    expect(url).toBe(`http://console.test/ssl/certificates?productNo=T-FLEX&ticket=${encodeURIComponent(ticket)}`);

    const r = await me.post('/createorderrenew', { ticket });
    expect(r.body.code, r.body.msg).toBe(200);
    const renewal = (r.body.data as { orderNo: string; renewedFrom: string });
    expect(renewal.renewedFrom).toBe(orderNo);
    const [n] = await t.app.db.query<{ order_status: number; pay_amount: number; domain_names: string[]; contact_id: number; renewed_from: number; csr: string }>(
      `SELECT n.order_status, n.pay_amount::float8 AS pay_amount, n.domain_names, n.contact_id, n.renewed_from, n.csr FROM orders n WHERE n.order_no = $1`,
      [renewal.orderNo],
    );
    const [old] = await t.app.db.query<{ id: number; pay_amount: number; csr: string }>(`SELECT id, pay_amount::float8 AS pay_amount, csr FROM orders WHERE order_no = $1`, [orderNo]);
    expect(n).toMatchObject({ order_status: 1001, domain_names: domains, contact_id: contactID, renewed_from: old!.id, csr: old!.csr });
    // The www names are added by the product, as on the first purchase: the same price.
    expect(n!.pay_amount).toBe(old!.pay_amount);
    const d = (await me.get(`/v1/orders/detail/${renewal.orderNo}`, { lang: 'en' })).body.data as { orderInfo: { timeline: { kind: string; text: string }[] } };
    expect(d.orderInfo.timeline.find((e) => e.kind === 'renewal_of')?.text).toBe(`Renews order ${orderNo}`);

    // Another account reaches neither the link nor the order.
    expect((await other.get(`/v1/orders/renewTicket/${orderNo}`)).body.code).toBe(10004);
    expect((await other.post('/createorderrenew', { ticket })).body.code).toBe(10004);
  });

  it('renews a free order into a free order waiting for validation', async () => {
    const orderNo = await issue('T-FREE', { year: 90, csr: await makeCsr('free.renew.example'), commonName: 'free.renew.example' }, true);
    const { ticket } = (await me.get(`/v1/orders/renewTicket/${orderNo}`)).body.data as { ticket: string };
    const r = await me.post('/createorderrenew', { ticket });
    expect(r.body.code, r.body.msg).toBe(200);
    expect((await me.get(`/v1/orders/status/${(r.body.data as { orderNo: string }).orderNo}`)).body.data).toMatchObject({ orderStatus: 1002 });
  });

  it('answers a clear error for a ticket that cannot be decoded, and for an order without a certificate', async () => {
    const bad = await me.post('/createorderrenew', { ticket: 'bm90IGpzb24=' }, { lang: 'en' });
    expect(bad.body).toMatchObject({ code: 10001, msg: 'The renewal link is not valid: get a new one from the order details', errors: { ticket: 'The renewal link is not valid: get a new one from the order details' } });
    expect((await me.post('/createorderrenew', { ticket: '' })).body.code).toBe(10001);
    const open = await me.post('/v1/orders/certificate/T-DV', { dcvMethod: 'dns_txt', year: 1, csr: await makeCsr('open.renew.example'), commonName: 'open.renew.example' });
    const ticket = encodeTicket({ orderNo: open.body.data as string, domains: ['open.renew.example'] });
    expect((await me.post('/createorderrenew', { ticket }, { lang: 'en' })).body).toMatchObject({ code: 10001, msg: `Order ${open.body.data as string} has no certificate to renew` });
  });
});

describe('expiry', () => {
  it('mails 30, 7 and 1 day before notAfter, once each, then marks the order expired', async () => {
    const orderNo = await issue('T-DV', { csr: await makeCsr('remind.example'), commonName: 'remind.example' });
    const before = (await mails()).length;
    await setNotAfter(orderNo, new Date(Date.now() + 20 * day));
    await daily();
    await daily();
    let got = await mails();
    expect(got.length - before).toBe(1);
    expect(got[0]!.subject).toBe('证书即将到期：remind.example（剩余 20 天） / Certificate expiring: remind.example (20 days left)');
    expect(got[0]!.body).toContain(`/ssl/certificates?productNo=T-DV&ticket=`);

    await setNotAfter(orderNo, new Date(Date.now() + 5 * day));
    await daily();
    await setNotAfter(orderNo, new Date(Date.now() + 12 * 3600_000));
    await daily();
    await daily();
    got = await mails();
    expect(got.length - before).toBe(3);
    const [o] = await t.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [orderNo]);
    const sent = await t.app.db.query<{ threshold_days: number }>(`SELECT threshold_days FROM expiry_reminders WHERE order_id = $1 ORDER BY threshold_days DESC`, [o!.id]);
    expect(sent.map((s) => s.threshold_days)).toEqual([30, 7, 1]);

    await setNotAfter(orderNo, new Date(Date.now() - 1000));
    await daily();
    const [row] = await t.app.db.query<{ order_status: number }>(`SELECT order_status FROM orders WHERE id = $1`, [o!.id]);
    expect(row!.order_status).toBe(1007);
    const d = (await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: { orderStatus: number; timeline: { kind: string }[] } };
    expect(d.orderInfo.orderStatus).toBe(1007);
    expect(d.orderInfo.timeline.filter((e) => e.kind === 'expiry_reminder')).toHaveLength(3);
    expect(d.orderInfo.timeline.at(-1)?.kind).toBe('expired');
  });

  it('reissues within a multi-year plan once two thirds of the certificate\'s life have run: same key, a new serial, no reminder', async () => {
    const orderNo = await issue('T-FLEX', { year: 2, csr: await makeCsr('plan.example'), commonName: 'plan.example' });
    const first = (await me.get(`/v1/orders/cert/${orderNo}`)).body.data as { serial: string };
    const [plan] = await t.app.db.query<{ plan_ends_at: Date }>(`SELECT plan_ends_at FROM orders WHERE order_no = $1`, [orderNo]);
    const before = (await mails()).length;
    // Not yet two thirds into a 60-day life (35 days run, 25 left): nothing happens.
    await t.app.db.query(`UPDATE orders SET not_before = $2 WHERE order_no = $1`, [orderNo, new Date(Date.now() - 35 * day)]);
    await setNotAfter(orderNo, new Date(Date.now() + 25 * day), new Date(plan!.plan_ends_at));
    await daily();
    expect(((await me.get(`/v1/orders/cert/${orderNo}`)).body.data as { serial: string }).serial).toBe(first.serial);
    // Past two thirds (10 days left of 60).
    await t.app.db.query(`UPDATE orders SET not_before = $2 WHERE order_no = $1`, [orderNo, new Date(Date.now() - 50 * day)]);
    await setNotAfter(orderNo, new Date(Date.now() + 10 * day), new Date(plan!.plan_ends_at));
    await daily();
    const c = (await me.get(`/v1/orders/cert/${orderNo}`)).body.data as { serial: string; cert: string; notAfter: string };
    expect(c.serial).not.toBe(first.serial);
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', (await testKeys()).publicKey));
    expect(new X509Certificate(c.cert).publicKey.export({ type: 'spki', format: 'der' }).equals(spki)).toBe(true);
    expect(Math.round((new Date(c.notAfter).getTime() - Date.now()) / day)).toBe(ruleOn(tlsMaxValidityDays, new Date()));
    const d = (await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: { orderStatus: number; planEndsAt: string; timeline: { kind: string }[] } };
    expect(d.orderInfo.orderStatus).toBe(1005);
    expect(new Date(d.orderInfo.planEndsAt).getTime()).toBe(new Date(plan!.plan_ends_at).getTime());
    expect(d.orderInfo.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['auto_reissue', 'issued']));
    // No expiry reminder: at most the notice that the new certificate is issued (the customer installs it).
    const now = await mails();
    const sent = now.slice(0, now.length - before);
    expect(sent.filter((m) => m.subject.includes('证书即将到期'))).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(1);
  });
});
