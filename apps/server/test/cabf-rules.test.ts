import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@cc/contracts/messages';
import { testClock } from '../src/lib/clock.ts';
import { enqueue } from '../src/services/jobs/queue.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, run, startDns, startHttp } from './orders-helpers.ts';

/**
 * The product under the CA/Browser Forum rules of each boundary date (issue 43): the product's clock is put on the
 * date and everything is judged through the API and openssl, as a customer would see it.
 */
type Dns = Awaited<ReturnType<typeof startDns>>;
type Web = Awaited<ReturnType<typeof startHttp>>;
type Domain = { domain: string; method: string; status: string; reused: boolean; validatedAt: string | null; lapsesAt: string | null; methodEndsOn: string | null };

const clock = testClock('2026-12-07T00:00:00Z');
let t: TestApp;
let dns: Dns;
let web: Web;
let me: ReturnType<typeof client>;
let meId = 0;
const dir = mkdtempSync(path.join(tmpdir(), 'cc-cabf-'));
let n = 0;
const pemFile = (pem: string) => {
  const p = path.join(dir, `c${n++}.pem`);
  writeFileSync(p, pem);
  return p;
};
const day = 86_400_000;

beforeAll(async () => {
  dns = await startDns();
  web = await startHttp();
  t = await startTestApp({ DNS_RESOLVER: dns.address, DCV_HTTP_PORT: String(web.port), PUBLIC_URL: 'http://console.test' }, { clock });
  await addProducts(t.app, Object.values(testProducts));
  const a = await newAccount(t.app);
  meId = a.id;
  me = client(t.app, a.token);
});
afterAll(async () => {
  await t.close();
  await dns.close();
  await web.close();
});

/** Paid on the clock's day (as the payments area records it), its job queued. */
async function markPaidNow(orderNo: string): Promise<void> {
  const [o] = await t.app.db.query<{ id: number }>(`UPDATE orders SET order_status = 1002, paid_at = $2 WHERE order_no = $1 RETURNING id`, [orderNo, clock.now()]);
  await enqueue(t.app.db, 'orders.paid', { orderIds: [o!.id], orderNos: [orderNo], aim: 'makeOrder', payWay: 'balance', ref: orderNo });
  await drainAll(t.app);
}

async function order(productNo: string, body: Record<string, unknown>): Promise<string> {
  const r = await me.post(`/v1/orders/certificate/${productNo}`, { dcvMethod: 'dns_txt', year: 1, ...body });
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data as string;
}

async function domains(orderNo: string): Promise<Domain[]> {
  return ((await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: { domains: Domain[] } }).orderInfo.domains;
}

