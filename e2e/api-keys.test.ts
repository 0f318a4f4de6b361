/**
 * Developer access end to end on the real stack: agree to the developer terms on /account/developer, create a
 * read-only key, read its secret once (with its curl example against this server), call /v1/orders with it from
 * the test, see its last use, rotate it (the old secret stops), revoke it (refused at once). The page is
 * photographed in zh/en × light/dark (terms, keys, the secret dialog) and checked by axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signUpThroughApi, startStack, expectAccessible, type Stack, looks, animationsDone } from './harness.ts';

let stack: Stack;
let token = '';
const password = 'Str0ng#Passw0rd';

/** Calls the API as a script would, with nothing but the key. */
async function withKey(key: string, path: string) {
  const r = await fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}`, lang: 'en' } });
  return { status: r.status, body: (await r.json()) as { code: number; data: unknown; msg: string } };
}

beforeAll(async () => {
  stack = await startStack();
  token = await signUpThroughApi(stack.baseUrl, `dev.${Date.now().toString(36)}@example.com`, password);
});
afterAll(async () => {
  await stack?.close();
});

describe('/account/developer', () => {
  it('becomes a developer, creates a key shown once, calls /v1/orders with it, rotates and revokes it', async () => {
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto('/account/center');
    await p.getByTestId('center-api').getByRole('link', { name: '成为开发者' }).click();
    await p.waitForURL(/\/account\/developer$/);
    await p.getByTestId('developer-terms').waitFor();
    expect(await p.getByTestId('breadcrumbs').textContent()).toBe('我的账户/成为开发者');
    // The button waits for the terms to be agreed to.
    expect(await p.getByTestId('developer-become').isDisabled()).toBe(true);
    await p.getByTestId('developer-agree').click();
    await p.getByTestId('developer-become').click();
    await p.getByTestId('api-key-table').waitFor();
    await expectAccessible(p);

    // An empty name is refused in the dialog with the contract's message.
    await p.getByTestId('api-key-create').click();
    await p.getByTestId('api-key-dialog-ok').click();
    await p.getByText('请填写密钥名称（1~50 个字符）').waitFor();
    await p.getByTestId('api-key-name').fill('部署脚本');
    await p.getByTestId('api-key-scope-read').click();
    const created = p.waitForResponse((r) => r.url().endsWith('/v1/apiKey') && r.request().method() === 'POST');
    await p.getByTestId('api-key-dialog-ok').click();
    expect((await created).status()).toBe(200);
    await p.getByTestId('api-key-secret-dialog').waitFor();
    const secret = (await p.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^chk_[A-Za-z0-9_-]{43}$/);
    const curl = (await p.getByTestId('api-key-secret-curl').textContent()) ?? '';
    expect(curl).toBe(`curl -H "Authorization: Bearer ${secret}" "${stack.baseUrl}/v1/orders"`);
    await expectAccessible(p, '[data-testid="api-key-secret-dialog"]');
    // The copy button puts the whole key on the clipboard.
    await p.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await p.getByTestId('api-key-secret-copy').click();
    await p.getByText('已复制').first().waitFor();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await p.getByTestId('api-key-secret-done').click();
    await p.getByTestId('api-key-secret-dialog').waitFor({ state: 'detached' });
    // Shown once: neither the page nor a reload has it any more, only its prefix.
    await p.reload();
    await p.getByTestId('api-key-table').waitFor();
    expect(await p.content()).not.toContain(secret);
    const row = p.locator('[data-testid^="api-key-row-"]');
    expect(await row.count()).toBe(1);
    expect(secret.startsWith((await row.getAttribute('data-prefix')) ?? '-')).toBe(true);
    const keyId = ((await row.getAttribute('data-testid')) ?? '').replace('api-key-row-', '');
    expect(await p.getByTestId(`api-key-last-used-${keyId}`).textContent()).toBe('从未使用');

    // The key reads the orders from outside the browser, as a script would (the same curl the page shows).
    const orders = await withKey(secret, '/v1/orders');
    expect(orders).toMatchObject({ status: 200, body: { code: 200, data: { total: 0 } } });
    // Read-only: ordering is refused with the precise message.
    const refused = await fetch(`${stack.baseUrl}/v1/orders/cancel`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, lang: 'en', 'content-type': 'application/json' }, body: '{"orderNos":"X"}' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { msg: string }).msg).toContain('scope is "read-only", which does not allow POST /v1/orders/cancel');
    await p.reload();
    await p.getByTestId(`api-key-last-used-${keyId}`).waitFor();
    expect(await p.getByTestId(`api-key-last-used-${keyId}`).textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d127\.0\.0\.1$/);

    // Rotating shows the new secret once; the old one stops at once.
    await p.getByTestId(`api-key-rotate-${keyId}`).click();
    await p.getByTestId('api-key-rotate-ok').click();
    await p.getByTestId('api-key-secret-dialog').waitFor();
    const rotated = (await p.getByTestId('api-key-secret').textContent()) ?? '';
    expect(rotated).not.toBe(secret);
    await p.getByTestId('api-key-secret-done').click();
    expect((await withKey(secret, '/v1/orders')).status).toBe(401);
    expect((await withKey(rotated, '/v1/orders')).body.code).toBe(200);

    // Revoked: gone from the table and refused on the next call.
    await p.getByTestId(`api-key-revoke-${keyId}`).click();
    await p.getByTestId('api-key-revoke-ok').click();
    await p.locator('[data-testid^="api-key-row-"]').waitFor({ state: 'detached' });
    expect(await withKey(rotated, '/v1/orders')).toMatchObject({ status: 401, body: { code: 401 } });

    // The account's activity log tells the story.
    await p.goto('/account/log');
    await p.getByText('吊销 API 密钥 部署脚本').first().waitFor();
    await p.context().close();
  });

  it.each(looks)('photographs the developer page in $lang/$theme with no serious axe violation', async ({ lang, theme }) => {
    // A fresh account each time: its terms first, then its keys.
    const own = await signUpThroughApi(stack.baseUrl, `shot.${lang}.${theme}.${Date.now().toString(36)}@example.com`, password);
    const p = await stack.newPage({ lang, theme, token: own });
    await p.goto('/account/developer');
    await p.getByTestId('developer-terms').waitFor();
    expect(await p.getByTestId('breadcrumbs').textContent()).toBe(lang === 'zh' ? '我的账户/成为开发者' : 'My account/Become a developer');
    await screenshot(p, `apikeys-terms-${lang}-${theme}`);
    await expectAccessible(p);
    await p.getByTestId('developer-agree').click();
    await p.getByTestId('developer-become').click();
    for (const [name, scope] of [['CI', 'orders'], ['Monitoring', 'read']] as const) {
      await p.getByTestId('api-key-create').click();
      await p.getByTestId('api-key-name').fill(name);
      await p.getByTestId(`api-key-scope-${scope}`).click();
      await p.getByTestId('api-key-dialog-ok').click();
      await p.getByTestId('api-key-secret-dialog').waitFor();
      if (scope === 'read') {
        await screenshot(p, `apikeys-secret-${lang}-${theme}`);
        await expectAccessible(p);
        const secret = (await p.getByTestId('api-key-secret').textContent()) ?? '';
        expect((await withKey(secret, '/v1/orders')).status).toBe(200);
      }
      await animationsDone(p);
      await p.getByTestId('api-key-secret-done').click();
      await p.getByTestId('api-key-secret-dialog').waitFor({ state: 'detached' });
    }
    await p.reload();
    await p.locator('[data-testid^="api-key-row-"]').nth(1).waitFor();
    await p.locator('[data-testid^="api-key-last-used-"]').filter({ hasText: '127.0.0.1' }).waitFor();
    await screenshot(p, `apikeys-keys-${lang}-${theme}`);
    await expectAccessible(p);
    await p.context().close();
  });
});
