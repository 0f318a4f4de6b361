/**
 * The CT log lookup (/certhub/discovery/log) end to end: the account hosts a zone, the built-in CA issues two
 * certificates for names in it (for nobody's order, as another party's would be) and logs them in the built-in CT
 * log; the page shows the tree head, the names watched and both certificates as not ordered here, searches by serial
 * and by the fingerprint a CT alert links to, filters, and exports CSV. Photographed zh/en × light/dark with axe.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as x509 from '@peculiar/x509';
import type { CtAnswer } from '@cc/contracts/ct';
import { ordersContext } from '../apps/server/src/services/orders/context.ts';
import { apiClient, looks, expectAccessible, screenshot, signUpThroughApi, startStack, type Stack } from './harness.ts';

let stack: Stack;
let token = '';
const api = apiClient(() => stack.baseUrl, () => token);

async function issueElsewhere(name: string): Promise<void> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const keys = (await crypto.subtle.generateKey(alg, false, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${name}`, keys, signingAlgorithm: alg });
  const now = Date.now();
  await ordersContext(stack.app).ca.issue({
    brand: 'e2e',
    csrPem: csr.toString('pem'),
    profile: 'DV',
    subject: { commonName: name },
    dnsNames: [name],
    ipAddresses: [],
    emails: [],
    notBefore: new Date(now),
    notAfter: new Date(now + 90 * 86_400_000),
  });
}

beforeAll(async () => {
  // Name lookups (zone delegation check, scans) go to a closed local port: nothing leaves the machine.
  stack = await startStack({ DNS_RESOLVER: '127.0.0.1:9' });
  token = await signUpThroughApi(stack.baseUrl, `ctlog.${Date.now().toString(36)}@example.com`, 'Str0ng#Passw0rd');
  await api('POST', '/dm-serv/v1/dns/zones', { zone: 'shop.example' });
  await issueElsewhere('www.shop.example');
  await issueElsewhere('api.shop.example');
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('/certhub/discovery/log', () => {
  it('shows the certificates logged for my names, searches, filters and exports them', async () => {
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto('/certhub/discovery/dashboard');
    await p.getByTestId('discovery-nav').getByText('CT 日志').click();
    await p.waitForURL(/\/certhub\/discovery\/log$/);
    const rows = p.getByTestId('log-entries').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await p.getByTestId('log-domains').textContent()).toBe('shop.example');
    expect(await p.getByTestId('log-sth').textContent()).toContain('日志条目数2');
    expect(await rows.first().textContent()).toContain('api.shop.example');
    expect(await rows.first().textContent()).toContain('非本平台订购');
    await expectAccessible(p);

    // By serial: the one certificate.
    const { items } = await api<CtAnswer>('GET', '/v1/discovery/ct');
    const www = items.find((i) => i.names.includes('www.shop.example'))!;
    await p.getByTestId('log-search').locator('input').fill(www.serial);
    await p.getByTestId('log-search').locator('input').press('Enter');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain('www.shop.example');
    await p.getByTestId('log-search').locator('input').fill('');
    await p.getByTestId('log-search').locator('input').press('Enter');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);

    // Bought here: none of them.
    await p.getByTestId('log-managed').click();
    await p.locator('.ant-select-item-option', { hasText: '本平台购买' }).click();
    await p.getByText('日志中还没有这些域名的证书').waitFor();
    await p.getByTestId('log-managed').click();
    await p.locator('.ant-select-item-option', { hasText: '非本平台订购' }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const download = p.waitForEvent('download');
    await p.getByTestId('log-export').click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(3);
    expect(csv).toContain(www.sha256);

    // The link a CT alert carries: the lookup narrowed to that fingerprint.
    await p.goto(`/certhub/discovery/log?q=${www.sha256.replace(/:/g, '')}`);
    await rows.first().waitFor();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain('www.shop.example');
  });

  it.each(looks)('photographs the CT log screen in $lang/$theme with no serious axe violation', async ({ lang, theme }) => {
    const p = await stack.newPage({ lang, theme, token });
    await p.goto('/certhub/discovery/log');
    await p.getByTestId('log-entries').locator('tbody tr.ant-table-row').first().waitFor();
    await screenshot(p, `discovery-log-${lang}-${theme}`);
    await expectAccessible(p);
  });
});
