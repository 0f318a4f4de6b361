// Issue 17: the header bell's count is asked for on every console page load, so it must cost about what the
// cheapest signed-in read costs, however many messages an account holds; the dashboard's one call beside it.
import { randomBytes } from 'node:crypto';
import { createDb } from '@cc/db/client';
import { load, postgresUrl, startServer, verdict } from '../lib.ts';

export async function run() {
  const url = postgresUrl();
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  console.log('# Bell count and dashboard vs GET /v1/account, 10 connections, 5 s each (PostgreSQL, a schema of its own)');
  const server = await startServer({ CAPTCHA: 'off', IP_RATE_LIMIT: 'off', DATABASE_URL: url, DATABASE_SCHEMA: schema });
  const db = await createDb({ url, schema });
  try {
    const token = await server.signIn();
    // 20,000 messages for the demo account, one in ten unread: a busy reseller's year.
    await db.query(
      `INSERT INTO site_messages (account_id, kind, params, read_at)
       SELECT a.id, 'issued', jsonb_build_object('orderNo', 'SSL' || g, 'domain', 'n' || g || '.example', 'notAfter', '2027-01-01'),
              CASE WHEN g % 10 = 0 THEN NULL ELSE now() END
         FROM accounts a, generate_series(1, 20000) g WHERE a.email = 'demo@certhub.local'`,
    );
    await db.query('ANALYZE site_messages');
    const headers = { token, authorization: token };
    // The two in alternation, two rounds each, after a warm-up: other work on the machine weighs on both alike.
    await load('  warm-up GET /v1/account', { url: `${server.url}/v1/account`, headers, duration: 2 });
    await load('  warm-up GET /v1/siteMsg/summary', { url: `${server.url}/v1/siteMsg/summary`, headers, duration: 2 });
    const account = { requests: { average: 0 }, latency: { p99: 0 } };
    const summary = { requests: { average: 0 }, latency: { p99: 0 } };
    for (let round = 1; round <= 2; round++) {
      for (const [into, title, path] of [[account, 'GET /v1/account', '/v1/account'], [summary, 'GET /v1/siteMsg/summary (20,000 messages, 2,000 unread)', '/v1/siteMsg/summary']] as const) {
        const r = await load(`  round ${round}: ${title}`, { url: `${server.url}${path}`, headers });
        into.requests.average += r.requests.average / 2;
        into.latency.p99 = Math.max(into.latency.p99, r.latency.p99);
      }
    }
    await load('GET /v1/siteMsg (first page)', { url: `${server.url}/v1/siteMsg`, headers });
    await load('GET /v1/dashboard', { url: `${server.url}/v1/dashboard`, headers });
    const ratio = summary.requests.average / account.requests.average;
    // Relative figures: on a shared machine absolute latencies move with the neighbours' load.
    const p99 = summary.latency.p99 / Math.max(1, account.latency.p99);
    console.log(
      verdict(
        `bell count: ${Math.round(summary.requests.average)} req/s, ${Math.round(ratio * 100)}% of GET /v1/account's ${Math.round(account.requests.average)} req/s (two rounds each), p99 ${summary.latency.p99} ms (${p99.toFixed(1)}× its p99)`,
        'at least 50% of the throughput, p99 at most 2×',
        ratio >= 0.5 && p99 <= 2,
      ),
    );
  } finally {
    await db.close();
    await server.stop();
    const admin = await createDb({ url });
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.close();
  }
}
