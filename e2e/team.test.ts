/**
 * Team end to end in Chromium against the real server (issue 13): the owner makes a department and invites a
 * technical member on /account/manage; the member opens the e-mailed link (read from the outbox), sets a password,
 * signs in with its own second step, orders and starts validation but cannot pay nor see invoices (the menu hides
 * them and the server refuses them); the owner reads it all in the audit log. The member then changes its own password
 * and second step on /account/secure, and the owner hands ownership to it (password and code): the member becomes
 * the owner and the former owner an administrator. Pages are checked by axe and photographed in zh/en × light/dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, apiClient, captchaAnswer, createPendingOrder, dragSlider, looks, expectAccessible, opensslCsr, outboxCode, screenshot, signUpThroughApi, startStack, waitForPuzzle, type Stack } from './harness.ts';

const tag = Date.now().toString(36);
const password = 'Str0ng#Passw0rd';
const memberPassword = 'Memb3r#Passw0rd';
const ownerEmail = `owner.${tag}@example.com`;
const memberEmail = `li.${tag}@example.com`;

let stack: Stack;
let ownerToken = '';
let memberToken = '';
const ownerApi = apiClient(() => stack.baseUrl, () => ownerToken);
const memberApi = apiClient(() => stack.baseUrl, () => memberToken);

/** The invitation token in the newest message to an address (the link's host is the server's PUBLIC_URL). */
async function invitationToken(to: string): Promise<string> {
  const r = await fetch(`${stack.baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await r.json()) as { data: { body: string }[] };
  const token = body.data[0]?.body.match(/invitation\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation sent to ${to}: ${JSON.stringify(body)}`);
  return token;
}

/** Any call with a token; answers the envelope whatever its code. */
async function raw(token: string, method: 'GET' | 'POST', path: string, body?: object) {
  const r = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { token, lang: 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: (await r.json()) as { code: number; msg: string; data: unknown } };
}

async function pick(p: Page, testId: string, option: string) {
  await p.getByTestId(testId).click();
  await p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(option, { exact: true }).click();
}

beforeAll(async () => {
  stack = await startStack();
  ownerToken = await signUpThroughApi(stack.baseUrl, ownerEmail, password);
  await stack.app.db.query(`UPDATE accounts SET balance = 10000000, company_name = '示例科技' WHERE email = $1`, [ownerEmail]);
});
afterAll(async () => {
  expect(stack?.cspViolations ?? []).toEqual([]);
  await stack?.close();
});

