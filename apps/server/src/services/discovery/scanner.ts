import { X509Certificate } from 'node:crypto';
import { notifyAccount } from '../messages/notify.ts';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '@cc/db/client';
import { defaultInform } from '@cc/contracts/account';
import type { AlertKind, EndpointState } from '@cc/contracts/discovery';
import { expandCidr, starttlsFor, type Starttls } from '@cc/domain/discovery';
import { allSuitesCipherString, tls13Suites } from '../tls-report/ciphers.ts';
import { checkChain, describeCertificate, trustAnchors } from '../tls-report/chain.ts';
import { chainAsSent, probe, type Endpoint } from '../tls-report/probe.ts';
import { checkTarget, systemResolve, type Resolve } from '../tls-report/target.ts';
import { createDnsLookup } from '../../adapters/dns/resolver.ts';
import { enqueue, type Job, type JobOutcome, type JobRun } from '../jobs/queue.ts';
import type { JobKind } from '../jobs/kinds.ts';

export const discoveryScanJob = 'discovery.scan' satisfies JobKind;
/** One run of a profile's job stops taking endpoints after this long and queues itself again: runs stay well inside the job lease. */
export const runBudgetMs = 45_000;
/** Endpoints one run takes from the database at a time. */
const batchSize = 200;

export interface ScanSettings {
  allowPrivate: boolean;
  extraCaFile?: string | undefined;
  resolve: Resolve;
}

/** What one endpoint served: the chain (leaf first, as sent when a TLS ≤ 1.2 handshake showed it) and the protocol. */
export type Handshake = { ok: true; protocol: string; chain: Buffer[]; asSent: boolean } | { ok: false; error: string };

/**
 * Two connections at most: the best protocol (TLS 1.3, else 1.2 with every suite) by Node's TLS, and the chain
 * exactly as sent by the TLS report's hand-written ClientHello (Node only shows a chain rebuilt by names).
 */
export async function handshake(ep: Endpoint, timeoutMs: number): Promise<Handshake> {
  const [tls13, sent] = await Promise.all([probe(ep, 'TLSv1.3', tls13Suites.join(':'), timeoutMs), chainAsSent(ep, timeoutMs)]);
  const best = tls13.ok ? tls13 : await probe(ep, 'TLSv1.2', allSuitesCipherString, timeoutMs);
  if (!best.ok) {
    if (sent?.length) return { ok: true, protocol: 'TLSv1.2', chain: sent, asSent: true };
    return { ok: false, error: best.error };
  }
  return { ok: true, protocol: best.protocol, chain: sent?.length ? sent : best.rebuiltChain, asSent: !!sent?.length };
}

type EndpointRow = { id: number; account_id: number; host: string; port: number; state: EndpointState; cert_id: number | null; kind: 'host' | 'ip' | 'cidr'; starttls: Record<string, Starttls> };
type CertRow = { id: number; order_id: number | null; certificate_id: number | null; subject: string; not_after: Date | string };

const iso = (d: Date | string) => new Date(d).toISOString();

/** The account's expiry thresholds: the days of its "discovery" notification setting, else the defaults. */
async function thresholdsOf(q: Queryable, accountId: number): Promise<number[]> {
  const [r] = await q.query<{ days: number[] }>(`SELECT days FROM inform_settings WHERE account_id = $1 AND inform_type = 'discovery'`, [accountId]);
  const days = r?.days?.length ? r.days : defaultInform('discovery').days;
  return [...days].sort((a, b) => a - b);
}

