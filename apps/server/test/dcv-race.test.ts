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

const mailsTo = async (to: string) => (await t.app.db.query<{ body: string }>(`SELECT body FROM outbox WHERE lower(to_addr) = lower($1) ORDER BY id`, [to])).map((m) => m.body);
const rowOf = async (orderNo: string) =>
  (await t.app.db.query<{ id: number; method: string; email: string; status: string; order_status: number; certificate_id: number | null }>(
    `SELECT d.id, d.method, d.email, d.status, o.order_status, o.certificate_id FROM order_domains d JOIN orders o ON o.id = d.order_id WHERE o.order_no = $1`,
    [orderNo],
  ))[0]!;
const liveLinks = async (rowId: number) =>
  t.app.db.query<{ method: string; email: string }>(`SELECT method, email FROM dcv_approvals WHERE order_domain_id = $1 AND used_at IS NULL AND superseded_at IS NULL`, [rowId]);

/** The race: three changes to the admin mailbox and three to an address published nowhere, at once. */
async function race(orderNo: string) {
  const toAdmin = { orderNo, dcvMethod: 'email', email: 'admin' };
  const toAttacker = { orderNo, dcvMethod: 'email_dns', email: attacker };
  const answers = await Promise.all([toAdmin, toAttacker, toAdmin, toAttacker, toAdmin, toAttacker].map((b) => me.put('/v1/orders/dcv', b)));
  // Every change is taken (no deadlock, no 500): the last one to commit decides the method.
  for (const a of answers) expect({ status: a.status, code: a.body.code }, a.body.msg).toEqual({ status: 200, code: 200 });
}

describe('racing method changes (PostgreSQL)', () => {
  it('mails no unpublished address, leaves at most the last link alive, and issues nothing', async () => {
    for (let round = 0; round < 6; round++) {
      const { orderNo, name } = await paidEmailOrder();
      const admin = `admin@${name}`;
      await race(orderNo);
      expect(await mailsTo(attacker), `round ${round}`).toEqual([]);
      // The checks that follow a change, "verify now" and "send again" see no TXT record naming the attacker.
      await drainAll(t.app);
      await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
      await me.put(`/v1/orders/reSendDcvEmail/${orderNo}`, {});
      expect(await mailsTo(attacker), `round ${round}`).toEqual([]);

      // Only the state the name ended in may have a live link: admin's for email, none for email_dns.
      const row = await rowOf(orderNo);
      const live = await liveLinks(row.id);
      if (row.method === 'email') expect(live).toEqual([{ method: 'email', email: admin }]);
      else expect({ row: [row.method, row.email], live }).toEqual({ row: ['email_dns', attacker], live: [] });

      // Once the name is email_dns to the attacker, no link mailed in the race approves anything.
      await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email_dns', email: attacker });
      const links = (await mailsTo(admin)).map((b) => b.match(/\/dcv\/approve\/[A-Za-z0-9_-]+/)![0]);
      expect(links.length).toBeGreaterThan(0);
      for (const path of links) {
        const page = await t.app.inject({ method: 'POST', url: path, headers: { 'accept-language': 'en', 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
        expect(page.body, `round ${round}`).toContain('<main data-state="superseded">');
      }
      await drainAll(t.app);
      expect(await rowOf(orderNo), `round ${round}`).toMatchObject({ status: 'pending', order_status: 1002, certificate_id: null });
    }
    expect(await mailsTo(attacker)).toEqual([]);
  });

  it('mails the other address only once its TXT record names it, and only while the name is still set to it', async () => {
    for (let round = 0; round < 4; round++) {
      const { orderNo, name } = await paidEmailOrder();
      const before = (await mailsTo(attacker)).length;
      // The customer publishes the address in its own zone: the address may now receive a link.
      dns.setTxt(`_validation-contactemail.${name}`, attacker);
      await race(orderNo);
      await me.put(`/v1/orders/verifyDomains/${orderNo}`, {});
      const row = await rowOf(orderNo);
      const sent = (await mailsTo(attacker)).slice(before);
      if (row.method === 'email_dns') {
        expect(sent).toHaveLength(1);
        expect(await liveLinks(row.id)).toEqual([{ method: 'email_dns', email: attacker }]);
      } else expect(sent).toEqual([]);
      // Whatever went out: a later change to the admin mailbox kills it.
      await me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email', email: 'admin' });
      for (const body of sent) {
        const path = body.match(/\/dcv\/approve\/[A-Za-z0-9_-]+/)![0];
        const page = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
        expect(page.body).toContain('<main data-state="superseded">');
      }
      expect((await rowOf(orderNo)).status).toBe('pending');
      dns.clear();
    }
  });

  it('an approval racing a change validates the mailbox it was sent to, or nothing', async () => {
    for (let round = 0; round < 6; round++) {
      const { orderNo, name } = await paidEmailOrder();
      const [body] = (await mailsTo(`admin@${name}`)).slice(-1);
      const path = body!.match(/\/dcv\/approve\/[A-Za-z0-9_-]+/)![0];
      const post = () => t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      const [page, change] = await Promise.all([post(), me.put('/v1/orders/dcv', { orderNo, dcvMethod: 'email_dns', email: attacker }), post()]);
      const row = await rowOf(orderNo);
      const approved = page.body.includes('<main data-state="approved">') || page.body.includes('<main data-state="already">');
      if (row.status === 'validated') {
        // The approval came first: it validated admin@, and the change found no pending name to change.
        expect(approved).toBe(true);
        expect(row).toMatchObject({ method: 'email', email: `admin@${name}` });
      } else {
        expect(page.body).toContain('<main data-state="superseded">');
        expect(row).toMatchObject({ method: 'email_dns', email: attacker, status: 'pending' });
        expect(change.body.code).toBe(200);
      }
      const [v] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_events WHERE order_id = (SELECT id FROM orders WHERE order_no = $1) AND kind = 'domain_validated'`, [orderNo]);
      expect(v!.n).toBe(row.status === 'validated' ? 1 : 0);
    }
  });
});
