// Issue 16: queries per second answered by the built-in authoritative DNS server (every answer read from the
// database), and, when Debian's PowerDNS with its PostgreSQL backend is installed, the same load on PowerDNS serving
// the same zone from the same tables, as a same-run ratio. Both on PostgreSQL; the load comes from another process.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApp } from '../../apps/server/test/harness.ts';
import { addProducts, client, makeCsr, newAccount, testProducts } from '../../apps/server/test/purchase-helpers.ts';
import { drainAll } from '../../apps/server/test/orders-helpers.ts';
import { freePort, startDnsWorld } from '../../apps/server/test/dns-helpers.ts';
import { startAuthoritativeDns } from '../../apps/server/src/adapters/dns/authoritative.ts';
import { powerdnsConfig } from '../../apps/server/src/adapters/dns/powerdns.ts';
import { createZone, saveRecords } from '../../apps/server/src/services/dns/zones.ts';
import { postgresUrl, root } from '../lib.ts';

const seconds = 5;
const inflight = 32;
const zone = 'bench-dns.example';
const questions = [`www.${zone}/A`, `${zone}/TXT`, `${zone}/MX`, `x.apps.${zone}/A`, `nothing.${zone}/A`];

async function blast(port: number): Promise<{ qps: number; failed: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(root, 'bench/dns-load.mjs'), String(port), String(seconds), String(inflight), ...questions], { cwd: root });
  return JSON.parse(stdout.trim()) as { qps: number; failed: number };
}

/**
 * 500 orders whose names are in a zone hosted here, paid at once: time until all are issued, with the validation
 * records published, checked through the resolver (the built-in server) and removed by the server's own jobs
 * (services/dns/dcv-autopilot.ts: one zone change publishes what every order asked for meanwhile).
 */
async function autopilot() {
  // Public DNS is a world on loopback that delegates the zone to the built-in server (apps/server/test/dns-helpers.ts).
  const world = await startDnsWorld();
  const t = await startTestApp(world.env, { postgres: true });
  const ours = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
  world.serveOurs(ours.port);
  try {
    await addProducts(t.app, [testProducts.dv]);
    const api = client(t.app, (await newAccount(t.app, 1_000_000_000)).token);
    const hosted = 'autopilot-bench.example';
    world.delegate(hosted);
    await api.post('/dm-serv/v1/dns/zones', { zone: hosted });
    const orderNos: string[] = [];
    for (let i = 0; i < 500; i++) {
      const name = `n${i}.${hosted}`;
      const r = await api.post('/v1/orders/certificate/T-DV', { year: 1, dcvMethod: 'dns_txt', csr: await makeCsr(name), commonName: name });
      orderNos.push(String(r.body.data));
    }
    // Paid as a customer pays a batch: one call for the 500 (the payment job settles them in chunks).
    const started = performance.now();
    const paid = await api.post('/v1/orders/batch/pay', { orderNos: orderNos.join(',') });
    if (paid.body.code !== 200) throw new Error(`batch payment refused: ${paid.body.msg}`);
    await drainAll(t.app);
    const ms = performance.now() - started;
    const [n] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE order_no = ANY($1) AND order_status = 1005`, [orderNos]);
    const [changes] = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dns_zone_changes c JOIN dns_zones z ON z.id = c.zone_id WHERE z.name = $1 AND c.kind = 'dcv'`, [hosted]);
    // Before the per-zone batching and the worker's lanes: 181 s (one zone change per order and per removal, one job at a time).
    console.log(
      `DCV autopilot: 500 orders in a hosted zone, from payment to issued with no click: ${(ms / 1000).toFixed(1)} s (${n!.n} issued; ${changes!.n} zone changes; one instance, ${t.app.config.JOB_CONCURRENCY ?? 4} job lanes, PostgreSQL; was 181 s, ${(181_000 / ms).toFixed(0)}× faster)`,
    );
  } finally {
    await ours.close();
    await t.close();
    await world.close();
  }
}

export async function run() {
  process.env.DATABASE_URL ??= postgresUrl();
  await serverSpeed();
  await autopilot();
}

async function serverSpeed() {
  const t = await startTestApp({}, { postgres: true });
  try {
    const a = await newAccount(t.app);
    const settings = { nameservers: ['ns1.certhub.local', 'ns2.certhub.local'], hostmaster: 'hostmaster@certhub.local' };
    await t.app.db.tx((tx) => createZone(tx, { accountId: a.id, name: zone, origin: 'external', settings }));
    // Live, as a check that saw its delegation leaves it: a pending zone is answered REFUSED by both servers.
    await t.app.db.query(`UPDATE dns_zones SET status = 'active' WHERE name = $1`, [zone]);
    const records = [
      { host: 'www', type: 'A' as const, value: '192.0.2.1', ttl: 300 },
      { host: '@', type: 'TXT' as const, value: 'v=spf1 -all', ttl: 300 },
      { host: '@', type: 'MX' as const, value: `mail.${zone}`, prio: 10, ttl: 300 },
      { host: '*.apps', type: 'A' as const, value: '192.0.2.80', ttl: 300 },
      ...Array.from({ length: 200 }, (_, i) => ({ host: `h${i}`, type: 'A' as const, value: `198.51.100.${i % 250}`, ttl: 300 })),
    ];
    const [z] = await t.app.db.query<{ serial: string }>(`SELECT serial FROM dns_zones WHERE name = $1`, [zone]);
    await saveRecords(t.app.db, { accountId: a.id, actor: 'bench' }, { zone, baseSerial: Number(z!.serial), records, preview: false }, 'en');

    const ours = await startAuthoritativeDns(t.app.db, { host: '127.0.0.1', port: 0 });
    const builtIn = await blast(ours.port);
    await ours.close();
    console.log(`built-in DNS server: ${builtIn.qps} queries/s (UDP, ${inflight} in flight, ${questions.length} kinds of question, ${builtIn.failed} unanswered), zone of ${records.length + 2} records on PostgreSQL`);

    const havePdns = await promisify(execFile)('pdns_server', ['--config=default', '--launch=gpgsql', '--no-config']).then(() => true, () => false);
    if (!havePdns) {
      console.log('PowerDNS with pdns-backend-pgsql not installed: no ratio this run');
      return;
    }
    const url = new URL(process.env.DATABASE_URL ?? postgresUrl());
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-pdns-bench-'));
    const port = await freePort();
    writeFileSync(
      path.join(dir, 'pdns.conf'),
      await powerdnsConfig({
        db: { host: url.hostname, port: Number(url.port || 5432), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) || undefined, dbname: url.pathname.slice(1) },
        schema: t.config.DATABASE_SCHEMA,
        localAddress: '127.0.0.1',
        localPort: port,
        socketDir: dir,
      }),
    );
    const pdns = spawn('pdns_server', [`--config-dir=${dir}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const seen = (b: Buffer) => {
        log += b.toString();
        if (/ready to distribute questions/.test(log)) resolve();
      };
      pdns.stdout.on('data', seen);
      pdns.stderr.on('data', seen);
      pdns.once('exit', (c) => reject(new Error(`pdns_server exited ${c}`)));
    });
    try {
      const theirs = await blast(port);
      console.log(`PowerDNS 4 (gpgsql, caches off, same tables): ${theirs.qps} queries/s (${theirs.failed} unanswered)`);
      console.log(`built-in / PowerDNS: ${(builtIn.qps / Math.max(1, theirs.qps)).toFixed(2)}`);
    } finally {
      const exited = new Promise((r) => pdns.once('exit', r));
      pdns.kill('SIGTERM');
      await exited;
    }
  } finally {
    await t.close();
  }
}
