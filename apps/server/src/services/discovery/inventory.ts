import type { Db, Queryable } from '@cc/db/client';
import { translate, type Locale } from '@cc/contracts/messages';
import {
  cidrAddressCap,
  expiryBucketOf,
  targetLimit,
  type Alert,
  type CertDetail,
  type CertsQuery,
  type CertSummary,
  type DashboardAnswer,
  type EndpointState,
  type Profile,
  type ProfileBody,
  type Target,
  type TargetsAdded,
} from '@cc/contracts/discovery';
import { parseTargetLine } from '@cc/domain/discovery';
import { isPublicIp } from '@cc/domain/domain-names';
import { expandCidr } from '@cc/domain/discovery';
import { fail } from '../../lib/app-error.ts';
import { scheduleProfile } from './scanner.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');
const dayMs = 86_400_000;

type ProfileRow = { id: number; name: string; every_hours: number; timeout_ms: number; concurrency: number; enabled: boolean; last_run_at: Date | null; targets: number; endpoints: number; next_scan_at: Date | null };

const toProfile = (r: ProfileRow): Profile => ({
  id: r.id,
  name: r.name,
  everyHours: r.every_hours,
  timeoutMs: r.timeout_ms,
  concurrency: r.concurrency,
  enabled: r.enabled,
  targets: r.targets,
  endpoints: r.endpoints,
  lastRunAt: iso(r.last_run_at),
  nextScanAt: iso(r.next_scan_at),
});

export async function listProfiles(q: Queryable, accountId: number): Promise<Profile[]> {
  const rows = await q.query<ProfileRow>(
    `SELECT p.id, p.name, p.every_hours, p.timeout_ms, p.concurrency, p.enabled, p.last_run_at,
            (SELECT count(*)::int FROM discovery_targets t WHERE t.profile_id = p.id) AS targets,
            (SELECT count(*)::int FROM discovery_endpoints e WHERE e.profile_id = p.id) AS endpoints,
            (SELECT min(next_scan_at) FROM discovery_endpoints e WHERE e.profile_id = p.id) AS next_scan_at
       FROM discovery_profiles p WHERE p.account_id = $1 ORDER BY p.id`,
    [accountId],
  );
  return rows.map(toProfile);
}