/** Pays, publishes each pending name's TXT record, verifies, runs the jobs; answers the order's certificate PEM. */
async function issue(productNo: string, body: Record<string, unknown>): Promise<{ orderNo: string; pem: string }> {
  const orderNo = await order(productNo, body);
  await markPaidNow(orderNo);
  const d = (await me.get(`/v1/orders/domainList/${orderNo}`)).body.data as { domains: { status: string; instructions: { host?: string; value?: string } }[] };
  for (const x of d.domains) if (x.status === 'pending' && x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
  await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
  await drainAll(t.app);
  const c = await me.get(`/v1/orders/cert/${orderNo}`);
  expect(c.body.code, c.body.msg).toBe(200);
  return { orderNo, pem: (c.body.data as { cert: string }).cert };
}

const openssl = async (pem: string, ...args: string[]) => (await run('openssl', ['x509', '-noout', '-in', pemFile(pem), ...args])).stdout;
/** notBefore and notAfter as openssl prints them with -dates. */
async function dates(pem: string): Promise<{ notBefore: Date; notAfter: Date }> {
  const out = await openssl(pem, '-dates');
  const get = (k: string) => new Date(out.match(new RegExp(`${k}=(.+)`))![1]!.trim());
  return { notBefore: get('notBefore'), notAfter: get('notAfter') };
}
const eku = async (pem: string) => (await openssl(pem, '-ext', 'extendedKeyUsage')).split('\n').slice(1).join(' ').trim();

const boundaries = [
  // the clock's day, longest TLS validity, the EKU, a validation made that day lapses on, the note (zh)
  { on: '2026-03-14', days: 398, eku: 'TLS Web Server Authentication, TLS Web Client Authentication', lapses: '2026-09-30', noteZh: 'SSL/TLS 证书有效期最长为 398 天（2026-03-15 起为 200 天），多年期套餐在有效期内自动重签' },
  { on: '2026-03-15', days: 200, eku: 'TLS Web Server Authentication, TLS Web Client Authentication', lapses: '2026-10-01', noteZh: 'SSL/TLS 证书有效期最长为 200 天（2027-03-15 起为 100 天），多年期套餐在有效期内自动重签' },
  { on: '2027-03-14', days: 200, eku: 'TLS Web Server Authentication', lapses: '2027-06-22', noteZh: 'SSL/TLS 证书有效期最长为 200 天（2027-03-15 起为 100 天），多年期套餐在有效期内自动重签' },
  { on: '2027-03-15', days: 100, eku: 'TLS Web Server Authentication', lapses: '2027-06-23', noteZh: 'SSL/TLS 证书有效期最长为 100 天（2029-03-15 起为 47 天），多年期套餐在有效期内自动重签' },
  { on: '2028-03-15', days: 100, eku: 'TLS Web Server Authentication', lapses: '2028-06-23', noteZh: 'SSL/TLS 证书有效期最长为 100 天（2029-03-15 起为 47 天），多年期套餐在有效期内自动重签' },
  { on: '2029-03-15', days: 47, eku: 'TLS Web Server Authentication', lapses: '2029-03-25', noteZh: 'SSL/TLS 证书有效期最长为 47 天，多年期套餐在有效期内自动重签' },
];

describe('a 2-year plan signed on each boundary date', () => {
  it.each(boundaries)('on $on: valid $days days (openssl -dates), EKU "$eku", validation lapses $lapses, the order screen says so', async (b) => {
    clock.set(`${b.on}T08:00:00Z`);
    const cn = `b${b.on.replaceAll('-', '')}.rules.example`;
    const { orderNo, pem } = await issue('T-FLEX', { year: 2, csr: await makeCsr(cn), commonName: cn });
    const { notBefore, notAfter } = await dates(pem);
    expect(notBefore.toISOString().slice(0, 10)).toBe(b.on);
    // BR 6.3.2 counts both ends: notAfter is a second short of notBefore + the limit.
    expect((notAfter.getTime() - notBefore.getTime() + 1000) / day).toBe(b.days);
    expect(await eku(pem)).toBe(b.eku);
    const [d] = await domains(orderNo);
    expect(d!.lapsesAt!.slice(0, 10)).toBe(b.lapses);
    // The note of the order screen, in both languages.
    const zh = (await me.get('/v1/products?limit=1000&offset=1')).body.data as { rules: { on: string; tlsMaxValidityDays: number; validityNote: string } };
    expect(zh.rules).toMatchObject({ on: b.on, tlsMaxValidityDays: b.days, validityNote: b.noteZh });
    const en = (await me.get('/v1/products?limit=1000&offset=1', { lang: 'en' })).body.data as { rules: { validityNote: string } };
    expect(en.rules.validityNote).toMatch(new RegExp(`^SSL/TLS certificates are valid for at most ${b.days} days`));
  });

  it('states the English note with the next change', async () => {
    clock.set('2026-12-07T00:00:00Z');
    const en = (await me.get('/v1/products?limit=1000&offset=1', { lang: 'en' })).body.data as { rules: { validityNote: string; nextChange: unknown } };
    expect(en.rules.validityNote).toBe('SSL/TLS certificates are valid for at most 200 days (100 days from 2027-03-15); multi-year plans are reissued automatically within the plan');
    expect(en.rules.nextChange).toEqual({ from: '2027-03-15', tlsMaxValidityDays: 100 });
  });

  it('leaves certificates issued before a step as they were', async () => {
    clock.set('2027-03-14T12:00:00Z');
    const cn = 'before-step.rules.example';
    const { orderNo, pem } = await issue('T-FLEX', { year: 2, csr: await makeCsr(cn), commonName: cn });
    clock.set('2027-03-15T12:00:00Z');
    const again = (await me.get(`/v1/orders/cert/${orderNo}`)).body.data as { cert: string };
    expect(again.cert).toBe(pem);
    const { notBefore, notAfter } = await dates(again.cert);
    expect(Math.round((notAfter.getTime() - notBefore.getTime()) / day)).toBe(200);
  });
});

describe('reuse of a validation follows the table', () => {
  it.each([
    // validated on, asked on, reused?
    ['2026-12-07T00:00:00Z', '2027-03-16T23:00:00Z', true], // 200 days would run to June; 100 from 2027-03-15: until 2027-03-17
    ['2026-12-07T00:00:00Z', '2027-03-17T01:00:00Z', false],
    ['2026-11-01T00:00:00Z', '2027-03-14T23:00:00Z', true], // 133 days old: within 200 on 2027-03-14
    ['2026-11-01T00:00:00Z', '2027-03-15T01:00:00Z', false], // and past 100 a day later
    ['2029-03-15T00:00:00Z', '2029-03-24T23:00:00Z', true],
    ['2029-03-15T00:00:00Z', '2029-03-25T01:00:00Z', false],
  ])('validated %s, ordered again %s: reused %s', async (validated, asked, reused) => {
    clock.set(validated);
    const base = `r${Date.parse(validated)}${Date.parse(asked)}.rules.example`;
    await issue('T-DV', { csr: await makeCsr(base), commonName: base });
    clock.set(asked);
    const second = await order('T-DV', { csr: await makeCsr(`api.${base}`), commonName: `api.${base}`, dcvMethod: 'dns' });
    await markPaidNow(second);
    const [d] = await domains(second);
    expect(d).toMatchObject({ status: reused ? 'validated' : 'pending', reused });
    // The account's list of validated names and the pre-check agree.
    const pre = (await me.post('/v1/mssl/domains', { domains: [base] })).body.data as { domains: { validated: boolean }[] };
    expect(pre.domains[0]!.validated).toBe(reused);
  });
});

describe('lapse dates kept with the validations follow the table', () => {
  it('the daily job moves a lapse written under the old 398-day rule to the table\'s date, and the lists show it', async () => {
    clock.set('2026-12-07T00:00:00Z');
    const name = 'old-lapse.rules.example';
    // As the product wrote it before: validated_at + 398 days.
    await t.app.db.query(`INSERT INTO validated_domains (account_id, domain, method, validated_at, expires_at) VALUES ($1, $2, 'dns_txt', $3, $4)`, [meId, name, clock.now(), new Date(clock.now().getTime() + 398 * day)]);
    await enqueue(t.app.db, 'renewal.daily', {}, { dedupeKey: 'renewal.daily' });
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'renewal.daily' AND status = 'pending'`);
    await drainAll(t.app);
    const listed = (await me.get(`/v1/mssl/domains?domain=${name}`)).body.data as { data: { lapsesAt: string }[] };
    // 200 days would run past 2027-03-15, where 100 apply: 2027-03-17.
    expect(listed.data[0]!.lapsesAt).toBe('2027-03-17T00:00:00.000Z');
  });
});

describe('the e-mail methods end on 2028-03-15 (SC-090)', () => {
  const methodsOffered = async () => ((await me.post('/v1/mssl/domains', { domains: ['x.rules.example'] })).body.data as { domains: { methods: string[] }[] }).domains[0]!.methods;

  it('are offered and accepted on 2028-03-14, with the date they stop shown on the order', async () => {
    clock.set('2028-03-14T10:00:00Z');
    expect(await methodsOffered()).toEqual(['dns', 'dns_txt', 'file', 'email', 'email_dns']);
    const orderNo = await order('T-DV', { csr: await makeCsr('mail14.rules.example'), commonName: 'mail14.rules.example', dcvMethod: 'email', dcvEmail: { email: 'admin', dcvMethod: 'email' } });
    await markPaidNow(orderNo);
    expect((await domains(orderNo))[0]).toMatchObject({ method: 'email', methodEndsOn: '2028-03-15' });
  });

  it('are not offered, refused with the date for a new order and for a method change, on 2028-03-15', async () => {
    clock.set('2028-03-14T10:00:00Z');
    const pending = await order('T-DV', { csr: await makeCsr('mail15.rules.example'), commonName: 'mail15.rules.example' });
    await markPaidNow(pending);
    clock.set('2028-03-15T00:00:00Z');
    expect(await methodsOffered()).toEqual(['dns', 'dns_txt', 'file']);
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, csr: await makeCsr('mail16.rules.example'), commonName: 'mail16.rules.example', dcvMethod: 'email', dcvEmail: { email: 'admin', dcvMethod: 'email' } }, { lang: 'en' });
    expect(r.body).toMatchObject({ code: 10001, msg: translate('en', 'purchase.dcv.methodEnded', { method: 'email', date: '2028-03-15' }) });
    const change = await me.put('/v1/orders/dcv', { orderNo: pending, dcvMethod: 'email', email: 'admin' });
    expect(change.body.msg).toBe(translate('zh', 'purchase.dcv.methodEnded', { method: 'email', date: '2028-03-15' }));
    // DNS still works.
    const ok = await me.put('/v1/orders/dcv', { orderNo: pending, dcvMethod: 'dns' });
    expect(ok.body.code, ok.body.msg).toBe(200);
  });
});
