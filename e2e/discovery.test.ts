/**
 * Certificate discovery end to end on the real stack: three TLS servers on loopback (a trusted certificate, an
 * expired one, a self-signed one), added as targets on /certhub/discovery/manage, scanned by the job queue's worker
 * ("scan now" on the profile page), then read on the inventory (filters, CSV), a certificate's page and the
 * dashboard. Every screen is photographed in zh/en × light/dark and checked by axe.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertSummary } from '@cc/contracts/discovery';
import { animationsDone, apiClient, looks, expectAccessible, screenshot, signUpThroughApi, startStack, type Stack } from './harness.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'discovery-e2e-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const read = (name: string) => readFileSync(file(name), 'utf8');
const ecKey = (name: string) => openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file(`${name}.key`));
function leaf(name: string, days: number) {
  ecKey(name);
  openssl('req', '-new', '-key', file(`${name}.key`), '-subj', '/CN=localhost', '-out', file(`${name}.csr`));
  writeFileSync(file(`${name}.ext`), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost\n');
  openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file('root.pem'), '-CAkey', file('root.key'), '-CAcreateserial', '-days', String(days), '-sha256', '-extfile', file(`${name}.ext`), '-out', file(`${name}.pem`));
}

const servers: https.Server[] = [];
async function serve(key: string, cert: string): Promise<number> {
  const server = https.createServer({ key, cert }, (_q, r) => r.end('ok'));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

let stack: Stack;
let token = '';
const ports = { valid: 0, expired: 0, self: 0 };
const api = apiClient(() => stack.baseUrl, () => token);

beforeAll(async () => {
  ecKey('root');
  openssl('req', '-x509', '-new', '-key', file('root.key'), '-subj', '/CN=Discovery E2E Root', '-days', '30', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', file('root.pem'));
  leaf('valid', 20);
  leaf('expired', -1);
  ecKey('self');
  openssl('req', '-x509', '-new', '-key', file('self.key'), '-subj', '/CN=localhost', '-days', '200', '-addext', 'subjectAltName=DNS:localhost', '-out', file('self.pem'));
  ports.valid = await serve(read('valid.key'), read('valid.pem'));
  ports.expired = await serve(read('expired.key'), read('expired.pem'));
  ports.self = await serve(read('self.key'), read('self.pem'));
  stack = await startStack({ REPORT_ALLOW_PRIVATE: 'on', REPORT_EXTRA_CA_FILE: file('root.pem') });
  token = await signUpThroughApi(stack.baseUrl, `disc.${Date.now().toString(36)}@example.com`, 'Str0ng#Passw0rd');
}, 120_000);
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits until the worker has scanned every endpoint (no state "pending" left) and answers the inventory. */
async function scanned(): Promise<CertSummary[]> {
  for (;;) {
    const d = await api<{ states: Record<string, number> }>('GET', '/v1/discovery/dashboard');
    if (d.states.pending === 0 && Object.values(d.states).some((n) => n > 0)) return (await api<{ items: CertSummary[] }>('GET', '/v1/discovery/certs')).items;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('/certhub/discovery', () => {
  it('adds targets, scans them, and shows the inventory, a certificate and the dashboard', async () => {
    const p = await stack.newPage({ lang: 'zh', token });
    await p.goto('/certhub/discovery/dashboard');
    await p.getByText('还没有扫描目标').waitFor();
    await p.getByRole('button', { name: '添加扫描目标' }).click();
    await p.waitForURL(/\/certhub\/discovery\/manage$/);
    await p.getByTestId('target-lines').fill(`localhost:${ports.valid}\nlocalhost:${ports.expired}\nlocalhost:${ports.self}\nnot a host!`);
    await p.getByTestId('target-group').fill('web');
    await p.getByTestId('target-add').click();
    await p.getByTestId('skipped').getByText('无法识别的目标：not a host!').waitFor();
    const row = p.getByTestId('targets').locator('tr', { hasText: 'localhost' });
    await row.waitFor();
    expect(await row.textContent()).toContain([ports.valid, ports.expired, ports.self].join(', '));
    await expectAccessible(p);

    // Scan now from the profile page; the worker of the server runs the job.
    await p.getByTestId('discovery-nav').getByText('扫描配置').click();
    await p.waitForURL(/\/certhub\/discovery\/profile$/);
    await p.getByTestId('profiles').getByRole('button', { name: '立即扫描' }).click();
    await p.getByText('已开始扫描 3 个端点').waitFor();
    const inventory = await scanned();
    expect(inventory).toHaveLength(3);

    await p.getByTestId('discovery-nav').getByText('证书清单').click();
    await p.waitForURL(/\/certhub\/discovery\/certs$/);
    await expect.poll(() => p.getByTestId('certs').locator('tbody tr.ant-table-row').count()).toBe(3);
    // The expired bucket holds the expired certificate only.
    await p.getByTestId('certs-bucket').click();
    await p.locator('.ant-select-item-option', { hasText: '已过期' }).click();
    await expect.poll(() => p.getByTestId('certs').locator('tbody tr.ant-table-row').count()).toBe(1);
    const download = p.waitForEvent('download');
    await p.getByTestId('certs-export').click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    await p.getByTestId('certs').getByRole('link', { name: 'localhost' }).click();
    await p.waitForURL(/\/certhub\/discovery\/certs\/\d+$/);
    await p.getByTestId('cert-overview').getByText('CN=localhost').first().waitFor();
    expect(await p.getByTestId('served-at').textContent()).toContain(`localhost:${ports.expired}`);
    expect(await p.getByTestId('served-at').textContent()).toContain('已过期');

    await p.goto('/certhub/discovery/dashboard');
    await p.getByTestId('state-ok').waitFor();
    expect(await p.getByTestId('state-ok').textContent()).toContain('1');
    expect(await p.getByTestId('state-expired').textContent()).toContain('1');
    expect(await p.getByTestId('state-untrusted').textContent()).toContain('1');
    expect(await p.getByTestId('alerts').textContent()).toContain('证书链无效');
    await expectAccessible(p);
  });

  it.each(looks)('photographs the discovery screens in $lang/$theme with no serious axe violation', async ({ lang, theme }) => {
    const p = await stack.newPage({ lang, theme, token });
    const {
      items: [first],
    } = await api<{ items: CertSummary[] }>('GET', '/v1/discovery/certs');
    for (const [screen, url, ready] of [
      ['dashboard', '/certhub/discovery/dashboard', 'state-ok'],
      ['manage', '/certhub/discovery/manage', 'targets'],
      ['profile', '/certhub/discovery/profile', 'profiles'],
      ['certs', '/certhub/discovery/certs', 'certs'],
      ['cert', `/certhub/discovery/certs/${first!.id}`, 'served-at'],
    ] as const) {
      await p.goto(url);
      await p.getByTestId(ready).waitFor();
      await p.locator('.ant-table-row, .ant-list-item').first().waitFor();
      await animationsDone(p);
      await screenshot(p, `discovery-${screen}-${lang}-${theme}`);
      await expectAccessible(p);
    }
  });
});
