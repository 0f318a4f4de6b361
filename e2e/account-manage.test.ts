/**
 * /account/manage end to end in Chromium against the real server: the account, its owner, verification and holders;
 * closing refused with each reason named; closing with password and an e-mailed code, after which the console is
 * signed out and sign-in is refused with its precise message. The real-name forms live at /account/verify
 * (account-verify.test.ts). Pages are checked by axe and photographed in zh and en, light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, apiClient, captchaToken, createPendingOrder, expectAccessible, outboxCode, screenshot, signUpThroughApi, startStack, type Stack, looks } from './harness.ts';
import { createHash } from 'node:crypto';

const tag = Date.now().toString(36);
const password = 'Str0ng#Passw0rd';
const blockedEmail = `blocked.${tag}@example.com`;
const closingEmail = `closing.${tag}@example.com`;

let stack: Stack;
let blockedToken = '';
let orderNo = '';
const api = apiClient(() => stack.baseUrl, () => blockedToken);

beforeAll(async () => {
  stack = await startStack({ DEV_OUTBOX: 'on' });
  blockedToken = await signUpThroughApi(stack.baseUrl, blockedEmail, password);
  orderNo = await createPendingOrder(api, 'GS-DV-SSL', 'manage');
  await stack.app.db.query(`UPDATE accounts SET balance = 12345 WHERE email = $1`, [blockedEmail]);
});
afterAll(async () => {
  expect(stack?.cspViolations ?? []).toEqual([]);
  await stack?.close();
});

describe('/account/manage', () => {
  it('shows the account, its owner, verification and holders, and refuses closing with each reason', async () => {
    const page = await stack.newPage({ token: blockedToken });
    await page.goto('/account/manage');
    await page.getByTestId('account-manage-page').waitFor();
    const me = await api<{ accountInfo: { accountNo: string } }>('GET', '/v1/account');
    expect(await page.getByTestId('manage-account-no').textContent()).toBe(me.accountInfo.accountNo);
    await page.getByText(blockedEmail).first().waitFor();
    await page.locator('[data-testid="manage-personal"][data-state="N"]').waitFor();
    await page.locator('[data-testid="manage-enterprise"][data-state="N"]').waitFor();
    await page.getByTestId('manage-holders').getByText('所有者').waitFor();
    // Each reason, precisely, with where to settle it; no close button.
    expect(await page.getByTestId('close-blocker-balance').textContent()).toContain('余额尚有 ¥123.45，请先申请提现或用完');
    expect(await page.getByTestId('close-blocker-unpaidOrders').textContent()).toContain('有 1 个待支付订单，请先支付或取消');
    expect(await page.getByTestId('close-open').count()).toBe(0);
    // The verification links lead to the real-name page at its own path, which still works there.
    await page.getByRole('link', { name: '去认证' }).first().click();
    await page.waitForURL(/\/account\/verify$/);
    await page.locator('[data-testid="personal-state"][data-state="N"]').waitFor();
    await page.getByTestId('personal-form').waitFor();
    await page.context().close();
    expect(orderNo).not.toBe('');
  });

  it('is accessible and photographed in both languages and both themes', async () => {
    for (const { lang, theme } of looks) {
      const p = await stack.newPage({ lang, theme, token: blockedToken });
      await p.goto('/account/manage');
      await p.getByTestId('close-blockers').waitFor();
      await expectAccessible(p);
      await screenshot(p, `account-manage-blocked-${lang}-${theme}`);
      await p.context().close();
    }
  });

  it('closes an account with nothing to settle: password and e-mailed code, then signed out and sign-in refused', async () => {
    const token = await signUpThroughApi(stack.baseUrl, closingEmail, password);
    const page = await stack.newPage({ lang: 'en', theme: 'light', token });
    await page.goto('/account/manage');
    await page.getByTestId('close-open').click();
    await page.getByTestId('close-password').fill(password);
    await page.getByTestId('send-code').click();
    await page.getByRole('button', { name: /Resend in/ }).waitFor();
    await expectAccessible(page, '.ant-modal');
    await screenshot(page, 'account-manage-close-dialog-en-light');
    // Without the tick the dialog says what is missing.
    await page.getByTestId('close-code').fill(await outboxCode(stack.baseUrl, closingEmail));
    await page.getByTestId('close-submit').click();
    await page.getByText('Please tick to confirm').waitFor();
    await page.getByTestId('close-confirm').check();
    await page.getByTestId('close-submit').click();
    await page.waitForURL(/\/sign-in/);
    const r = await fetch(`${stack.baseUrl}/v1/account`, { headers: { token, authorization: token } });
    expect(r.status).toBe(401);
    // Sign-in answers 12015 with its message (the captcha solved from its row, as the harness does for sign-in tests).
    const solved = { data: { captchaToken: await captchaToken(stack, closingEmail) } };
    const login = (await (
      await fetch(`${stack.baseUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en' },
        body: JSON.stringify({ username: closingEmail, password: createHash('sha256').update(password).digest('hex'), captchaToken: solved.data.captchaToken }),
      })
    ).json()) as { code: number; msg: string };
    expect(login).toMatchObject({ code: 12015, msg: 'This account has been closed and can no longer be signed in to' });
    await page.context().close();
  });

  it('says before payment that a large order needs verification; the server refuses it (12078) with a link to verify', async () => {
    const payerEmail = `payer.${tag}@example.com`;
    const payer = await signUpThroughApi(stack.baseUrl, payerEmail, password);
    const payerApi = apiClient(() => stack.baseUrl, () => payer);
    const big = await createPendingOrder(payerApi, 'GS-DV-SSL', 'big');
    await stack.app.db.query(`UPDATE orders SET pay_amount = 600000 WHERE order_no = $1`, [big]);
    await stack.app.db.query(`UPDATE accounts SET balance = 1000000 WHERE email = $1`, [payerEmail]);
    const page = await stack.newPage({ lang: 'en', theme: 'dark', token: payer });
    await page.goto(`/payment?orderNos=${big}`);
    await page.getByTestId('payment-dialog').waitFor();
    await page.locator('[data-testid="verification-notice"][data-kind="personal"]').waitFor();
    expect(await page.getByTestId('verification-notice').textContent()).toContain('A single payment of ￥5,000.00 or more needs real-name verification');
    await expectAccessible(page, '[data-testid="verification-notice"]');
    await screenshot(page, 'account-manage-pay-notice-en-dark');
    await page.getByTestId('pay-submit').click();
    await page.getByText(`A single payment of ¥5,000.00 or more needs an approved real-name verification (personal or enterprise): order ${big}`).waitFor();
    // The confirmation zooms in: a click mid-zoom can miss its button (harness.ts animationsDone).
    await animationsDone(page);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.waitForURL(/\/account\/verify$/);
    expect(await payerApi<{ orderStatus: number }>('GET', `/v1/orders/status/${big}`)).toMatchObject({ orderStatus: 1001 });
    await page.context().close();
  });
});
