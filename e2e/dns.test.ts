/**
 * DNS hosting end to end on the real stack, with the built-in authoritative server asked by dig: add a zone on
 * /domain/dns (pending, with what to do, until the check sees its delegation; another account's zone inside it is
 * refused with the reason), add a record on /domain/dns/{domain} and see the diff before applying it, edit it, roll
 * back from the history (dig answers each state at once), see a conflict when the zone changed meanwhile, and add one
 * TXT record to 50 zones on /domain/batch/dns. The pages are photographed in zh/en × light/dark and checked by axe.
 * Public DNS is a world on loopback (apps/server/test/dns-helpers.ts) that delegates the zones to the built-in server.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startAuthoritativeDns, type AuthoritativeDns } from '../apps/server/src/adapters/dns/authoritative.ts';
import { animationsDone, apiClient, looks, expectAccessible, opensslCsr, orderStatusOf, screenshot, signUpThroughApi, startStack, type Stack } from './harness.ts';
import { startDnsWorld, type DnsWorld } from '../apps/server/test/dns-helpers.ts';

const run = promisify(execFile);
let stack: Stack;
let world: DnsWorld;
let dns: AuthoritativeDns;
let token = '';
const password = 'Str0ng#Passw0rd';
const tag = Date.now().toString(36);
const zone = `shop-${tag}.example`;
const api = apiClient(() => stack.baseUrl, () => token);

const dig = async (name: string, type: string) =>
  (await run('dig', ['@127.0.0.1', '-p', String(dns.port), name, type, '+short', '+time=5', '+tries=1'])).stdout.trim();

async function shot(p: Page, name: string) {
  await animationsDone(p);
  await screenshot(p, name);
}

beforeAll(async () => {
  // Zone checks and domain control validation ask public DNS: the world, which asks the built-in server for the zones
  // it delegates to our nameservers.
  world = await startDnsWorld();
  stack = await startStack(world.env);
  dns = await startAuthoritativeDns(stack.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  token = await signUpThroughApi(stack.baseUrl, `dns.${tag}@example.com`, password);
});
afterAll(async () => {
  await dns?.close();
  await stack?.close();
  await world?.close();
});

/** A zone delegated to our nameservers and added through the API: live at once. */
async function liveZone(z: string) {
  world.delegate(z);
  expect((await api<{ status: string }>('POST', '/dm-serv/v1/dns/zones', { zone: z })).status).toBe('active');
}