/** Records one alert once per dedupe key and, when it is new, queues the notification in the same transaction. */
async function raise(q: Queryable, ep: EndpointRow, kind: AlertKind, dedupe: string, cert: CertRow | null, detail: Record<string, string | number>) {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO discovery_alerts (account_id, kind, endpoint_id, cert_id, detail, dedupe) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (account_id, dedupe) DO NOTHING RETURNING id`,
    [ep.account_id, kind, ep.id, cert?.id ?? null, JSON.stringify(detail), dedupe],
  );
  if (!rows.length) return;
  // The message centre and, per the notification settings, mail and SMS (services/messages/notify.ts).
  await notifyAccount(q, ep.account_id, 'discovery', { kind, endpoint: `${ep.host}:${ep.port}`, subject: cert?.subject ?? '-', notAfter: cert ? iso(cert.not_after).slice(0, 10) : '-', certId: cert?.id ?? 0, ...detail });
}

/** Stores the leaf once per fingerprint; links it to the account's order whose certificate it is (same serial and fingerprint). */
async function storeCert(q: Queryable, accountId: number, chain: X509Certificate[], trusted: boolean): Promise<CertRow> {
  const leaf = chain[0]!;
  const d = describeCertificate(leaf);
  const [row] = await q.query<CertRow>(
    `INSERT INTO discovery_certs (account_id, sha256, serial, subject, issuer, names, key_algorithm, key_size, not_before, not_after, self_signed, pem, chain_pem, trusted)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (account_id, sha256) DO UPDATE SET last_seen = now(), trusted = EXCLUDED.trusted, chain_pem = EXCLUDED.chain_pem
     RETURNING id, order_id, certificate_id, subject, not_after`,
    [accountId, d.sha256, d.serial, d.subject, d.issuer, JSON.stringify(d.sans), d.keyAlgorithm, d.keySize, d.notBefore, d.notAfter, d.selfSigned, d.pem, chain.map((c) => c.toString()).join(''), trusted],
  );
  const cert = row!;
  if (cert.order_id === null) {
    const bought = await q.query<{ id: number; order_id: number; cert_pem: string }>(
      `SELECT c.id, c.order_id, c.cert_pem FROM certificates c JOIN orders o ON o.id = c.order_id WHERE o.account_id = $1 AND upper(c.serial) = $2`,
      [accountId, d.serial],
    );
    const match = bought.find((b) => new X509Certificate(b.cert_pem).fingerprint256 === d.sha256);
    if (match) {
      await q.query(`UPDATE discovery_certs SET order_id = $2, certificate_id = $3 WHERE id = $1`, [cert.id, match.order_id, match.id]);
      cert.order_id = match.order_id;
      cert.certificate_id = match.id;
    }
  }
  return cert;
}

/** Scans one endpoint and writes what it saw, the change from the last scan and the alerts, in one transaction. */
export async function scanEndpoint(db: Db, ep: EndpointRow, timeoutMs: number, everyHours: number, settings: ScanSettings, now = new Date()): Promise<EndpointState> {
  let ip = '';
  let result: Handshake;
  try {
    ip = await checkTarget(ep.host, settings.allowPrivate, settings.resolve);
    result = await handshake({ host: ep.host, ip, port: ep.port, starttls: starttlsFor(ep.port, ep.starttls[String(ep.port)] ?? '') }, timeoutMs);
  } catch (e) {
    // The same rule as the TLS report: a name that resolves to nothing, or to an internal address, is not scanned.
    result = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  const chain: X509Certificate[] = [];
  if (result.ok) for (const der of result.chain) {
    try {
      chain.push(new X509Certificate(der));
    } catch {
      // An unparsable certificate in the chain: its neighbours still tell the story.
    }
  }
  // Spread over time: each endpoint comes due again within ±10% of the interval, so a profile's endpoints drift apart.
  const next = new Date(now.getTime() + everyHours * 3_600_000 * (0.9 + Math.random() * 0.2));
  return db.tx(async (q) => {
    if (!result.ok || !chain.length) {
      const error = result.ok ? 'no certificate' : result.error;
      await q.query(`UPDATE discovery_endpoints SET state = 'unreachable', ip = $2, error = $3, last_scan_at = now(), next_scan_at = $4 WHERE id = $1`, [ep.id, ip, error.slice(0, 300), next]);
      // A range's silent addresses are not news; a named endpoint going dark is.
      if (ep.state !== 'unreachable' && ep.kind !== 'cidr') await raise(q, ep, 'unreachable', `unreachable:${ep.id}:${now.getTime()}`, null, { error: error.slice(0, 100) });
      return 'unreachable';
    }
    const checks = checkChain(chain, trustAnchors(settings.extraCaFile), ep.host, now, result.asSent);
    const state: EndpointState = checks.expired ? 'expired' : !checks.trusted ? 'untrusted' : !checks.hostnameMatch ? 'mismatch' : 'ok';
    const cert = await storeCert(q, ep.account_id, chain, checks.trusted);
    const changed = ep.cert_id !== null && ep.cert_id !== cert.id;
    await q.query(
      `UPDATE discovery_endpoints SET state = $2, ip = $3, protocol = $4, error = '', cert_id = $5, last_scan_at = now(), next_scan_at = $6,
              previous_cert_id = CASE WHEN $7 THEN cert_id ELSE previous_cert_id END, changed_at = CASE WHEN $7 THEN now() ELSE changed_at END
        WHERE id = $1`,
      [ep.id, state, ip, result.protocol, cert.id, next, changed],
    );
    if (changed) await raise(q, ep, 'changed', `changed:${ep.id}:${cert.id}`, cert, { managed: cert.order_id ? 'yes' : 'no' });
    if (state === 'untrusted' && (ep.state !== 'untrusted' || changed)) await raise(q, ep, 'chainInvalid', `chainInvalid:${ep.id}:${cert.id}`, cert, {});
    const days = checks.expiresInDays;
    const threshold = (await thresholdsOf(q, ep.account_id)).find((d) => days <= d);
    if (days < 0) await raise(q, ep, 'expiring', `expiring:${cert.id}:0`, cert, { days: 0 });
    else if (threshold !== undefined) await raise(q, ep, 'expiring', `expiring:${cert.id}:${threshold}`, cert, { days });
    // Renewed or reissued here, not yet deployed: the order holds a newer certificate than the one this endpoint serves.
    if (cert.certificate_id !== null) {
      const [newer] = await q.query<{ id: number }>(
        `SELECT id FROM certificates WHERE order_id = $1 AND id > $2 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1`,
        [cert.order_id, cert.certificate_id],
      );
      if (newer) await raise(q, ep, 'notDeployed', `notDeployed:${ep.id}:${newer.id}`, cert, {});
    }
    return state;
  });
}

/** Writes the endpoints a profile's targets expand to (new ones are due now); answers nothing. */
export async function expandTargets(q: Queryable, profileId: number): Promise<void> {
  const targets = await q.query<{ id: number; account_id: number; kind: 'host' | 'ip' | 'cidr'; value: string; ports: number[] }>(
    `SELECT id, account_id, kind, value, ports FROM discovery_targets WHERE profile_id = $1`,
    [profileId],
  );
  for (const t of targets) {
    const hosts = t.kind === 'cidr' ? expandCidr(t.value) : [t.value];
    const pairs = hosts.flatMap((h) => t.ports.map((p) => [h, p] as const));
    if (!pairs.length) continue;
    await q.query(
      `INSERT INTO discovery_endpoints (account_id, target_id, profile_id, host, port)
       SELECT $1, $2, $3, h, p FROM unnest($4::text[], $5::int[]) AS x(h, p)
       ON CONFLICT (target_id, host, port) DO NOTHING`,
      [t.account_id, t.id, profileId, pairs.map((x) => x[0]), pairs.map((x) => x[1])],
    );
    // Ports taken off a target take their endpoints with them.
    await q.query(`DELETE FROM discovery_endpoints WHERE target_id = $1 AND NOT (port = ANY($2::int[]))`, [t.id, t.ports]);
  }
}

/** Makes the profile's job due now (scan now, new targets), or queues it when none is pending. */
export async function scheduleProfile(q: Queryable, profileId: number, delaySeconds = 0): Promise<void> {
  const key = `discovery:${profileId}`;
  const id = await enqueue(q, discoveryScanJob, { profileId }, { dedupeKey: key, delaySeconds, maxAttempts: 5 });
  if (id === null) {
    await q.query(
      `UPDATE jobs SET run_at = LEAST(run_at, now() + make_interval(secs => $2)) WHERE kind = $3 AND dedupe_key = $1 AND status = 'pending'`,
      [key, delaySeconds, discoveryScanJob],
    );
  }
}

/**
 * The discovery.scan job of one profile: expands its targets, scans the endpoints that are due with the profile's
 * concurrency and timeout, each written as it finishes (a crash resumes with the ones still due), and stops taking
 * more after runBudgetMs. It queues itself again at once when endpoints are left, else when the next one is due.
 */
export function discoveryScan(app: FastifyInstance) {
  return async (job: Job<'discovery.scan'>, run: JobRun): Promise<JobOutcome> => {
    const db = app.db;
    const [p] = await db.query<{ id: number; every_hours: number; timeout_ms: number; concurrency: number; enabled: boolean }>(
      `SELECT id, every_hours, timeout_ms, concurrency, enabled FROM discovery_profiles WHERE id = $1`,
      [job.payload.profileId],
    );
    if (!p) return;
    await db.tx((q) => expandTargets(q, p.id));
    const settings: ScanSettings = {
      allowPrivate: app.config.REPORT_ALLOW_PRIVATE === 'on',
      extraCaFile: app.config.REPORT_EXTRA_CA_FILE,
      // The resolver DCV uses when one is configured, so both see the same names; else the system's, as a browser would.
      resolve: app.config.DNS_RESOLVER ? createDnsLookup(app.config.DNS_RESOLVER).a : systemResolve,
    };
    const started = Date.now();
    const inTime = () => Date.now() - started < runBudgetMs && !run.signal.aborted;
    let scanned = 0;
    while (inTime()) {
      const due = await db.query<EndpointRow>(
        `SELECT e.id, e.account_id, e.host, e.port, e.state, e.cert_id, t.kind, t.starttls
           FROM discovery_endpoints e JOIN discovery_targets t ON t.id = e.target_id
          WHERE e.profile_id = $1 AND e.next_scan_at <= now() ORDER BY e.next_scan_at, e.id LIMIT $2`,
        [p.id, batchSize],
      );
      if (!due.length) break;
      let i = 0;
      const worker = async () => {
        while (i < due.length && inTime()) {
          const ep = due[i++]!;
          await scanEndpoint(db, ep, p.timeout_ms, p.every_hours, settings);
          scanned++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(p.concurrency, due.length) }, worker));
    }
    await db.query(`UPDATE discovery_profiles SET last_run_at = now() WHERE id = $1`, [p.id]);
    const [n] = await db.query<{ due: number; wait: number | null }>(
      `SELECT count(*) FILTER (WHERE next_scan_at <= now())::int AS due, EXTRACT(EPOCH FROM (min(next_scan_at) - now()))::float8 AS wait
         FROM discovery_endpoints WHERE profile_id = $1`,
      [p.id],
    );
    if (n && n.due > 0) return { retryInSeconds: 0 };
    if (!p.enabled || n?.wait === null || n?.wait === undefined) return { result: { scanned } };
    return { retryInSeconds: Math.max(60, Math.ceil(n.wait)) };
  };
}