/** The account's first profile, made on first use with the defaults. */
async function defaultProfile(q: Queryable, accountId: number, locale: Locale): Promise<number> {
  const [p] = await q.query<{ id: number }>(`SELECT id FROM discovery_profiles WHERE account_id = $1 ORDER BY id LIMIT 1`, [accountId]);
  if (p) return p.id;
  const [n] = await q.query<{ id: number }>(
    `INSERT INTO discovery_profiles (account_id, name) VALUES ($1, $2) ON CONFLICT (account_id, name) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [accountId, translate(locale, 'discovery.profile.default')],
  );
  return n!.id;
}

async function ownProfile(q: Queryable, accountId: number, profileId: number | undefined, locale: Locale): Promise<number> {
  if (profileId === undefined) return defaultProfile(q, accountId, locale);
  const [p] = await q.query<{ id: number }>(`SELECT id FROM discovery_profiles WHERE id = $1 AND account_id = $2`, [profileId, accountId]);
  if (!p) throw fail('DISCOVERY_NOT_FOUND');
  return p.id;
}

export async function createProfile(db: Db, accountId: number, body: ProfileBody & { name: string }): Promise<Profile> {
  return db.tx(async (q) => {
    const [r] = await q.query<{ id: number }>(
      `INSERT INTO discovery_profiles (account_id, name, every_hours, timeout_ms, concurrency, enabled) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, name) DO NOTHING RETURNING id`,
      [accountId, body.name, body.everyHours, body.timeoutMs, body.concurrency, body.enabled],
    );
    if (!r) throw fail('CONFLICT');
    return (await listProfiles(q, accountId)).find((p) => p.id === r.id)!;
  });
}

export async function updateProfile(db: Db, accountId: number, id: number, body: ProfileBody & { name: string }): Promise<Profile> {
  return db.tx(async (q) => {
    const taken = await q.query(`SELECT 1 FROM discovery_profiles WHERE account_id = $1 AND name = $2 AND id <> $3`, [accountId, body.name, id]);
    if (taken.length) throw fail('CONFLICT');
    const [r] = await q.query<{ id: number }>(
      `UPDATE discovery_profiles SET name = $3, every_hours = $4, timeout_ms = $5, concurrency = $6, enabled = $7 WHERE id = $1 AND account_id = $2 RETURNING id`,
      [id, accountId, body.name, body.everyHours, body.timeoutMs, body.concurrency, body.enabled],
    );
    if (!r) throw fail('DISCOVERY_NOT_FOUND');
    if (body.enabled) await scheduleProfile(q, id, 60);
    return (await listProfiles(q, accountId)).find((p) => p.id === id)!;
  });
}

/** Scan now: every endpoint of the profile comes due, and its job runs at once. Answers how many endpoints are due. */
export async function scanNow(db: Db, accountId: number, id: number): Promise<number> {
  return db.tx(async (q) => {
    const [p] = await q.query<{ id: number }>(`SELECT id FROM discovery_profiles WHERE id = $1 AND account_id = $2`, [id, accountId]);
    if (!p) throw fail('DISCOVERY_NOT_FOUND');
    const rows = await q.query(`UPDATE discovery_endpoints SET next_scan_at = now() WHERE profile_id = $1 RETURNING id`, [id]);
    await scheduleProfile(q, id);
    return rows.length;
  });
}

const worstOrder: EndpointState[] = ['unreachable', 'expired', 'untrusted', 'mismatch', 'pending', 'ok'];

export async function listTargets(q: Queryable, accountId: number): Promise<Target[]> {
  const rows = await q.query<{ id: number; kind: Target['kind']; value: string; ports: number[]; group_name: string; profile_id: number; starttls: Target['starttls']; states: EndpointState[] | null }>(
    `SELECT t.id, t.kind, t.value, t.ports, t.group_name, t.profile_id, t.starttls,
            (SELECT array_agg(DISTINCT e.state) FROM discovery_endpoints e WHERE e.target_id = t.id) AS states
       FROM discovery_targets t WHERE t.account_id = $1 ORDER BY t.group_name, t.value`,
    [accountId],
  );
  const counts = await q.query<{ target_id: number; n: number }>(`SELECT target_id, count(*)::int AS n FROM discovery_endpoints WHERE account_id = $1 GROUP BY target_id`, [accountId]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    value: r.value,
    ports: r.ports,
    group: r.group_name,
    profileId: r.profile_id,
    starttls: r.starttls,
    endpoints: counts.find((c) => c.target_id === r.id)?.n ?? 0,
    worstState: worstOrder.find((s) => r.states?.includes(s)) ?? 'pending',
  }));
}

/**
 * Adds targets from lines. A line that is no target, a range over the cap, or (unless REPORT_ALLOW_PRIVATE) an
 * internal address literal is skipped with its reason; names are checked when scanned, where their addresses are
 * known (the TLS report's rule, services/tls-report/target.ts).
 */
export async function addTargets(
  db: Db,
  accountId: number,
  locale: Locale,
  input: { lines: string[]; ports?: number[] | undefined; group: string; profileId?: number | undefined },
  allowPrivate: boolean,
): Promise<TargetsAdded> {
  const skipped: TargetsAdded['skipped'] = [];
  const wanted = new Map<string, { kind: Target['kind']; ports: number[]; starttls: Target['starttls'] }>();
  for (const line of input.lines) {
    const t = parseTargetLine(line, cidrAddressCap);
    if (!t.ok) {
      skipped.push({ line, msg: t.reason === 'cidr' ? translate(locale, 'discovery.v.cidr', { line, max: cidrAddressCap }) : translate(locale, 'discovery.v.line', { line }) });
      continue;
    }
    const addresses = t.kind === 'ip' ? [t.value] : t.kind === 'cidr' ? expandCidr(t.value) : [];
    const internal = !allowPrivate && (addresses.some((a) => !isPublicIp(a)) || t.value === 'localhost' || t.value.endsWith('.localhost'));
    if (internal) {
      skipped.push({ line, msg: translate(locale, 'tls.err.privateIp', { host: t.value }) });
      continue;
    }
    const ports = t.port ? [t.port] : (input.ports ?? [443]);
    const prev = wanted.get(t.value);
    const own = t.starttls;
    const starttls: Target['starttls'] = { ...prev?.starttls, ...(own ? Object.fromEntries(ports.map((p) => [String(p), own])) : {}) };
    wanted.set(t.value, { kind: t.kind, ports: [...new Set([...(prev?.ports ?? []), ...ports])].slice(0, 8), starttls });
  }
  return db.tx(async (q) => {
    const profileId = await ownProfile(q, accountId, input.profileId, locale);
    // Serializes adds of one account, so the limit holds against two imports at once.
    await q.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    const [c] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM discovery_targets WHERE account_id = $1`, [accountId]);
    let room = targetLimit - (c?.n ?? 0);
    let added = 0;
    for (const [value, t] of wanted) {
      if (room <= 0) {
        skipped.push({ line: value, msg: translate(locale, 'discovery.err.limit', { limit: targetLimit }) });
        continue;
      }
      const rows = await q.query(
        `INSERT INTO discovery_targets (account_id, profile_id, kind, value, ports, group_name, starttls) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb)
         ON CONFLICT (account_id, value) DO NOTHING RETURNING id`,
        [accountId, profileId, t.kind, value, JSON.stringify(t.ports), input.group, JSON.stringify(t.starttls)],
      );
      if (rows.length) {
        added++;
        room--;
      } else skipped.push({ line: value, msg: translate(locale, 'discovery.err.duplicate') });
    }
    if (added) await scheduleProfile(q, profileId);
    return { added, skipped };
  });
}

