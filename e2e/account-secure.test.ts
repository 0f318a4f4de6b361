/**
 * /account/secure end to end on the real stack, as one user's journey (the tests run in order and share the
 * account): change the password, which signs another session out; bind a phone (re-authenticated through the
 * bound e-mail, codes read from the development outbox); turn on SMS second step, sign out, sign in again
 * through it; bind WeChat through the sandbox provider's authorize page. The page is photographed in zh/en ×
 * light/dark into /tmp/shots-secure/ and checked by axe.
 */
import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { captchaAnswer, captchaToken, dragSlider, expectAccessible, outboxCode, screenshot, signOut, signUpThroughApi, startStack, waitForPuzzle, type Stack, looks } from './harness.ts';

const email = `secure.${Date.now().toString(36)}@example.com`;
let password = 'Str0ng#Passw0rd';
const newPassword = 'N3w#Passw0rd!';
const phone = `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const shotsDir = '/tmp/shots-secure';

let stack: Stack;
let page: Page;
let token = '';

/** Screenshots once motion has ended, into e2e/screenshots and /tmp/shots-secure. */
async function shot(p: Page, name: string) {
  await screenshot(p, name);
  mkdirSync(shotsDir, { recursive: true });
  await p.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** A second session of the account, signed in through the API (slider answer read from its row). */
async function apiSignIn(pw: string): Promise<string> {
  const v = { data: { captchaToken: await captchaToken(stack, email) } };
  const { createHash } = await import('node:crypto');
  const r = await fetch(`${stack.baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0' },
    body: JSON.stringify({ username: email, password: createHash('sha256').update(pw).digest('hex'), captchaToken: v.data.captchaToken }),
  });
  const t = r.headers.get('authorization');
  if (!t) throw new Error(`sign-in failed: ${await r.text()}`);
  return t;
}
const tokenStatus = async (t: string) => (await fetch(`${stack.baseUrl}/verify_token`, { method: 'POST', headers: { token: t } })).status;

async function signIn(p: Page) {
  await p.getByTestId('email').fill(email);
  await p.getByTestId('password').fill(password);
  await p.getByTestId('sign-in-submit').click();
  const id = await waitForPuzzle(p);
  await dragSlider(p, await captchaAnswer(stack.app, id));
}

beforeAll(async () => {
  stack = await startStack();
  token = await signUpThroughApi(stack.baseUrl, email, password);
  page = await stack.newPage({ lang: 'zh', theme: 'light', token });
});
afterAll(async () => {
  await stack?.close();
});