describe('team', () => {
  it('the owner invites a technical member, who signs in, orders and validates but cannot pay or see invoices; the owner sees it in the audit log', async () => {
    const owner = await stack.newPage({ lang: 'zh', token: ownerToken });
    await owner.goto('/account/manage');
    await owner.getByTestId('team-section').waitFor();
    // The account's own management stays on the page.
    await owner.getByTestId('manage-holders').waitFor();

    await owner.getByRole('tab', { name: '部门' }).click();
    await owner.getByTestId('dept-add').click();
    await owner.getByTestId('dept-save').click();
    await owner.locator('.ant-form-item-explain-error', { hasText: '请填写部门名称（1~60 个字符）' }).waitFor();
    await owner.getByTestId('dept-name').fill('运维部');
    await owner.getByTestId('dept-save').click();
    await owner.getByTestId('depts-table').getByText('运维部').waitFor();

    await owner.getByRole('tab', { name: '成员' }).click();
    await owner.getByTestId('member-invite').click();
    await owner.getByTestId('member-name').fill('李工');
    await owner.getByTestId('member-save').click();
    // Said under the field (and in a toast): the server's check, the contract's message.
    await owner.locator('.ant-form-item-explain-error', { hasText: '请填写邮箱或手机号（邀请将发送到这里，成员用它登录）' }).waitFor();
    await owner.getByTestId('member-email').fill(memberEmail);
    await pick(owner, 'member-dept', '运维部');
    await owner.getByTestId('member-save').click();
    await owner.getByText('邀请已发送').waitFor();
    const row = owner.getByTestId('members-table').locator('tr', { hasText: '李工' });
    await row.getByText('已邀请').waitFor();
    expect(await row.textContent()).toContain('技术');
    await expectAccessible(owner);

    // The member opens the link, sets its password, and signs in with the code sent to its own address.
    const m = await stack.newPage({ lang: 'zh' });
    await m.goto(`/invitation?token=${await invitationToken(memberEmail)}`);
    expect(await m.getByTestId('invitation-login').textContent()).toContain(memberEmail);
    await m.getByText('示例科技 邀请 李工 加入控制台').waitFor();
    await m.getByTestId('password').fill(memberPassword);
    await m.getByTestId('confirm').fill(memberPassword);
    await m.getByTestId('invitation-submit').click();
    await m.getByTestId('invitation-done').waitFor();
    await m.getByRole('button', { name: '去登录' }).click();
    await m.getByTestId('sign-in-page').waitFor();
    await m.getByTestId('email').fill(memberEmail);
    await m.getByTestId('password').fill(memberPassword);
    await m.getByTestId('sign-in-submit').click();
    await dragSlider(m, await captchaAnswer(stack.app, await waitForPuzzle(m)));
    await m.waitForURL(/\/sec-validation\?/);
    await m.getByTestId('send-code').click();
    // Sent: the button counts down (the code is in the outbox by then).
    await m.getByText(/^\d+ 秒后重发$/).waitFor();
    await m.getByTestId('code').fill(await outboxCode(stack.baseUrl, memberEmail));
    await m.getByTestId('sec-submit').click();
    await m.waitForURL(/\/dashboard$/);
    memberToken = (await m.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(memberToken).not.toBe('');

    // The menu shows orders, not bills, top-up or the account's own settings.
    const menu = m.getByTestId('side-menu');
    await menu.getByText('订单管理').waitFor();
    await menu.getByText('我的账户').click();
    await menu.getByText('账户概览').waitFor();
    const menuText = (await menu.textContent()) ?? '';
    for (const hidden of ['余额变动', '查看账单', '申请发票', '账户管理', '余额充值']) expect(menuText, hidden).not.toContain(hidden);
    // Its own password and second step are its own business.
    expect(menuText).toContain('账户安全');

    // Orders and validates: a free certificate (waiting for validation), validation started from its page.
    const cn = `member-${tag}.example.org`;
    const freeNo = String(await memberApi<string>('POST', '/v1/orders/free', { productNo: 'LE-DV-FREE', commonName: cn, csr: opensslCsr(cn), dcvMethod: 'dns' }));
    await m.goto(`/ssl/certificate/${freeNo}`);
    await m.getByTestId('dcv-card').waitFor();
    const verified = m.waitForResponse((r) => r.url().includes(`/v1/orders/verifyDomains/`));
    await m.getByTestId('dcv-verify').click();
    expect(((await (await verified).json()) as { code: number }).code).toBe(200);

    // Cannot pay (the role's limit is 0 until the owner sets one) and cannot see invoices or balance records.
    const unpaid = await createPendingOrder(memberApi, 'GS-DV-SSL', 'member');
    const pay = await raw(memberToken, 'POST', '/v1/orders/pay', { payWay: 'balance', orderNo: unpaid });
    expect(pay).toMatchObject({ status: 403, body: { code: 14001 } });
    expect(pay.body.msg).toContain('Your role (Technical) may pay at most ¥0.00');
    expect((await raw(memberToken, 'GET', '/v1/creditChangeRecords')).body.code).toBe(14000);
    await m.goto('/orders/list');
    await m.getByText(cn).first().waitFor();
    await m.context().close();

    // The owner reads who did what in the audit log.
    await owner.goto('/account/audit');
    await owner.getByTestId('audit-table').getByText(`创建订单 ${freeNo}`).waitFor();
    const entry = owner.getByTestId('audit-table').locator('tr', { hasText: `创建订单 ${unpaid}` });
    expect(await entry.textContent()).toContain('李工');
    expect(await entry.textContent()).toContain('127.0.0.1');
    await owner.getByTestId('audit-table').getByText('子账户 李工 接受邀请并设置密码').waitFor();
    await pick(owner, 'audit-object', '成员');
    await owner.getByTestId('audit-search').click();
    await owner.getByTestId('audit-table').getByText(`邀请子账户 李工（${memberEmail}），角色：技术`).waitFor();
    await expect.poll(async () => (await owner.getByTestId('audit-table').textContent()) ?? '').not.toContain('创建订单');
    const download = owner.waitForEvent('download');
    await owner.getByTestId('audit-export').click();
    expect((await download).suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
    // The button just clicked keeps its hover colour under the pointer: move away before axe reads the colours.
    await owner.mouse.move(0, 0);
    await owner.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectAccessible(owner);
    await owner.context().close();
    expect((await ownerApi<{ data: { name: string; status: string }[] }>('GET', '/v1/user/subAccounts')).data).toMatchObject([{ name: '李工', status: 'active' }]);
  });

  it.each(looks)('photographs the team pages in $lang/$theme with no serious axe violation', async ({ lang, theme }) => {
    const p = await stack.newPage({ lang, theme, token: ownerToken });
    await p.goto('/account/manage');
    await p.getByTestId('members-table').getByText('李工').waitFor();
    await p.getByTestId('team-section').scrollIntoViewIfNeeded();
    await animationsDone(p);
    await screenshot(p, `team-manage-${lang}-${theme}`);
    await expectAccessible(p);
    await p.getByRole('tab', { name: lang === 'zh' ? '角色' : 'Roles' }).click();
    await p.getByTestId('roles-table').waitFor();
    await p.getByTestId('role-limit-technical').click();
    await p.getByTestId('role-limit-input').waitFor();
    await animationsDone(p);
    await screenshot(p, `team-roles-${lang}-${theme}`);
    await expectAccessible(p);
    await p.keyboard.press('Escape');
    await p.goto('/account/audit');
    await p.getByTestId('audit-table').locator('tbody tr.ant-table-row').first().waitFor();
    await screenshot(p, `team-audit-${lang}-${theme}`);
    await expectAccessible(p);
    // A fresh invitation, as the invited person sees it.
    const email = `shot.${lang}.${theme}.${tag}@example.com`;
    await ownerApi('POST', '/v1/user/subAccounts', { name: lang === 'zh' ? '王财务' : 'Wang', email, roleID: 3 });
    const v = await stack.newPage({ lang, theme });
    await v.goto(`/invitation?token=${await invitationToken(email)}`);
    await v.getByTestId('invitation-login').waitFor();
    await screenshot(v, `team-invitation-${lang}-${theme}`);
    await expectAccessible(v);
    await v.context().close();
    // The owner's hand-over dialog, opened but not sent.
    await p.goto('/account/manage');
    await p.getByTestId('ownership-card').scrollIntoViewIfNeeded();
    await p.getByTestId('ownership-start').click();
    await p.getByTestId('ownership-password').waitFor();
    await animationsDone(p);
    await screenshot(p, `team-ownership-${lang}-${theme}`);
    await expectAccessible(p);
    await p.context().close();
    // A member's own /account/secure.
    const s = await stack.newPage({ lang, theme, token: memberToken });
    await s.goto('/account/secure');
    await s.getByTestId('member-two-step-state').waitFor();
    await animationsDone(s);
    await screenshot(s, `team-member-secure-${lang}-${theme}`);
    await expectAccessible(s);
    await s.context().close();
  });

  it('the member changes its own password and second step; the owner hands ownership to it and becomes an administrator', async () => {
    const m = await stack.newPage({ lang: 'zh', token: memberToken });
    await m.goto('/account/secure');
    await m.getByTestId('secure-page').and(m.locator('[data-member="true"]')).waitFor();
    // None of the owner's cards: a member's page has its password and its second step.
    expect(await m.getByTestId('contacts-card').count()).toBe(0);
    await m.getByTestId('change-password').click();
    await m.getByTestId('old-password').fill('wrong-Passw0rd');
    await m.getByTestId('new-password').fill('N3w#Memb3rPass');
    await m.getByTestId('confirm-password').fill('N3w#Memb3rPass');
    await m.getByTestId('password-ok').click();
    await m.getByTestId('password-error').getByText('原密码不正确').waitFor();
    await m.getByTestId('old-password').fill(memberPassword);
    await m.getByTestId('password-ok').click();
    await m.getByTestId('password-dialog').waitFor({ state: 'detached' });
    expect(await m.getByTestId('member-two-step-state').getAttribute('data-state')).toBe('Y');
    await m.getByTestId('member-two-step-toggle').click();
    await m.getByTestId('member-two-step-password').fill('N3w#Memb3rPass');
    await m.getByTestId('member-two-step-ok').click();
    await expect.poll(async () => m.getByTestId('member-two-step-state').getAttribute('data-state')).toBe('N');
    await m.mouse.move(0, 0);
    await expectAccessible(m);
    await m.context().close();

    const owner = await stack.newPage({ lang: 'zh', token: ownerToken });
    await owner.goto('/account/manage');
    await owner.getByTestId('ownership-start').click();
    await owner.getByTestId('ownership-submit').click();
    await owner.locator('.ant-form-item-explain-error', { hasText: '子账户编号无效' }).waitFor();
    await pick(owner, 'ownership-member', `李工 (${memberEmail})`);
    await owner.getByTestId('ownership-password').fill(password);
    await owner.getByTestId('send-code').click();
    await owner.getByText(/^\d+ 秒后重发$/).waitFor();
    await owner.getByTestId('ownership-code').fill(await outboxCode(stack.baseUrl, ownerEmail));
    await owner.getByTestId('ownership-submit').click();
    await owner.getByText('所有权已转让，您现在是管理员').waitFor();
    // Both stay signed in, each in the other's place; the old owner's page no longer offers the owner's parts.
    expect(await memberApi<{ memberID: number | null; roleCode: string }>('GET', '/v1/user/me')).toMatchObject({ memberID: null, roleCode: 'owner' });
    expect(await ownerApi<{ roleCode: string }>('GET', '/v1/user/me')).toMatchObject({ roleCode: 'admin' });
    await owner.reload();
    await owner.getByTestId('team-section').waitFor();
    expect(await owner.getByTestId('ownership-card').count()).toBe(0);
    await owner.goto('/account/audit');
    await owner.getByTestId('audit-table').getByText('将账户所有权转让给 李工，原所有者成为管理员').waitFor();
    await owner.mouse.move(0, 0);
    await expectAccessible(owner);
    await owner.context().close();
  });
});
