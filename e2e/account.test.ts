/**
 * My account end to end on the real stack: the card payment refused with 12077 goes through once the personal
 * profile is complete (filled in on /account/info, its checklist ticking over); notification settings saved on
 * /account/notify and obeyed by the expiry reminder; /account/log shows a sign-in with its IP and device and
 * exports CSV. Each page is photographed in zh/en × light/dark and checked by axe (no serious or critical issue).
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, captchaToken, screenshot, signUpThroughApi, startStack, type Stack, expectAccessible, createPendingOrder, orderStatusOf, looks } from './harness.ts';

const email = `acct.${Date.now().toString(36)}@example.com`;
const password = 'Str0ng#Passw0rd';
let stack: Stack;
let token = '';
let productNo = '';
const api = apiClient(() => stack.baseUrl, () => token);

const createOrder = () => createPendingOrder(api, productNo, 'acct');
const statusOf = (orderNo: string) => orderStatusOf(api, orderNo);

async function runDaily() {
  await stack.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'renewal.daily' AND status = 'pending'`);
  while ((await stack.app.jobs.drain()) > 0);
}
const mailsTo = async (subjectPart: string) =>
  (await stack.app.db.query<{ subject: string }>(`SELECT subject FROM outbox WHERE to_addr = $1 AND subject LIKE $2`, [email, `%${subjectPart}%`])).length;

beforeAll(async () => {
  stack = await startStack();
  token = await signUpThroughApi(stack.baseUrl, email, password);
  const products = await api<{ data: { productNo: string; productType: string; certType: string; pricePerYear: number; free: boolean }[] }>('GET', '/v1/products?limit=1000&offset=1');
  const dv = products.data
    .filter((p) => !p.free && p.certType === 'DV' && (p.productType === 'dv_one_ssl' || p.productType === 'ssl') && p.pricePerYear > 0)
    .sort((a, b) => a.pricePerYear - b.pricePerYear)[0];
  if (!dv) throw new Error('no paid DV product in the catalogue');
  productNo = dv.productNo;
});
afterAll(async () => {
  await stack?.close();
});

describe('my account', () => {
  it('completes the profile on /account/info, after which the card payment refused with 12077 goes through', async () => {
    const orderNo = await createOrder();
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto(`/payment?orderNos=${orderNo}`);
    await p.getByTestId('pay-ways').waitFor();
    await p.getByTestId('pay-way-stripe').click();
    await p.getByTestId('notice-stripe').waitFor();
    const refused = p.waitForResponse((r) => r.url().endsWith('/v1/orders/pay') && r.request().method() === 'POST');
    await p.getByTestId('pay-submit').click();
    expect(((await (await refused).json()) as { code: number }).code).toBe(12077);
    const confirm = p.locator('.ant-modal-confirm', { hasText: '请完善个人信息' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '去完善', exact: true }).click();
    await p.waitForURL(/\/account\/info$/);

    await p.locator('[data-testid="profile-checklist"][data-complete="N"]').waitFor();
    expect(await p.locator('[data-testid="profile-item-name"]').getAttribute('data-done')).toBe('N');
    expect(await p.locator('[data-testid="profile-item-contact"]').getAttribute('data-done')).toBe('Y');
    expect(await p.getByTestId('breadcrumbs').textContent()).toBe('我的账户/个人信息');
    // Saving with required fields empty says so under each field and sends nothing.
    await p.getByTestId('profile-save').click();
    await p.getByText('此项为必填项').first().waitFor();
    await p.getByTestId('profile-lastname').fill('张');
    await p.getByTestId('profile-firstname').fill('三');
    await p.getByTestId('profile-company').fill('示例科技有限公司');
    await p.getByTestId('profile-country').click();
    await p.keyboard.type('CN');
    await p.keyboard.press('Enter');
    await p.getByTestId('profile-province').fill('北京');
    await p.getByTestId('profile-city').fill('北京');
    await p.getByTestId('profile-address').fill('朝阳区建国路 1 号');
    await p.getByTestId('profile-save').click();
    await p.locator('[data-testid="profile-checklist"][data-complete="Y"]').waitFor();
    await p.getByTestId('profile-complete-now').waitFor();
    expect((await api<{ complete: boolean }>('GET', '/v1/profile/progress')).complete).toBe(true);

    await p.goto(`/payment?orderNos=${orderNo}`);
    await p.getByTestId('pay-ways').waitFor();
    await p.getByTestId('pay-way-stripe').click();
    await p.getByTestId('notice-stripe').waitFor();
    await p.getByTestId('pay-submit').click();
    await p.waitForURL(/\/payment\/test\?id=sbx_/);
    await p.getByTestId('sandbox-approve').click();
    await p.waitForURL(new RegExp(`paymentStatus=succeeded`));
    await p.locator('[data-testid="payment-page"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    expect(await statusOf(orderNo)).toBe(1002);
    await p.context().close();
  });

  it('saves notification settings on /account/notify, and the expiry reminder obeys them', async () => {
    // An issued certificate ending in 20 days (written straight to the database: issuance is the orders tests' journey).
    const orderNo = await createOrder();
    const [o] = await stack.app.db.query<{ id: number }>(`SELECT id FROM orders WHERE order_no = $1`, [orderNo]);
    const notAfter = new Date(Date.now() + 20 * 86400_000);
    const [c] = await stack.app.db.query<{ id: number }>(
      `INSERT INTO certificates (order_id, serial, cert_pem, chain_pem, issuer, not_before, not_after) VALUES ($1, $2, '', '', 'test', now(), $3) RETURNING id`,
      [o!.id, createHash('sha256').update(orderNo).digest('hex').slice(0, 32), notAfter],
    );
    await stack.app.db.query(`UPDATE orders SET order_status = 1005, certificate_id = $2, not_after = $3, plan_ends_at = $3 WHERE id = $1`, [o!.id, c!.id, notAfter]);

    const p = await stack.newPage({ lang: 'en', token });
    await p.goto('/account/notify');
    const mailSwitch = p.getByTestId('inform-expiring-email');
    await mailSwitch.waitFor();
    expect(await mailSwitch.getAttribute('aria-checked')).toBe('true');
    // SMS cannot be turned on without a bound phone.
    expect(await p.getByTestId('inform-expiring-sms').isDisabled()).toBe(true);
    const saved = () => p.waitForResponse((r) => r.url().endsWith('/v1/inform') && r.request().method() === 'POST');
    let answer = saved();
    await mailSwitch.click();
    await answer;
    await p.locator('[data-testid="inform-expiring-email"][aria-checked="false"]').waitFor();
    answer = saved();
    await p.getByTestId('inform-days-expiring').getByText('60 days').click();
    await answer;
    answer = saved();
    await p.getByTestId('inform-amount').fill('250');
    await p.getByTestId('inform-amount-save').click();
    await answer;
    const inform = await api<{ items: { informType: string; email: string; days: number[]; amount: number | null }[] }>('GET', '/v1/inform');
    expect(inform.items.find((i) => i.informType === 'expiring')).toMatchObject({ email: 'N', days: [60, 30, 7, 1] });
    expect(inform.items.find((i) => i.informType === 'balanceLow')).toMatchObject({ amount: 25000 });
    // Reloaded, the page shows what was saved.
    await p.reload();
    await p.locator('[data-testid="inform-expiring-email"][aria-checked="false"]').waitFor();

    await runDaily();
    expect(await mailsTo('Certificate expiring')).toBe(0);
    answer = saved();
    await mailSwitch.click();
    await answer;
    await runDaily();
    expect(await mailsTo('Certificate expiring')).toBe(1);
    await p.context().close();
  });

  it('shows the sign-in with its IP and device on /account/log, filters it and exports CSV', async () => {
    const p = await stack.newPage({ lang: 'en', token });
    await p.goto('/dashboard');
    const userAgent = await p.evaluate(() => navigator.userAgent);
    // A sign-in from this browser (the slider is the session tests' journey): its IP and user agent are what the log shows.
    const verified = { data: { captchaToken: await captchaToken(stack, email) } };
    const login = await fetch(`${stack.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ username: email, password: createHash('sha256').update(password).digest('hex'), captchaToken: verified.data.captchaToken }),
    });
    expect(((await login.json()) as { code: number }).code).toBe(200);

    await p.goto('/account/log');
    const table = p.getByTestId('log-table');
    const row = table.locator('tr', { hasText: 'Signed in' }).filter({ hasText: /Chrome \d+ · Linux/ }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('127.0.0.1');
    await table.getByText('Personal information saved').waitFor();
    await table.getByText('Notification settings changed: Certificate expiring').first().waitFor();
    expect(await table.textContent()).toContain('Paid order');

    await p.getByTestId('log-kind').click();
    await p.getByTitle('Sign-in', { exact: true }).click();
    const filtered = p.waitForResponse((r) => r.url().includes('/v1/accountLogs?') && r.url().includes('kind=signin'));
    await p.getByTestId('log-search').click();
    await filtered;
    await p.waitForFunction(() => ![...document.querySelectorAll('[data-testid="log-table"] tbody tr.ant-table-row')].some((r) => !r.textContent?.includes('Sign')));

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('log-export').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFTime,Type,Action,IP,Device');
    expect(lines.slice(1).every((l) => l.includes(',Sign-in,'))).toBe(true);
    expect(lines.some((l) => /,Sign-in,Signed in,127\.0\.0\.1,Chrome \d+ · Linux$/.test(l))).toBe(true);
    await p.context().close();
  });

  it.each(looks)('photographs the account pages in $lang/$theme with no serious axe violation', async ({ lang, theme }) => {
    const pages = [
      ['center', 'account-center-page'],
      ['info', 'account-info-page'],
      ['notify', 'account-notify-page'],
      ['log', 'account-log-page'],
    ] as const;
    const p = await stack.newPage({ lang, theme, token });
    for (const [path, testId] of pages) {
      await p.goto(`/account/${path}`);
      await p.getByTestId(testId).waitFor();
      if (path === 'center') await p.getByTestId('center-profile').waitFor();
      if (path === 'log') await p.locator('[data-testid="log-table"] tbody tr.ant-table-row').first().waitFor();
      if (path === 'notify') await p.getByTestId('inform-table').waitFor();
      if (path === 'info') await p.getByTestId('profile-checklist').waitFor();
      expect(await p.getByTestId('breadcrumbs').textContent()).toMatch(lang === 'zh' ? /^我的账户\// : /^My account\//);
      await screenshot(p, `account-${path}-${lang}-${theme}`);
      await expectAccessible(p);
    }
    await p.context().close();
  });
});
