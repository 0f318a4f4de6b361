// Issue 19: the ACME server for paid certificates. One customer's ACME client (acme-client, as certbot would) on
// loopback orders DV certificates end to end over HTTP: newOrder (priced, paid from the balance, validated by dns-01
// in a zone hosted here with no step), finalize with a CSR, download with the chain. ACME orders issued per second,
// with 1 and with 8 clients at once, each a real paid order of the account.
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import acme from 'acme-client';
import { startTestApp } from '../../apps/server/test/harness.ts';
import { addProducts, client, newAccount, testProducts } from '../../apps/server/test/purchase-helpers.ts';
import { freePort, startDnsWorld } from '../../apps/server/test/dns-helpers.ts';
import { startAuthoritativeDns } from '../../apps/server/src/adapters/dns/authoritative.ts';

export async function run() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Public DNS is a world on loopback that delegates the zones to the built-in server (apps/server/test/dns-helpers.ts).
  const world = await startDnsWorld();
  const t = await startTestApp({ ...world.env, PUBLIC_URL: origin, ACME_ORDERS_PER_MINUTE: '100000' });
  const dns = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(dns.port);
  try {
    await t.app.listen({ port, host: '127.0.0.1' });
    await addProducts(t.app, [testProducts.dv]);
    const a = await newAccount(t.app, 1_000_000_000);
    const api = client(t.app, a.token);
    // A zone per client: the hosted-zone autopilot publishes one change at a time per zone. Each is a registrable name
    // (right under the TLD): the CAA lookups climb to it, and a parent that no resolver here answers for would be a
    // failed lookup, which holds issuance (RFC 8659 §3).
    for (let i = 0; i < 8; i++) {
      world.delegate(`bench-acme-c${i}.test`);
      await api.post('/dm-serv/v1/dns/zones', { zone: `bench-acme-c${i}.test` });
    }
    const key = (await api.post('/v1/acme/eabKeys', { name: 'bench' })).body.data as { key: { kid: string }; hmacKey: string };
    // One certificate key for every CSR: RSA key generation is the client's cost, not the server's.
    const certKey = await acme.crypto.createPrivateRsaKey(2048);

    async function newClient() {
      const c = new acme.Client({
        directoryUrl: `${origin}/acme/${testProducts.dv.productNo}/directory`,
        accountKey: await acme.crypto.createPrivateEcdsaKey(),
        externalAccountBinding: { kid: key.key.kid, hmacKey: key.hmacKey },
      });
      await c.createAccount({ termsOfServiceAgreed: true });
      return c;
    }
    let n = 0;
    /** One order end to end; every name is in the hosted zone, so its authorization is valid without a challenge. */
    async function order(c: acme.Client, zone: number) {
      const name = `n${n++}.bench-acme-c${zone}.test`;
      const [, nameCsr] = await acme.crypto.createCsr({ commonName: name }, certKey);
      const t0 = performance.now();
      const o = await c.createOrder({ identifiers: [{ type: 'dns', value: name }] });
      const t1 = performance.now();
      const authz = await c.getAuthorizations(o);
      // Usually valid at once; a check that lost a race (a DNS lookup timing out under load) is asked again, as a client does.
      for (const z of authz.filter((x) => x.status !== 'valid')) {
        const ch = z.challenges.find((x) => x.type === 'dns-01')!;
        await c.completeChallenge(ch);
        await c.waitForValidStatus(ch);
      }
      const done = await c.finalizeOrder(o, nameCsr);
      const t2 = performance.now();
      const pem = await c.getCertificate(done);
      if (process.env.BENCH_ACME_TRACE) console.log(`order ${(t1 - t0).toFixed(0)} ms, finalize ${(t2 - t1).toFixed(0)} ms, download ${(performance.now() - t2).toFixed(0)} ms`);
      if (!pem.includes('BEGIN CERTIFICATE')) throw new Error('no certificate');
    }
    for (const clients of [1, 8]) {
      const cs = await Promise.all(Array.from({ length: clients }, newClient));
      await order(cs[0]!, 0);
      const perClient = clients === 1 ? 10 : 5;
      const started = performance.now();
      await Promise.all(cs.map(async (c, z) => {
        for (let i = 0; i < perClient; i++) await order(c, z);
      }));
      const seconds = (performance.now() - started) / 1000;
      const total = clients * perClient;
      console.log(`ACME orders issued end to end (newOrder, payment, dns-01 in a hosted zone, finalize, download), ${clients} client(s): ${(total / seconds).toFixed(1)} orders/s (${total} in ${seconds.toFixed(1)} s)`);
    }
    const [c] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE origin = 'ACME' AND order_status = 1005 AND account_id = $1`, [a.id]);
    console.log(`issued ACME orders of the account: ${c!.n}`);
  } finally {
    await dns.close();
    await t.close();
    await world.close();
  }
}
