import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '@cc/db/client';
import { translate, type Locale } from '@cc/contracts/messages';
import type { ChainChecks, ReportCertificate, ReportServer, ReportStatus, TlsGrade, TlsReport } from '@cc/contracts/tls-report';
import type { TlsReportMessageKey } from '@cc/contracts/tls-report-messages';
import { enqueue, type Job } from '../jobs/queue.ts';
import { gradeReport, type StoredReason } from './grade.ts';
import { fixesFor, fixTitle, matchProfile } from './fixes.ts';
import { scanTls, type ScanFacts, type ScanLimits } from './scan.ts';
import { checkTarget, type Resolve } from './target.ts';
import type { JobKind } from '../jobs/kinds.ts';

export const reportJobKind = 'tls.report' satisfies JobKind;
/** Asking again for the same host:port within this window answers the report under way or just made. */
export const reuseWindowSeconds = 120;

/** Rows stored before AIA downloads lack these fields: everything in them was sent, nothing downloaded. */
type Before<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

interface StoredResult extends Omit<ScanFacts, 'certificates' | 'checks'> {
  certificates: Before<ReportCertificate, 'source'>[];
  checks: Before<ChainChecks, 'extraDownload'> | null;
  gradeIgnoringTrust: TlsGrade;
  profile: 'modern' | 'intermediate' | 'old' | null;
  reasons: StoredReason[];
}

interface ReportRow {
  id: string;
  host: string;
  port: number;
  ip: string | null;
  status: ReportStatus;
  grade: TlsGrade | null;
  result: StoredResult | null;
  error_key: string | null;
  error_params: Record<string, string | number> | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  [k: string]: unknown;
}

const columns = `id, host, port, ip, status, grade, result, error_key, error_params, created_at, started_at, finished_at`;

/**
 * Starts a scan of host:port for an account, or answers the one started for the same target within the last
 * two minutes (not a failed one, so a transient failure can be retried at once). The target is checked public
 * here, where the user can be told why not; the job connects to the address checked.
 */
export async function startReport(
  app: FastifyInstance,
  accountId: number,
  target: { host: string; port: number },
  resolve?: Resolve,
): Promise<{ id: string; status: ReportStatus; reused: boolean }> {
  const ip = await checkTarget(target.host, app.config.REPORT_ALLOW_PRIVATE === 'on', resolve);
  return app.db.tx(async (q) => {
    // Two requests at once for the same target would otherwise both find nothing and both scan.
    if (app.db.kind === 'postgres') await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`tls-report:${target.host}:${target.port}`]);
    const [recent] = await q.query<{ id: string; status: ReportStatus }>(
      `SELECT id, status FROM tls_reports
        WHERE host = $1 AND port = $2 AND status <> 'failed' AND created_at > now() - make_interval(secs => $3)
        ORDER BY created_at DESC LIMIT 1`,
      [target.host, target.port, reuseWindowSeconds],
    );
    if (recent) return { ...recent, reused: true };
    const id = randomBytes(12).toString('base64url');
    await q.query(`INSERT INTO tls_reports (id, account_id, host, port, ip) VALUES ($1, $2, $3, $4, $5)`, [id, accountId, target.host, target.port, ip]);
    await enqueue(q, reportJobKind, { id }, { dedupeKey: id, maxAttempts: 2 });
    return { id, status: 'pending' as const, reused: false };
  });
}

export async function findReport(db: Queryable, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.query<ReportRow>(`SELECT ${columns} FROM tls_reports WHERE id = $1`, [id]);
  return row;
}

export async function latestReport(db: Queryable, host: string, port?: number): Promise<ReportRow | undefined> {
  const [row] = await db.query<ReportRow>(
    `SELECT ${columns} FROM tls_reports WHERE host = $1 AND ($2::integer IS NULL OR port = $2) ORDER BY created_at DESC LIMIT 1`,
    [host, port ?? null],
  );
  return row;
}

/** The job: scan, grade, store. A scan that finds no TLS is a report that failed, not a job to retry. */
export function reportJob(app: FastifyInstance, opts: { limits?: ScanLimits } = {}) {
  return async (job: Job<'tls.report'>): Promise<void> => {
    const id = job.payload.id;
    const [row] = await app.db.query<{ host: string; port: number; ip: string | null; status: ReportStatus }>(
      `UPDATE tls_reports SET status = 'running', started_at = now() WHERE id = $1 AND status IN ('pending', 'running') RETURNING host, port, ip, status`,
      [id],
    );
    if (!row) return;
    const fail = (key: TlsReportMessageKey, params: Record<string, string | number>) =>
      app.db.query(`UPDATE tls_reports SET status = 'failed', error_key = $2, error_params = $3::jsonb, finished_at = now() WHERE id = $1`, [id, key, JSON.stringify(params)]);
    try {
      const out = await scanTls(
        { host: row.host, port: row.port, ip: row.ip ?? row.host },
        { extraCaFile: app.config.REPORT_EXTRA_CA_FILE, allowPrivate: app.config.REPORT_ALLOW_PRIVATE === 'on', ...(opts.limits ? { limits: opts.limits } : {}) },
      );
      if (!out.ok) {
        await fail(out.key, out.params);
        return;
      }
      const f = out.facts;
      const leaf = f.certificates[0] ?? null;
      const graded = gradeReport({ host: row.host, protocols: f.protocols, suites: f.suites, leaf, checks: f.checks, hsts: f.hsts, ocspStapling: f.ocspStapling, truncated: f.limits.truncated });
      const result: StoredResult = { ...f, gradeIgnoringTrust: graded.gradeIgnoringTrust, profile: matchProfile(f.protocols, f.suites), reasons: graded.reasons };
      await app.db.query(`UPDATE tls_reports SET status = 'done', grade = $2, result = $3::jsonb, finished_at = now() WHERE id = $1`, [id, graded.grade, JSON.stringify(result)]);
    } catch (e) {
      app.log.error({ err: e, reportId: id }, 'tls report scan failed');
      await fail('tls.fail.internal', {});
    }
  };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The answer of the read calls: findings translated into the reader's language, fixes written for `server`. */
export function toAnswer(row: ReportRow, locale: Locale, server: ReportServer): TlsReport {
  const r = row.result;
  const reasons = (r?.reasons ?? []).map((x) => ({ ...x, message: translate(locale, x.key, x.params) }));
  const { fixes, text } = r ? fixesFor(r.reasons, server) : { fixes: [], text: null };
  return {
    id: row.id,
    status: row.status,
    host: row.host,
    port: row.port,
    ip: row.ip,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    error: row.error_key ? { key: row.error_key, params: row.error_params ?? {}, message: translate(locale, row.error_key, row.error_params ?? {}) } : null,
    grade: row.grade,
    gradeIgnoringTrust: r?.gradeIgnoringTrust ?? null,
    protocols: r ? (Object.keys(r.protocols) as (keyof typeof r.protocols)[]).map((version) => ({ version, offered: r.protocols[version] })) : [],
    cipherSuites: r?.suites ?? [],
    certificates: (r?.certificates ?? []).map((c) => ({ ...c, source: c.source ?? 'sent' })),
    checks: r?.checks ? { ...r.checks, extraDownload: r.checks.extraDownload ?? false } : null,
    hsts: r?.hsts ?? null,
    ocspStapling: r ? r.ocspStapling : null,
    profile: r?.profile ?? null,
    reasons,
    fixes: fixes.map((f) => ({ ...f, title: translate(locale, fixTitle[f.kind]), server, profile: 'intermediate' as const })),
    fixConfig: text ? { server, profile: 'intermediate', text } : null,
    limits: r?.limits ?? null,
  };
}