describe('/domain/dns', () => {
  it('adds a zone, adds a record through a diff, edits it, rolls it back, and dig answers each state at once', async () => {
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto('/domain/dns');
    await p.getByTestId('dns-nameservers').waitFor();
    expect(await p.getByTestId('dns-nameservers').textContent()).toContain('ns1.certhub.local');
    await p.getByTestId('zone-name').fill('not a domain');
    await p.getByTestId('zone-add').click();
    await p.getByTestId('zone-error').getByText('not a domain 不是有效的域名').waitFor();
    await p.getByTestId('zone-name').fill(zone);
    await p.getByTestId('zone-add').click();
    // Not delegated yet: pending, answered by nobody, with the two ways to prove control open below its row.
    const pending = p.getByTestId(`zone-pending-${zone}`);
    await pending.getByText(`${zone} 尚未生效`).waitFor();
    expect(await pending.getByTestId('zone-verify-host').textContent()).toBe(`_certhub-challenge.${zone}`);
    expect(await pending.getByTestId('zone-verify-value').textContent()).toMatch(/^certhub-verify=[0-9a-f]{32}$/);
    await pending.getByText('上次检测').waitFor();
    expect((await run('dig', ['@127.0.0.1', '-p', String(dns.port), zone, 'SOA', '+time=5', '+tries=1'])).stdout).toContain('status: REFUSED');
    await shot(p, 'dns-zone-pending-zh-light');
    await expectAccessible(p);
    // The registrar points the domain at our nameservers; the check sees it and the zone goes live.
    world.delegate(zone);
    await p.getByTestId(`zone-pending-check-${zone}`).click();
    await p.getByText(`${zone} 已指向我们的 DNS 服务器，解析已生效`).waitFor();
    await pending.waitFor({ state: 'detached' });
    // Another account cannot put a zone inside it: the reason is said.
    const otherToken = await signUpThroughApi(stack.baseUrl, `dns-other.${tag}@example.com`, password);
    const other = await stack.newPage({ lang: 'en', token: otherToken });
    await other.goto('/domain/dns');
    await other.getByTestId('zone-name').fill(`shop.${zone}`);
    await other.getByTestId('zone-add').click();
    await other.getByTestId('zone-error').getByText(`shop.${zone} lies inside ${zone}, which another account hosts here and is live: only the holder of ${zone} can host names inside it`).waitFor();
    await p.getByTestId('dns-zones').getByRole('link', { name: zone }).click();
    await p.waitForURL(new RegExp(`/domain/dns/${zone}$`));
    await p.getByTestId('dns-records').waitFor();

    // Add: the form's preview shows the diff; nothing is served until it is applied.
    await p.getByTestId('record-add').click();
    await p.getByTestId('record-host').fill('www');
    await p.getByTestId('record-value').fill('192.0.2.300');
    await p.getByTestId('record-next').click();
    await p.getByTestId('record-error').getByText('192.0.2.300 不是有效的 IPv4 地址').waitFor();
    await p.getByTestId('record-value').fill('192.0.2.10');
    await p.getByTestId('record-next').click();
    const diff = p.getByTestId('dns-diff');
    await diff.waitFor();
    expect(await diff.textContent()).toContain('www 600 A 192.0.2.10');
    expect(await dig(`www.${zone}`, 'A')).toBe('');
    await p.getByTestId('dns-apply').click();
    await p.getByText('已生效，当前版本').waitFor();
    await p.getByTestId('dns-records').getByText('192.0.2.10').waitFor();
    expect(await dig(`www.${zone}`, 'A')).toBe('192.0.2.10');

    // Edit: before and after in the diff.
    const row = p.getByTestId('dns-records').locator('tr', { hasText: '192.0.2.10' });
    await row.getByRole('button', { name: '修改' }).click();
    await p.getByTestId('record-value').fill('192.0.2.11');
    await p.getByTestId('record-next').click();
    await p.getByTestId('dns-diff').getByText('→ www 600 A 192.0.2.11').waitFor();
    await p.getByTestId('dns-apply').click();
    await p.getByTestId('dns-records').getByText('192.0.2.11').waitFor();
    expect(await dig(`www.${zone}`, 'A')).toBe('192.0.2.11');

    // Roll back from the history to the version right after the add.
    await p.getByRole('tab', { name: '修改历史' }).click();
    await p.getByTestId('dns-history').waitFor();
    const serialAfterAdd = (await api<{ changes: { serial: number; kind: string }[] }>('GET', `/dm-serv/v1/dns/zones/${zone}/history`)).changes.at(-2)!.serial;
    await p.getByTestId(`rollback-${serialAfterAdd}`).click();
    await p.getByTestId('dns-diff').getByText('→ www 600 A 192.0.2.10').waitFor();
    await p.getByTestId('dns-apply').click();
    await p.getByText('回滚到版本').first().waitFor();
    expect(await dig(`www.${zone}`, 'A')).toBe('192.0.2.10');
    await expectAccessible(p);
  });

  it('shows a conflict with the diff when the zone changed after the page was loaded', async () => {
    const p = await stack.newPage({ lang: 'en', token });
    await p.goto(`/domain/dns/${zone}`);
    await p.getByTestId('dns-records').waitFor();
    // Someone else (another tab, a script) adds a record now.
    const { zone: z } = await api<{ zone: { serial: number } }>('GET', `/dm-serv/v1/dns/zones/${zone}/records`);
    await api('POST', '/dm-serv/v1/domains/records', { zone, baseSerial: z.serial, records: [{ host: 'other', type: 'TXT', value: 'added elsewhere' }] });
    await p.getByTestId('record-add').click();
    await p.getByTestId('record-host').fill('mine');
    await p.getByTestId('record-value').fill('192.0.2.20');
    await p.getByTestId('record-next').click();
    await p.getByTestId('dns-conflict').waitFor();
    expect(await p.getByTestId('dns-conflict-diff').textContent()).toContain('other 600 TXT added elsewhere');
    await p.getByTestId('dns-conflict-reload').click();
    await p.getByTestId('dns-records').getByText('added elsewhere').waitFor();
  });
});

