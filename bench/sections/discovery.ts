// Issue 18: certificate discovery. 8 TLS servers on loopback and 125 targets × 8 ports = 1,000 endpoints, scanned by
// the discovery.scan job exactly as a scheduled run does (the test DNS points every name at 127.0.0.1): endpoints
// scanned per second, the cost of that one run of 1,000 targets (wall time, job runs, event-loop delay), and the
// latency of a signed-in call made while the scan runs (the scan must not block other requests).
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startTestApp } from '../../apps/server/test/harness.ts';
import { startDns } from '../../apps/server/test/orders-helpers.ts';
import { newAccount } from '../../apps/server/test/purchase-helpers.ts';

export async function run() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-discovery-'));
  const file = (n: string) => path.join(dir, n);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', file('k.pem'), '-out', file('c.pem'), '-subj', '/CN=bench.example', '-days', '30', '-addext', 'subjectAltName=DNS:*.bench.example'], { stdio: 'ignore' });
  const servers: https.Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < 8; i++) {
    const s = https.createServer({ key: readFileSync(file('k.pem')), cert: readFileSync(file('c.pem')) }, (_q, r) => r.end('ok'));
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    servers.push(s);
    ports.push((s.address() as AddressInfo).port);
  }
  const dns = await startDns();
  const t = await startTestApp({ DNS_RESOLVER: dns.address, REPORT_ALLOW_PRIVATE: 'on', REPORT_EXTRA_CA_FILE: file('c.pem') });
  try {
    const a = await newAccount(t.app);
    const headers = { token: a.token, authorization: a.token };
    const lines = Array.from({ length: 125 }, (_, i) => `s${i}.bench.example`);
    const added = (await t.app.inject({ method: 'POST', url: '/v1/discovery/targets', headers, payload: { lines, ports } })).json() as { data: { added: number } };
    const [p] = await t.app.db.query<{ id: number }>(`SELECT id FROM discovery_profiles WHERE account_id = $1`, [a.id]);
    await t.app.inject({ method: 'PUT', url: `/v1/discovery/profiles/${p!.id}`, headers, payload: { name: 'bench', everyHours: 24, timeoutMs: 5000, concurrency: 32, enabled: true } });
    // The run the schedule would start: due now.
    await t.app.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'discovery.scan'`);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const drained = t.app.jobs.drain();
    // Signed-in calls while the scan runs.
    const latencies: number[] = [];
    let scanning = true;
    void drained.finally(() => (scanning = false));
    while (scanning) {
      const t0 = performance.now();
      await t.app.inject({ method: 'GET', url: '/v1/discovery/dashboard', headers });
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
    const runs = await drained;
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    const [c] = await t.app.db.query<{ scanned: number; ok: number }>(
      `SELECT count(*) FILTER (WHERE last_scan_at IS NOT NULL)::int AS scanned, count(*) FILTER (WHERE state <> 'unreachable')::int AS ok FROM discovery_endpoints WHERE account_id = $1`,
      [a.id],
    );
    latencies.sort((x, y) => x - y);
    const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(`targets added: ${added.data.added}, endpoints: ${c!.scanned} scanned (${c!.ok} answered a TLS handshake)`);
    console.log(`endpoints scanned per second on loopback (concurrency 32): ${(c!.scanned / seconds).toFixed(1)}`);
    console.log(`one scheduled scan of 1,000 endpoints: ${seconds.toFixed(1)} s wall, ${runs} job(s) run by the drain (a scan run is bounded to 45 s), event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
    console.log(`GET /v1/discovery/dashboard during the scan: ${latencies.length} calls, p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms`);
  } finally {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
    await t.close();
    dns.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
