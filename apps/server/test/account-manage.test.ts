import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, markPaid, startDns } from './orders-helpers.ts';
import { balanceOf, completeProfile, payableOrder } from './payment-helpers.ts';
import { freshIp, readCode, sha256hex, solveCaptcha, signIn, signUpByEmail, uniquePhone } from './session-helpers.ts';

/**
 * /account/manage (closing the account and its rules), the real-name rule on payments (12078), and the notification
 * events of /account/notify each sent when on and not when off.
 */

type Dns = Awaited<ReturnType<typeof startDns>>;
let t: TestApp;
let dns: Dns;

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const idOf = async (accountNo: string) => (await t.app.db.query<{ id: number }>(`SELECT id FROM accounts WHERE account_no = $1`, [accountNo]))[0]!.id;
const login = (username: string, password: string, lang: 'zh' | 'en' = 'en', ip = freshIp()) =>
  solveCaptcha(t.app, username).then(async (captchaToken) =>
    (await t.app.inject({ method: 'POST', url: '/login', remoteAddress: ip, headers: { lang }, payload: { username, password: sha256hex(password), captchaToken } })).json() as {
      code: number;
      msg: string;
    },
  );

/** Asks for the closing code by e-mail and reads it from the outbox. */
async function closeCode(me: ReturnType<typeof client>, email: string): Promise<string> {
  const r = await me.get('/v1/account/close/code?channel=email');
  expect(r.body, r.body.msg).toMatchObject({ code: 200, data: { resendAfter: 60 } });
  return readCode(t.app, email);
}

describe('GET /v1/account/manage', () => {
  it('shows the number, the owner, verification, the holders, and that a fresh account may be closed', async () => {
    const u = await signUpByEmail(t.app);
    const me = client(t.app, u.token);
    const r = await me.get('/v1/account/manage', { lang: 'en' });
    expect(r.body).toMatchObject({
      code: 200,
      data: {
        accountNo: u.accountNo,
        owner: { accountNo: u.accountNo, role: 'owner', email: u.email, access: 'full' },
        verification: { personal: 'N', enterprise: 'N' },
        closure: { canClose: true, blockers: [], channels: ['email'] },
      },
    });
    expect((r.body.data as { holders: unknown[] }).holders).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account/manage' })).statusCode).toBe(401);
  });
});