describe('/domain/batch/dns', () => {
  it('adds one TXT record to 50 zones: one diff preview, progress, a result per zone, served by dig', async () => {
    const zones = Array.from({ length: 50 }, (_, i) => `b${i}-${tag}.example`);
    for (const z of zones) await liveZone(z);
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto('/domain/batch/dns');
    await p.getByTestId('batch-zones').fill(zones.join('\n'));
    await p.getByTestId('batch-host-0').fill('_verify');
    await p.getByTestId('batch-value-0').fill(`batch-${tag}`);
    await p.getByTestId('batch-preview').click();
    await p.getByTestId('batch-diff').waitFor();
    expect(await p.getByTestId('batch-apply').textContent()).toContain('50');
    expect(await dig(`_verify.${zones[7]}`, 'TXT')).toBe('');
    await p.getByTestId('batch-apply').click();
    await p.getByTestId('batch-summary').getByText('共 50 个域名：成功 50 个，失败 0 个').waitFor();
    for (const z of [zones[0]!, zones[49]!]) expect(await dig(`_verify.${z}`, 'TXT')).toBe(`"batch-${tag}"`);
    await expectAccessible(p);
  });
});

describe('DCV autopilot', () => {
  it('buys a certificate for a name in a hosted zone and sees it issued with no validation step', async () => {
    const hosted = `buy-${tag}.example`;
    await liveZone(hosted);
    await stack.app.db.query(`UPDATE accounts SET balance = 100000000 WHERE email = $1`, [`dns.${tag}@example.com`]);
    const cn = `www.${hosted}`;
    const orderNo = String(await api<string>('POST', '/v1/orders/certificate/GS-DV-SSL', { year: 1, csr: opensslCsr(cn), commonName: cn, dcvMethod: 'dns' })).split(',')[0]!;
    await api('POST', '/v1/orders/pay', { payWay: 'balance', orderNo });
    // The server's own jobs publish, check, issue and clean up: nothing to click.
    await expect.poll(() => orderStatusOf(api, orderNo), { timeout: 60_000, interval: 250 }).toBe(1005);
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto(`/ssl/certificate/${orderNo}`);
    const timeline = p.getByTestId('order-timeline');
    await timeline.getByText(`${cn} 的验证记录已自动添加到托管的 ${hosted}`).waitFor();
    await timeline.getByText(`已从 ${hosted} 删除验证记录`).first().waitFor();
  });

  it('offers the autopilot on the order screen for names hosted here, on by default, and says what switching it off means', async () => {
    const hosted = `offer-${tag}.example`;
    await liveZone(hosted);
    const p = await stack.newPage({ lang: 'en', token });
    await p.goto('/ssl/certificates');
    await p.getByTestId('purchase-form').waitFor();
    await p.getByTestId('common-name').fill(`shop.${hosted}`);
    await p.getByTestId('dcv-dns_txt').click();
    const names = p.getByTestId('autopilot-names');
    await names.getByText(`shop.${hosted} (hosted zone ${hosted})`).waitFor();
    await names.getByText('After payment, the validation records of these names are published').waitFor();
    const box = p.getByRole('checkbox', { name: 'Publish the validation records for me (names hosted here)' });
    expect(await box.isChecked()).toBe(true);
    await box.click();
    await names.getByText('Off: these names are hosted here').waitFor();
    // A name elsewhere is not offered anything.
    await p.getByTestId('common-name').fill('elsewhere.example.org');
    await expect.poll(() => p.getByTestId('autopilot-names').count()).toBe(0);
  });

  it('respects an order placed with the autopilot off, and switching it on from the order page validates and issues', async () => {
    const hosted = `switch-${tag}.example`;
    await liveZone(hosted);
    await stack.app.db.query(`UPDATE accounts SET balance = 100000000 WHERE email = $1`, [`dns.${tag}@example.com`]);
    const cn = `www.${hosted}`;
    const orderNo = String(await api<string>('POST', '/v1/orders/certificate/GS-DV-SSL', { year: 1, csr: opensslCsr(cn), commonName: cn, dcvMethod: 'dns_txt', dcvAutopilot: false })).split(',')[0]!;
    await api('POST', '/v1/orders/pay', { payWay: 'balance', orderNo });
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto(`/ssl/certificate/${orderNo}`);
    const card = p.getByTestId('dcv-autopilot-card');
    await card.getByText(`${cn} 托管在本平台。开启后将自动添加验证记录并完成验证`).waitFor();
    expect(await orderStatusOf(api, orderNo)).toBe(1002);
    await card.scrollIntoViewIfNeeded();
    await shot(p, 'dns-autopilot-switch-zh-light');
    await expectAccessible(p);
    await p.getByTestId('dcv-autopilot-switch').click();
    await p.getByText('已开启自动验证').first().waitFor();
    await expect.poll(() => orderStatusOf(api, orderNo), { timeout: 60_000, interval: 250 }).toBe(1005);
    await p.reload();
    const timeline = p.getByTestId('order-timeline');
    await timeline.getByText('已开启自动验证：托管在本平台的域名将自动添加验证记录').waitFor();
    await timeline.getByText(`${cn} 的验证记录已自动添加到托管的 ${hosted}`).waitFor();
  });
});

