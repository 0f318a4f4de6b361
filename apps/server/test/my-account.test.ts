import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, markPaid, startDns } from './orders-helpers.ts';
import { payableOrder } from './payment-helpers.ts';
import { freshIp, sha256hex, solveCaptcha, signUpByEmail } from './session-helpers.ts';

/** My account: personal profile (and the 12077 it lifts), notification settings (and the reminders that obey them), activity log. */

type Dns = Awaited<ReturnType<typeof startDns>>;
let t: TestApp;
let dns: Dns;
const day = 86400_000;
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const profile = { lastname: '张', firstname: '三', companyName: '示例科技有限公司', nationCode: 'cn', province: '北京', city: '北京', address: '朝阳区建国路 1 号', postalCode: '100000' };

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('/v1/profile', () => {
  it('starts empty with its checklist, saves (POST, PUT, form bodies) and is then complete', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const empty = (await me.get('/v1/profile')).body;
    expect(empty).toMatchObject({ code: 200, data: { lastname: '', nationCode: '', updatedAt: '', progress: { complete: false, percent: 33 } } });
    expect(empty.data).toMatchObject({ progress: { items: [{ item: 'name', done: false }, { item: 'contact', done: true }, { item: 'address', done: false }] } });
    expect((await me.get('/v1/profile/progress')).body.data).toEqual((empty.data as { progress: unknown }).progress);

    const saved = await me.post('/v1/profile', profile);
    expect(saved.body).toMatchObject({ code: 200, data: { ...profile, nationCode: 'CN', progress: { complete: true, percent: 100 } } });
    expect((saved.body.data as { updatedAt: string }).updatedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await me.get('/v1/account')).body.data).toMatchObject({ accountInfo: { companyName: profile.companyName } });

    const put = await me.put('/v1/profile', { ...profile, city: '上海', postalCode: '' }, { form: true });
    expect(put.body).toMatchObject({ code: 200, data: { city: '上海', postalCode: '', progress: { complete: true } } });
    expect((await me.get('/v1/profile/progress')).body.data).toMatchObject({ complete: true, percent: 100 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/profile', payload: profile })).statusCode).toBe(401);
  });

  it.each([
    [{ ...profile, lastname: undefined }, 'zh', 'lastname', '此项为必填项'],
    [{ ...profile, firstname: '  ' }, 'en', 'firstname', 'This field is required'],
    [{ ...profile, nationCode: 'China' }, 'zh', 'nationCode', '请选择国家或地区（两位国家代码，如 CN）'],
    [{ ...profile, nationCode: '' }, 'en', 'nationCode', 'This field is required'],
    [{ ...profile, address: undefined }, 'en', 'address', 'This field is required'],
    [{ ...profile, postalCode: '#100' }, 'zh', 'postalCode', '邮政编码格式不正确'],
    [{ ...profile, postalCode: '#100' }, 'en', 'postalCode', 'Postal code format incorrect'],
    [{ ...profile, province: 7 }, 'en', 'province', 'This field is required'],
  ])('refuses %j (%s) and changes nothing', async (body, lang, field, msg) => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    expect((await me.post('/v1/profile', { ...profile, lastname: '李' })).body.code).toBe(200);
    const before = (await me.get('/v1/profile')).body.data;
    for (const send of [me.post, me.put]) {
      const r = await send('/v1/profile', body, { lang: lang as 'zh' | 'en' });
      expect(r.body).toMatchObject({ code: 10001, msg, errors: { [field]: msg } });
    }
    expect((await me.get('/v1/profile')).body.data).toEqual(before);
  });

  it('refuses a field over its length with its name and limit', async () => {
    const me = client(t.app, (await newAccount(t.app)).token);
    const r = await me.post('/v1/profile', { ...profile, lastname: 'x'.repeat(51) }, { lang: 'en' });
    expect(r.body.code).toBe(10001);
    expect(r.body.errors?.lastname).toMatch(/at most 50 characters/);
    expect((await me.get('/v1/profile')).body.data).toMatchObject({ lastname: '' });
  });

  it('is each account\'s own: one account saving leaves the other\'s as it was', async () => {
    const a = client(t.app, (await newAccount(t.app)).token);
    const b = client(t.app, (await newAccount(t.app)).token);
    await a.post('/v1/profile', profile);
    await b.post('/v1/profile', { ...profile, lastname: 'Hijack', companyName: 'Other' });
    expect((await a.get('/v1/profile')).body.data).toMatchObject({ lastname: '张', companyName: profile.companyName });
  });

  it('lifts 12077: the card payment refused with an incomplete profile goes through once it is complete', async () => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    const orderNo = await payableOrder(t.app, a.id, 1000);
    expect((await me.post('/v1/orders/pay', { payWay: 'stripe', orderNo }, { lang: 'en' })).body).toMatchObject({ code: 12077, msg: 'Please complete your personal information' });
    // Half a profile (name only, through the database: the calls never save half) is still refused.
    await t.app.db.query(`INSERT INTO account_profiles (account_id, lastname, firstname) VALUES ($1, '张', '三')`, [a.id]);
    expect((await me.post('/v1/orders/pay', { payWay: 'stripe', orderNo })).body).toMatchObject({ code: 12077, msg: '请先完善个人信息' });
    expect((await me.get('/v1/profile/progress')).body.data).toMatchObject({ complete: false, percent: 67 });
    expect((await me.put('/v1/profile', profile)).body.code).toBe(200);
    const paid = await me.post('/v1/orders/pay', { payWay: 'stripe', orderNo });
    expect(paid.body).toMatchObject({ code: 200, data: { payWay: 'stripe', amount: 1000 } });
  });
});

