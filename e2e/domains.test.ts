/**
 * Domain names end to end on the real stack and the built-in sandbox registry: search a name, add two to the cart,
 * pay from the balance, see them under "my domains", renew one, lock and unlock it (auth code only when unlocked),
 * transfer a name in with its auth code, then group and remark both in batch. The area's screens are photographed
 * in zh/en × light/dark and checked by axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, apiClient, looks, expectAccessible, screenshot, signUpThroughApi, startStack, type Stack } from './harness.ts';

let stack: Stack;
let token = '';
const tag = Date.now().toString(36);
const label = `shop${tag}`;
const com = `${label}.com`;
const top = `${label}.top`;
const moved = `moved${tag}.net`;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  stack = await startStack();
  const email = `dm.${tag}@example.com`;
  token = await signUpThroughApi(stack.baseUrl, email, 'Str0ng#Passw0rd');
  await stack.app.db.query(`UPDATE accounts SET balance = 10000000 WHERE email = $1`, [email]);
  api = apiClient(() => stack.baseUrl, () => token);
  await api('POST', '/dm-serv/v1/contacts', { name: '张三', email, telephone: '13912345678', city: '北京', address: '朝阳区 1 号' });
});
afterAll(async () => {
  await stack?.close();
});

async function openBatchFromSelection(p: Page, button: string) {
  await p.goto('/domain/manage/mine');
  await p.getByTestId(`domain-link-${com}`).waitFor();
  await p.getByRole('checkbox', { name: com }).check();
  await p.getByRole('checkbox', { name: top }).check();
  await p.getByTestId(button).click();
  await p.getByTestId('batch-domains').waitFor();
  expect(await p.getByTestId('batch-domains').inputValue()).toContain(com);
}

describe('/domain', () => {
  it('searches, buys two names, renews one, locks it, transfers one in and groups and remarks in batch', async () => {
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto('/domain');
    await p.waitForURL(/\/domain\/search$/);
    await p.getByTestId('domain-search').locator('input').fill(label);
    await p.getByTestId('domain-search').locator('input').press('Enter');
    await p.getByTestId(`add-cart-${com}`).waitFor();
    expect(await p.getByTestId('search-exact').textContent()).toContain('可注册');
    await p.getByTestId(`add-cart-${com}`).click();
    await p.getByTestId(`add-cart-${top}`).click();
    await p.getByText('去结算 (2)').waitFor();
    await p.getByTestId('go-cart').click();
    await p.waitForURL(/\/domain\/cart$/);
    await p.getByTestId('cart-table').getByText(top).waitFor();
    await p.getByTestId('cart-pay').click();
    // The payment dialog, balance first (an outside way: e2e/purchase-pay.test.ts).
    await p.locator('[data-testid="payment-dialog"][data-way="balance"]').waitFor();
    await p.getByTestId('pay-submit').click();
    await p.waitForURL(/\/domain\/manage\/mine$/);
    await p.getByTestId(`domain-link-${com}`).waitFor();
    await p.getByTestId(`domain-link-${top}`).waitFor();

    // Renew the .com for 2 more years.
    await p.getByTestId(`renew-${com}`).click();
    await p.waitForURL(/\/domain\/renew\/form/);
    await p.getByTestId('renew-years').click();
    await p.getByTitle('2 年').click();
    await p.getByTestId('renew-quote').click();
    await p.getByTestId('renew-table').getByText(com).waitFor();
    await p.getByTestId('renew-submit').click();
    await p.waitForURL(/\/domain\/renew\/list$/);
    await p.getByTestId('renew-list').getByText(com).waitFor();
    const detail = await api<{ items: { domain: string; expiresAt: string; orderNo: string }[] }>('GET', `/dm-serv/v1/domains?keyword=${label}.com`);
    expect(new Date(detail.items[0]!.expiresAt).getUTCFullYear()).toBe(new Date().getUTCFullYear() + 3);

    // Lock: registered locked; unlocking gives the auth code; locking again takes the button away.
    await p.goto(`/domain/manage/${detail.items[0]!.orderNo}`);
    await p.getByTestId('detail-name').waitFor();
    expect(await p.getByTestId('detail-auth-code').isDisabled()).toBe(true);
    await p.getByTestId('detail-lock').click();
    await p.getByText('未锁定').first().waitFor();
    await p.getByTestId('detail-auth-code').click();
    await p.getByTestId('detail-auth-code-value').waitFor();
    await p.getByTestId('detail-lock').click();
    await p.getByText('已锁定（禁止转移）').waitFor();
    expect(await p.getByTestId('detail-auth-code').isDisabled()).toBe(true);
    await expectAccessible(p);
    // Listed for sale, it shows under the for-sale tab.
    await p.getByTestId('detail-for-sale').click();
    await p.getByText('挂牌出售中（列入“出售中”）').waitFor();
    await p.goto('/domain/manage/for-sale');
    await p.getByTestId(`domain-link-${com}`).waitFor();
    expect(await p.getByTestId('domain-table').textContent()).not.toContain(top);

    // Transfer a name in from the sandbox's other registrar with its auth code.
    const planted = await api<{ authCode: string }>('POST', '/dev/registry/elsewhere', { domain: moved });
    await p.goto('/domain/transfer/in');
    await p.getByTestId('transfer-domain-0').fill(moved);
    await p.getByTestId('transfer-code-0').fill(planted.authCode);
    await p.getByTestId('transfer-submit').click();
    await p.waitForURL(/\/domain\/transfer\/in-list$/);
    await p.getByTestId('transfer-in-list').getByText(moved).waitFor();
    // The other registrar approves at once (a job): the name arrives.
    await stack.app.jobs.drain();
    await expect.poll(async () => (await api<{ total: number }>('GET', `/dm-serv/v1/domains?keyword=${moved}`)).total, { timeout: 20_000 }).toBe(1);
    await p.reload();
    await p.getByTestId('transfer-in-list').getByText('成功').waitFor();

    // Group both names, then remark both, in batch.
    await p.goto('/domain/group');
    await p.getByTestId('group-add').click();
    await p.getByTestId('group-name').fill('主站');
    await p.getByTestId('group-save').click();
    await p.getByTestId('group-table').getByText('主站').waitFor();
    await openBatchFromSelection(p, 'manage-batch-group');
    await p.getByTestId('batch-group').click();
    await p.getByTitle('主站').click();
    await p.getByTestId('batch-start').click();
    await p.locator('[data-testid="batch-progress"][data-finished="yes"]').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('batch-progress').textContent()).toContain('成功 2');
    await openBatchFromSelection(p, 'manage-batch-remark');
    await p.getByTestId('batch-remark').fill('官网');
    await p.getByTestId('batch-start').click();
    await p.locator('[data-testid="batch-progress"][data-finished="yes"]').waitFor({ timeout: 30_000 });
    await animationsDone(p);
    await screenshot(p, 'domain-batch-remark-zh-light');
    await p.goto('/domain/manage/mine');
    await p.getByTestId(`domain-link-${com}`).waitFor();
    expect(await p.getByTestId('domain-table').textContent()).toContain('官网');
    const grouped = await api<{ items: { domain: string; groupName: string | null; remark: string }[] }>('GET', `/dm-serv/v1/domains?keyword=${label}`);
    expect(grouped.items.map((d) => [d.groupName, d.remark])).toEqual([['主站', '官网'], ['主站', '官网']]);
  });

  it.each(looks)('looks right in $lang $theme (search, cart, mine, details, price, batch) and passes axe', async ({ lang, theme }) => {
    const p = await stack.newPage({ lang, theme, token });
    const name = `${lang}-${theme}`;
    await p.goto('/domain/search');
    await p.getByTestId('domain-search').locator('input').fill(`look${tag}`);
    await p.getByTestId('domain-search').locator('input').press('Enter');
    await p.getByTestId('search-suggestions').waitFor();
    await expectAccessible(p);
    await screenshot(p, `domain-search-${name}`);
    await p.goto('/domain/manage/mine');
    await p.getByTestId(`domain-link-${com}`).waitFor();
    await expectAccessible(p);
    await screenshot(p, `domain-mine-${name}`);
    await p.getByTestId(`domain-link-${com}`).click();
    await p.getByTestId('detail-name').waitFor();
    await expectAccessible(p);
    await screenshot(p, `domain-detail-${name}`);
    await api('POST', '/dm-serv/v1/carts', { domains: [`cart${tag}.com`, `购物${tag}.中国`], years: 2 });
    await p.goto('/domain/cart');
    await p.getByTestId('cart-table').getByText(`cart${tag}.com`).waitFor();
    await expectAccessible(p);
    await screenshot(p, `domain-cart-${name}`);
    await p.goto('/domain/batch/resolution');
    await p.getByTestId('batch-domains').waitFor();
    await expectAccessible(p);
    await p.goto('/domain/price');
    await p.getByTestId('price-common').getByText('.中国').waitFor();
    await expectAccessible(p);
    await screenshot(p, `domain-price-${name}`);
    await p.goto('/domain/contact');
    await p.getByTestId('contact-table').getByText('张三').waitFor();
    await expectAccessible(p);
    await screenshot(p, `domain-contact-${name}`);
    await p.goto('/domain/transfer/in-list');
    await p.getByTestId('transfer-in-list').getByText(moved).waitFor();
    await expectAccessible(p);
    await screenshot(p, `domain-transfer-in-list-${name}`);
    await p.close();
  });
});