describe('screens', () => {
  it.each(looks)('photographs the DNS pages in $lang/$theme with no serious axe violation', async ({ lang, theme }) => {
    const p = await stack.newPage({ lang, theme, token });
    await p.goto('/domain/dns');
    await p.getByTestId('dns-zones').waitFor();
    await shot(p, `dns-zones-${lang}-${theme}`);
    await expectAccessible(p);
    await p.goto(`/domain/dns/${zone}`);
    await p.getByTestId('dns-records').waitFor();
    await shot(p, `dns-records-${lang}-${theme}`);
    await expectAccessible(p);
    await p.getByTestId('record-add').click();
    await p.getByTestId('record-host').fill('api');
    await p.getByTestId('record-value').fill('192.0.2.30');
    await p.getByTestId('record-next').click();
    await p.getByTestId('dns-diff').waitFor();
    await shot(p, `dns-diff-${lang}-${theme}`);
    await expectAccessible(p, '.ant-modal');
    await p.keyboard.press('Escape');
    await p.goto('/domain/batch/dns');
    await p.getByTestId('batch-all-zones').click();
    await p.getByTestId('batch-value-0').fill('v=spf1 -all');
    await p.getByTestId('batch-preview').click();
    await p.getByTestId('batch-diff').waitFor();
    // The pointer still on the button would photograph and check its hover colour.
    await p.mouse.move(0, 0);
    await shot(p, `dns-batch-${lang}-${theme}`);
    await expectAccessible(p);
    // The order screen's autopilot offer for a name hosted here.
    await p.goto('/ssl/certificates');
    await p.getByTestId('purchase-form').waitFor();
    await p.getByTestId('common-name').fill(`www.${zone}`);
    await p.getByTestId('dcv-dns_txt').click();
    await p.getByTestId('autopilot-names').waitFor();
    await p.getByTestId('autopilot-names').scrollIntoViewIfNeeded();
    await shot(p, `dns-autopilot-offer-${lang}-${theme}`);
    await expectAccessible(p);
  });
});
