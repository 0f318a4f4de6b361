/**
 * My account: invite and real-name verification, end to end in Chromium against the real server.
 * The inviter changes the invite code on /account/invite (a taken code is refused under the input), a friend
 * signs up through the new /signup/{code} link, passes personal verification through the sandbox verifier's review
 * page, and the inviter's reward shows on the invite page. Enterprise verification goes through the deposit step.
 * Every page is checked by axe (no serious or critical violation) and photographed in zh and en, light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, idCardCheckChar } from '@cc/domain/real-name';
import { apiClient, outboxCode, screenshot, signUpThroughApi, startStack, type Stack, expectAccessible, looks } from './harness.ts';

const tag = Date.now().toString(36);
const inviterEmail = `inviter.${tag}@example.com`;
const friendEmail = `friend.${tag}@example.com`;
const password = 'Str0ng#Passw0rd';
const newCode = `Share${tag}`;

let stack: Stack;
let inviterToken = '';
const api = apiClient(() => stack.baseUrl, () => inviterToken);

const idFirst = `11010519900101${String(Date.now() % 1000).padStart(3, '0')}`;
const idCard = idFirst + idCardCheckChar(idFirst)!;
const codeFirst = `91350100${tag.toUpperCase().replace(/[IOSVZ]/g, '1').padEnd(9, '0').slice(0, 9)}`;
const creditCode = codeFirst + creditCodeCheckChar(codeFirst)!;

/** Each page in both languages and both themes (`looks`): axe, then a screenshot. */
async function photograph(token: string, path: string, ready: string, name: string) {
  for (const { lang, theme } of looks) {
    const p = await stack.newPage({ lang, theme, token });
    await p.goto(path);
    await p.getByTestId(ready).waitFor();
    await p.locator('.ant-skeleton').first().waitFor({ state: 'detached' }).catch(() => undefined);
    await expectAccessible(p);
    await screenshot(p, `${name}-${lang}-${theme}`);
    await p.context().close();
  }
}

beforeAll(async () => {
  stack = await startStack({ DEV_OUTBOX: 'on' });
  inviterToken = await signUpThroughApi(stack.baseUrl, inviterEmail, password);
});
afterAll(async () => {
  expect(stack?.cspViolations ?? []).toEqual([]);
  await stack?.close();
});

describe('invite', () => {
  it('changes the invite code on the share card; a taken code is refused under the input', async () => {
    const page = await stack.newPage({ token: inviterToken });
    await page.goto('/account/invite');
    await page.getByTestId('invite-share-card').waitFor();
    const before = await page.getByTestId('invite-code-current').textContent();
    expect(await page.getByTestId('invite-link').inputValue()).toBe(`${stack.baseUrl}/signup/${before}`);

    await page.getByTestId('invite-code-input').fill('ab');
    await page.getByTestId('invite-code-save').click();
    await page.getByText('有效长度为4~128个字符').waitFor();
    await page.getByTestId('invite-code-input').fill('demo2026');
    await page.getByTestId('invite-code-save').click();
    await page.getByText('该邀请码已被使用').waitFor();
    expect(await page.getByTestId('invite-code-current').textContent()).toBe(before);

    await page.getByTestId('invite-code-input').fill(newCode);
    const toast = page.getByText('邀请码修改成功！如果您已分享过旧链接，请立即更新为最新链接').waitFor();
    await page.getByTestId('invite-code-save').click();
    await toast;
    await page.getByTestId('invite-code-current').getByText(newCode, { exact: true }).waitFor();
    expect(await page.getByTestId('invite-link').inputValue()).toBe(`${stack.baseUrl}/signup/${newCode}`);
    await page.context().close();
  });

  it('signs a friend up through the link, with the code filled in', async () => {
    const page = await stack.newPage();
    await page.goto(`/signup/${newCode}`);
    await page.getByTestId('sign-up-page').waitFor();
    expect(await page.getByTestId('invite-code').inputValue()).toBe(newCode);
    await page.getByText('邮箱注册').click();
    await page.getByTestId('email').fill(friendEmail);
    await page.getByTestId('send-code').click();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    await page.getByTestId('code').fill(await outboxCode(stack.baseUrl, friendEmail));
    await page.getByTestId('password').fill(password);
    await page.getByTestId('confirm').fill(password);
    await page.getByTestId('sign-up-submit').click();
    await page.waitForURL(/\/dashboard$/);
    const invited = await api<{ invited: number }>('GET', '/v1/inviteCondition');
    expect(invited.invited).toBe(1);

    // The friend verifies personally, through the console and the sandbox review page.
    await page.goto('/account/verify');
    await page.locator('[data-testid="personal-state"][data-state="N"]').waitFor();
    const form = page.getByTestId('personal-form');
    await form.getByLabel('真实姓名').fill('张三');
    await form.getByLabel('身份证号码').fill(`${idCard.slice(0, 17)}${idCard[17] === '0' ? '1' : '0'}`);
    await page.getByTestId('personal-submit').click();
    await page.getByText('身份证号码校验位不正确，请核对').waitFor();
    await form.getByLabel('身份证号码').fill(idCard);
    await page.getByTestId('personal-submit').click();
    await page.locator('[data-testid="personal-state"][data-state="pending"]').waitFor();
    await page.getByTestId('open-review').click();
    await page.waitForURL(/\/verify\/test\?id=rv_/);
    await page.locator('[data-testid="review-status"][data-status="pending"]').waitFor();
    await page.getByText(`110***********${idCard.slice(-4)}`).waitFor();
    await page.getByTestId('review-approve').click();
    await page.locator('[data-testid="review-status"][data-status="approved"]').waitFor();
    await page.getByTestId('review-back').click();
    // The decision arrives by the verifier's signed callback; the page follows by itself.
    await page.locator('[data-testid="personal-state"][data-state="approved"]').waitFor({ timeout: 20_000 });
    await page.context().close();

    const earned = await api<{ earnedCents: number; rewarded: number }>('GET', '/v1/inviteCondition');
    expect(earned).toMatchObject({ rewarded: 1, earnedCents: 2000 });
    const p = await stack.newPage({ token: inviterToken });
    await p.goto('/account/invite');
    await p.getByText('已发放奖励').waitFor();
    await p.context().close();
  });
});