/** The names of the account's certificates bought here (a wildcard as its base name), as target lines. */
export async function orderNames(q: Queryable, accountId: number): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT DISTINCT jsonb_array_elements_text(c.domains) AS name
       FROM certificates c JOIN orders o ON o.id = c.order_id WHERE o.account_id = $1 AND c.revoked_at IS NULL`,
    [accountId],
  );
  return [...new Set(rows.map((r) => r.name.replace(/^\*\./, '')))].sort();
}

/** The names of the account's hosted zones that have an A, AAAA or CNAME record (enabled), as target lines. */
export async function zoneNames(q: Queryable, accountId: number): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT DISTINCT r.name FROM dns_records r JOIN dns_zones z ON z.id = r.zone_id
      WHERE z.account_id = $1 AND r.type IN ('A', 'AAAA', 'CNAME') AND NOT r.disabled AND r.name NOT LIKE '*%' ORDER BY r.name`,
    [accountId],
  );
  return rows.map((r) => r.name);
}

/** Drift: names of the account's certificates bought here that no host target scans (at most 50, sorted). */
async function unmonitoredNames(q: Queryable, accountId: number): Promise<string[]> {
  const names = await orderNames(q, accountId);
  if (!names.length) return [];
  const covered = new Set((await q.query<{ value: string }>(`SELECT value FROM discovery_targets WHERE account_id = $1 AND kind = 'host'`, [accountId])).map((r) => r.value));
  return names.filter((n) => !covered.has(n)).slice(0, 50);
}

export async function deleteTarget(db: Db, accountId: number, id: number): Promise<void> {
  const rows = await db.query(`DELETE FROM discovery_targets WHERE id = $1 AND account_id = $2 RETURNING id`, [id, accountId]);
  if (!rows.length) throw fail('DISCOVERY_NOT_FOUND');
}

type CertRow = {
  id: number;
  sha256: string;
  subject: string;
  issuer: string;
  names: string[];
  serial: string;
  not_before: Date;
  not_after: Date;
  key_algorithm: string;
  key_size: number;
  trusted: boolean;
  self_signed: boolean;
  order_no: string | null;
  endpoints: number;
  last_seen: Date;
};

