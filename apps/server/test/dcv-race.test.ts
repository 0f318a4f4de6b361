/**
 * E-mail validation under concurrent method changes, on PostgreSQL: the embedded database runs one statement
 * at a time and would hide the race between a change's mail and another change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from './purchase-helpers.ts';
import { drainAll, markPaid, startDns } from './orders-helpers.ts';

type Dns = Awaited<ReturnType<typeof startDns>>;

let t: TestApp;
let dns: Dns;
let me: ReturnType<typeof client>;
let seq = 0;
const attacker = 'attacker@elsewhere.example';

beforeAll(async () => {
  dns = await startDns();
  t = await startTestApp({ DNS_RESOLVER: dns.address, PUBLIC_URL: 'http://console.test' }, { postgres: true });
  await addProducts(t.app, [testProducts.dv]);
  me = client(t.app, (await newAccount(t.app)).token);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

async function paidEmailOrder(): Promise<{ orderNo: string; name: string }> {
  const name = `race${seq++}.dcv-race.example`;
  const r = await me.post('/v1/orders/certificate/T-DV', { year: 1, csr: await makeCsr(name), commonName: name, dcvEmail: { email: 'admin', dcvMethod: 'email' } });
  expect(r.body.code, r.body.msg).toBe(200);
  const orderNo = r.body.data as string;
  await markPaid(t.app, orderNo);
  await drainAll(t.app);
  return { orderNo, name };
}

const mailsTo = async (to: string) => (await t.app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE to_addr = $1 ORDER BY id`, [to])).map((m) => m.body);
const linksIn = (bodies: string[]) => bodies.flatMap((b) => b.match(/\/dcv\/approve\/[A-Za-z0-9_-]+/g) ?? []);

describe('racing method changes (PostgreSQL)', () => {
  it('mails no unpublished address and issues nothing, whatever order six concurrent changes land in', async () => {
    for (let round = 0; round < 5; round++) {
      const { orderNo, name } = await paidEmailOrder();
      const toAdmin = { orderNo, dcvMethod: 'email', email: 'admin' };
      const toAttacker = { orderNo, dcvMethod: 'email_dns', email: attacker };
      const answers = await Promise.all([toAdmin, toAttacker, toAdmin, toAttacker, toAdmin, toAttacker].map((b) => me.put('/v1/orders/dcv', b)));
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      // The check that follows a change sees no TXT record naming the attacker: no mail may go there.
      await drainAll(t.app);
      await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
      await me.put(`/v1/orders/reSendDcvEmail/${orderNo}`, {});
      expect(await mailsTo(attacker), `round ${round}`).toEqual([]);

      // Every link that went out, to whichever mailbox, approves nothing once the name is email_dns to the attacker.
      await me.put('/v1/orders/dcv', toAttacker);
      for (const path of linksIn(await mailsTo(`admin@${name}`))) {
        const page = await t.app.inject({ method: 'POST', url: path, headers: { 'accept-language': 'en' } });
        expect(page.statusCode).toBe(200);
      }
      await drainAll(t.app);
      const [o] = await t.app.db.query<{ order_status: number; certificate_id: number | null }>(`SELECT order_status, certificate_id FROM orders WHERE order_no = $1`, [orderNo]);
      expect(o, `round ${round}`).toEqual({ order_status: 1002, certificate_id: null });
      const [d] = await t.app.db.query<{ status: string }>(`SELECT status FROM order_domains WHERE order_id = (SELECT id FROM orders WHERE order_no = $1)`, [orderNo]);
      expect(d!.status).toBe('pending');
    }
    expect(await mailsTo(attacker)).toEqual([]);
  });
});