describe('closing the account', () => {
  const blockers: [string, (id: number) => Promise<unknown>, string, string][] = [
    ['balance', (id) => t.app.db.query(`UPDATE accounts SET balance = 1234 WHERE id = $1`, [id]), 'The balance still holds ¥12.34: withdraw or spend it first', '余额尚有 ¥12.34，请先申请提现或用完'],
    ['unpaidOrders', (id) => payableOrder(t.app, id, 1000), '1 order(s) waiting for payment: pay or cancel them first', '有 1 个待支付订单，请先支付或取消'],
    ['ordersInProgress', (id) => payableOrder(t.app, id, 1000, { status: 1002 }), '1 order(s) in progress (validation, resubmission, issuing or re-sign): wait for them to finish or cancel them', '有 1 个订单正在办理（验证、重新提交、签发或重签中），请等其完成或取消'],
    [
      'pendingPayments',
      (id) => t.app.db.query(`INSERT INTO payments (id, account_id, purpose, order_nos, pay_way, amount, currency, gateway, expires_at) VALUES ($1, $2, 'top_up', '{}', 'alipay', 5000, 'CNY', 'sandbox', now() + interval '1 hour')`, [`P${id}x`, id]),
      '1 payment(s) not completed yet: wait for them to complete or expire',
      '有 1 笔支付尚未完成，请等其完成或过期',
    ],
    [
      'activeCertificates',
      async (id) => {
        const no = await payableOrder(t.app, id, 1000, { status: 1005 });
        await t.app.db.query(`UPDATE orders SET not_after = now() + interval '90 days', paid_at = now() WHERE order_no = $1`, [no]);
      },
      '1 certificate(s) still valid: wait for them to expire or revoke them',
      '有 1 张证书尚在有效期内，请等其到期或吊销',
    ],
  ];

  it.each(blockers)('is refused while %s remains: listed on the page, the code refused, the close refused in its transaction', async (kind, make, en, zh) => {
    const u = await signUpByEmail(t.app);
    const me = client(t.app, u.token);
    const code = await closeCode(me, u.email!);
    await make(await idOf(u.accountNo));
    const page = (await me.get('/v1/account/manage', { lang: 'en' })).body.data as { closure: { canClose: boolean; blockers: { kind: string; message: string }[] } };
    expect(page.closure).toMatchObject({ canClose: false, blockers: [{ kind, message: en }] });
    expect((await me.get('/v1/account/close/code?channel=email', { lang: 'zh' })).body).toMatchObject({ code: 12016, msg: `账户暂不能注销：${zh}`, errors: { [kind]: zh } });
    const r = await me.post('/v1/account/close', { password: sha256hex(u.password), channel: 'email', code }, { lang: 'en' });
    expect(r.body).toMatchObject({ code: 12016, msg: `The account cannot be closed yet: ${en}`, errors: { [kind]: en } });
    expect((await me.get('/v1/account')).body.code).toBe(200);
    expect((await login(u.email!, u.password)).code).toBe(200);
  });

  it('names every reason at once', async () => {
    const a = await newAccount(t.app, 500);
    await payableOrder(t.app, a.id, 1000);
    const r = await client(t.app, a.token).get('/v1/account/close/code?channel=email', { lang: 'en' });
    expect(r.body.code).toBe(12016);
    expect(Object.keys(r.body.errors ?? {})).toEqual(['balance', 'unpaidOrders']);
  });

  it('refuses wrong input precisely and changes nothing', async () => {
    const u = await signUpByEmail(t.app);
    const me = client(t.app, u.token);
    expect((await me.get('/v1/account/close/code?channel=fax', { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { channel: 'The code goes by email or tel' } });
    expect((await me.get('/v1/account/close/code?channel=tel', { lang: 'en' })).body).toMatchObject({ code: 10001, msg: 'Bind an e-mail address or a phone number to receive the code first' });
    expect((await me.post('/v1/account/close', { channel: 'email', code: '123456' }, { lang: 'zh' })).body).toMatchObject({ code: 10001, errors: { password: '请填写密码' } });
    expect((await me.post('/v1/account/close', { password: sha256hex(u.password), channel: 'email', code: '12' }, { lang: 'zh' })).body).toMatchObject({ code: 10001, errors: { code: '验证码由6位数字组成' } });
    const code = await closeCode(me, u.email!);
    expect((await me.post('/v1/account/close', { password: sha256hex('Wrong#2026'), channel: 'email', code }, { lang: 'en' })).body).toMatchObject({ code: 12004, msg: 'The password is wrong', errors: { password: 'The password is wrong' } });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await me.post('/v1/account/close', { password: sha256hex(u.password), channel: 'email', code: wrong }, { lang: 'en' })).body.code).toBe(12006);
    expect((await me.get('/v1/account')).body.code).toBe(200);
  });

  it('closes with password and code: sessions end, records stay, sign-in is refused with a precise message', async () => {
    const u = await signUpByEmail(t.app);
    const id = await idOf(u.accountNo);
    const other = await signIn(t.app, u.email!, u.password);
    const me = client(t.app, u.token);
    // A finished order (cancelled) and a ledger entry: kept for the records, and no reason to refuse.
    const kept = await payableOrder(t.app, id, 1000, { status: 1004 });
    const code = await closeCode(me, u.email!);
    const r = await me.post('/v1/account/close', { password: sha256hex(u.password), channel: 'email', code }, { lang: 'en' });
    expect(r.body).toMatchObject({ code: 200, data: { closed: true } });
    expect((await me.get('/v1/account')).status).toBe(401);
    expect((await client(t.app, other).get('/v1/account')).status).toBe(401);
    expect(await t.app.db.query(`SELECT 1 FROM orders WHERE order_no = $1`, [kept])).toHaveLength(1);
    expect(await t.app.db.query(`SELECT 1 FROM account_log WHERE account_id = $1 AND action = 'account.close'`, [id])).toHaveLength(1);
    expect(await login(u.email!, u.password, 'en')).toMatchObject({ code: 12015, msg: 'This account has been closed and can no longer be signed in to' });
    expect(await login(u.email!, u.password, 'zh')).toMatchObject({ code: 12015, msg: '该账户已注销，不能再登录' });
    // Without the password nothing is revealed: the same answer as any wrong password.
    expect((await login(u.email!, 'Wrong#2026')).code).toBe(12004);
    // The code is used up.
    expect((await me.post('/v1/account/close', { password: sha256hex(u.password), channel: 'email', code })).status).toBe(401);
  });
});

