import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, type Permission } from '@cc/contracts/team';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts, validContact } from './purchase-helpers.ts';
import { freshIp, readCode, sha256hex, solveCaptcha } from './session-helpers.ts';
import { drainAll } from './orders-helpers.ts';
import { createSession } from '../src/plugins/auth.ts';
import { checkPermissionsDeclared, permissionDefault } from '../src/plugins/permissions.ts';
import { hashPassword } from '../src/lib/password.ts';
import { notifyAccount } from '../src/services/messages/notify.ts';

/**
 * Team (issue 13): members with roles kept as data, departments, permissions declared on every signed-in route and
 * enforced on the server, department scoping, invitations, payment limits and the audit log.
 */

let t: TestApp;
let owner: { id: number; token: string };
let own: ReturnType<typeof client>;
const tag = randomBytes(4).toString('hex');
type Role = { roleID: number; code: string; permissions: Permission[]; payLimitCents: number | null };
let roles: Role[] = [];
const roleId = (code: string) => roles.find((r) => r.code === code)!.roleID;
type Answer = { status: number; body: { code: number; data: unknown; msg: string; errors?: Record<string, string> } };

const must = <T>(r: Answer): T => {
  expect(r.body.code, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  return r.body.data as T;
};

/** A member made directly (active, no second step) with a session of its own: for the matrix and department tests. */
async function member(role: string, deptId: number | null, accountId = owner.id): Promise<{ id: number; token: string }> {
  const [m] = await t.app.db.query<{ id: number }>(
    `INSERT INTO members (account_id, name, email, password_hash, role_id, dept_id, status, two_step) VALUES ($1, $2, $3, $4, $5, $6, 'active', 'N') RETURNING id`,
    [accountId, `${role}-${randomBytes(3).toString('hex')}`, `${role}-${randomBytes(5).toString('hex')}@team.example`, await hashPassword(sha256hex('x')), roleId(role), deptId],
  );
  return { id: m!.id, token: await createSession(t.app.db, accountId, '127.0.0.1', 'vitest', m!.id) };
}

async function newOrder(c: ReturnType<typeof client>, cn: string): Promise<string> {
  return must<string>(await c.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(cn), commonName: cn }));
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'http://console.test' });
  await addProducts(t.app, Object.values(testProducts));
  owner = await newAccount(t.app, 5_000_000);
  own = client(t.app, owner.token);
  roles = must<{ data: Role[] }>(await own.get('/v1/user/roles')).data;
});
afterAll(async () => {
  await t?.close();
});

describe('permission declarations', () => {
  it('refuses to start a server with a signed-in route that declares no permission, and starts when its area declares one', async () => {
    const bare = Fastify();
    await bare.register(async (scope) => {
      checkPermissionsDeclared(scope);
      scope.get('/v1/forgotten', async () => 'x');
    });
    await expect(bare.ready()).rejects.toThrow(/GET \/v1\/forgotten/);
    const declared = Fastify();
    await declared.register(async (scope) => {
      checkPermissionsDeclared(scope);
      await scope.register(async (area) => {
        permissionDefault(area, 'orders.read', 'orders.manage');
        area.get('/v1/listed', async () => 'x');
        area.post('/v1/own', { config: { permission: 'orders.pay' } }, async () => 'x');
      });
    });
    await expect(declared.ready()).resolves.toBeDefined();
    expect(declared.hasRoute({ method: 'GET', url: '/v1/listed' })).toBe(true);
    await declared.close();
  });

  it('seeds the roles as data: owner, administrator, finance, technical (cannot pay until the owner sets a limit), read-only', () => {
    expect(roles.map((r) => r.code)).toEqual(['owner', 'admin', 'finance', 'technical', 'readonly']);
    const of = (c: string) => new Set(roles.find((r) => r.code === c)!.permissions);
    expect(of('admin').has('account.owner')).toBe(false);
    expect(of('finance').has('billing.manage') && of('finance').has('orders.pay') && !of('finance').has('orders.manage')).toBe(true);
    expect(of('technical').has('orders.manage') && of('technical').has('domains.manage') && !of('technical').has('billing.read')).toBe(true);
    expect(roles.find((r) => r.code === 'technical')!.payLimitCents).toBe(0);
    expect([...of('readonly')].every((p) => p.endsWith('.read'))).toBe(true);
    // Read-only reads its department's orders, not the account's bills and ledger.
    expect(of('readonly').has('orders.read') && !of('readonly').has('billing.read')).toBe(true);
  });
});