/**
 * Whether endpoint `e` serves its certificate now. An unreachable endpoint keeps the certificate its last handshake
 * saw (cert_id: the scanner tells a change by it once the server is back) but serves nothing: it is not counted as
 * serving it, nor listed where it is served.
 */
const servingNow = `e.state <> 'unreachable'`;

const certColumns = `c.id, c.sha256, c.subject, c.issuer, c.names, c.serial, c.not_before, c.not_after, c.key_algorithm, c.key_size, c.trusted, c.self_signed,
  o.order_no, (SELECT count(*)::int FROM discovery_endpoints e WHERE e.cert_id = c.id AND ${servingNow}) AS endpoints, c.last_seen`;

function toSummary(r: CertRow, now: Date): CertSummary {
  const ms = new Date(r.not_after).getTime() - now.getTime();
  // Whole days either way ("ended 1 day ago", not 2); the bucket is decided by the exact instant.
  const daysLeft = Math.trunc(ms / dayMs);
  return {
    id: r.id,
    sha256: r.sha256,
    subject: r.subject,
    issuer: r.issuer,
    names: r.names,
    serial: r.serial,
    notBefore: iso(r.not_before),
    notAfter: iso(r.not_after),
    daysLeft,
    bucket: ms < 0 ? 'expired' : expiryBucketOf(daysLeft),
    keyAlgorithm: r.key_algorithm,
    keySize: r.key_size,
    trusted: r.trusted,
    selfSigned: r.self_signed,
    orderNo: r.order_no ?? '',
    endpoints: r.endpoints,
    lastSeen: iso(r.last_seen),
  };
}