describe('/v1/inform', () => {
  it('answers the defaults: e-mail on, SMS off, reminders 30, 7 and 1 days before, balance below 100.00', async () => {
    const me = client(t.app, (await newAccount(t.app)).token);
    const r = (await me.get('/v1/inform')).body;
    expect(r.code).toBe(200);
    const d = r.data as { items: { informType: string; email: string; sms: string; days: number[]; amount: number | null }[]; email: string; telephone: string };
    expect(d.items.map((i) => i.informType)).toEqual(['orderValidation', 'issued', 'expiring', 'payment', 'balanceLow', 'domainExpiring', 'newSignIn', 'discovery', 'deliveryFailed']);
    expect(d.items.every((i) => i.email === 'Y' && i.sms === 'N')).toBe(true);
    expect(d.items.find((i) => i.informType === 'expiring')).toMatchObject({ days: [30, 7, 1], amount: null });
    // Certificate discovery's expiry thresholds are this setting's days.
    expect(d.items.find((i) => i.informType === 'discovery')).toMatchObject({ days: [30, 7, 1], amount: null });
    expect(d.items.find((i) => i.informType === 'balanceLow')).toMatchObject({ days: [], amount: 10000 });
    expect(d.email).toContain('***@');
    expect(d.telephone).toBe('');
  });

  it('switches a channel, sets days and an amount, each type on its own', async () => {
    const a = await newAccount(t.app);
    await t.app.db.query(`UPDATE accounts SET telephone = '13900001111' WHERE id = $1`, [a.id]);
    const me = client(t.app, a.token);
    const item = async (type: string) => ((await me.get('/v1/inform')).body.data as { items: { informType: string }[] }).items.find((i) => i.informType === type);
    expect((await me.post('/v1/inform', { informType: 'issued', modifyTo: 'sms', isInformed: 'Y' })).body.code).toBe(200);
    expect((await me.post('/v1/inform', { informType: 'issued', modifyTo: 'email', isInformed: 'N' }, { form: true })).body.code).toBe(200);
    expect(await item('issued')).toEqual({ informType: 'issued', email: 'N', sms: 'Y', days: [], amount: null });
    expect((await me.post('/v1/inform', { informType: 'expiring', days: '7,60,15' })).body.code).toBe(200);
    expect(await item('expiring')).toEqual({ informType: 'expiring', email: 'Y', sms: 'N', days: [60, 15, 7], amount: null });
    expect((await me.post('/v1/inform', { informType: 'balanceLow', amount: 50000 })).body.code).toBe(200);
    expect(await item('balanceLow')).toMatchObject({ amount: 50000 });
    expect(await item('payment')).toMatchObject({ email: 'Y', sms: 'N' });
  });

  it.each([
    [{ informType: 'weather', modifyTo: 'email', isInformed: 'Y' }, 'zh', 'informType', '通知类型不正确'],
    [{ modifyTo: 'email', isInformed: 'Y' }, 'en', 'informType', 'Unknown notification type'],
    [{ informType: 'issued', modifyTo: 'fax', isInformed: 'Y' }, 'zh', 'modifyTo', '通知方式只能是 email 或 sms'],
    [{ informType: 'issued', modifyTo: 'email' }, 'en', 'isInformed', 'The channel (modifyTo) and the switch (isInformed) go together'],
    [{ informType: 'issued', modifyTo: 'email', isInformed: 'yes' }, 'zh', 'isInformed', '状态只能是 Y 或 N'],
    [{ informType: 'issued' }, 'zh', 'modifyTo', '请提供要修改的设置'],
    [{ informType: 'issued', days: '30' }, 'en', 'days', 'Only certificate and domain expiry reminders take days'],
    [{ informType: 'expiring', days: '30,5' }, 'zh', 'days', '提醒天数须从 60、30、15、7、3、1 中选择，至少一项'],
    [{ informType: 'expiring', days: '' }, 'en', 'days', 'Choose reminder days among 60, 30, 15, 7, 3 and 1, at least one'],
    [{ informType: 'expiring', amount: 100 }, 'en', 'amount', 'Only the low-balance reminder takes an amount'],
    [{ informType: 'balanceLow', amount: 99 }, 'zh', 'amount', '余额提醒金额须为 1.00 至 1000000.00 元（以分为单位的整数）'],
    [{ informType: 'balanceLow', amount: '1.5' }, 'en', 'amount', 'The balance reminder amount must be 1.00 to 1000000.00 (a whole number of cents)'],
    [{ informType: 'issued', modifyTo: 'sms', isInformed: 'Y' }, 'zh', 'modifyTo', '请先绑定手机号再开启短信通知'],
    [{ informType: 'issued', modifyTo: 'sms', isInformed: 'Y' }, 'en', 'modifyTo', 'Bind a phone number before turning on SMS notifications'],
  ])('refuses %j (%s) and changes nothing', async (body, lang, field, msg) => {
    const me = client(t.app, (await newAccount(t.app)).token);
    const before = (await me.get('/v1/inform')).body.data;
    expect((await me.post('/v1/inform', body, { lang: lang as 'zh' | 'en' })).body).toMatchObject({ code: 10001, msg, errors: { [field]: msg } });
    expect((await me.get('/v1/inform')).body.data).toEqual(before);
  });

  it('is obeyed by the expiry reminders: days and channels chosen, none when both are off', async () => {
    const a = await newAccount(t.app);
    const [{ email }] = (await t.app.db.query<{ email: string }>(`UPDATE accounts SET telephone = '13900002222' WHERE id = $1 RETURNING email`, [a.id])) as [{ email: string }];
    const me = client(t.app, a.token);
    const orderNo = await issue(me, 'obey.example');
    const outbox = async (to: string) => t.app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE to_addr = $1 ORDER BY id`, [to]);
    const setNotAfter = (days: number) => t.app.db.query(`UPDATE orders SET not_after = $2, plan_ends_at = $2 WHERE order_no = $1`, [orderNo, new Date(Date.now() + days * day)]);
    const daily = async () => {
      await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'renewal.daily' AND status = 'pending'`);
      await drainAll(t.app);
    };
    const mailsBefore = (await outbox(email)).length;

    // Both channels off: nothing goes out at 20 days.
    expect((await me.post('/v1/inform', { informType: 'expiring', modifyTo: 'email', isInformed: 'N' })).body.code).toBe(200);
    await setNotAfter(20);
    await daily();
    expect((await outbox(email)).length).toBe(mailsBefore);
    expect(await outbox('+8613900002222')).toEqual([]);

    // 60 days chosen, SMS on, e-mail still off: a 45-day reminder by SMS only, once.
    expect((await me.post('/v1/inform', { informType: 'expiring', days: [60] })).body.code).toBe(200);
    expect((await me.post('/v1/inform', { informType: 'expiring', modifyTo: 'sms', isInformed: 'Y' })).body.code).toBe(200);
    await setNotAfter(45);
    await daily();
    await daily();
    const sms = await outbox('+8613900002222');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('obey.example');
    expect((await outbox(email)).length).toBe(mailsBefore);

    // E-mail back on: the 60-day reminder of this certificate is already sent, so nothing again.
    expect((await me.post('/v1/inform', { informType: 'expiring', modifyTo: 'email', isInformed: 'Y' })).body.code).toBe(200);
    await daily();
    expect((await outbox(email)).length).toBe(mailsBefore);
    // 7 days chosen too: at 5 days left both channels remind.
    expect((await me.post('/v1/inform', { informType: 'expiring', days: '60,7' })).body.code).toBe(200);
    await t.app.db.query(`UPDATE orders SET plan_ends_at = not_after - interval '40 days', not_after = not_after - interval '40 days' WHERE order_no = $1`, [orderNo]);
    await daily();
    expect((await outbox(email)).length).toBe(mailsBefore + 1);
    expect(await outbox('+8613900002222')).toHaveLength(2);
  });
});

