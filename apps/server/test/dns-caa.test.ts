import dgram from 'node:dgram';
import * as packet from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, markPaid } from './orders-helpers.ts';
import { startAuthoritativeDns, type AuthoritativeDns } from '../src/adapters/dns/authoritative.ts';
import { startDnsWorld, type DnsWorld } from './dns-helpers.ts';

/**
 * RFC 8659 §3: a CAA lookup that fails (SERVFAIL, a timeout) is no permission to issue. The resolver here is a DNS
 * server on loopback that asks public DNS (a world delegating the zone to the built-in server), except CAA questions
 * while told to fail them, which it answers SERVFAIL, as a broken or attacked authoritative server would.
 */

let t: TestApp;
let world: DnsWorld;
let dns: AuthoritativeDns;
let api: ReturnType<typeof client>;
let server: dgram.Socket;
const failing = new Set<string>();
const zone = 'caa-fail.example';

beforeAll(async () => {
  server = dgram.createSocket('udp4');
  await new Promise<void>((r) => server.bind(0, '127.0.0.1', () => r()));
  const port = server.address().port;
  world = await startDnsWorld();
  t = await startTestApp({ ...world.env, DNS_RESOLVER: `127.0.0.1:${port}` });
  dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  world.delegate(zone);
  server.on('message', (msg, from) => {
    const q = packet.decode(msg);
    const question = q.questions?.[0];
    const reply =
      question?.type === 'CAA' && failing.has(question.name.toLowerCase())
        ? Promise.resolve(packet.encode({ type: 'response', id: q.id, flags: 2, questions: q.questions, answers: [], authorities: [], additionals: [] }))
        : world.ask(msg);
    void reply.then((b) => b && server.send(b, from.port, from.address));
  });
  await addProducts(t.app, [testProducts.dv]);
  api = client(t.app, (await newAccount(t.app, 50_000_000)).token);
  expect(((await api.post('/dm-serv/v1/dns/zones', { zone })).body.data as { status: string }).status).toBe('active');
});

afterAll(async () => {
  server?.close();
  await dns?.close();
  await t?.close();
  await world?.close();
});

describe('CAA lookup failure', () => {
  it('holds issuance while the CAA lookup answers SERVFAIL, says why in the timeline, and issues once it answers', async () => {
    const name = `shop.${zone}`;
    failing.add(name);
    const r = await api.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name });
    const orderNo = String(r.body.data);
    await markPaid(t.app, orderNo);
    await drainAll(t.app);
    // Validated (the autopilot's TXT was found) but not issued: the failed lookup counts as no permission.
    expect(((await api.get(`/v1/orders/status/${orderNo}`)).body.data as { orderStatus: number }).orderStatus).toBe(1009);
    const en = JSON.stringify((await api.get(`/v1/orders/detail/${orderNo}`, { lang: 'en' })).body.data);
    expect(en).toContain(`The CAA lookup for ${name} failed (${name}: SERVFAIL)`);
    const zh = JSON.stringify((await api.get(`/v1/orders/detail/${orderNo}`)).body.data);
    expect(zh).toContain(`查询 ${name} 的 CAA 记录失败（${name}：SERVFAIL）`);
    // A retry while it still fails adds no second event of the same reason.
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'issue.order' AND status = 'pending'`);
    await drainAll(t.app);
    const events = await t.app.db.query(`SELECT 1 FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.order_no = $1 AND e.kind = 'caa_lookup_failed'`, [orderNo]);
    expect(events.length).toBe(1);
    // The domain's DNS answers again: the next try issues.
    failing.delete(name);
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'issue.order' AND status = 'pending'`);
    await drainAll(t.app);
    expect(((await api.get(`/v1/orders/status/${orderNo}`)).body.data as { orderStatus: number }).orderStatus).toBe(1005);
  });
});
