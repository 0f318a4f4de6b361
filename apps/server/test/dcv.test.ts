import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts, validContact, validOrganization } from './purchase-helpers.ts';
import { approvalLink, approvalLinks, drainAll, markPaid, openApproval, startDns, startHttp } from './orders-helpers.ts';
import { recheckSeconds } from '../src/services/dcv/validation.ts';
import { dcvReuseDays, reuseLapsesAt } from '@cc/domain/cabf-rules';

type Dns = Awaited<ReturnType<typeof startDns>>;
type Web = Awaited<ReturnType<typeof startHttp>>;
type Domain = { domain: string; method: string; status: string; reused: boolean; lastError: string; validatedAt: string | null; lapsesAt: string | null; instructions: Record<string, string> };
type Detail = { orderStatus: number; domains: Domain[]; validationLapsesAt: string | null; timeline: { kind: string; text: string }[]; actions: Record<string, boolean> };

let t: TestApp;
let dns: Dns;
let web: Web;
let me: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let seq = 0;
const host = (tag: string) => `${tag}${seq++}.dcv-test.example`;

beforeAll(async () => {
  dns = await startDns();
  web = await startHttp();
  // The test web server is on loopback: file validation may reach it (one test below turns the switch off).
  t = await startTestApp({ DNS_RESOLVER: dns.address, DCV_HTTP_PORT: String(web.port), PUBLIC_URL: 'http://console.test', REPORT_ALLOW_PRIVATE: 'on' });
  await addProducts(t.app, Object.values(testProducts));
  me = client(t.app, (await newAccount(t.app)).token);
  other = client(t.app, (await newAccount(t.app)).token);
});
afterAll(async () => {
  await t.close();
  await dns.close();
  await web.close();
});

async function paidOrder(c: ReturnType<typeof client>, productNo: string, body: Record<string, unknown>): Promise<string> {
  const r = await c.post(`/v1/orders/certificate/${productNo}`, { year: 1, ...body });
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = r.body.data as string;
  await markPaid(t.app, orderNo);
  await drainAll(t.app);
  return orderNo;
}
const detail = async (orderNo: string, c = me, lang?: 'zh' | 'en') => {
  const r = await c.get(`/v1/orders/detail/${orderNo}`, lang ? { lang } : undefined);
  expect(r.body.code, r.body.msg).toBe(200);
  return (r.body.data as { orderInfo: Detail }).orderInfo;
};

describe('DNS CNAME (dns)', () => {
  it('stays pending with a clear reason, then validates on "verify now" and issues', async () => {
    const name = host('cname');
    const orderNo = await paidOrder(me, 'T-DV', { csr: await makeCsr(name), commonName: name, dcvMethod: 'dns' });
    let d = await detail(orderNo, me, 'en');
    expect(d.orderStatus).toBe(1002);
    const [dom] = d.domains;
    expect(dom).toMatchObject({ domain: name, method: 'dns', status: 'pending' });
    expect(dom!.instructions).toMatchObject({ method: 'dns', recordType: 'CNAME' });
    expect(dom!.instructions.host).toMatch(new RegExp(`^_[0-9a-f]{32}\\.${name.replace(/\./g, '\\.')}$`));
    expect(dom!.lastError).toBe(`No CNAME record found at ${dom!.instructions.host}`);
    expect(d.actions).toMatchObject({ verify: true, changeDcv: true, cancel: true, download: false });

    dns.setCname(dom!.instructions.host!, 'somewhere-else.example');
    let v = await me.put(`/v1/orders/verifyDomains/${orderNo}`, {}, { lang: 'zh' });
    expect((v.body.data as { domains: Domain[] }).domains[0]).toMatchObject({ status: 'pending', lastError: `${dom!.instructions.host} 的 CNAME 记录不是期望的值` });

    dns.setCname(dom!.instructions.host!, dom!.instructions.value!);
    v = await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    expect(v.body.data).toMatchObject({ orderNo, orderStatus: 1009, domains: [{ status: 'validated', lastError: '' }] });
    await drainAll(t.app);
    d = await detail(orderNo);
    expect(d.orderStatus).toBe(1005);
    expect(d.domains[0]!.lapsesAt).not.toBeNull();
    expect(d.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'paid', 'validation_started', 'domain_validated', 'issuing', 'issued']));
  });
});