async function issue(me: ReturnType<typeof client>, name: string): Promise<string> {
  const r = await me.post('/v1/orders/certificate/T-DV', { dcvMethod: 'dns_txt', year: 1, csr: await makeCsr(name), commonName: name });
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = r.body.data as string;
  await markPaid(t.app, orderNo);
  await drainAll(t.app);
  const d = (await me.get(`/v1/orders/domainList/${orderNo}`)).body.data as { domains: { status: string; instructions: { host?: string; value?: string } }[] };
  for (const x of d.domains) if (x.status === 'pending' && x.instructions.host) dns.setTxt(x.instructions.host, x.instructions.value!);
  await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
  await drainAll(t.app);
  expect((await me.get(`/v1/orders/status/${orderNo}`)).body.data).toMatchObject({ orderStatus: 1005 });
  return orderNo;
}

describe('/v1/accountLogs', () => {
  type Log = { data: { kind: string; action: string; title: string; ip: string; device: string; createdAt: string }[]; total: number };

  it('shows sign-ins with IP and device, security and profile changes, orders and payments; filters, pages and exports CSV', async () => {
    const u = await signUpByEmail(t.app);
    const ip = freshIp();
    const login = await t.app.inject({
      method: 'POST', url: '/login', remoteAddress: ip, headers: { 'user-agent': chrome },
      payload: { username: u.email, password: sha256hex(u.password), captchaToken: await solveCaptcha(t.app, u.email!) },
    });
    const token = login.headers.authorization as string;
    const me = client(t.app, token);
    expect((await me.put('/v1/inviteCode', { inviteCode: `Log${Date.now()}` })).body.code).toBe(200);
    expect((await me.post('/v1/profile', profile)).body.code).toBe(200);
    expect((await me.post('/v1/profile', { lastname: '' })).body.code).toBe(10001);
    const [{ id }] = (await t.app.db.query<{ id: number }>(`UPDATE accounts SET balance = 5000 WHERE account_no = $1 RETURNING id`, [u.accountNo])) as [{ id: number }];
    const orderNo = await payableOrder(t.app, id, 1234);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);

    const all = (await me.get('/v1/accountLogs?limit=50')).body;
    expect(all.code).toBe(200);
    const log = all.data as Log;
    const signin = log.data.find((e) => e.kind === 'signin' && e.ip === ip);
    expect(signin).toMatchObject({ action: 'signin', title: '登录成功', device: 'Chrome 126 · Windows' });
    expect(signin!.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(log.data.filter((e) => e.kind === 'signin')).toHaveLength(2);
    expect(log.data.map((e) => e.title)).toEqual(expect.arrayContaining(['修改邀请码', '保存个人信息', `余额支付订单 ${orderNo}：¥12.34`]));
    // A refused save changed nothing, so it is not in the log.
    expect(log.data.filter((e) => e.action === 'account.profile')).toHaveLength(1);
    expect(log.total).toBe(log.data.length);

    const en = (await me.get('/v1/accountLogs?kind=security', { lang: 'en' })).body.data as Log;
    expect(en.data.map((e) => e.title)).toEqual(['Invite code changed']);
    expect(((await me.get(`/v1/accountLogs?keyword=${ip}`)).body.data as Log).data.map((e) => e.action)).toEqual(['signin']);
    expect(((await me.get(`/v1/accountLogs?keyword=${orderNo}`)).body.data as Log).data.every((e) => e.title.includes(orderNo))).toBe(true);
    const page2 = (await me.get('/v1/accountLogs?limit=2&offset=2')).body.data as Log;
    expect(page2.data.map((e) => e.title)).toEqual(log.data.slice(2, 4).map((e) => e.title));
    expect(page2.total).toBe(log.total);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(((await me.get(`/v1/accountLogs?startDate=${today}&endDate=${today}&limit=50`)).body.data as Log).total).toBe(log.total);
    expect(((await me.get('/v1/accountLogs?startDate=2000-01-01&endDate=2000-01-02')).body.data as Log).total).toBe(0);

    const csv = await t.app.inject({ method: 'GET', url: '/v1/accountLogs/export?kind=signin', headers: { token, lang: 'en' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment; filename="account-log-');
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFTime,Type,Action,IP,Device');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.endsWith(`,Sign-in,Signed in,${ip},Chrome 126 · Windows`))).toBe(true);

    // Signing out is recorded too.
    expect((await me.get('/v1/logout')).body.code).toBe(200);
    const after = await t.app.db.query(`SELECT 1 FROM account_log l JOIN accounts a ON a.id = l.account_id WHERE a.account_no = $1 AND l.action = 'logout'`, [u.accountNo]);
    expect(after).toHaveLength(1);
  });

  it.each([
    ['/v1/accountLogs?kind=everything', 'zh', 'kind', '日志类型不正确'],
    ['/v1/accountLogs?startDate=2026-02-30', 'en', 'startDate', 'must be a date that exists'],
    ['/v1/accountLogs?startDate=2026-03-02&endDate=2026-03-01', 'zh', 'endDate', '开始日期不能晚于结束日期'],
    ['/v1/accountLogs?limit=0', 'en', 'limit', 'must be at least 1'],
    ['/v1/accountLogs/export?kind=x', 'en', 'kind', 'Unknown log type'],
  ])('refuses %s (%s)', async (url, lang, field, msg) => {
    const me = client(t.app, (await newAccount(t.app)).token);
    const r = (await me.get(url, { lang: lang as 'zh' | 'en' })).body;
    expect(r.code).toBe(10001);
    expect(r.errors?.[field]).toContain(msg);
  });

  it('never shows one account\'s entries to another, whatever it searches', async () => {
    const a = await newAccount(t.app);
    const b = client(t.app, (await newAccount(t.app)).token);
    const orderNo = await payableOrder(t.app, a.id, 100);
    await t.app.db.query(`INSERT INTO order_events (order_id, kind) SELECT id, 'created' FROM orders WHERE order_no = $1`, [orderNo]);
    await client(t.app, a.token).post('/v1/profile', profile);
    for (const url of ['/v1/accountLogs?limit=1000', `/v1/accountLogs?keyword=${orderNo}`, '/v1/accountLogs/export']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { token: (await newAccount(t.app)).token } });
      expect(r.body).not.toContain(orderNo);
      expect(r.body).not.toContain('保存个人信息');
    }
    expect(((await b.get('/v1/accountLogs')).body.data as Log).data.every((e) => e.kind === 'signin' || e.kind === 'account')).toBe(true);
  });
});
