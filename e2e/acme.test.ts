/**
 * ACME automation end to end on the real stack: on /account/developer the customer creates an EAB key (the HMAC key
 * shown once, with the directory and a certbot command to copy), an ACME client registers with it and orders a
 * certificate, the order shows in /ssl/certificate with its origin ACME, and the key is revoked. Photographed in
 * zh and en, checked by axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signUpThroughApi, startStack, expectAccessible, animationsDone, type Stack } from './harness.ts';
import { AcmeTestClient, fetchTransport } from '../apps/server/test/acme-helpers.ts';

let stack: Stack;
let token = '';
let productNo = '';
const email = `acme.${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  stack = await startStack();
  token = await signUpThroughApi(stack.baseUrl, email, 'Str0ng#Passw0rd');
  const r = await fetch(`${stack.baseUrl}/v1/developer`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: '{"agree":true}' });
  expect(((await r.json()) as { code: number }).code).toBe(200);
  await stack.app.db.query(`UPDATE accounts SET balance = 100000000 WHERE email = $1`, [email]);
  const [p] = await stack.app.db.query<{ product_no: string }>(`SELECT product_no FROM products WHERE product_type = 'ssl' AND cert_type = 'DV' AND NOT free ORDER BY sort LIMIT 1`);
  productNo = p!.product_no;
});
afterAll(async () => {
  await stack?.close();
});

describe('/account/developer: EAB keys for ACME clients', () => {
  it.each([
    { lang: 'zh', theme: 'light' },
    { lang: 'en', theme: 'dark' },
  ] as const)('creates a key shown once, orders over ACME with it, lists the order as ACME, revokes the key ($lang/$theme)', async ({ lang, theme }) => {
    const p = await stack.newPage({ lang, token, theme });
    await p.goto('/account/developer');
    await p.getByTestId('eab-card').waitFor();
    await p.getByTestId('eab-create').click();
    await p.getByTestId('eab-dialog-ok').click();
    await p.getByText(lang === 'zh' ? '请填写 EAB 密钥名称（1~50 个字符）' : 'Name the EAB key (1-50 characters)').waitFor();
    await p.getByTestId('eab-name').fill(`certbot ${lang}`);
    await p.getByTestId('eab-limit').fill('5000');
    const created = p.waitForResponse((r) => r.url().endsWith('/v1/acme/eabKeys') && r.request().method() === 'POST');
    await p.getByTestId('eab-dialog-ok').click();
    expect((await created).status()).toBe(200);
    await p.getByTestId('eab-secret-dialog').waitFor();
    const kid = (await p.getByTestId('eab-kid').textContent()) ?? '';
    const hmac = (await p.getByTestId('eab-hmac').textContent()) ?? '';
    expect(kid).toMatch(/^eab_[A-Za-z0-9_-]{16}$/);
    expect(hmac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await p.getByTestId('eab-certbot').textContent()).toContain(`--eab-kid ${kid} --eab-hmac-key=${hmac}`);
    await animationsDone(p);
    await screenshot(p, `acme-eab-secret-${lang}-${theme}`);
    await expectAccessible(p, '[data-testid="eab-secret-dialog"]');
    await p.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await p.getByTestId('eab-hmac-copy').click();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(hmac);
    await p.getByTestId('eab-secret-done').click();
    await p.getByTestId('eab-secret-dialog').waitFor({ state: 'detached' });

    // An ACME client registers with the key and orders: a real order of the account.
    const dir = (await (await fetch(`${stack.baseUrl}/acme/${productNo}/directory`)).json()) as { newAccount: string };
    const acme = new AcmeTestClient(() => new URL(dir.newAccount).origin, productNo, fetchTransport(stack.baseUrl));
    await acme.register(kid, hmac);
    const name = `${lang}.acme-e2e.example`;
    const order = await acme.post('new-order', { identifiers: [{ type: 'dns', value: name }] });
    expect(order.status, order.body).toBe(201);

    await p.reload();
    const row = p.locator(`[data-kid="${kid}"]`);
    await row.waitFor();
    expect(await p.content()).not.toContain(hmac);
    await animationsDone(p);
    await screenshot(p, `acme-eab-keys-${lang}-${theme}`);
    await expectAccessible(p);

    // Revoked: its ACME account can no longer order.
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('eab-row-', '');
    await p.getByTestId(`eab-revoke-${id}`).click();
    await p.getByTestId('eab-revoke-ok').click();
    await p.locator(`[data-kid="${kid}"]`).waitFor({ state: 'detached' });
    const refused = await acme.post('new-order', { identifiers: [{ type: 'dns', value: `again.${name}` }] });
    expect(refused.json.type).toBe('urn:ietf:params:acme:error:unauthorized');
    await p.goto('/orders/list');
    const line = p.locator('tr', { hasText: name });
    await line.getByTestId('order-origin').waitFor();
    expect(await line.getByTestId('order-origin').textContent()).toBe('ACME');
    await animationsDone(p);
    await screenshot(p, `acme-orders-${lang}-${theme}`);
    await expectAccessible(p);

    await p.context().close();
  });
});