describe('DNS TXT and file', () => {
  it('validates one name by TXT (its www too) and one by file, re-checked by the job', async () => {
    const a = host('txt');
    const b = host('file');
    const orderNo = await paidOrder(me, 'T-FLEX', { csr: await makeCsr(a), commonName: a, domainNames: b, dcvMethod: 'dns_txt' });
    for (const n of [b, `www.${b}`]) {
      const ch = await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'file', domain: n });
      expect(ch.body.code, ch.body.msg).toBe(200);
    }
    const d = await detail(orderNo);
    // sectigo flex adds the www names; a file proves its own host only.
    expect(d.domains.map((x) => [x.domain, x.method])).toEqual([[a, 'dns_txt'], [`www.${a}`, 'dns_txt'], [b, 'file'], [`www.${b}`, 'file']]);
    const wwwFile = d.domains.find((x) => x.domain === `www.${b}`)!;
    web.put(`www.${b}`, wwwFile.instructions.path!, wwwFile.instructions.content!);
    const txt = d.domains.find((x) => x.domain === a)!;
    const file = d.domains.find((x) => x.domain === b)!;
    expect(txt.instructions).toMatchObject({ method: 'dns_txt', recordType: 'TXT', host: `_dnsauth.${a}` });
    expect(file.instructions).toMatchObject({ method: 'file', path: expect.stringMatching(/^\/\.well-known\/pki-validation\/[0-9A-F]{32}\.txt$/) });
    expect(file.instructions.url).toBe(`http://${b}:${web.port}${file.instructions.path}`);

    dns.setTxt(txt.instructions.host!, 'unrelated', txt.instructions.value!);
    web.put(b, file.instructions.path!, 'wrong content');
    let v = await me.put(`/v1/orders/verifyDomains/${orderNo}`, {}, { lang: 'en' });
    const after = (v.body.data as { domains: Domain[] }).domains;
    expect(after.find((x) => x.domain === a)!.status).toBe('validated');
    // The base domain validated by DNS covers its www name.
    expect(after.find((x) => x.domain === `www.${a}`)).toMatchObject({ status: 'validated', reused: true });
    expect(after.find((x) => x.domain === b)).toMatchObject({ status: 'pending', lastError: `The content of ${file.instructions.url} is not the expected one` });

    web.put(b, file.instructions.path!, `${file.instructions.content}\n`);
    // The background re-check (dcv.check) picks it up: make its next run due now.
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'dcv.check' AND status = 'pending'`);
    await drainAll(t.app);
    v = await me.get(`/v1/orders/domainList/${orderNo}`);
    expect(v.body.data).toMatchObject({ orderStatus: 1005 });
  });

  it('refuses a method the product does not offer and a name not in the order', async () => {
    const a = host('rule');
    const orderNo = await paidOrder(me, 'T-WILD', { csr: await makeCsr(`*.${a}`), commonName: `*.${a}` });
    const r = await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'file' }, { lang: 'en' });
    expect(r.body).toMatchObject({ code: 10001, msg: 'This product does not support the file validation method' });
    const n = await me.post('/v1/orders/dcv', { orderNo, dcvMethod: 'dns_txt', domain: 'nope.example' }, { lang: 'en' });
    expect(n.body).toMatchObject({ code: 10001, msg: 'nope.example is not a name of this order' });
  });
});

describe('file validation from internal addresses', () => {
  it('refuses a name resolving to a private, loopback or link-local address with the reason, and fetches it only with the test switch on', async () => {
    const cases = [
      ['ten', ['10.0.0.5'], [], '10.0.0.5'],
      ['link', ['169.254.169.254'], [], '169.254.169.254'],
      ['loop', ['127.0.0.1'], [], '127.0.0.1'],
      ['loop6', [], ['::1'], '::1'],
      ['ula', [], ['fc00::5'], 'fc00::5'],
      // A public IPv4 address beside an internal IPv6 one: the name is refused all the same.
      ['mixed', ['93.184.216.34'], ['fd12:3456::1'], 'fd12:3456::1'],
    ] as const;
    const orders = new Map<string, { name: string; orderNo: string; ip: string }>();
    for (const [tag, v4, v6, ip] of cases) {
      const name = host(tag);
      dns.setAddresses(name, [...v4], [...v6]);
      const orderNo = await paidOrder(me, 'T-DV', { csr: await makeCsr(name), commonName: name, dcvMethod: 'file' });
      for (const d of (await detail(orderNo)).domains) if (d.instructions.path) web.put(d.domain, d.instructions.path, d.instructions.content!);
      orders.set(tag, { name, orderNo, ip });
    }
    t.app.config.REPORT_ALLOW_PRIVATE = 'off';
    try {
      for (const { name, orderNo, ip } of orders.values()) {
        const v = await me.put(`/v1/orders/verifyDomains/${orderNo}`, {}, { lang: 'en' });
        expect(v.body.code, v.body.msg).toBe(200);
        expect((v.body.data as { domains: Domain[] }).domains.find((d) => d.domain === name)).toMatchObject({
          status: 'pending',
          lastError: `${name} resolves to ${ip}, a private, loopback, link-local or otherwise non-public address: file validation fetches from public addresses only. Point the name at the site's public address, or validate by DNS`,
        });
      }
      const zh = await me.put(`/v1/orders/verifyDomains/${orders.get('loop')!.orderNo}`, {}, { lang: 'zh' });
      expect((zh.body.data as { domains: Domain[] }).domains[0]!.lastError).toBe(`${orders.get('loop')!.name} 解析到内网、环回或链路本地等非公网地址 127.0.0.1：文件验证只访问公网地址，请把域名指向网站的公网地址，或改用 DNS 验证`);
      // The background check holds to the same rule.
      await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'dcv.check' AND status = 'pending'`);
      await drainAll(t.app);
      expect((await detail(orders.get('loop')!.orderNo)).orderStatus).toBe(1002);
    } finally {
      t.app.config.REPORT_ALLOW_PRIVATE = 'on';
    }
    // Tests only: the switch on, the file on the loopback web server is fetched and the name validates.
    const loop = orders.get('loop')!;
    const v = await me.put(`/v1/orders/verifyDomains/${loop.orderNo}`, {}, { lang: 'en' });
    expect((v.body.data as { domains: Domain[] }).domains.find((d) => d.domain === loop.name)).toMatchObject({ status: 'validated', lastError: '' });
  });
});

describe('e-mail methods', () => {
  const domainState = async (orderNo: string) => (await detail(orderNo)).domains[0]!.status;

  it('email: the link opens a page naming the domain, order and mailbox; GET changes nothing, the button approves once', async () => {
    const name = host('mail');
    const orderNo = await paidOrder(me, 'T-DV', { csr: await makeCsr(name), commonName: name, dcvEmail: { email: 'admin', dcvMethod: 'email' } });
    const d = await detail(orderNo);
    expect(d.domains[0]!.instructions).toEqual({ method: 'email', email: `admin@${name}` });
    expect(d.actions.resendEmail).toBe(true);
    const resent = await me.put(`/v1/orders/reSendDcvEmail/${orderNo}`, {});
    expect(resent.body.data).toEqual({ sent: 1 });
    const links = await approvalLinks(t.app, `admin@${name}`);
    expect(links).toHaveLength(2);
    const [first, link] = links;
    expect(link!.startsWith('http://console.test/dcv/approve/')).toBe(true);
    // The resent link replaced the first one.
    expect((await openApproval(t.app, first!, 'POST', 'en')).state).toBe('superseded');

    // Mail scanners and link previews fetch links: a GET, however often, shows the page and approves nothing.
    for (let i = 0; i < 5; i++) {
      const page = await openApproval(t.app, link!, 'GET', 'en');
      expect(page).toMatchObject({ status: 200, state: 'pending' });
    }
    expect(await domainState(orderNo)).toBe('pending');
    const page = await openApproval(t.app, link!, 'GET', 'en');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]{44}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(`<dd data-field="domain">${name}</dd>`);
    expect(page.body).toContain(`<dd data-field="orderNo">${orderNo}</dd>`);
    expect(page.body).toContain(`<dd data-field="email">admin@${name}</dd>`);
    expect(page.body).toContain('<form method="post"><button type="submit" aria-describedby="approve-ignore">Confirm and approve issuance</button></form>');
    expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
    // The style block is exactly the one the policy's hash allows.
    const style = page.body.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    // A browser with no known language gets both; zh gets Chinese.
    const both = await openApproval(t.app, link!);
    expect(both.body).toContain('<html lang="zh-CN">');
    expect(both.body).toContain('确认并批准签发<span class="alt" lang="en">Confirm and approve issuance</span>');
    expect((await openApproval(t.app, link!, 'GET', 'zh')).body).toContain('<h1>确认域名控制权</h1>');

    const approved = await openApproval(t.app, link!, 'POST', 'en');
    expect(approved.state).toBe('approved');
    expect(approved.body).toContain(`Control of ${name} is confirmed`);
    expect(approved.body).not.toContain('<form');
    // Twice is harmless: it says so, and nothing happens again.
    const again = await openApproval(t.app, link!, 'POST', 'zh');
    expect(again.state).toBe('already');
    expect(again.body).toContain(`${name} 的域名控制权已经确认，无需再次操作。`);
    expect((await openApproval(t.app, link!, 'GET', 'en')).state).toBe('already');
    const unknown = await openApproval(t.app, 'http://console.test/dcv/approve/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'GET', 'en');
    expect(unknown).toMatchObject({ status: 200, state: 'unknown' });
    expect(unknown.body).toContain('This link is not valid: check that the whole link from the e-mail was opened.');
    expect((await openApproval(t.app, 'http://console.test/dcv/approve/x', 'POST', 'en')).state).toBe('unknown');
    await drainAll(t.app);
    expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toEqual({ orderStatus: 1005, reSignStatus: 0 });
    expect((await detail(orderNo)).timeline.filter((e) => e.kind === 'domain_validated')).toHaveLength(1);
  });

  it('email_dns: the mail goes out once the TXT record names the mailbox, and approves only while it still does', async () => {
    const name = host('edns');
    const mailbox = `owner.${seq}@corp.example`;
    const orderNo = await paidOrder(me, 'T-DV', { csr: await makeCsr(name), commonName: name, dcvEmail: { email: mailbox, dcvMethod: 'email_dns' } });
    let d = await detail(orderNo, me, 'en');
    expect(d.domains[0]).toMatchObject({ method: 'email_dns', instructions: { method: 'email_dns', email: mailbox, recordType: 'TXT', host: `_validation-contactemail.${name}`, value: mailbox } });
    expect(d.domains[0]!.lastError).toBe(`No TXT record holding ${mailbox} at _validation-contactemail.${name}`);
    // No record, no mail, resent or not.
    expect((await me.put(`/v1/orders/reSendDcvEmail/${orderNo}`, {})).body.data).toEqual({ sent: 0 });
    expect(await approvalLinks(t.app, mailbox)).toEqual([]);
    dns.setTxt(`_validation-contactemail.${name}`, mailbox);
    await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    d = await detail(orderNo, me, 'en');
    expect(d.domains[0]!.lastError).toBe(`Waiting for the link sent to ${mailbox} to be opened`);
    const link = await approvalLink(t.app, mailbox);

    // The record goes before the click: the link does not validate, and says why.
    dns.setTxt(`_validation-contactemail.${name}`, 'someone.else@corp.example');
    const refused = await openApproval(t.app, link, 'POST', 'en');
    expect(refused.state).toBe('recordMissing');
    expect(refused.body).toContain(`No TXT record holding ${mailbox} at _validation-contactemail.${name}: keep the record published, then approve again.`);
    expect(await domainState(orderNo)).toBe('pending');
    dns.setTxt(`_validation-contactemail.${name}`, mailbox);
    expect((await openApproval(t.app, link, 'POST', 'en')).state).toBe('approved');
    await drainAll(t.app);
    expect((await detail(orderNo)).orderStatus).toBe(1005);
  });

  it('a link sent for one method or mailbox is dead after any later change', async () => {
    const name = host('chg');
    const orderNo = await paidOrder(me, 'T-DV', { csr: await makeCsr(name), commonName: name, dcvEmail: { email: 'admin', dcvMethod: 'email' } });
    const adminLink = await approvalLink(t.app, `admin@${name}`);
    // email → dns_txt: the admin link dies.
    expect((await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'dns_txt' })).body.code).toBe(200);
    const dead = await openApproval(t.app, adminLink, 'GET', 'en');
    expect(dead.state).toBe('superseded');
    expect(dead.body).toContain('This link no longer works: the validation method or mailbox was changed after it was sent');
    expect(dead.body).not.toContain('<form');
    expect((await openApproval(t.app, adminLink, 'POST', 'en')).state).toBe('superseded');
    // Back to the same mailbox: a new link, and the old one stays dead.
    await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email', email: 'admin' });
    const fresh = await approvalLink(t.app, `admin@${name}`);
    expect(fresh).not.toBe(adminLink);
    expect((await openApproval(t.app, adminLink, 'POST', 'en')).state).toBe('superseded');
    // email → email_dns to a published address: the admin link dies, the new address gets its own once seen.
    const owner = `owner.${seq}@corp.example`;
    dns.setTxt(`_validation-contactemail.${name}`, owner);
    await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email_dns', email: owner });
    await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
    const ownerLink = await approvalLink(t.app, owner);
    expect((await openApproval(t.app, fresh, 'POST', 'en')).state).toBe('superseded');
    // email_dns → email (webmaster): the email_dns link dies even though its record is still there.
    await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email', email: 'webmaster' });
    expect((await openApproval(t.app, ownerLink, 'POST', 'en')).state).toBe('superseded');
    expect(await domainState(orderNo)).toBe('pending');
    expect((await openApproval(t.app, await approvalLink(t.app, `webmaster@${name}`), 'POST', 'en')).state).toBe('approved');
    // A cancelled order's links lapse too.
    const other2 = host('closed');
    const closed = await paidOrder(me, 'T-DV', { csr: await makeCsr(other2), commonName: other2, dcvEmail: { email: 'admin', dcvMethod: 'email' } });
    const closedLink = await approvalLink(t.app, `admin@${other2}`);
    expect((await me.post('/v1/orders/cancel', { orderNos: [closed] })).body.code).toBe(200);
    expect((await openApproval(t.app, closedLink, 'POST', 'en')).state).toBe('closed');
  });

  it('takes as validation mailbox only a role name or one address: no 32 KB, no line breaks, no markup', async () => {
    const name = host('input');
    const orderNo = await paidOrder(me, 'T-DV', { csr: await makeCsr(name), commonName: name, dcvMethod: 'dns_txt' });
    const tooLong = `${'a'.repeat(32 * 1024)}@corp.example`;
    const cases: [string, string, string][] = [
      [tooLong, 'The validation e-mail may have at most 254 characters', '验证邮箱最多 254 个字符'],
      [`${'a'.repeat(243)}@corp.example`, 'The validation e-mail may have at most 254 characters', '验证邮箱最多 254 个字符'],
      ['admin@corp.example\r\nBcc: victim@corp.example', 'The validation e-mail must be admin, administrator, webmaster, hostmaster, postmaster or one e-mail address, with no spaces, line breaks or HTML markup', '验证邮箱须为 admin、administrator、webmaster、hostmaster、postmaster 之一或一个邮箱地址，不能包含空格、换行或 HTML 标记'],
      ['<b>admin</b>@corp.example', 'The validation e-mail must be admin, administrator, webmaster, hostmaster, postmaster or one e-mail address, with no spaces, line breaks or HTML markup', '验证邮箱须为 admin、administrator、webmaster、hostmaster、postmaster 之一或一个邮箱地址，不能包含空格、换行或 HTML 标记'],
      ['"a b"@corp.example', 'The validation e-mail must be admin, administrator, webmaster, hostmaster, postmaster or one e-mail address, with no spaces, line breaks or HTML markup', '验证邮箱须为 admin、administrator、webmaster、hostmaster、postmaster 之一或一个邮箱地址，不能包含空格、换行或 HTML 标记'],
      ['root', 'The validation e-mail must be admin, administrator, webmaster, hostmaster, postmaster or one e-mail address, with no spaces, line breaks or HTML markup', '验证邮箱须为 admin、administrator、webmaster、hostmaster、postmaster 之一或一个邮箱地址，不能包含空格、换行或 HTML 标记'],
    ];
    for (const [email, en, zh] of cases) {
      const r = await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email_dns', email }, { lang: 'en' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ code: 10001, msg: en, errors: { email: en } });
      const f = await me.post('/v1/orders/dcv', { orderNo, dcvMethod: 'email', email }, { lang: 'zh', form: true });
      expect(f.body).toMatchObject({ code: 10001, msg: zh });
    }
    expect((await detail(orderNo)).domains[0]!.method).toBe('dns_txt');
    // 254 characters is still an address; a bare role name and surrounding spaces are fine.
    const longest = `${'a'.repeat(241)}@corp.example`;
    expect(longest).toHaveLength(254);
    expect((await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email_dns', email: longest })).body.code).toBe(200);
    expect((await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email', email: '  Hostmaster ' })).body.code).toBe(200);
    expect((await detail(orderNo)).domains[0]!.instructions).toEqual({ method: 'email', email: `hostmaster@${name}` });
  });
});

describe('background re-checks', () => {
  it('re-checks soon after the start, then less and less often', () => {
    const min = 60_000;
    expect([0, 9 * min, 11 * min, 59 * min, 2 * 60 * min, 2 * 1440 * min].map(recheckSeconds)).toEqual([30, 30, 120, 120, 900, 3600]);
  });

  it('comes back later while a name is pending, and sends a stale order back for resubmission with the reason in words', async () => {
    const name = host('stale');
    const orderNo = await paidOrder(me, 'T-DV', { csr: await makeCsr(name), commonName: name, dcvMethod: 'dns_txt' });
    const job = async () =>
      (await t.app.db.query<{ status: string; wait: number }>(
        `SELECT status, extract(epoch FROM run_at - now())::float8 AS wait FROM jobs WHERE kind = 'dcv.check' AND dedupe_key = (SELECT 'dcv:' || id FROM orders WHERE order_no = $1) ORDER BY id DESC LIMIT 1`,
        [orderNo],
      ))[0];
    // Checked once at the start; the next look is about 30 s away, not a failure.
    expect(await job()).toMatchObject({ status: 'pending' });
    expect((await job())!.wait).toBeGreaterThan(20);
    expect((await job())!.wait).toBeLessThanOrEqual(30);

    await t.app.db.query(`UPDATE orders SET validation_started_at = now() - interval '31 days' WHERE order_no = $1`, [orderNo]);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'dcv.check' AND status = 'pending'`);
    await drainAll(t.app);
    const en = (await me.get(`/v1/orders/detail/${orderNo}`, { lang: 'en' })).body.data as { orderInfo: Detail & { statusReason: string; statusReasonText: string } };
    expect(en.orderInfo).toMatchObject({
      orderStatus: 1003,
      statusReason: 'validation_window',
      statusReasonText: 'Domain validation was not completed within 30 days: resubmit the order',
      actions: { reCommit: true, verify: false },
    });
    const zh = (await me.get(`/v1/orders/detail/${orderNo}`, { lang: 'zh' })).body.data as { orderInfo: { statusReasonText: string } };
    expect(zh.orderInfo.statusReasonText).toBe('域名验证超过 30 天仍未完成，请重新提交订单');
    const rc = await me.post(`/v1/orders/reCommit/${orderNo}`, {});
    expect(rc.body.data).toMatchObject({ orderStatus: 1002, domains: [{ status: 'pending' }] });
    expect(((await me.get(`/v1/orders/detail/${orderNo}`)).body.data as { orderInfo: { statusReasonText: string } }).orderInfo.statusReasonText).toBe('');
  });
});