describe('account security', () => {
  it('shows its sections, accessible', async () => {
    await page.goto('/account/secure');
    await page.getByTestId('secure-page').waitFor();
    expect(await page.getByTestId('breadcrumbs').textContent()).toBe('我的账户/账户安全');
    for (const s of ['password-card', 'contacts-card', 'two-step-card', 'sessions-card', 'wechat-card']) await page.getByTestId(s).waitFor();
    expect(await page.getByTestId('contact-tel-value').textContent()).toBe('未绑定');
    expect(await page.getByTestId('contact-email-value').textContent()).toMatch(/^se\*\*\*@example\.com$/);
    await page.getByTestId('session-current').waitFor();
    await expectAccessible(page);
  });

  it('changes the password, which signs the other session out and keeps this one', async () => {
    const other = await apiSignIn(password);
    await page.reload();
    await page.getByTestId('session-current').waitFor();
    await expect.poll(() => page.locator('[data-testid="sessions-card"] tbody tr.ant-table-row').count()).toBe(2);
    expect(await page.getByTestId('sessions-card').textContent()).toContain('Firefox 128 · Windows');

    await page.getByTestId('change-password').click();
    await page.getByTestId('password-dialog').waitFor();
    await page.getByTestId('old-password').fill('Wrong#Passw0rd');
    await page.getByTestId('new-password').fill('short');
    await page.getByTestId('confirm-password').fill('short');
    await page.getByTestId('password-ok').click();
    await page.getByText('密码位数至少6位以上').waitFor();
    await page.getByTestId('new-password').fill(newPassword);
    await page.getByTestId('confirm-password').fill(newPassword);
    await page.getByTestId('password-ok').click();
    await page.getByTestId('password-error').getByText('原密码不正确').waitFor();
    expect(await tokenStatus(other)).toBe(200);

    await page.getByTestId('old-password').fill(password);
    const done = page.getByText('密码已修改，其他 1 个会话已退出').waitFor();
    await page.getByTestId('password-ok').click();
    await done;
    password = newPassword;
    expect(await tokenStatus(other)).toBe(401);
    expect(await tokenStatus(token)).toBe(200);
    await expect.poll(() => page.locator('[data-testid="sessions-card"] tbody tr.ant-table-row').count()).toBe(1);
  });

  it('binds a phone through a code to the bound e-mail, then a code to the phone', async () => {
    await page.getByTestId('contact-tel-edit').click();
    const dialog = page.getByTestId('contact-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-step')).toBe('0');
    // Binding a first phone: the bound e-mail (default) or the password proves it is the user.
    await dialog.getByTestId('via-email').waitFor();
    await dialog.getByTestId('send-code').click();
    await dialog.getByText(/^\d+ 秒后重发$/).waitFor();
    await shot(page, 'account-secure-zh-light-bind-phone-verify');
    await dialog.getByTestId('verify-code').fill(await outboxCode(stack.baseUrl, email));
    await page.getByTestId('contact-ok').click();
    await page.locator('[data-testid="contact-dialog"][data-step="1"]').waitFor();

    await dialog.getByTestId('telephone').fill('12345');
    await dialog.getByTestId('send-code').click();
    await dialog.getByText('手机号格式错误').waitFor();
    await dialog.getByTestId('telephone').fill(phone);
    await dialog.getByTestId('send-code').click();
    await dialog.getByText(/^\d+ 秒后重发$/).waitFor();
    await dialog.getByTestId('new-code').fill(await outboxCode(stack.baseUrl, `+86${phone}`));
    await shot(page, 'account-secure-zh-light-bind-phone-new');
    const bound = page.getByText('手机号已绑定').waitFor();
    await page.getByTestId('contact-ok').click();
    await bound;
    await expect.poll(() => page.getByTestId('contact-tel-value').textContent()).toBe(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(await page.getByTestId('contact-tel-edit').textContent()).toBe('更换');
  });

  it('turns on SMS second step; signing in again goes through it', async () => {
    await page.getByTestId('two-step-tel-toggle').click();
    const dialog = page.getByTestId('two-step-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('send-code').click();
    await dialog.getByText(/^\d+ 秒后重发$/).waitFor();
    await dialog.getByTestId('two-step-code').fill(await outboxCode(stack.baseUrl, `+86${phone}`));
    await page.getByTestId('two-step-ok').click();
    await page.locator('[data-testid="two-step-tel"][data-on="Y"]').waitFor();

    await signOut(page);
    await signIn(page);
    await page.waitForURL(/\/sec-validation\?/);
    await page.getByTestId('sec-validation-page').waitFor();
    expect(await page.getByTestId('sec-hint').textContent()).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await page.getByTestId('send-code').click();
    await page.getByText(/^\d+ 秒后重发$/).waitFor();
    await page.getByTestId('code').fill(await outboxCode(stack.baseUrl, `+86${phone}`));
    await page.getByTestId('sec-submit').click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(await tokenStatus(token)).toBe(200);
  });

  it('turns on the authenticator, shows its 10 recovery codes once, and signs in with one of them', async () => {
    await page.goto('/account/secure');
    await page.getByTestId('two-step-google-toggle').click();
    await page.getByTestId('google-qr').waitFor();
    const secret = await page.getByTestId('google-secret').inputValue();
    await page.getByTestId('two-step-code').fill(new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 }).generate());
    await page.getByTestId('two-step-ok').click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    const codes = await list.locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await shot(page, 'account-secure-zh-light-recovery-codes');
    await page.getByTestId('recovery-saved').click();
    await list.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('recovery-left').textContent()).toBe('剩余 10 / 10 个');

    await signOut(page);
    await signIn(page);
    await page.waitForURL(/\/sec-validation\?/);
    await page.getByTestId('use-recovery').click();
    await page.getByTestId('recovery-code').fill('123456');
    await page.getByTestId('sec-submit').click();
    await page.getByText('恢复码格式为 xxxxx-xxxxx').waitFor();
    await page.getByTestId('recovery-code').fill(codes[0]!);
    await page.getByTestId('sec-submit').click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    await page.goto('/account/secure');
    await expect.poll(() => page.getByTestId('recovery-left').textContent()).toBe('剩余 9 / 10 个');
  });

  it('binds WeChat through the sandbox authorize page, and unbinds', async () => {
    await page.goto('/account/secure');
    await page.locator('[data-testid="wechat-state"][data-bound="N"]').waitFor();
    await page.getByTestId('wechat-bind').click();
    await page.waitForURL(/\/wechat\/test\?/);
    await page.getByTestId('wechat-test-page').waitFor();
    await page.getByTestId('wechat-nickname').fill('e2e-tester');
    await shot(page, 'wechat-test-zh-light');
    await expectAccessible(page);
    await page.getByTestId('wechat-approve').click();
    await page.waitForURL(/\/account\/secure$/);
    await page.locator('[data-testid="wechat-state"][data-bound="Y"]').waitFor();
    expect(await page.getByTestId('wechat-state').textContent()).toContain('e2e-tester');

    // The same code and state again (the browser's back button, a replayed link): refused with the message.
    const back = page.waitForResponse((r) => r.url().endsWith('/wxredirect'));
    await page.goto('/account/secure?code=replayed&state=replayed');
    expect(((await (await back).json()) as { code: number }).code).toBe(12026);
    await page.getByTestId('wechat-error').getByText('授权已过期或无效，请重新发起绑定').waitFor();
    await page.waitForURL(/\/account\/secure$/);
  });

  it('looks right in zh/en, light/dark', async () => {
    for (const { lang, theme } of looks) {
      const p = await stack.newPage({ lang, theme, token });
      await p.goto('/account/secure');
      await p.locator('[data-testid="wechat-state"][data-bound="Y"]').waitFor();
      await p.locator('[data-testid="two-step-tel"][data-on="Y"]').waitFor();
      await p.getByTestId('session-current').waitFor();
      if (lang === 'en') expect(await p.getByTestId('sessions-card').textContent()).toContain('Sign out everywhere else');
      await shot(p, `account-secure-${lang}-${theme}`);
      await expectAccessible(p);
      await p.close();
    }
    await page.getByTestId('wechat-unbind').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await page.locator('[data-testid="wechat-state"][data-bound="N"]').waitFor();
  });
});