describe('permission matrix, generated from the route table', () => {
  // ~1,500 calls: ~25 s alone, over the 60 s default beside another file on a loaded 2-core machine.
  it('allows or refuses every signed-in route for every role exactly as its declared permission and the role say', { timeout: 180_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: Permission }>> };
    const table = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).flatMap(([m, op]) => (op['x-permission'] ? [{ method: m.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE', path: p, permission: op['x-permission'] }] : [])),
    );
    expect(table.length).toBeGreaterThan(100);
    expect(table.every((r) => (permissions as readonly string[]).includes(r.permission))).toBe(true);
    // Calls that end the caller's sessions go last.
    const last = (r: { path: string }) => (r.path === '/v1/logout' ? 2 : r.path.startsWith('/v1/sessions') ? 1 : 0);
    table.sort((x, y) => last(x) - last(y));
    const callers = [
      ...(['admin', 'finance', 'technical', 'readonly'] as const).map((code) => ({ code, held: new Set<string>(roles.find((r) => r.code === code)!.permissions) })),
      { code: 'owner', held: new Set<string>(permissions) },
    ];
    const wrong: string[] = [];
    let refused = 0;
    for (const c of callers) {
      const token = c.code === 'owner' ? (await newAccount(t.app, 0)).token : (await member(c.code, null)).token;
      for (const r of table) {
        const url = r.path.replace(/\{[^}]+\}/g, (p) => (p === '{orderNo}' ? 'NONE' : p === '{productNo}' ? 'T-DV' : p === '{brand}' ? 'globalsign' : '999999'));
        const res = await t.app.inject({ method: r.method, url, headers: { token, lang: 'en' }, ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}) });
        // A CSV export answers no envelope: it was allowed.
        const code = res.body.startsWith('{') ? (res.json() as { code: number }).code : 200;
        const allowed = r.permission === 'self' || c.held.has(r.permission);
        if (res.statusCode >= 500) wrong.push(`${c.code} ${r.method} ${r.path}: HTTP ${res.statusCode}`);
        else if (allowed && code === 14000) wrong.push(`${c.code} ${r.method} ${r.path}: refused, but the role holds ${r.permission}`);
        else if (!allowed && (code !== 14000 || res.statusCode !== 403)) wrong.push(`${c.code} ${r.method} ${r.path}: answered ${res.statusCode}/${code}, but the role lacks ${r.permission}`);
        if (!allowed) refused++;
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it('says in the caller\'s language which role lacks which permission', async () => {
    const tech = client(t.app, (await member('technical', null)).token);
    expect((await tech.get('/v1/creditChangeRecords', { lang: 'en' })).body).toMatchObject({ code: 14000, msg: 'Your role (Technical) does not have the "View bills and invoices" permission needed for this; ask the account owner' });
    expect((await tech.get('/v1/creditChangeRecords')).body.msg).toBe('您的角色（技术）没有“查看账单与发票”权限，不能执行此操作，请联系账户所有者');
    expect((await tech.get('/v1/user/me')).body.data).toMatchObject({ owner: false, roleCode: 'technical', payLimitCents: 0 });
    expect((await own.get('/v1/user/me')).body.data).toMatchObject({ owner: true, roleCode: 'owner', payLimitCents: null });
  });

  it('gives an API key at most the permissions of the member it belongs to, now and after the member\'s role changes', async () => {
    must(await own.post('/v1/developer', { agree: true }));
    const admin = await member('admin', null);
    const key = must<{ secret: string; key: { id: number } }>(await client(t.app, admin.token).post('/v1/apiKey', { name: 'admin key', scope: 'full' }));
    const withKey = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key.secret}` } }).then((r) => r.json() as { code: number });
    expect((await withKey('/v1/creditChangeRecords')).code).toBe(200);
    // The owner does not see the member's key among its own; the member does.
    expect(must<{ keys: unknown[] }>(await own.get('/v1/apiKey')).keys).toEqual([]);
    must(await own.put('/v1/user/subAccounts', { subAccountID: admin.id, roleID: roleId('technical') }));
    expect((await withKey('/v1/creditChangeRecords')).code).toBe(14000);
    expect((await withKey('/v1/orders')).code).toBe(200);
    must(await own.put('/v1/user/subAccounts', { subAccountID: admin.id, status: 'suspended' }));
    expect((await t.app.inject({ method: 'GET', url: '/v1/orders', headers: { authorization: `Bearer ${key.secret}` } })).statusCode).toBe(401);
  });
});

describe('departments', () => {
  const d = { a: 0, a1: 0, b: 0 };
  const orders = { a: '', a1: '', b: '', owner: '' };
  const contacts = { a: 0, b: 0 };
  const tok = { a: '', a1: '', b: '' };
  let techA: ReturnType<typeof client>;
  let techA1: ReturnType<typeof client>;
  let techB: ReturnType<typeof client>;
  let finance: ReturnType<typeof client>;

  beforeAll(async () => {
    d.a = must<{ deptID: number }>(await own.post('/v1/user/depts', { name: `Ops ${tag}` })).deptID;
    d.a1 = must<{ deptID: number }>(await own.post('/v1/user/depts', { name: `Ops East ${tag}`, parentID: d.a })).deptID;
    d.b = must<{ deptID: number }>(await own.post('/v1/user/depts', { name: `Sales ${tag}` })).deptID;
    tok.a = (await member('technical', d.a)).token;
    tok.a1 = (await member('technical', d.a1)).token;
    tok.b = (await member('technical', d.b)).token;
    techA = client(t.app, tok.a);
    techA1 = client(t.app, tok.a1);
    techB = client(t.app, tok.b);
    finance = client(t.app, (await member('finance', d.b)).token);
    orders.a = await newOrder(techA, `a-${tag}.example.com`);
    orders.a1 = await newOrder(techA1, `a1-${tag}.example.com`);
    orders.b = await newOrder(techB, `b-${tag}.example.com`);
    orders.owner = await newOrder(own, `owner-${tag}.example.com`);
    contacts.a = must<{ id: number }>(await techA.post('/v1/contacts', { ...validContact, lastname: `A${tag}` })).id;
    contacts.b = must<{ id: number }>(await techB.post('/v1/contacts', { ...validContact, lastname: `B${tag}` })).id;
  });

  const listed = async (c: ReturnType<typeof client>) => (must<{ data: { orderNo: string }[] }>(await c.get('/v1/orders?limit=100')).data.map((o) => o.orderNo));

  it('lists the tree depth-first, and refuses a move under itself or its own', async () => {
    const tree = must<{ data: { deptID: number; depth: number; parentID: number | null }[] }>(await own.get('/v1/user/depts')).data;
    expect(tree.filter((x) => [d.a, d.a1, d.b].includes(x.deptID)).map((x) => [x.deptID, x.depth])).toEqual([[d.a, 0], [d.a1, 1], [d.b, 0]]);
    expect((await own.put('/v1/user/depts', { deptID: d.a, parentID: d.a1 })).body).toMatchObject({ code: 14006, errors: { parentID: expect.any(String) } });
    expect((await own.put('/v1/user/depts', { deptID: d.a, parentID: d.a })).body.code).toBe(14006);
  });

  it('records who ordered and in which department', async () => {
    const rows = await t.app.db.query<{ order_no: string; dept_id: number | null; member_id: number | null }>(`SELECT order_no, dept_id, member_id FROM orders WHERE order_no = ANY($1)`, [[orders.a, orders.owner]]);
    expect(rows.find((r) => r.order_no === orders.a)).toMatchObject({ dept_id: d.a, member_id: expect.any(Number) });
    expect(rows.find((r) => r.order_no === orders.owner)).toMatchObject({ dept_id: null, member_id: null });
  });

  it('shows a member its department and those below, and never another department through list, detail, download, export or contacts', async () => {
    expect((await listed(techA)).sort()).toEqual([orders.a, orders.a1].sort());
    expect(await listed(techA1)).toEqual([orders.a1]);
    expect(await listed(techB)).toEqual([orders.b]);
    expect(must<{ total: number }>(await techA.get('/v1/orders/count')).total).toBe(2);
    for (const [who, token, foreign] of [['A', tok.a, orders.b], ['A1', tok.a1, orders.a], ['B', tok.b, orders.a1]] as const) {
      const c = client(t.app, token);
      const leaks = [
        await c.get(`/v1/orders/detail/${foreign}`),
        await c.get(`/v1/orders/status/${foreign}`),
        await c.get(`/v1/orders/domainList/${foreign}`),
        await c.get(`/v1/orders/cert/${foreign}`),
        await c.get(`/v1/orders/download/${foreign}`),
        await c.get(`/v1/orders?orderNos=${foreign}`),
        await c.post('/v1/orders/batch', { orderNos: foreign }),
        await c.post('/v1/orders/cancel', { orderNos: foreign }),
        await c.put(`/v1/orders/remark/${foreign}`, { remark: 'x' }),
      ].filter((r) => JSON.stringify(r.body).includes(foreign));
      expect(leaks.map((r) => JSON.stringify(r.body)), `member of ${who}`).toEqual([]);
      const zip = await t.app.inject({ method: 'GET', url: `/v1/orders/batch/download?orderNos=${foreign}`, headers: { token } });
      expect(String(zip.headers['content-type'] ?? '')).not.toContain('zip');
    }
    const contactNames = async (c: ReturnType<typeof client>) => must<{ data: { lastname: string }[] }>(await c.get('/v1/contacts?limit=100')).data.map((x) => x.lastname);
    expect(await contactNames(techA)).toEqual([`A${tag}`]);
    expect(await contactNames(techB)).toEqual([`B${tag}`]);
    expect((await techA.put('/v1/contacts', { ...validContact, id: contacts.b, lastname: 'Hijacked' })).body.code).toBe(10004);
    expect((await techA.del(`/v1/contacts/${contacts.b}`)).body.code).toBe(10004);
    expect((await techA.post('/v1/orders/pay', { payWay: 'balance', orderNo: orders.b })).body.code).toBe(10004);
    // Nothing of B changed.
    expect(await contactNames(techB)).toEqual([`B${tag}`]);
    expect(must<{ orderStatus: number }>(await techB.get(`/v1/orders/status/${orders.b}`)).orderStatus).toBe(1001);
  });

  it('keeps domains, DNS zones and domain contacts in their department: never listed, shown, changed or exported to another', async () => {
    const P = '/dm-serv/v1';
    const domain = async (name: string, dept: number | null) => {
      const [r] = await t.app.db.query<{ order_no: string }>(
        `INSERT INTO domains (account_id, order_no, name, unicode, tld, registered_at, expires_at, dept_id) VALUES ($1, $2, $3, $3, 'com', now(), now() + interval '200 days', $4) RETURNING order_no`,
        [owner.id, `DM${randomBytes(6).toString('hex')}`, name, dept],
      );
      return r!.order_no;
    };
    const dom = { a: `dom-a-${tag}.com`, b: `dom-b-${tag}.com` };
    const domNo = { a: await domain(dom.a, d.a), b: await domain(dom.b, d.b) };
    const zone = { a: `zone-a-${tag}.example`, b: `zone-b-${tag}.example` };
    must(await techA.post(`${P}/dns/zones`, { zone: zone.a }));
    must(await techB.post(`${P}/dns/zones`, { zone: zone.b }));
    const reg = { a: `RegA${tag}`, b: `RegB${tag}` };
    const regId = {
      a: must<{ id: number }>(await techA.post(`${P}/contacts`, { name: reg.a, email: 'rega@example.com', telephone: '+86-13912345678' })).id,
      b: must<{ id: number }>(await techB.post(`${P}/contacts`, { name: reg.b, email: 'regb@example.com', telephone: '+86-13912345678' })).id,
    };
    const [z] = await t.app.db.query<{ dept_id: number | null; member_id: number | null }>(`SELECT dept_id, member_id FROM dns_zones WHERE name = $1`, [zone.a]);
    expect(z).toMatchObject({ dept_id: d.a, member_id: expect.any(Number) });
    const domains = async (c: ReturnType<typeof client>) => must<{ items: { domain: string }[] }>(await c.get(`${P}/domains?tab=mine&limit=100`)).items.map((x) => x.domain);
    const zones = async (c: ReturnType<typeof client>) => must<{ zones: { name: string }[] }>(await c.get('/dm-serv/v1/dns/zones')).zones.map((x) => x.name);
    const regs = async (c: ReturnType<typeof client>) => must<{ items: { name: string }[] }>(await c.get(`${P}/contacts`)).items.map((x) => x.name);
    expect(await domains(techA)).toEqual([dom.a]);
    expect(await domains(techA1)).toEqual([]);
    expect(await domains(techB)).toEqual([dom.b]);
    expect(await zones(techA)).toEqual([zone.a]);
    expect(await zones(techB)).toEqual([zone.b]);
    expect(await regs(techA)).toEqual([reg.a]);
    expect(await regs(techB)).toEqual([reg.b]);
    for (const c of [own]) {
      expect(await domains(c)).toEqual(expect.arrayContaining([dom.a, dom.b]));
      expect(await zones(c)).toEqual(expect.arrayContaining([zone.a, zone.b]));
    }
    // B's objects through every door a member of A has: detail, records, history, export, changes.
    const leaks = [
      await techA.get(`${P}/domains/${domNo.b}`),
      await techA.put(`${P}/domainLock`, { domain: dom.b, lock: false }),
      await techA.put(`${P}/domains/forSale`, { domain: dom.b, forSale: true }),
      await techA.post(`${P}/domains/authCode`, { domain: dom.b, reset: false }),
      await techA.put(`${P}/orders/remark`, { orderNo: domNo.b, remark: 'x' }),
      await techA.post(`${P}/orders/renew/price`, { domains: [dom.b], years: 1 }),
      await techA.get(`/dm-serv/v1/dns/zones/${zone.b}/records`),
      await techA.get(`/dm-serv/v1/dns/zones/${zone.b}/history`),
      await techA.get(`/dm-serv/v1/dns/zones/${zone.b}/export`),
      await techA.post('/dm-serv/v1/domains/records', { zone: zone.b, baseSerial: 0, records: [{ host: 'www', type: 'A', value: '192.0.2.1', ttl: 600 }], preview: true }),
      await techA.del(`/dm-serv/v1/dns/zones/${zone.b}`),
      await techA.put(`${P}/contacts/${regId.b}`, { name: 'Hijacked', email: 'x@example.com', telephone: '+86-13912345678' }),
      await techA.del(`${P}/contacts/${regId.b}`),
    ];
    for (const r of leaks) {
      expect(r.body.code, JSON.stringify(r.body)).not.toBe(200);
      // The refusal may repeat the name asked for; nothing it holds (its registrant, its records) comes back.
      expect(JSON.stringify(r.body)).not.toMatch(new RegExp(`RegB${tag}|regb@|ns1\\.`));
    }
    const batch = must<{ results: { zone: string; ok: boolean }[] }>(await techA.post('/dm-serv/v1/dns/batch', { zones: [zone.b], action: 'add', records: [{ host: 'x', type: 'A', value: '192.0.2.9', ttl: 600 }], preview: false }));
    expect(batch.results[0]!.ok).toBe(false);
    // Batch work and groups reach only the names the member sees, also when the job runs later.
    const work = must<{ id: string }>(await techA.post(`${P}/batch`, { kind: 'remark', remark: 'by A', domains: [dom.a, dom.b] }));
    await drainAll(t.app);
    const done = must<{ done: number; failed: number; items: { domain: string; status: string }[] }>(await techA.get(`${P}/batch/${work.id}`));
    expect(done.items.map((i) => [i.domain, i.status])).toEqual([[dom.a, 'done'], [dom.b, 'failed']]);
    const group = must<{ id: number }>(await own.post(`${P}/groups`, { name: `G${tag}` }));
    expect(must<{ changed: number }>(await techA.post(`${P}/groups/addDomain/${group.id}`, { domains: [dom.a, dom.b] })).changed).toBe(1);
    expect((await techA.post(`${P}/batch`, { kind: 'ownership', contactId: regId.b, domains: [dom.a] })).body.code).not.toBe(200);
    // Nothing of B changed.
    expect(await zones(techB)).toEqual([zone.b]);
    expect(await regs(techB)).toEqual([reg.b]);
    expect(must<{ remark: string; forSale: boolean }>(await techB.get(`${P}/domains/${domNo.b}`))).toMatchObject({ remark: '', forSale: false });
  });

  it("tells a scoped member of its own departments' orders and domains, and nothing about the account as a whole", async () => {
    await notifyAccount(t.app.db, owner.id, 'issued', { orderNo: orders.a, domain: `a-${tag}.example.com`, notAfter: '2027-01-01' });
    await notifyAccount(t.app.db, owner.id, 'issued', { orderNo: orders.b, domain: `b-${tag}.example.com`, notAfter: '2027-01-01' });
    await notifyAccount(t.app.db, owner.id, 'payment', { amount: 100, payWay: 'alipay', orderNos: '' });
    type Box = { siteMsges: { content: string; title: string }[]; total: number; unread: number };
    const box = async (c: ReturnType<typeof client>) => must<Box>(await c.get('/v1/siteMsg?limit=100'));
    const a = await box(techA);
    expect(a.total).toBe(1);
    expect(JSON.stringify(a)).toContain(orders.a);
    expect(a.unread).toBe(1);
    expect(JSON.stringify(await box(techB))).not.toContain(orders.a);
    expect((await box(techB)).total).toBe(1);
    expect((await box(finance)).total).toBeGreaterThanOrEqual(3);
    expect(must<{ unread: number }>(await techA1.get('/v1/siteMsg/summary')).unread).toBe(0);
  });

  it('shows every department to a role that sees all, and to the owner', async () => {
    for (const c of [finance, own]) expect(await listed(c)).toEqual(expect.arrayContaining([orders.a, orders.a1, orders.b, orders.owner]));
    const moved = await member('technical', d.b);
    must(await own.put('/v1/user/subAccounts', { subAccountID: moved.id, deptID: d.a }));
    expect((await listed(client(t.app, moved.token))).sort()).toEqual([orders.a, orders.a1].sort());
  });
});

describe('invitations, sign-in and the payment limit', () => {
  const email = `tech-${tag}@team.example`;
  let memberId = 0;
  let token = '';

  const login = async (username: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/login', remoteAddress: freshIp(), payload: { username, password: sha256hex(password), captchaToken: await solveCaptcha(t.app, username) } })).json() as {
      code: number;
      data: { secToken: string; authType: string };
    };

  it('invites a technical member by e-mail: the link sets a password once, then the member signs in with its own second step', async () => {
    memberId = must<{ subAccountID: number }>(await own.post('/v1/user/subAccounts', { name: '李工', email, roleID: roleId('technical') })).subAccountID;
    const mail = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(email)}` })).json() as { data: { body: string; subject: string }[] };
    const link = mail.data[0]!.body.match(/http:\/\/console\.test\/invitation\?token=([\w-]+)/);
    expect(link, mail.data[0]?.body).not.toBeNull();
    const invite = link![1]!;
    expect(((await t.app.inject({ method: 'GET', url: `/subAccountInvitation?token=${invite}` })).json() as { data: unknown }).data).toMatchObject({ name: '李工', login: email });
    // Not yet a member who can sign in.
    expect((await login(email, 'Member#2026')).code).toBe(12004);
    expect((await t.app.inject({ method: 'POST', url: '/subAccountInvitation', payload: { token: invite, password: sha256hex('Member#2026') } })).json()).toMatchObject({ code: 200 });
    expect((await t.app.inject({ method: 'POST', url: '/subAccountInvitation', payload: { token: invite, password: sha256hex('Other#2026') } })).json()).toMatchObject({ code: 14007 });

    const first = await login(email, 'Member#2026');
    expect(first).toMatchObject({ code: 12009, data: { authType: 'email' } });
    const sec = first.data.secToken;
    expect((await t.app.inject({ method: 'GET', url: `/secCode?secToken=${sec}&authType=email`, remoteAddress: freshIp() })).json()).toMatchObject({ code: 200 });
    const signed = await t.app.inject({ method: 'POST', url: '/sec-validation', payload: { secToken: sec, authType: 'email', code: await readCode(t.app, email) } });
    expect(signed.json()).toMatchObject({ code: 200, data: { accountInfo: { email, isSubAccount: true, idCard: '' } } });
    token = signed.headers.authorization as string;
    expect(must<{ memberID: number; roleCode: string }>(await client(t.app, token).get('/v1/user/me'))).toMatchObject({ memberID: memberId, roleCode: 'technical' });
  });

  it('invites by phone through SMS', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    must(await own.post('/v1/user/subAccounts', { name: '王财务', telephone: phone, roleID: roleId('finance') }));
    const sms = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(`+86${phone}`)}` })).json() as { data: { body: string }[] };
    expect(sms.data[0]!.body).toMatch(/invitation\?token=/);
  });

  it('refuses the owner role, an address in use, and an unknown department with translated messages', async () => {
    expect((await own.post('/v1/user/subAccounts', { name: 'x', email: `o-${tag}@team.example`, roleID: roleId('owner') })).body.code).toBe(14009);
    expect((await own.post('/v1/user/subAccounts', { name: 'x', email, roleID: roleId('finance') }, { lang: 'en' })).body).toMatchObject({ code: 14005, errors: { email: expect.stringContaining('already in use') } });
    expect((await own.post('/v1/user/subAccounts', { name: 'x', email: `d-${tag}@team.example`, roleID: roleId('finance'), deptID: 999999 })).body.code).toBe(14003);
    expect((await own.post('/v1/user/subAccounts', { name: 'x', roleID: roleId('finance') }, { lang: 'en' })).body).toMatchObject({ code: 10001, errors: { email: expect.stringContaining('e-mail') } });
  });

  it('lets the technical member order and validate but not pay beyond the limit the owner sets (0: not at all), nor see invoices', async () => {
    const me = client(t.app, token);
    const no = await newOrder(me, `tech-${tag}.example.com`);
    expect((await me.get(`/v1/orders/domainList/${no}`)).body.code).toBe(200);
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: no }, { lang: 'en' })).body).toMatchObject({ code: 14001, msg: expect.stringContaining('at most ¥0.00') });
    expect((await me.get('/v1/creditChangeRecords')).body.code).toBe(14000);
    // Only the owner sets the limit.
    const admin = client(t.app, (await member('admin', null)).token);
    expect((await admin.put('/v1/user/roles', { roleID: roleId('technical'), payLimitCents: 100_000 })).body.code).toBe(14000);
    must(await own.put('/v1/user/roles', { roleID: roleId('technical'), payLimitCents: 30_000 }));
    expect((await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: no })).body.code).toBe(14001);
    must(await own.put('/v1/user/roles', { roleID: roleId('technical'), payLimitCents: 100_000 }));
    expect(must<{ status: string }>(await me.post('/v1/orders/pay', { payWay: 'balance', orderNo: no }))).toMatchObject({ status: 'paid' });
    must(await own.put('/v1/user/roles', { roleID: roleId('technical'), payLimitCents: 0 }));
  });

  it('suspends (sessions end, sign-in refused), resets the second step, and removes a member whose orders stay', async () => {
    const me = client(t.app, token);
    must(await own.put('/v1/user/subAccounts', { subAccountID: memberId, status: 'suspended' }));
    expect((await me.get('/v1/user/me')).status).toBe(401);
    expect((await login(email, 'Member#2026')).code).toBe(14008);
    must(await own.put('/v1/user/subAccounts', { subAccountID: memberId, status: 'active', resetTwoStep: true }));
    const direct = await login(email, 'Member#2026');
    expect(direct.code).toBe(200);
    const [before] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE member_id = $1 AND account_id = $2`, [memberId, owner.id]);
    must(await own.del(`/v1/user/subAccounts/${memberId}`));
    expect((await login(email, 'Member#2026')).code).toBe(12004);
    const [after] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE member_id = $1 AND account_id = $2`, [memberId, owner.id]);
    expect(after!.n).toBe(before!.n);
    expect(before!.n).toBeGreaterThan(0);
    expect(must<{ data: { subAccountID: number }[] }>(await own.get('/v1/user/subAccounts')).data.map((m) => m.subAccountID)).not.toContain(memberId);
  });

  it('removes a member by the documented DELETE /v1/user/subAccounts, the member named in the body or the query', async () => {
    const del = async (query: string, payload?: string | object, headers: Record<string, string> = {}) => {
      const r = await t.app.inject({ method: 'DELETE', url: `/v1/user/subAccounts${query}`, headers: { token: owner.token, ...headers }, ...(payload !== undefined ? { payload } : {}) });
      return r.json() as Answer['body'];
    };
    const [json, form, query, byId] = [await member('technical', null), await member('readonly', null), await member('finance', null), await member('technical', null)];
    const statuses = async () => {
      const rows = await t.app.db.query<{ id: number; status: string }>(`SELECT id, status FROM members WHERE id = ANY($1::int[]) ORDER BY id`, [[json.id, form.id, query.id, byId.id]]);
      return rows.map((r) => r.status);
    };
    expect(await statuses()).toEqual(['active', 'active', 'active', 'active']);

    expect(await del('', { subAccountID: json.id })).toMatchObject({ code: 200, data: null });
    expect(await del('', `id=${form.id}`, { 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ code: 200 });
    expect(await del(`?subAccountID=${query.id}`)).toMatchObject({ code: 200 });
    // A removed member's session ends with it.
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/me', headers: { token: json.token } })).statusCode).toBe(401);
    expect(await statuses()).toEqual(['removed', 'removed', 'removed', 'active']);

    // Naming no member, or two different ones, is refused with the field's message; so is a member of another account.
    const invalid = (msg: string) => ({ code: 10001, data: null, msg, errors: { subAccountID: msg } });
    expect(await del('')).toEqual(invalid('子账户编号无效'));
    expect(await del('', {}, { lang: 'en' })).toEqual(invalid('Not a valid sub-account'));
    expect(await del(`?id=${byId.id}`, { subAccountID: json.id })).toEqual(invalid('子账户编号无效'));
    expect(await del('', { subAccountID: true })).toMatchObject({ code: 10001, errors: { subAccountID: '子账户编号无效' } });
    const theirs = await member('technical', null, (await newAccount(t.app)).id);
    expect(await del('', { subAccountID: theirs.id }, { lang: 'en' })).toMatchObject({ code: 14002, msg: 'No such sub-account' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/me', headers: { token: theirs.token } })).statusCode).toBe(200);
    // The path form stays.
    must(await own.del(`/v1/user/subAccounts/${byId.id}`));
    expect(await statuses()).toEqual(['removed', 'removed', 'removed', 'removed']);
  });

  it('keeps an audit log of who did what, when, from where and on which object, filterable, exportable, and never changed', async () => {
    const log = must<{ data: { who: string; text: string; objectType: string; objectID: string; ip: string; memberID: number | null }[]; total: number }>(
      await own.get(`/v1/user/auditLogs?memberID=${memberId}&limit=100`, { lang: 'en' }),
    );
    expect(log.data.map((e) => e.text)).toEqual(expect.arrayContaining([expect.stringMatching(/^Created order /), 'Sub-account 李工 accepted the invitation and set a password']));
    expect(log.data.every((e) => e.who === '李工' && e.memberID === memberId && e.ip !== '')).toBe(true);
    const byOwner = must<{ data: { who: string; text: string; objectType: string }[] }>(await own.get(`/v1/user/auditLogs?memberID=0&objectType=member&limit=100`, { lang: 'en' }));
    expect(byOwner.data.map((e) => e.text)).toEqual(expect.arrayContaining([`Invited sub-account 李工 (${email}) as Technical`, 'Removed sub-account 李工', 'Changed sub-account 李工: suspended']));
    expect(byOwner.data.every((e) => e.who === 'Owner' && e.objectType === 'member')).toBe(true);
    const csv = await t.app.inject({ method: 'GET', url: `/v1/user/auditLogs/export?objectType=member`, headers: { token: owner.token, lang: 'en' } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Time,Who,Action,Object type,Object,IP');
    expect(csv.body).toContain('Removed sub-account 李工');
    await expect(t.app.db.query(`UPDATE account_log SET action = 'x' WHERE account_id = $1`, [owner.id])).rejects.toThrow(/cannot be changed/);
    await expect(t.app.db.query(`DELETE FROM account_log WHERE account_id = $1`, [owner.id])).rejects.toThrow(/cannot be changed/);
    expect((await own.get('/v1/user/auditLogs?objectType=nope')).body.code).toBe(10001);
  });
});

describe('money and DNS in the audit log, a member\'s own credentials, handing over ownership', () => {
  type Entry = { who: string; text: string; objectType: string; objectID: string; memberID: number | null };
  const audited = async (q: string) => must<{ data: Entry[] }>(await own.get(`/v1/user/auditLogs?limit=100&${q}`, { lang: 'en' })).data;
  const logCount = async () => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM account_log WHERE account_id = $1`, [owner.id]))[0]!.n;

  it('writes each balance payment, batch, top-up and DNS change with the change itself, and nothing for a refused one', async () => {
    const admin = await member('admin', null);
    const ac = client(t.app, admin.token);
    const [{ name }] = (await t.app.db.query<{ name: string }>(`SELECT name FROM members WHERE id = $1`, [admin.id])) as [{ name: string }];
    const no = await newOrder(ac, `paid-${tag}.example.com`);
    must(await ac.post('/v1/orders/pay', { payWay: 'balance', orderNo: no }));
    const paid = await audited(`objectType=payment&objectID=${no}`);
    expect(paid).toEqual([expect.objectContaining({ who: name, memberID: admin.id, text: expect.stringMatching(new RegExp(`^Paid order ${no} from the balance: ¥`)) })]);
    // Paying again is refused by the same statement that would have written the entry: no entry.
    const before = await logCount();
    expect((await ac.post('/v1/orders/pay', { payWay: 'balance', orderNo: no })).body.code).not.toBe(200);
    expect(await logCount()).toBe(before);
    const nos = [await newOrder(ac, `b1-${tag}.example.com`), await newOrder(ac, `b2-${tag}.example.com`)];
    must(await ac.post('/v1/orders/batch/pay', { orderNos: nos }));
    expect((await audited('objectType=payment')).map((e) => e.text)).toContain('Paid 2 orders from the balance as a batch');
    must(await ac.post('/v1/deposit', { amount: 10_000, payWay: 'alipay' }));
    expect((await audited('objectType=payment')).map((e) => e.text)).toContain('Started a top-up of ¥100.00 (alipay)');
    const zone = `audit-${tag}.example`;
    must(await ac.post('/dm-serv/v1/dns/zones', { zone }));
    const { serial } = must<{ zone: { serial: number } }>(await ac.get(`/dm-serv/v1/dns/zones/${zone}/records`)).zone;
    must(await ac.post('/dm-serv/v1/domains/records', { zone, baseSerial: serial, records: [{ host: 'www', type: 'A', value: '192.0.2.7', ttl: 600 }], preview: true }));
    must(await ac.post('/dm-serv/v1/domains/records', { zone, baseSerial: serial, records: [{ host: 'www', type: 'A', value: '192.0.2.7', ttl: 600 }], preview: false }));
    expect((await audited(`objectType=dns&objectID=${zone}`)).map((e) => e.text)).toEqual([`Changed the records of ${zone} (1 changes, serial ${serial + 1})`, `Added DNS zone ${zone}`]);
    // A change refused (stale serial) writes nothing.
    const n = await logCount();
    expect((await ac.post('/dm-serv/v1/domains/records', { zone, baseSerial: serial, records: [{ host: 'x', type: 'A', value: '192.0.2.8', ttl: 600 }], preview: false })).body.code).toBe(14302);
    expect(await logCount()).toBe(n);
  });

  it('answers isSubAccount for a member, and lets it change its own password and second step, not the owner\'s', async () => {
    const m = await member('technical', null);
    const mc = client(t.app, m.token);
    expect(must<{ accountInfo: { isSubAccount: boolean } }>(await mc.get('/v1/account')).accountInfo.isSubAccount).toBe(true);
    expect(must<{ accountInfo: { isSubAccount: boolean } }>(await own.get('/v1/account')).accountInfo.isSubAccount).toBe(false);
    const other = await createSession(t.app.db, owner.id, '127.0.0.1', 'vitest', m.id);
    expect((await mc.post('/v1/password', { oldPwd: sha256hex('wrong'), newPwd: sha256hex('New#2026') }, { lang: 'en' })).body).toMatchObject({ code: 12023, errors: { oldPwd: expect.any(String) } });
    expect(must<{ signedOut: number }>(await mc.post('/v1/password', { oldPwd: sha256hex('x'), newPwd: sha256hex('New#2026') }))).toEqual({ signedOut: 1 });
    expect((await client(t.app, other).get('/v1/user/me')).status).toBe(401);
    expect((await own.get('/v1/user/me')).body.code).toBe(200);
    const [row] = await t.app.db.query<{ password_hash: string }>(`SELECT password_hash FROM members WHERE id = $1`, [m.id]);
    const { verifyPassword } = await import('../src/lib/password.ts');
    expect(await verifyPassword(row!.password_hash, sha256hex('New#2026'))).toBe(true);
    expect(must<{ twoStep: string; channel: string }>(await mc.get('/v1/member/twoStep'))).toMatchObject({ twoStep: 'N', channel: 'email' });
    expect((await mc.put('/v1/member/twoStep', { twoStep: 'Y', password: sha256hex('x') })).body.code).toBe(12023);
    expect(must<{ twoStep: string }>(await mc.put('/v1/member/twoStep', { twoStep: 'Y', password: sha256hex('New#2026') })).twoStep).toBe('Y');
    expect((await own.get('/v1/member/twoStep', { lang: 'en' })).body).toMatchObject({ code: 14011, msg: expect.stringContaining('owner') });
    // The owner's credentials stay out of a member's reach.
    expect((await mc.post('/v1/twoStepAuth', {})).body.code).toBe(14000);
    // The owner still resets it (the member's sessions end with it).
    must(await own.put('/v1/user/subAccounts', { subAccountID: m.id, resetTwoStep: true }));
    expect((await mc.get('/v1/member/twoStep')).status).toBe(401);
    expect((await t.app.db.query<{ two_step: string }>(`SELECT two_step FROM members WHERE id = $1`, [m.id]))[0]!.two_step).toBe('N');
    expect((await audited(`objectType=member&objectID=${m.id}`)).map((e) => e.text)).toEqual(expect.arrayContaining([expect.stringMatching(/changed its own password$/), expect.stringMatching(/turned its own second step on$/)]));
  });

  it('hands ownership to an active member with the owner\'s password and code, in one step: the former owner becomes an administrator', async () => {
    const t2 = randomBytes(4).toString('hex');
    const ownerEmail = `boss-${t2}@team.example`;
    const [acc] = await t.app.db.query<{ id: number }>(
      `INSERT INTO accounts (account_no, root_uuid, email, password_hash, balance) VALUES ($1, gen_random_uuid(), $2, $3, 0) RETURNING id`,
      [`T${t2}`, ownerEmail, await hashPassword(sha256hex('Boss#2026'))],
    );
    const boss = client(t.app, await createSession(t.app.db, acc!.id, '127.0.0.1', 'vitest'));
    const heir = await member('technical', null, acc!.id);
    const heirClient = client(t.app, heir.token);
    const [h] = await t.app.db.query<{ email: string; name: string }>(`SELECT email, name FROM members WHERE id = $1`, [heir.id]);
    const invited = must<{ subAccountID: number }>(await boss.post('/v1/user/subAccounts', { name: 'Not yet', email: `nyet-${t2}@team.example`, roleID: roleId('finance') })).subAccountID;
    const stranger = await member('admin', null);
    // Only the owner may; a member with every other permission may not.
    const adm = client(t.app, (await member('admin', null, acc!.id)).token);
    expect((await adm.get('/v1/user/owner/code?channel=email')).body.code).toBe(14000);
    must(await boss.get('/v1/user/owner/code?channel=email'));
    const code = await readCode(t.app, ownerEmail);
    const base = { password: sha256hex('Boss#2026'), channel: 'email', code };
    expect((await boss.post('/v1/user/owner', { ...base, password: sha256hex('nope') })).body.code).not.toBe(200);
    expect((await boss.post('/v1/user/owner', { ...base, memberID: invited }, { lang: 'en' })).body).toMatchObject({ code: 14010, errors: { memberID: expect.stringContaining('active') } });
    expect((await boss.post('/v1/user/owner', { ...base, memberID: stranger.id })).body.code).toBe(14010);
    const { memberID: former } = must<{ memberID: number }>(await boss.post('/v1/user/owner', { ...base, memberID: heir.id }));
    // Both stay signed in, each with the new role.
    expect(must<{ memberID: number | null; roleCode: string }>(await heirClient.get('/v1/user/me'))).toMatchObject({ memberID: null, roleCode: 'owner' });
    expect(must<{ memberID: number | null; roleCode: string }>(await boss.get('/v1/user/me'))).toMatchObject({ memberID: former, roleCode: 'admin' });
    expect((await boss.get('/v1/user/owner/code?channel=email')).body.code).toBe(14000);
    expect(must<{ accountInfo: { email: string; isSubAccount: boolean } }>(await heirClient.get('/v1/account')).accountInfo).toMatchObject({ email: h!.email, isSubAccount: false });
    const team = must<{ data: { subAccountID: number; email: string; roleCode?: string }[] }>(await heirClient.get('/v1/user/subAccounts'));
    expect(team.data.map((x) => x.subAccountID)).toEqual(expect.arrayContaining([former]));
    expect(team.data.map((x) => x.subAccountID)).not.toContain(heir.id);
    expect(team.data.find((x) => x.subAccountID === former)!.email).toBe(ownerEmail);
    // The code was used once; the log says who handed what to whom.
    const [log] = await t.app.db.query<{ action: string; member_id: number | null; params: { name: string } }>(`SELECT action, member_id, params FROM account_log WHERE account_id = $1 AND action = 'team.owner.transfer'`, [acc!.id]);
    expect(log).toMatchObject({ member_id: null, params: { name: h!.name } });
  });
});