describe('validation reuse', () => {
  it('reuses a name validated by the account (and a parent domain by DNS), not by another account', async () => {
    const base = host('reuse');
    const first = await paidOrder(me, 'T-DV', { csr: await makeCsr(base), commonName: base, dcvMethod: 'dns_txt' });
    const ins = (await detail(first)).domains[0]!.instructions;
    dns.setTxt(ins.host!, ins.value!);
    await me.put(`/v1/orders/verifyDomains/${first}`, {});
    await drainAll(t.app);
    dns.clear();

    const sub = `api.${base}`;
    const second = await paidOrder(me, 'T-DV', { csr: await makeCsr(sub), commonName: sub, dcvMethod: 'dns' });
    const d = await detail(second);
    expect(d.orderStatus).toBe(1005);
    expect(d.domains[0]).toMatchObject({ domain: sub, status: 'validated', reused: true });
    const lapse = new Date(d.validationLapsesAt!).getTime();
    expect(lapse).toBe(reuseLapsesAt(dcvReuseDays, new Date(d.domains[0]!.validatedAt!)).getTime());

    const theirs = await paidOrder(other, 'T-DV', { csr: await makeCsr(base), commonName: base, dcvMethod: 'dns' });
    expect((await detail(theirs, other)).domains[0]).toMatchObject({ status: 'pending', reused: false });
    const listed = await me.get(`/v1/mssl/domains?domain=${base}`);
    expect(listed.body.data).toMatchObject({ total: 1, data: [{ domain: base, method: 'dns_txt', orderNo: first }] });
    const auto = await me.get(`/v1/autoDetectDomain?domain=www.${base}`);
    expect(auto.body.data).toMatchObject({ domains: [{ domain: `www.${base}`, validated: true }] });
  });

  it('keeps a company\'s validation to that company (OV): not from DV, not for another company', async () => {
    const base = host('corp');
    const contactID = ((await me.post('/v1/contacts', validContact)).body.data as { id: number }).id;
    const org = async (orgName: string, creditCode: string) => ((await me.post('/v1/organizations', { ...validOrganization, orgName, creditCode })).body.data as { id: number }).id;
    const [orgA, orgB] = [await org('甲科技有限公司', '91110000MA01AAAAA1'), await org('乙科技有限公司', '91110000MA01BBBBB2')];
    const publishAndVerify = async (orderNo: string) => {
      for (const d of (await detail(orderNo)).domains) if (d.status === 'pending') dns.setTxt(d.instructions.host!, d.instructions.value!);
      await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
      await drainAll(t.app);
      dns.clear();
    };
    const dv = await paidOrder(me, 'T-DV', { csr: await makeCsr(base), commonName: base, dcvMethod: 'dns_txt' });
    await publishAndVerify(dv);
    expect((await detail(dv)).orderStatus).toBe(1005);
    const ovOrder = async (orgID: number) => paidOrder(me, 'T-OV', { csr: await makeCsr(base), commonName: base, dcvMethod: 'dns_txt', contactID, orgID });
    // The account's DV validation vets no company.
    const a1 = await ovOrder(orgA);
    expect((await detail(a1)).domains[0]).toMatchObject({ status: 'pending', reused: false });
    await publishAndVerify(a1);
    expect((await detail(a1)).orderStatus).toBe(1005);
    // Company A's next order reuses it; company B's does not.
    const a2 = await ovOrder(orgA);
    expect(await detail(a2)).toMatchObject({ orderStatus: 1005, domains: [{ status: 'validated', reused: true }] });
    const b1 = await ovOrder(orgB);
    expect((await detail(b1)).domains[0]).toMatchObject({ status: 'pending', reused: false });
    expect((await me.get(`/v1/orders/org/${orgA}/domains`)).body.data).toMatchObject({ total: 1, data: [{ domain: base, orderNo: a1 }] });
    expect((await me.get(`/v1/orders/org/${orgB}/domains`)).body.data).toEqual({ data: [], total: 0 });
  });
});