describe('enterprise verification', () => {
  it('submits the company, confirms the deposit read on the sandbox statement, and is approved', async () => {
    const page = await stack.newPage({ token: inviterToken });
    await page.goto('/account/verify');
    await page.locator('[data-testid="enterprise-state"][data-state="N"]').waitFor();
    const form = page.getByTestId('enterprise-form');
    await form.getByLabel('企业名称').fill('示例网络科技有限公司');
    await form.getByLabel('统一社会信用代码').fill(creditCode);
    await form.getByLabel('法定代表人').fill('李四');
    await form.getByLabel('开户银行').fill('招商银行深圳分行');
    await form.getByLabel('对公银行账号').fill('755912345678');
    await page.getByTestId('enterprise-submit').click();
    await page.getByTestId('deposit-step').waitFor();

    const review = page.getByTestId('enterprise-card').getByTestId('open-review');
    const href = (await review.getAttribute('href'))!;
    const sandbox = await stack.newPage({ token: inviterToken });
    await sandbox.goto(new URL(href).pathname + new URL(href).search);
    const cents = Number(await sandbox.getByTestId('review-deposit').getAttribute('data-cents'));
    expect(await sandbox.getByTestId('review-approve').isDisabled()).toBe(true);

    const wrong = (cents % 99) + 1;
    await page.getByTestId('deposit-amount').fill((wrong / 100).toFixed(2));
    await page.getByTestId('deposit-confirm').click();
    await page.getByText('打款金额不正确，还可尝试 2 次').waitFor();
    await page.getByTestId('deposit-amount').fill((cents / 100).toFixed(2));
    await page.getByTestId('deposit-confirm').click();
    await page.getByTestId('deposit-step').waitFor({ state: 'detached' });

    await sandbox.reload();
    await sandbox.getByTestId('review-approve').click();
    await sandbox.locator('[data-testid="review-status"][data-status="approved"]').waitFor();
    await page.locator('[data-testid="enterprise-state"][data-state="approved"]').waitFor({ timeout: 20_000 });
    await page.context().close();
    await sandbox.context().close();
  });
});

describe('screens: axe finds no serious or critical violation; photographed in zh/en, light/dark', () => {
  let friend = '';
  let reviewPath = '';
  beforeAll(async () => {
    friend = await signUpThroughApi(stack.baseUrl, `shots.${tag}@example.com`, password);
  });
  it('the invite page', () => photograph(inviterToken, '/account/invite', 'invite-share-card', 'account-invite'));
  it('real-name, both approved', () => photograph(inviterToken, '/account/verify', 'real-name-page', 'account-real-name-approved'));
  it('real-name, the empty forms', () => photograph(friend, '/account/verify', 'personal-form', 'account-real-name-empty'));
  it('real-name, under review', async () => {
    const first = `11010519850202${String((Date.now() + 7) % 1000).padStart(3, '0')}`;
    const sent = await apiClient(() => stack.baseUrl, () => friend)<{ reviewURL: string }>('POST', '/v1/realAuth', { name: '王五', idCard: first + idCardCheckChar(first)! });
    const u = new URL(sent.reviewURL);
    reviewPath = u.pathname + u.search;
    await photograph(friend, '/account/verify', 'open-review', 'account-real-name-pending');
  });
  it('the sandbox review page', () => photograph(friend, reviewPath, 'review-approve', 'verify-review'));
});