describe('payments that need a real-name verification (12078)', () => {
  const evOrder = async (accountId: number, amount = 300_000) => {
    const orderNo = `EV${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    await t.app.db.query(
      `INSERT INTO orders (order_no, account_id, product_no, product_type, brand, order_status, validity, common_name, pay_amount)
       VALUES ($1, $2, 'T-EV', 'ev', 'digicert', 1001, 1, 'ev.example.com', $3)`,
      [orderNo, accountId, amount],
    );
    return orderNo;
  };

  it('refuses an EV order without the enterprise verification (balance and card alike), and pays it once approved', async () => {
    const a = await newAccount(t.app, 1_000_000);
    await completeProfile(t.app, a.id);
    const me = client(t.app, a.token);
    const orderNo = await evOrder(a.id);
    const msg = `Order ${orderNo} is for a product (EV or code signing certificate) that needs an approved enterprise real-name verification before payment`;
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo }, { lang: 'en' })).body).toMatchObject({ code: 12078, msg, errors: { orderNo: msg } });
    expect((await me.post('/v1/orders/pay', { payWay: 'stripe', orderNo }, { lang: 'en' })).body.code).toBe(12078);
    expect((await me.post('/v1/orders/batch/pay', { orderNos: [orderNo] }, { lang: 'en' })).body).toMatchObject({ code: 12078, msg });
    // A personal verification is not enough for EV.
    await t.app.db.query(`UPDATE accounts SET auth_p_progress = 'approved' WHERE id = $1`, [a.id]);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo }, { lang: 'zh' })).body).toMatchObject({ code: 12078, msg: `订单 ${orderNo} 的产品（EV 证书、代码签名证书）需要先通过企业实名认证才能支付` });
    expect(await balanceOf(t.app, a.id)).toBe(1_000_000);
    await t.app.db.query(`UPDATE accounts SET auth_e_progress = 'approved' WHERE id = $1`, [a.id]);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body).toMatchObject({ code: 200, data: { status: 'paid', amount: 300_000 } });
  });

  it('refuses a single payment of ¥5,000.00 or more, and a top-up as large, until the payer is verified', async () => {
    const a = await newAccount(t.app, 1_000_000);
    await completeProfile(t.app, a.id);
    const me = client(t.app, a.token);
    const small = await payableOrder(t.app, a.id, 499_999);
    const big = await payableOrder(t.app, a.id, 500_000);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: big }, { lang: 'en' })).body).toMatchObject({
      code: 12078,
      msg: `A single payment of ¥5,000.00 or more needs an approved real-name verification (personal or enterprise): order ${big}`,
    });
    expect((await me.post('/v1/deposit', { amount: 500_000, payWay: 'alipay' }, { lang: 'en' })).body).toMatchObject({
      code: 12078,
      errors: { amount: 'A single top-up of ¥5,000.00 or more needs an approved real-name verification (personal or enterprise)' },
    });
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: small })).body.code).toBe(200);
    await t.app.db.query(`UPDATE accounts SET auth_p_progress = 'approved' WHERE id = $1`, [a.id]);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: big })).body.code).toBe(200);
    expect((await me.post('/v1/deposit', { amount: 500_000, payWay: 'alipay' })).body.code).toBe(200);
  });
});

describe('notification events obey /account/notify', () => {
  const mails = async (to: string, subject: string) =>
    (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE lower(to_addr) = lower($1) AND subject LIKE $2`, [to, `%${subject}%`]))[0]!.n;
  const sms = async (to: string, body: string) => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE to_addr = $1 AND body LIKE $2`, [to, `%${body}%`]))[0]!.n;
  const emailOf = async (id: number) => (await t.app.db.query<{ email: string }>(`SELECT email FROM accounts WHERE id = $1`, [id]))[0]!.email;
  const setting = (me: ReturnType<typeof client>, informType: string, modifyTo: 'email' | 'sms', isInformed: 'Y' | 'N') =>
    me.post('/v1/inform', { informType, modifyTo, isInformed }).then((r) => expect(r.body.code, r.body.msg).toBe(200));

  it.each([true, false])('order needs validation and payment (on: %s)', async (on) => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    if (!on) {
      await setting(me, 'orderValidation', 'email', 'N');
      await setting(me, 'payment', 'email', 'N');
    }
    const orderNo = await payableOrder(t.app, a.id, 1000);
    await markPaid(t.app, orderNo);
    await drainAll(t.app);
    const to = await emailOf(a.id);
    expect(await mails(to, `Order ${orderNo} awaits domain validation`)).toBe(on ? 1 : 0);
    expect(await mails(to, 'Payment received: ¥10.00')).toBe(on ? 1 : 0);
  });

  it.each([true, false])('payment by SMS when switched on (on: %s)', async (on) => {
    const a = await newAccount(t.app, 50_000);
    const phone = uniquePhone();
    await t.app.db.query(`UPDATE accounts SET telephone = $2 WHERE id = $1`, [a.id, phone]);
    const me = client(t.app, a.token);
    if (on) await setting(me, 'payment', 'sms', 'Y');
    const orderNo = await payableOrder(t.app, a.id, 2000);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
    await drainAll(t.app);
    expect(await sms(`+86${phone}`, 'You paid ¥20.00 by Balance')).toBe(on ? 1 : 0);
  });

  it.each([true, false])('certificate issued (on: %s)', async (on) => {
    const a = await newAccount(t.app);
    const me = client(t.app, a.token);
    if (!on) await setting(me, 'issued', 'email', 'N');
    const domain = `issued${on ? 'on' : 'off'}${Date.now()}.example`;
    // A validation already on record for the account: the order goes through to issuance without DNS.
    await t.app.db.query(`INSERT INTO validated_domains (account_id, domain, method, validated_at, expires_at) VALUES ($1, $2, 'dns_txt', now(), now() + interval '300 days')`, [a.id, domain]);
    const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(domain), commonName: domain });
    expect(r.body.code, r.body.msg).toBe(200);
    await markPaid(t.app, r.body.data as string);
    await drainAll(t.app);
    expect(await mails(await emailOf(a.id), `Certificate ${domain} issued`)).toBe(on ? 1 : 0);
  });

  it.each([true, false])('balance low: once per crossing of the amount (on: %s)', async (on) => {
    const a = await newAccount(t.app, 15_000);
    const me = client(t.app, a.token);
    if (!on) await setting(me, 'balanceLow', 'email', 'N');
    const to = await emailOf(a.id);
    const pay = async (cents: number) => {
      const orderNo = await payableOrder(t.app, a.id, cents);
      expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo })).body.code).toBe(200);
      await drainAll(t.app);
    };
    await pay(4000); // 110.00 left: above the default 100.00
    expect(await mails(to, 'Balance below ¥100.00')).toBe(0);
    await pay(4000); // 70.00: crossed
    expect(await mails(to, 'Balance below ¥100.00')).toBe(on ? 1 : 0);
    await pay(1000); // 60.00: still below, not again
    expect(await mails(to, 'Balance below ¥100.00')).toBe(on ? 1 : 0);
    // Back above (a top-up), then below again: a second crossing.
    await t.app.db.query(`UPDATE accounts SET balance = balance + 10000 WHERE id = $1`, [a.id]);
    await pay(1000); // 160.00 → 150.00: above again, re-armed
    await pay(6000); // 90.00: crossed again
    expect(await mails(to, 'Balance below ¥100.00')).toBe(on ? 2 : 0);
  });

  it.each([true, false])('sign-in from a new address, not from a known one (on: %s)', async (on) => {
    const u = await signUpByEmail(t.app);
    if (!on) await setting(client(t.app, u.token), 'newSignIn', 'email', 'N');
    const ip = freshIp();
    await signIn(t.app, u.email!, u.password, { ip });
    await signIn(t.app, u.email!, u.password, { ip });
    await drainAll(t.app);
    expect(await mails(u.email!, 'Sign-in from a new address')).toBe(on ? 1 : 0);
    const body = (await t.app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE to_addr = $1 AND subject LIKE '%new address%'`, [u.email!]))[0]?.body;
    if (on) expect(body).toContain(ip);
  });
});