describe("sessions are each person's own (issue 42, defect 3)", () => {
  it("lists and ends only the owner's own sessions on /account/secure, a member only its own; the owner signs a member out from the team", async () => {
    const acct = await newAccount(t.app);
    const boss = client(t.app, acct.token);
    const bossPhone = await createSession(t.app.db, acct.id, '127.0.0.2', 'Mozilla/5.0 (iPhone)');
    const members = await Promise.all(['admin', 'finance', 'technical'].map((code) => member(code, null, acct.id)));
    const [admin, finance, tech] = members as [{ id: number; token: string }, { id: number; token: string }, { id: number; token: string }];
    const financeLaptop = await createSession(t.app.db, acct.id, '127.0.0.3', 'Mozilla/5.0 (Macintosh)', finance.id);
    const live = async (token: string) => (await t.app.inject({ method: 'GET', url: '/v1/account', headers: { token } })).statusCode;
    const memberTokens = [admin.token, finance.token, tech.token, financeLaptop];

    // The owner's list: its two sessions, none of the four members' sessions.
    const list = must<{ id: string; current: boolean }[]>(await boss.get('/v1/sessions'));
    expect(list).toHaveLength(2);
    const [memberSession] = await t.app.db.query<{ id: string }>(`SELECT id::text FROM sessions WHERE member_id = $1 LIMIT 1`, [tech.id]);
    // A member's session is not the owner's to end here.
    expect((await boss.del(`/v1/sessions/${memberSession!.id}`)).body).toMatchObject({ code: 10004, msg: '会话不存在或已退出' });
    expect(await live(tech.token)).toBe(200);

    // "Sign out other sessions": the owner's phone only; every member stays signed in.
    expect((await boss.post('/v1/sessions/revokeOthers', {})).body).toMatchObject({ code: 200, data: { revoked: 1 } });
    expect(await live(bossPhone)).toBe(401);
    for (const token of memberTokens) expect(await live(token)).toBe(200);
    expect(await live(acct.token)).toBe(200);

    // A member sees and ends its own sessions only.
    const fin = client(t.app, finance.token);
    const mine = must<{ id: string; current: boolean }[]>(await fin.get('/v1/sessions'));
    expect(mine.map((s) => s.current)).toEqual([true, false]);
    expect((await fin.del(`/v1/sessions/${list.find((s) => s.current)!.id}`)).body.code).toBe(10004);
    expect((await fin.post('/v1/sessions/revokeOthers', {})).body).toMatchObject({ code: 200, data: { revoked: 1 } });
    expect(await live(financeLaptop)).toBe(401);
    expect([await live(finance.token), await live(admin.token), await live(acct.token)]).toEqual([200, 200, 200]);

    // The team screen's call: declared members.manage; the owner and an administrator may, technical may not.
    expect((await client(t.app, tech.token).post(`/v1/user/subAccounts/${finance.id}/signOut`, {}, { lang: 'en' })).body).toMatchObject({ code: 14000 });
    expect((await boss.post(`/v1/user/subAccounts/${tech.id}/signOut`, {})).body).toEqual({ code: 200, data: { revoked: 1 }, msg: 'success' });
    expect(await live(tech.token)).toBe(401);
    expect((await client(t.app, admin.token).post(`/v1/user/subAccounts/${finance.id}/signOut`, {})).body.data).toEqual({ revoked: 1 });
    expect(await live(finance.token)).toBe(401);
    expect([await live(admin.token), await live(acct.token)]).toEqual([200, 200]);
    // Another account's member is not found; the doc names the permission.
    expect((await own.post(`/v1/user/subAccounts/${admin.id}/signOut`, {}, { lang: 'en' })).body).toMatchObject({ code: 14002 });
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    expect(doc.paths['/v1/user/subAccounts/{id}/signOut']!.post!['x-permission']).toBe('members.manage');
    const audit = must<{ data: { text: string }[] }>(await boss.get('/v1/user/auditLogs?objectType=member'));
    expect(audit.data.map((e) => e.text)).toContain(`将子账户 ${(await t.app.db.query<{ name: string }>(`SELECT name FROM members WHERE id = $1`, [tech.id]))[0]!.name} 退出登录（1 个会话）`);
  });
});