/** The inventory, soonest end first; filters by bucket, managed (bought here) and a text in names, subject, serial or fingerprint. */
export async function listCerts(q: Queryable, accountId: number, f: CertsQuery, now = new Date()): Promise<CertSummary[]> {
  const text = f.q ? `%${f.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`).replace(/:/g, '')}%` : null;
  const rows = await q.query<CertRow>(
    `SELECT ${certColumns} FROM discovery_certs c LEFT JOIN orders o ON o.id = c.order_id
      WHERE c.account_id = $1
        AND ($2::text IS NULL OR (c.order_id IS NOT NULL) = ($2 = 'yes'))
        AND ($3::text IS NULL OR lower(c.names::text || ' ' || c.subject || ' ' || c.serial || ' ' || replace(c.sha256, ':', '')) LIKE $3)
      ORDER BY c.not_after, c.id LIMIT 5000`,
    [accountId, f.managed ?? null, text],
  );
  return rows.map((r) => toSummary(r, now)).filter((c) => !f.bucket || c.bucket === f.bucket);
}

export async function certDetail(q: Queryable, accountId: number, id: number, now = new Date()): Promise<CertDetail> {
  const [r] = await q.query<CertRow & { pem: string; chain_pem: string; certificate_id: number | null; order_id: number | null }>(
    `SELECT ${certColumns}, c.pem, c.chain_pem, c.certificate_id, c.order_id FROM discovery_certs c LEFT JOIN orders o ON o.id = c.order_id WHERE c.id = $1 AND c.account_id = $2`,
    [id, accountId],
  );
  if (!r) throw fail('DISCOVERY_NOT_FOUND');
  const eps = await q.query<{ id: number; host: string; port: number; ip: string; state: EndpointState; protocol: string; last_scan_at: Date | null; changed_at: Date | null }>(
    `SELECT id, host, port, ip, state, protocol, last_scan_at, changed_at FROM discovery_endpoints e WHERE e.cert_id = $1 AND ${servingNow} ORDER BY host, port`,
    [id],
  );
  const newer = r.certificate_id
    ? await q.query(`SELECT 1 FROM certificates WHERE order_id = $1 AND id > $2 AND revoked_at IS NULL`, [r.order_id, r.certificate_id])
    : [];
  return {
    ...toSummary(r, now),
    pem: r.pem,
    chainPem: r.chain_pem,
    servedAt: eps.map((e) => ({ id: e.id, host: e.host, port: e.port, ip: e.ip, state: e.state, protocol: e.protocol, lastScanAt: iso(e.last_scan_at), changedAt: iso(e.changed_at) })),
    newerOrderCertificate: newer.length > 0,
  };
}

const csvCell = (v: string | number | boolean) => {
  const s = String(v);
  // A leading = + - @ would be a formula in a spreadsheet: quoted with a ' in front.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A CSV file (UTF-8 with BOM, CRLF) of a head and rows: what spreadsheet programs open as it is. */
export function csvOf(head: string[], rows: (string | number | boolean)[][]): string {
  return `\uFEFF${[head.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\r\n')}\r\n`;
}

export function certsCsv(items: CertSummary[]): string {
  const head = ['sha256', 'subject', 'names', 'issuer', 'serial', 'notBefore', 'notAfter', 'daysLeft', 'bucket', 'key', 'trusted', 'orderNo', 'endpoints'];
  return csvOf(head, items.map((c) => [c.sha256, c.subject, c.names.join(' '), c.issuer, c.serial, c.notBefore, c.notAfter, c.daysLeft, c.bucket, `${c.keyAlgorithm} ${c.keySize}`, c.trusted, c.orderNo, c.endpoints]));
}

export async function listAlerts(q: Queryable, accountId: number, limit = 20): Promise<Alert[]> {
  const rows = await q.query<{ id: number; kind: Alert['kind']; host: string | null; port: number | null; cert_id: number | null; detail: Record<string, string | number>; created_at: Date }>(
    `SELECT a.id, a.kind, e.host, e.port, a.cert_id, a.detail, a.created_at FROM discovery_alerts a LEFT JOIN discovery_endpoints e ON e.id = a.endpoint_id
      WHERE a.account_id = $1 ORDER BY a.id DESC LIMIT $2`,
    [accountId, limit],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, endpoint: r.host ? `${r.host}:${r.port}` : '', certId: r.cert_id, detail: r.detail, createdAt: iso(r.created_at) }));
}

export async function dashboard(q: Queryable, accountId: number, now = new Date()): Promise<DashboardAnswer> {
  const states = { pending: 0, ok: 0, unreachable: 0, expired: 0, untrusted: 0, mismatch: 0 } satisfies Record<EndpointState, number>;
  for (const r of await q.query<{ state: EndpointState; n: number }>(`SELECT state, count(*)::int AS n FROM discovery_endpoints WHERE account_id = $1 GROUP BY state`, [accountId])) states[r.state] = r.n;
  const certs = await listCerts(q, accountId, {}, now);
  const buckets = { expired: 0, d7: 0, d30: 0, d90: 0, later: 0 };
  for (const c of certs) buckets[c.bucket]++;
  const changes = await q.query<{ id: number; host: string; port: number; ip: string; state: EndpointState; protocol: string; last_scan_at: Date | null; changed_at: Date | null; cert_id: number | null }>(
    `SELECT id, host, port, ip, state, protocol, last_scan_at, changed_at, cert_id FROM discovery_endpoints WHERE account_id = $1 AND changed_at IS NOT NULL ORDER BY changed_at DESC, id DESC LIMIT 10`,
    [accountId],
  );
  return {
    states,
    buckets,
    certs: certs.length,
    managed: certs.filter((c) => c.orderNo).length,
    upcoming: certs.filter((c) => c.endpoints > 0).slice(0, 10),
    changes: changes.map((e) => ({ id: e.id, host: e.host, port: e.port, ip: e.ip, state: e.state, protocol: e.protocol, lastScanAt: iso(e.last_scan_at), changedAt: iso(e.changed_at), certId: e.cert_id })),
    alerts: await listAlerts(q, accountId),
    unmonitored: await unmonitoredNames(q, accountId),
  };
}
